import { EyeOutlined } from '@ant-design/icons';
import type { BatchChangeResult, BatchChangeRow, GridShop, PriceKind } from '@headoffice/contract';
import { Alert, Button, Form, InputNumber, Modal, Radio, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { formatMoney, yuanToCents } from '../../platform/money';
import { ShopMultiSelect } from '../../platform/shops';
import { PRICING } from './api';
import { type BatchMode, changedPrice, outOfBounds } from './calc';
import type { GridItem } from './PriceGrid';

interface Values {
  mode: BatchMode;
  value: number | null;
  shopIds: number[];
}

/** The server's change value: percent as is, amount in cents. */
const wireValue = (mode: BatchMode, value: number) => (mode === 'percent' ? value : (yuanToCents(value) ?? 0));

/**
 * Products have no server-side batch change: the same preview is computed here from the grid's cells
 * and saved with productprice/batchSave (which applies price control again).
 */
function productPreview(
  items: GridItem[],
  shops: GridShop[],
  mode: BatchMode,
  value: number,
  t: (k: string, o?: Record<string, unknown>) => string,
): BatchChangeResult {
  const rows: BatchChangeRow[] = [];
  let skipped = 0;
  for (const shop of shops) {
    for (const item of items) {
      const cell = item.prices[String(shop.id)];
      if (!cell) {
        skipped++;
        continue;
      }
      const after = changedPrice(cell.price, mode, wireValue(mode, value));
      const off = outOfBounds(after, item);
      rows.push({
        shopId: shop.id,
        shopName: shop.name,
        serviceId: item.itemId,
        serviceName: item.name,
        before: cell.price,
        after,
        violation: off
          ? {
              bound: off === 'low' ? 'min' : 'max',
              limit: (off === 'low' ? item.minPrice : item.maxPrice) ?? 0,
              message:
                off === 'low'
                  ? t('pricing.grid.belowMin', { min: formatMoney(item.minPrice) })
                  : t('pricing.grid.aboveMax', { max: formatMoney(item.maxPrice) }),
            }
          : null,
      });
    }
  }
  return { preview: true, rows, skipped, changed: 0 };
}

/** Batch price change by a percentage or an amount, with a preview of every shop × item before it is applied. */
export function BatchChangeModal({
  kind,
  open,
  items,
  gridShops,
  onClose,
}: {
  kind: PriceKind;
  open: boolean;
  items: GridItem[];
  gridShops: GridShop[];
  onClose: (done: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [preview, setPreview] = useState<BatchChangeResult | null>(null);
  const mode = Form.useWatch('mode', form) ?? 'percent';

  useEffect(() => {
    if (open) {
      setPreview(null);
      form.setFieldsValue({ mode: 'percent', value: null, shopIds: gridShops.map((s) => s.id) });
    }
  }, [open, form, gridShops]);

  const shopsOf = (ids: number[]) => gridShops.filter((s) => ids.includes(s.id));

  // a refused change (400: below a floor...) is shown by the client on apply, and on the preview
  const running = useAction<{ dry: boolean; v: Values & { value: number } }>({
    run: async ({ dry, v }) => {
      if (kind === 'service') {
        const r = await http.post<BatchChangeResult>(PRICING.batchChange, {
          shopIds: v.shopIds,
          serviceIds: items.map((i) => i.itemId),
          mode: v.mode,
          value: wireValue(v.mode, v.value),
          preview: dry,
        });
        if (dry) setPreview(r);
        return r.changed;
      }
      const p = productPreview(items, shopsOf(v.shopIds), v.mode, v.value, t);
      if (dry) {
        setPreview(p);
        return 0;
      }
      const changes = p.rows.filter((r) => r.after !== r.before);
      if (changes.length) {
        await http.post(PRICING.productPriceBatch, {
          items: changes.map((r) => ({
            shopId: r.shopId,
            productId: r.serviceId,
            price: r.after,
            status: items.find((i) => i.itemId === r.serviceId)?.prices[String(r.shopId)]?.status ?? 1,
          })),
        });
      }
      return changes.length;
    },
    success: (count, { dry }) => (dry ? null : t('pricing.batch.done', { count })),
    done: (_count, { dry }) => {
      if (!dry) onClose(true);
    },
  });
  const run = async (dry: boolean) => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the form shows what is missing
    if (v.value === null) return;
    await running.run({ dry, v: { ...v, value: v.value } });
  };

  const violations = preview?.rows.filter((r) => r.violation).length ?? 0;

  return (
    <Modal
      open={open}
      title={t('pricing.batch.title', { count: items.length })}
      width={820}
      onCancel={() => onClose(false)}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => onClose(false)}>{t('common.cancel')}</Button>
          <Button icon={<EyeOutlined />} loading={running.busyFor((x) => x.dry)} onClick={() => void run(true)}>
            {t('pricing.batch.preview')}
          </Button>
          <Button
            type="primary"
            disabled={!preview || violations > 0 || !preview.rows.length}
            loading={running.busyFor((x) => !x.dry)}
            onClick={() => void run(false)}
          >
            {t('pricing.batch.apply')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ mode: 'percent' }}
        onValuesChange={() => setPreview(null)}
        style={{ marginBottom: preview ? 12 : 0 }}
      >
        <Space size={24} align="start" wrap>
          <Form.Item name="mode" label={t('pricing.batch.mode')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'percent', label: t('pricing.batch.percent') },
                { value: 'amount', label: t('pricing.batch.amount') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="value"
            label={mode === 'percent' ? t('pricing.batch.percentValue') : t('pricing.batch.amountValue')}
            rules={[{ required: true, message: t('pricing.batch.enterValue') }]}
            extra={t('pricing.batch.valueHelp')}
          >
            {mode === 'percent' ? (
              <InputNumber min={-100} max={1000} precision={2} suffix="%" style={{ width: 180 }} />
            ) : (
              <InputNumber min={-1_000_000} max={10_000_000} precision={2} prefix="¥" style={{ width: 180 }} />
            )}
          </Form.Item>
        </Space>
        <Form.Item name="shopIds" label={t('pricing.batch.shops')} rules={[{ required: true, message: t('pricing.pickShops') }]}>
          <ShopMultiSelect />
        </Form.Item>
      </Form>
      {preview ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {violations ? (
            <Alert type="error" showIcon title={t('pricing.batch.violations', { count: violations })} />
          ) : (
            <Alert
              type="success"
              showIcon
              title={t('pricing.batch.summary', {
                count: preview.rows.filter((r) => r.after !== r.before).length,
                skipped: preview.skipped,
              })}
            />
          )}
          <Table<BatchChangeRow>
            rowKey={(r) => `${r.shopId}:${r.serviceId}`}
            size="small"
            dataSource={preview.rows}
            pagination={preview.rows.length > 8 ? { pageSize: 8, size: 'small' } : false}
            columns={[
              { key: 'shop', dataIndex: 'shopName', title: t('pricing.shop'), width: 150 },
              { key: 'item', dataIndex: 'serviceName', title: kind === 'service' ? t('pricing.grid.service') : t('pricing.grid.product') },
              { key: 'before', title: t('pricing.batch.before'), width: 110, align: 'right', render: (_, r) => formatMoney(r.before) },
              {
                key: 'after',
                title: t('pricing.batch.after'),
                width: 110,
                align: 'right',
                render: (_, r) => (
                  <Typography.Text type={r.violation ? 'danger' : r.after > r.before ? 'success' : undefined} strong>
                    {formatMoney(r.after)}
                  </Typography.Text>
                ),
              },
              {
                key: 'problem',
                title: t('pricing.batch.problem'),
                width: 240,
                render: (_, r) => (r.violation ? <Typography.Text type="danger">{r.violation.message}</Typography.Text> : null),
              },
            ]}
          />
        </Space>
      ) : null}
    </Modal>
  );
}
