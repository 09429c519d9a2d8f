import type { StockBillDetail, StockBillType, StockReasonRow } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, DatePicker, Drawer, Form, Input, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http';
import { notify } from '../../platform/notify';
import { STOCK, WAREHOUSE } from './api';
import { type LineMeta, LinesEditor, type LineValues, toWireLines } from './LinesEditor';
import { invalidateStock, LocationSelect, useLocations } from './shared';

interface Values {
  location?: number;
  billDate?: Dayjs;
  reasonId?: number;
  counterpart?: string;
  counterpartLocation?: number;
  memo?: string;
  lines: LineValues[];
}

/** The form of a stock entry or out (one component for both types): head and lines; saves a draft. */
export function BillForm({
  type,
  open,
  bill,
  onClose,
  onSaved,
}: {
  type: StockBillType;
  open: boolean;
  bill?: StockBillDetail | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const { warehouse, firstShop } = useLocations();
  const direction = type === '1' ? 1 : 2;
  const reasons = useQuery({
    queryKey: ['stock-reasons', 'all', direction],
    queryFn: () => http.get<StockReasonRow[]>(STOCK.reasonAll, { direction }),
    staleTime: 60_000,
    enabled: open,
  });
  useEffect(() => {
    const start = warehouse ? WAREHOUSE : firstShop;
    if (open && !bill && start !== undefined && form.getFieldValue('location') === undefined) form.setFieldValue('location', start);
  }, [open, bill, warehouse, firstShop, form]);
  const reasonId = Form.useWatch('reasonId', form);
  const reason = reasons.data?.find((r) => r.id === reasonId);
  const transfer = reason?.kind === 'transfer';
  // a transfer is made as its out; the matching entry follows
  const counterpartEditable = transfer && type === '2';

  const loc = (id: number | null | undefined) => (id === null ? WAREHOUSE : id);
  const initialMeta: Record<number, LineMeta> = Object.fromEntries(
    (bill?.lines ?? []).map((l) => [l.productId, { label: `${l.pcode} ${l.productName}`, unit: l.unit, spec: l.spec }]),
  );
  const initial: Values = bill
    ? {
        location: loc(bill.shopId),
        billDate: dayjs(bill.billDate),
        reasonId: bill.reasonId,
        counterpart: bill.counterpart ?? undefined,
        counterpartLocation: bill.counterpartShopId === null ? WAREHOUSE : bill.counterpartShopId,
        memo: bill.memo ?? undefined,
        lines: bill.lines.map((l) => ({ id: l.id, productId: l.productId, quantity: l.quantity, cost: l.unitCost / 100 })),
      }
    : { location: warehouse ? WAREHOUSE : firstShop, lines: [] };

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const saved = await http.post<{ id: number }>(STOCK.bills(type), {
        ...(bill ? { id: bill.id, version: bill.version } : {}),
        shopId: v.location === WAREHOUSE ? null : v.location,
        billDate: v.billDate?.format('YYYY-MM-DD'),
        reasonId: v.reasonId,
        counterpart: v.counterpart || null,
        ...(counterpartEditable ? { counterpartShopId: v.counterpartLocation === WAREHOUSE ? null : v.counterpartLocation } : {}),
        memo: v.memo || null,
        lines: toWireLines(v.lines, 'unitCost'),
      });
      notify.message.success(t('common.saved'));
      await invalidateStock(qc);
      onSaved?.(saved.id);
      onClose();
    } catch {
      /* the client shows the server's message */
    } finally {
      setBusy(false);
    }
  };

  const typeName = t(type === '1' ? 'stock.type.entry' : 'stock.type.out');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={bill ? t('stock.editBill', { type: typeName }) : t(type === '1' ? 'stock.newEntry' : 'stock.newOut')}
      size={900}
      destroyOnHidden
      className="ho-bill-form"
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" onClick={save} loading={busy}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="location"
              label={t('stock.location')}
              rules={[{ required: true, message: t('common.pleaseSelect', { label: t('stock.location') }) }]}
            >
              <LocationSelect />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="billDate" label={t('stock.billDate')}>
              <DatePicker style={{ width: '100%' }} placeholder={t('stock.today')} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="reasonId"
              label={t('stock.reason')}
              rules={[{ required: true, message: t('common.pleaseSelect', { label: t('stock.reason') }) }]}
            >
              <Select
                loading={reasons.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                options={(reasons.data ?? [])
                  .filter((r) => r.status === 1 && r.kind !== 'order')
                  .map((r) => ({ value: r.id, label: r.name }))}
              />
            </Form.Item>
          </Col>
          {counterpartEditable ? (
            <Col span={8}>
              <Form.Item
                name="counterpartLocation"
                label={t('stock.counterpartShopOut')}
                rules={[{ required: true, message: t('common.pleaseSelect', { label: t('stock.counterpartShopOut') }) }]}
              >
                <LocationSelect />
              </Form.Item>
            </Col>
          ) : (
            <Col span={8}>
              <Form.Item name="counterpart" label={t('stock.counterpart')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
          )}
          <Col span={16}>
            <Form.Item name="memo" label={t('stock.memo')}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('stock.lines')} required style={{ marginBottom: 0 }}>
          <LinesEditor form={form} initialMeta={initialMeta} costTitle={t('stock.unitCost')} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
