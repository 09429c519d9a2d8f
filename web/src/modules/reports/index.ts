import { REPORT_CENTRE_URL, REPORT_CHARTS_URL, REPORT_DESIGN_URL, REPORT_RUN_URL } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';

/** Reports: the report centre, the business charts, the one page that runs any report from its definition, and the designer of the definitions. */
export const reportsPages: PageDef[] = [
  { path: REPORT_CENTRE_URL, title: 'reports.centre.title', component: lazyPage(() => import('./ReportCentrePage')) },
  {
    path: REPORT_RUN_URL,
    // the report's name replaces it once its definition is read
    title: 'reports.run.title',
    component: lazyPage(() => import('./ReportRunPage')),
    menuUrl: () => REPORT_CENTRE_URL,
  },
  { path: REPORT_CHARTS_URL, title: 'reports.charts.title', component: lazyPage(() => import('./ChartsPage')) },
  { path: REPORT_DESIGN_URL, title: 'reports.design.title', component: lazyPage(() => import('./ReportDesignPage')) },
];
export { reportsEn, reportsZh } from './locale';
