import type { OrderConfig, ProductOrderDetail } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, DatePicker, Drawer, Form, Input, Row, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { notify } from '../../platform/notify';
import { STOCK } from './api';
import { type LineMeta, LinesEditor, type LineValues, toWireLines } from './LinesEditor';
import { invalidateStock, LocationSelect, useLocations } from './shared';

interface Values {
  shopId?: number;
  orderDate?: Dayjs;
  billNo?: string;
  memo?: string;
  lines: LineValues[];
}

/** New or edited product order of a shop: head and lines; save, or save and submit. */
export function OrderForm({
  open,
  order,
  onClose,
  onSaved,
}: {
  open: boolean;
  order?: ProductOrderDetail | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const can = usePermission();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const { firstShop } = useLocations(false);
  const config = useQuery({
    queryKey: ['order-config'],
    queryFn: () => http.get<OrderConfig>(STOCK.orderConfig),
    staleTime: 60_000,
    enabled: open,
  });
  // the user's own shop starts a new order (once the shops are known)
  useEffect(() => {
    if (open && !order && firstShop && !form.getFieldValue('shopId')) form.setFieldValue('shopId', firstShop);
  }, [open, order, firstShop, form]);
  const manualNo = config.data && !config.data.isAutoNo && !order;

  const initialMeta: Record<number, LineMeta> = Object.fromEntries(
    (order?.lines ?? []).map((l) => [l.productId, { label: `${l.pcode} ${l.productName}`, unit: l.unit, spec: null }]),
  );
  const initial: Values = order
    ? {
        shopId: order.shopId,
        orderDate: dayjs(order.orderDate),
        memo: order.memo ?? undefined,
        lines: order.lines.map((l) => ({ productId: l.productId, quantity: l.quantity, cost: l.price / 100 })),
      }
    : { shopId: firstShop, lines: [] };

  const save = async (submit: boolean) => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(submit ? 'submit' : 'save');
    try {
      const saved = await http.post<{ id: number; version: number; billNo: string }>(STOCK.orderSave, {
        ...(order ? { id: order.id, version: order.version } : {}),
        shopId: v.shopId,
        orderDate: v.orderDate?.format('YYYY-MM-DD'),
        ...(manualNo && v.billNo ? { billNo: v.billNo } : {}),
        memo: v.memo || null,
        lines: toWireLines(v.lines, 'price'),
      });
      if (submit) {
        await http.post(STOCK.orderAction('submit'), { id: saved.id, version: saved.version }, { once: true });
        notify.message.success(t('stock.orders.submitted'));
      } else notify.message.success(t('common.saved'));
      await invalidateStock(qc);
      onSaved?.(saved.id);
      onClose();
    } catch {
      /* the client shows the server's message */
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={order ? t('stock.orders.editOrder') : t('stock.orders.newOrder')}
      size={860}
      destroyOnHidden
      className="ho-order-form"
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={() => save(false)} loading={busy === 'save'} disabled={!!busy}>
            {t('common.save')}
          </Button>
          {can('stock.order.submit') ? (
            <Button type="primary" onClick={() => save(true)} loading={busy === 'submit'} disabled={!!busy}>
              {t('stock.orders.saveAndSubmit')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="shopId" label={t('stock.shop')} rules={[{ required: true, message: t('stock.orders.pickShop') }]}>
              <LocationSelect withWarehouse={false} placeholder={t('stock.orders.pickShop')} disabled={!!order} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="orderDate" label={t('stock.orderDate')}>
              <DatePicker style={{ width: '100%' }} placeholder={t('stock.today')} />
            </Form.Item>
          </Col>
          {manualNo ? (
            <Col span={12}>
              <Form.Item
                name="billNo"
                label={t('stock.orders.manualNo')}
                extra={t('stock.orders.manualNoHelp')}
                rules={[{ required: true, pattern: /^[0-9A-Za-z-]{1,40}$/, message: t('stock.orders.manualNoHelp') }]}
              >
                <Input maxLength={40} />
              </Form.Item>
            </Col>
          ) : null}
          <Col span={manualNo ? 12 : 24}>
            <Form.Item name="memo" label={t('stock.memo')}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('stock.lines')} required style={{ marginBottom: 0 }}>
          <LinesEditor form={form} initialMeta={initialMeta} costTitle={t('stock.price')} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
