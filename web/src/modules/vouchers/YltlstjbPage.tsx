import { yltlstjbAnswer } from '@headoffice/contract';
import { UnionpayReport } from './UnionpayReport';

/** /admin/cashier/yltlstjb — 银联通流水统计表, the columns in the original's order. */
export default function YltlstjbPage() {
  return (
    <UnionpayReport
      report="yltlstjb"
      schema={yltlstjbAnswer}
      columns={['m1', 'm2', 'm3', 'm4', 'c2', 'm9', 'm5', 'c3', 'm6', 'm7', 'c1', 'm8']}
    />
  );
}
