import { MEMBER_SPENDING_URL, MEMBER_SUMMARY_URL, MEMBER_TYPES_URL } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';

/** Member reports: members by type, the member summary and the month/year spending. */
export const statisticsPages: PageDef[] = [
  { path: MEMBER_TYPES_URL, title: 'statistics.types.title', component: lazyPage(() => import('./MemberTypesPage')) },
  { path: MEMBER_SUMMARY_URL, title: 'statistics.summary.title', component: lazyPage(() => import('./MemberSummaryPage')) },
  { path: MEMBER_SPENDING_URL, title: 'statistics.spending.title', component: lazyPage(() => import('./MemberSpendingPage')) },
];
export { statisticsEn, statisticsZh } from './locale';
