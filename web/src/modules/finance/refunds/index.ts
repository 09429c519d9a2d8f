import { cardRefundBill } from '@headoffice/contract';
import { billPages } from '../../../platform/bills/pages';
import type { PageDef } from '../../../platform/pages';

/** Card refunds through approval (退卡审批). */
export const refundPages: PageDef[] = billPages(cardRefundBill, () =>
  import('./CardRefunds').then((m) => ({ list: m.CardRefundsPage, detail: m.CardRefundPage })),
);
