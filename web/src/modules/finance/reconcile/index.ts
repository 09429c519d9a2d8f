import { RECONCILE } from '@headoffice/contract';
import { pickLabel } from '../../../platform/bills/labels';
import { currentLang } from '../../../platform/i18n';
import { lazyPage, type PageDef } from '../../../platform/pages';

/** Bank reconciliation (银行对账): a shop's month of system amounts against the bank's statement lines. */
export const reconcilePages: PageDef[] = [
  {
    path: RECONCILE.page,
    title: () => pickLabel(RECONCILE.label, currentLang()),
    component: lazyPage(() => import('./ReconcilePage')),
  },
];
