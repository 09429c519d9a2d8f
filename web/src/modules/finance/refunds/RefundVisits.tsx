import {
  type BillDetailOf,
  billPath,
  type Label,
  refundAttributes,
  refundVisitBill,
  visitFindings,
  visitSatisfaction,
} from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../platform/action';
import { usePermission } from '../../../platform/auth';
import { BillDetail } from '../../../platform/bills/BillDetail';
import { BillList } from '../../../platform/bills/BillList';
import { useLabel } from '../../../platform/bills/labels';
import { invalidateBills } from '../../../platform/bills/parts';
import { http } from '../../../platform/http';

type Visit = BillDetailOf<typeof refundVisitBill>;
const { record } = refundVisitBill.actions as NonNullable<typeof refundVisitBill.actions>;

/** The options of a fixed list, by number. */
const choices = (options: Record<string, Label>, label: (l: Label) => string) =>
  Object.entries(options).map(([value, l]) => ({ value: Number(value), label: label(l) }));

/** 保存回访: one call on a visit not concluded (what was found, the member's satisfaction, a note); the visit is then 回访中. */
function RecordCall({ bill }: { bill: Visit }) {
  const { t } = useTranslation();
  const label = useLabel();
  const can = usePermission();
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const save = useAction({
    run: (values: Record<string, unknown>) =>
      http.post(billPath(refundVisitBill, record.path), { id: bill.id, version: bill.version, ...values }, { once: true }),
    success: 'common.saved',
    done: async () => {
      form.resetFields();
      await invalidateBills(qc);
    },
  });
  if (!(record.states as readonly string[]).includes(bill.state) || !can(record.perm)) return null;
  return (
    <Card size="small" title={label(record.button)} className="ho-visit-call">
      <Form
        form={form}
        layout="inline"
        onFinish={(values) => void save.run(values)}
        initialValues={{ hstkattr: bill.hstkattr ?? undefined }}
      >
        <Form.Item name="finding" label={t('finance.visits.finding')} rules={[{ required: true }]}>
          <Select style={{ width: 200 }} options={choices(visitFindings, label)} />
        </Form.Item>
        <Form.Item name="satisfaction" label={t('finance.visits.satisfaction')}>
          <Select style={{ width: 130 }} allowClear options={choices(visitSatisfaction, label)} />
        </Form.Item>
        <Form.Item name="hstkattr" label={t('finance.visits.verified')}>
          <Select style={{ width: 150 }} allowClear options={choices(refundAttributes, label)} />
        </Form.Item>
        <Form.Item name="note" label={t('finance.visits.note')}>
          <Input style={{ width: 260 }} maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.busy}>
          {label(record.button)}
        </Button>
      </Form>
    </Card>
  );
}

/** /admin/finance/refund-visits — 退卡回访: the visits of reviewed refunds; 免回访 on the ticked ones (censorforM). */
export const RefundVisitsPage = () => <BillList def={refundVisitBill} />;
export const RefundVisitPage = () => <BillDetail def={refundVisitBill} extra={(bill) => <RecordCall bill={bill} />} />;
