import { BATCH_CARDS_MAX, CARD_RECORD_PATHS as K, type ServiceBillDetail, serviceBillDetail, tillSetup } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { type DraftPayment, PaymentRows } from '../../platform/bills/PaymentRows';
import { type DraftStaff, StaffRows, staffOf } from '../../platform/bills/StaffRows';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { ShopSelect } from '../../platform/shops';
import { BillCards } from './BillCards';

interface BatchForm {
  cardTypeId: number;
  money: number;
  cardnum: number;
}

/**
 * /admin/cashier/batchcard — 批量开卡: N stored-value cards of one type at one amount in one card bill
 * of a shop, paid with the shop's pay types (several, adding up to money × cards, shown live) and
 * the staff credited by station as on a till bill; the new cards are listed with their physical
 * number link.
 */
export default function BatchCardPage() {
  const { t } = useTranslation();
  const may = usePermission();
  const [shopId, setShopId] = useState<number | null>(null);
  const [form] = Form.useForm<BatchForm>();
  const [formId, setFormId] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<ServiceBillDetail | null>(null);
  const [pays, setPays] = useState<DraftPayment[]>([]);
  const [staff, setStaff] = useState<DraftStaff[]>([]);
  const setup = useQuery({
    queryKey: ['batchcard-setup', shopId],
    queryFn: () => http.read(tillSetup, K.batchSetup, { shopid: shopId }),
    enabled: shopId !== null,
  });
  const money = Form.useWatch('money', form) ?? 0;
  const cardnum = Form.useWatch('cardnum', form) ?? 0;
  const total = Math.round(money * 100) * cardnum;
  const paid = pays.reduce((s, p) => s + (p.amount || 0), 0);
  const payOptions = (setup.data?.payTypes ?? []).filter((p) => !p.kind).map((p) => ({ value: `pay:${p.payTypeId}`, label: p.name }));
  const reset = () => {
    form.resetFields();
    setPays([{ uid: crypto.randomUUID(), target: payOptions[0]?.value ?? '', amount: 0 }]);
    setStaff([]);
  };
  const submit = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.send(
        serviceBillDetail,
        K.batchOpen,
        {
          shopId,
          cardTypeId: v.cardTypeId,
          money: Math.round(v.money * 100),
          cardnum: v.cardnum,
          pays: pays.filter((p) => p.amount > 0).map((p) => ({ payTypeId: Number(p.target.slice(4)), amount: p.amount })),
          yjs: staffOf(staff),
          cashUuid: formId,
        },
        { once: true },
      );
    },
    success: (bill: ServiceBillDetail) => t('till.cardBill.done', { count: bill.cards.length, billNo: bill.billNo }),
    invalidates: [['cardrecords']],
    done: (bill: ServiceBillDetail) => {
      setDone(bill);
      setFormId(crypto.randomUUID());
      reset();
    },
  });
  const data = setup.data;
  return (
    <Card title={t('till.menu.batchCard')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Typography.Text>{t('till.cardBill.shop')}</Typography.Text>
          <ShopSelect
            value={shopId}
            onChange={(v) => {
              setShopId(v);
              form.resetFields();
              setPays([]);
              setStaff([]);
            }}
            style={{ width: 220 }}
          />
        </Space>
        {data && (
          <Form form={form} layout="inline" initialValues={{ cardnum: 1 }} style={{ rowGap: 12 }}>
            <Form.Item name="cardTypeId" label={t('till.cardBill.cardType')} rules={[{ required: true }]}>
              <Select
                style={{ width: 200 }}
                options={data.cardTypes.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))}
                data-testid="batch-card-type"
              />
            </Form.Item>
            <Form.Item name="money" label={t('till.cardBill.money')} rules={[{ required: true }]}>
              <InputNumber min={0.01} precision={2} style={{ width: 130 }} data-testid="batch-money" />
            </Form.Item>
            <Form.Item name="cardnum" label={t('till.cardBill.cardnum')} rules={[{ required: true }]}>
              <InputNumber min={1} max={BATCH_CARDS_MAX} precision={0} style={{ width: 100 }} data-testid="batch-cardnum" />
            </Form.Item>
            <Form.Item>
              <Space>
                <Typography.Text strong>{t('till.cardBill.total', { amount: formatMoney(total) })}</Typography.Text>
                {may('cashier.batchcard.open') && (
                  <Button
                    type="primary"
                    disabled={total === 0 || paid !== total}
                    loading={submit.busy}
                    onClick={() => submit.run()}
                    data-testid="batch-submit"
                  >
                    {t('till.cardBill.submit')}
                  </Button>
                )}
              </Space>
            </Form.Item>
          </Form>
        )}
        {data && (
          <Card size="small" title={t('till.cardBill.pays')}>
            <PaymentRows
              payments={pays.length ? pays : [{ uid: 'first', target: payOptions[0]?.value ?? '', amount: 0 }]}
              options={payOptions}
              toPay={total}
              onChange={setPays}
            />
          </Card>
        )}
        {data && (
          <Card size="small" title={t('till.cardBill.staff')}>
            <StaffRows rows={staff} employees={data.employees} onChange={setStaff} />
          </Card>
        )}
        {done && (
          <>
            <Alert type="success" showIcon message={t('till.cardBill.done', { count: done.cards.length, billNo: done.billNo })} />
            <BillCards bill={done} />
          </>
        )}
      </Space>
    </Card>
  );
}
