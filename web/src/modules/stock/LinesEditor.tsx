import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, InputNumber, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, yuanToCents } from '../../platform/money';
import { type ProductPick, ProductPicker } from './shared';

export interface LineValues {
  id?: number;
  productId?: number;
  quantity?: number;
  /** yuan on screen */
  cost?: number | null;
}

export interface LineMeta {
  label: string;
  unit: string;
  spec: string | null;
}

/**
 * The lines of a bill or an order inside its form (`lines`): product picked by code, barcode or name,
 * quantity in the base unit, unit price in yuan (the product's purchase price to start with), amount.
 */
export function LinesEditor({
  form,
  initialMeta,
  costTitle,
}: {
  form: FormInstance;
  initialMeta?: Record<number, LineMeta>;
  costTitle: string;
}) {
  const { t } = useTranslation();
  const [meta, setMeta] = useState<Record<number, LineMeta>>(initialMeta ?? {});
  const lines = (Form.useWatch('lines', form) ?? []) as LineValues[];
  const chosen = lines.map((l) => l?.productId).filter((x): x is number => typeof x === 'number');
  const amountOf = (l: LineValues | undefined) => (l?.quantity ?? 0) * (yuanToCents(l?.cost ?? 0) ?? 0);
  const total = lines.reduce((s, l) => s + amountOf(l), 0);
  const qty = lines.reduce((s, l) => s + (l?.quantity ?? 0), 0);

  return (
    <Form.List
      name="lines"
      rules={[
        {
          validator: async (_, v: unknown[]) => {
            if (!v?.length) throw new Error(t('stock.noLines'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <Table
            className="ho-lines"
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            locale={{ emptyText: t('stock.noLines') }}
            columns={[
              { title: '#', width: 36, render: (_, __, i) => i + 1 },
              {
                title: t('stock.product'),
                render: (_, f) => {
                  const id = lines[f.name]?.productId;
                  return (
                    <Form.Item
                      name={[f.name, 'productId']}
                      rules={[{ required: true, message: t('common.pleaseSelect', { label: t('stock.product') }) }]}
                      style={{ margin: 0 }}
                    >
                      <ProductPicker
                        exclude={chosen}
                        fallbackLabel={id ? meta[id]?.label : undefined}
                        onPick={(p: ProductPick) => {
                          setMeta((m) => ({ ...m, [p.id]: { label: `${p.pcode} ${p.name}`, unit: p.unit, spec: p.spec } }));
                          const current = form.getFieldValue(['lines', f.name]) as LineValues;
                          form.setFieldValue(['lines', f.name], {
                            ...current,
                            productId: p.id,
                            quantity: current?.quantity ?? 1,
                            cost: p.purchasePrice !== null && p.purchasePrice !== undefined ? p.purchasePrice / 100 : current?.cost,
                          });
                        }}
                      />
                    </Form.Item>
                  );
                },
              },
              {
                title: t('stock.unit'),
                width: 70,
                render: (_, f) => {
                  const id = lines[f.name]?.productId;
                  const m = id ? meta[id] : undefined;
                  return m ? (
                    <Typography.Text type="secondary" title={m.spec ?? undefined}>
                      {m.unit}
                    </Typography.Text>
                  ) : null;
                },
              },
              {
                title: t('stock.baseQuantity'),
                width: 130,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'quantity']}
                    rules={[{ required: true, message: t('common.pleaseEnter', { label: t('stock.quantity') }) }]}
                    style={{ margin: 0 }}
                  >
                    <InputNumber min={1} max={10_000_000} precision={0} style={{ width: '100%' }} aria-label={t('stock.quantity')} />
                  </Form.Item>
                ),
              },
              {
                title: costTitle,
                width: 130,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'cost']} style={{ margin: 0 }}>
                    <InputNumber min={0} max={10_000_000} precision={2} style={{ width: '100%' }} aria-label={costTitle} />
                  </Form.Item>
                ),
              },
              {
                title: t('stock.amount'),
                width: 110,
                align: 'right',
                render: (_, f) => formatMoney(amountOf(lines[f.name])),
              },
              {
                title: '',
                width: 44,
                render: (_, f) => (
                  <Button
                    type="text"
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('common.delete')}
                    onClick={() => remove(f.name)}
                  />
                ),
              },
            ]}
            summary={() =>
              fields.length ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={3}>
                    <Typography.Text strong>{t('stock.lineCount', { count: fields.length })}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3}>
                    <Typography.Text strong>{qty}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} />
                  <Table.Summary.Cell index={5} align="right">
                    <Typography.Text strong>{formatMoney(total)}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} />
                </Table.Summary.Row>
              ) : null
            }
          />
          <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => add({ quantity: 1 })}>
            {t('stock.addLine')}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

/** Form lines → wire lines (cents). */
export function toWireLines(lines: LineValues[] | undefined, priceKey: 'unitCost' | 'price') {
  return (lines ?? [])
    .filter((l) => l.productId)
    .map((l) => {
      const cents = l.cost === null || l.cost === undefined ? undefined : (yuanToCents(l.cost) ?? undefined);
      return {
        ...(l.id && priceKey === 'unitCost' ? { id: l.id } : {}),
        productId: l.productId as number,
        quantity: l.quantity as number,
        ...(cents !== undefined ? { [priceKey]: cents } : {}),
      };
    });
}
