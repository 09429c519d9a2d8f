import { MONTH_LOSS, MONTH_SHEET } from '@headoffice/contract';
import { pickLabel } from '../../../platform/bills/labels';
import { currentLang } from '../../../platform/i18n';
import { lazyPage, type PageDef } from '../../../platform/pages';

/** The month sheets: the shops' month sheet (its columns are a record page) and the shops' monthly losses. */
export const monthSheetPages: PageDef[] = [
  {
    path: MONTH_SHEET.page,
    title: () => pickLabel(MONTH_SHEET.label, currentLang()),
    component: lazyPage(() => import('./MonthSheetsPage')),
  },
  {
    path: MONTH_LOSS.page,
    title: () => pickLabel(MONTH_LOSS.label, currentLang()),
    component: lazyPage(() => import('./MonthLossesPage')),
  },
];
