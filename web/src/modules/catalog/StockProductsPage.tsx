import { NodeExpandOutlined, PlusSquareOutlined } from '@ant-design/icons';
import type { StockProductRow } from '@headoffice/contract';
import { App, Button, Form, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { useRemoteRows } from '../../platform/resource/options';
import { ResourceList } from '../../platform/resource/ResourceList';
import { CATALOG } from './api';
import { stockProductDef } from './defs';

interface Pick {
  id: number;
  pcode?: string;
  code?: string;
  name: string;
}

const WAREHOUSE = 0;

/** Add many products to one location at once (batchSave). */
function BatchAdd({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ location: number; productIds: number[]; safetyStock?: number }>();
  const shops = useRemoteRows(CATALOG.shopAll);
  const products = useRemoteRows(open ? CATALOG.productAll : undefined);
  const shopOptions = [
    { value: WAREHOUSE, label: t('catalog.stock.warehouse') },
    ...((shops.data ?? []) as unknown as Pick[]).map((s) => ({ value: s.id, label: s.name })),
  ];
  const productOptions = ((products.data ?? []) as unknown as Pick[]).map((p) => ({ value: p.id, label: `${p.pcode ?? ''} ${p.name}` }));

  const saving = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.post(CATALOG.stockProductBatch, {
        shopId: v.location === WAREHOUSE ? null : v.location,
        productIds: v.productIds,
        ...(v.safetyStock !== undefined && v.safetyStock !== null ? { safetyStock: v.safetyStock } : {}),
      });
    },
    success: 'common.saved',
    invalidates: [stockProductDef],
    done: () => {
      form.resetFields();
      onClose();
    },
  });
  const submit = () => saving.run();

  return (
    <Modal
      open={open}
      title={t('catalog.stock.batchAdd')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving.busy}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" initialValues={{ location: WAREHOUSE }}>
        <Form.Item name="location" label={t('catalog.stock.location')} rules={[{ required: true }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={shopOptions} loading={shops.isLoading} />
        </Form.Item>
        <Form.Item
          name="productIds"
          label={t('catalog.product.title')}
          rules={[{ required: true, message: t('common.pleaseSelect', { label: t('catalog.product.title') }) }]}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={productOptions}
            loading={products.isLoading}
            maxTagCount="responsive"
            placeholder={t('common.pleaseSelect', { label: t('catalog.product.title') })}
          />
        </Form.Item>
        <Form.Item name="safetyStock" label={t('catalog.stock.safetyStock')} tooltip={t('catalog.stock.safetyHelp')}>
          <InputNumber min={0} max={10000000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/catalog/stock-products — which products each shop (or the head-office warehouse) stocks. */
export default function StockProductsPage() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const { modal } = App.useApp();
  const spreading = useAction<StockProductRow, { updated?: number }>({
    run: (row) =>
      http.post<{ updated?: number }>(CATALOG.stockProductByProduct, {
        productId: row.productId,
        safetyStock: row.safetyStock,
        status: row.status,
      }),
    success: (r) => t('catalog.stock.spreadDone', { count: r?.updated ?? 0 }),
    invalidates: [stockProductDef],
  });

  /** updateBypid: this row's safety stock and status on every location of the product. */
  const spread = (row: StockProductRow) =>
    modal.confirm({
      title: t('catalog.stock.spread'),
      content: t('catalog.stock.spreadConfirm', { name: row.productName, safety: row.safetyStock }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => spreading.run(row),
    });

  return (
    <>
      <ResourceList<StockProductRow, 'keyword' | 'product'>
        def={stockProductDef}
        actionsWidth={220}
        rowActions={(row, ctx) =>
          ctx.canEdit ? (
            <Button type="link" size="small" icon={<NodeExpandOutlined />} onClick={() => spread(row)}>
              {t('catalog.stock.spread')}
            </Button>
          ) : null
        }
        toolbar={(ctx) =>
          ctx.canEdit ? (
            <Button icon={<PlusSquareOutlined />} onClick={() => setAdding(true)}>
              {t('catalog.stock.batchAdd')}
            </Button>
          ) : null
        }
      />
      <BatchAdd open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
