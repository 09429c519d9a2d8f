import { awardItemRecord, royaltyTypeRecord } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';
import { recordPages } from '../../platform/records/pages';

/** The commission pages of the admin application (the employee's own page is routed at /m/my-pay). */
export const royaltyPages: PageDef[] = [
  { path: '/admin/royalty/schemes', title: 'royalty.menu.schemes', component: lazyPage(() => import('./SchemesPage')) },
  { path: '/admin/royalty/statement', title: 'royalty.menu.statement', component: lazyPage(() => import('./StatementPage')) },
  { path: '/admin/royalty/awards', title: 'royalty.menu.awards', component: lazyPage(() => import('./AwardsPage')) },
  { path: '/admin/royalty/salary', title: 'royalty.menu.salary', component: lazyPage(() => import('./SalaryPage')) },
  ...recordPages([royaltyTypeRecord, awardItemRecord]),
];
export { royaltyEn, royaltyZh } from './locale';
