import { CARD_RECORD_PATHS as K } from '@headoffice/contract';
import { BillRecords, type BillRecordsKind } from './BillRecords';

const cardKind: BillRecordsKind = {
  key: 'cardrecords',
  list: K.list,
  pageAll: K.pageAll,
  detail: K.detail,
  revoke: K.revoke,
  revokePerm: 'cashier.cardrecord.revoke',
  title: 'till.menu.cardRecords',
};

/** /admin/cashier/cardrecords — 充值单: bills that opened or recharged cards, with totals, detail, export, 撤单, 撤销活动. */
export default function CardRecordsPage() {
  return <BillRecords kind={cardKind} />;
}
