import { CARD_RECORD_PATHS as K } from '@headoffice/contract';
import { BillRecords, type BillRecordsKind } from './ServiceRecordsPage';

const cardKind: BillRecordsKind = {
  key: 'cardrecords',
  list: K.list,
  pageAll: K.pageAll,
  detail: K.detail,
  revoke: K.revoke,
  revokePerm: 'cashier.cardrecord.revoke',
  title: 'till.menu.cardRecords',
};

/** /admin/cashier/cardrecords — bills paid from a stored-value card, with totals, detail, export and 撤单. */
export default function CardRecordsPage() {
  return <BillRecords kind={cardKind} />;
}
