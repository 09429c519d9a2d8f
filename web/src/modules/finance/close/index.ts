import { PERIOD_CLOSE } from '@headoffice/contract';
import { pickLabel } from '../../../platform/bills/labels';
import { currentLang } from '../../../platform/i18n';
import { lazyPage, type PageDef } from '../../../platform/pages';

/** Closing the books (结账): the page that closes and reopens months and days. */
export const closePages: PageDef[] = [
  {
    path: PERIOD_CLOSE.page,
    title: () => pickLabel(PERIOD_CLOSE.label, currentLang()),
    component: lazyPage(() => import('./PeriodClosePage')),
  },
];
