import { CHAIN_REPORT, DAY_REPORT } from '@headoffice/contract';
import { pickLabel } from '../../../platform/bills/labels';
import { currentLang } from '../../../platform/i18n';
import { lazyPage, type PageDef } from '../../../platform/pages';

/** The daily report (日报表) of a shop's day, printable; the chain's (门店日报汇总) of every shop over a day or a month. */
export const dayReportPages: PageDef[] = [
  {
    path: DAY_REPORT.page,
    title: () => pickLabel(DAY_REPORT.label, currentLang()),
    component: lazyPage(() => import('./DayReportPage')),
  },
  {
    path: CHAIN_REPORT.page,
    title: () => pickLabel(CHAIN_REPORT.label, currentLang()),
    component: lazyPage(() => import('./ChainReportPage')),
  },
];
