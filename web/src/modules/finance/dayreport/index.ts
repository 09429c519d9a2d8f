import { DAY_REPORT } from '@headoffice/contract';
import { pickLabel } from '../../../platform/bills/labels';
import { currentLang } from '../../../platform/i18n';
import { lazyPage, type PageDef } from '../../../platform/pages';

/** The daily report (日报表) of a shop's day, printable. */
export const dayReportPages: PageDef[] = [
  {
    path: DAY_REPORT.page,
    title: () => pickLabel(DAY_REPORT.label, currentLang()),
    component: lazyPage(() => import('./DayReportPage')),
  },
];
