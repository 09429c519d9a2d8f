import { dgzhzjbAnswer } from '@headoffice/contract';
import { UnionpayReport } from './UnionpayReport';

/** /admin/cashier/dgzhzjb — 对公账户资金表. */
export default function DgzhzjbPage() {
  return <UnionpayReport report="dgzhzjb" schema={dgzhzjbAnswer} columns={['funds', 'ylt', 'corporateYlt', 'corporateFee']} />;
}
