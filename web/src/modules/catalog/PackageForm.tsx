import {
  CheckCircleFilled,
  CrownOutlined,
  DeleteOutlined,
  ExclamationCircleFilled,
  PlusOutlined,
  ShoppingOutlined,
  SplitCellsOutlined,
} from '@ant-design/icons';
import type { PackageDetail } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http, isApiError } from '../../platform/http';
import { ItemPicker, type PackageItemKind, type PickedItem } from '../../platform/ItemPicker';
import { centsToYuan, formatMoney, yuanToCents } from '../../platform/money';
import { MoneyCellInput } from '../../platform/resource/MoneyCellInput';
import { moneyRule } from '../../platform/resource/money';
import { useOptions } from '../../platform/resource/options';
import { pickNextCode } from '../../platform/resource/ResourceForm';
import { ShopMultiSelect } from '../../platform/shops';
import { CATALOG } from './api';
import { checkTotal, type PackageItemDraft, splitPrice } from './packageItems';

export const packageResource = { key: 'package', basePath: '/api-chain/servicepackage' };
/** The package's detail page. */
export const packageDetailPath = (id: number) => `/admin/catalog/packages/${id}`;

interface BasicValues {
  code: string;
  name: string;
  packageTypeId?: number | null;
  price: number | null;
  validityDays?: number | null;
  status: boolean;
  memo?: string;
  shopIds: number[];
}

let seq = 0;
const newKey = () => `i${++seq}`;

/** Drawer to create or edit a package: basic fields, the item editor with its total check, the shops that sell it. */
export function PackageForm({ open, packageId, onClose }: { open: boolean; packageId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BasicValues>();
  const [items, setItems] = useState<PackageItemDraft[]>([]);
  const [picker, setPicker] = useState<PackageItemKind | null>(null);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const types = useOptions({ kind: 'remote', url: CATALOG.packageTypeAll });
  const editing = packageId !== null;

  const detail = useQuery({
    queryKey: ['package', 'edit', packageId],
    queryFn: ({ signal }) => http.get<PackageDetail>(CATALOG.packageDetail(packageId ?? 0), undefined, { signal }),
    enabled: open && editing,
    staleTime: 0,
    gcTime: 0,
  });
  const waiting = open && editing && !detail.data;

  useEffect(() => {
    if (!open) return;
    setServerErrors([]);
    form.resetFields();
    if (!editing) {
      setItems([]);
      form.setFieldsValue({ status: true, shopIds: [], price: null });
      http
        .get<unknown>(CATALOG.packageCode, undefined, { quiet: true })
        .then((d) => {
          const code = pickNextCode(d);
          if (code && !form.getFieldValue('code')) form.setFieldsValue({ code });
        })
        .catch(() => undefined);
      return;
    }
    const p = detail.data;
    if (!p) return;
    form.setFieldsValue({
      code: p.code,
      name: p.name,
      packageTypeId: p.packageTypeId,
      price: centsToYuan(p.price),
      validityDays: p.validityDays,
      status: p.status === 1,
      memo: p.memo ?? undefined,
      shopIds: p.shops.map((s) => s.id),
    });
    setItems(
      p.items.map((i) => ({
        key: newKey(),
        kind: i.serviceId ? 'service' : 'product',
        refId: (i.serviceId ?? i.productId) as number,
        code: i.itemCode,
        name: i.itemName,
        unit: i.unit,
        unitPrice: i.listPrice,
        quantity: i.quantity,
        amount: i.amount,
      })),
    );
  }, [open, editing, detail.data, form]);

  const priceYuan = Form.useWatch('price', form);
  const price = yuanToCents(priceYuan ?? null);
  const check = checkTotal(items, price);
  const listValue = items.reduce((s, i) => s + i.unitPrice * i.quantity, 0);

  const add = (picked: PickedItem[]) =>
    setItems((cur) => [
      ...cur,
      ...picked.map((p) => ({
        key: newKey(),
        kind: p.kind,
        refId: p.id,
        code: p.code,
        name: p.name,
        unit: p.unit,
        unitPrice: p.price,
        quantity: 1,
        amount: p.price,
      })),
    ]);
  const patch = (key: string, change: Partial<PackageItemDraft>) =>
    setItems((cur) => cur.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const saving = useAction<{ path: string; body: Record<string, unknown> }>({
    run: ({ path, body }) => http.post(path, body),
    success: 'common.saved',
    invalidates: [packageResource],
    done: onClose,
    failed: (e) => {
      if (!isApiError(e) || !e.errors.length) return;
      const fieldNames = new Set(['code', 'name', 'packageTypeId', 'price', 'validityDays', 'memo', 'shopIds']);
      const rest: string[] = [];
      const byField: { name: keyof BasicValues; errors: string[] }[] = [];
      for (const err of e.errors) {
        const head = err.path.split('.')[0] ?? '';
        if (fieldNames.has(head)) byField.push({ name: head as keyof BasicValues, errors: [err.message] });
        else rest.push(err.message);
      }
      form.setFields(byField);
      setServerErrors(rest);
    },
  });

  const submit = async (asSystem = false) => {
    let v: BasicValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!items.length) {
      setServerErrors([t('catalog.package.noItems')]);
      return;
    }
    if (!check.ok) {
      setServerErrors([t('catalog.package.totalMismatch', { total: formatMoney(check.total), price: formatMoney(check.price) })]);
      return;
    }
    setServerErrors([]);
    const p = detail.data;
    const shopIds = v.shopIds ?? [];
    const path = asSystem ? CATALOG.packageSystem : shopIds.length ? CATALOG.packageSaveDuo : CATALOG.packageSave;
    await saving.run({
      path,
      body: {
        ...(p ? { id: p.id, version: p.version } : {}),
        code: v.code.trim(),
        name: v.name.trim(),
        packageTypeId: v.packageTypeId ?? null,
        price,
        validityDays: v.validityDays ?? null,
        status: v.status ? 1 : 0,
        memo: v.memo?.trim() || null,
        items: items.map((i) => ({
          ...(i.kind === 'service' ? { serviceId: i.refId } : { productId: i.refId }),
          quantity: i.quantity,
          amount: i.amount,
        })),
        shopIds,
      },
    });
  };

  const itemColumns = [
    {
      key: 'kind',
      title: t('catalog.package.itemKind'),
      width: 70,
      render: (_: unknown, i: PackageItemDraft) =>
        i.kind === 'service' ? (
          <Tag color="geekblue">{t('catalog.package.service')}</Tag>
        ) : (
          <Tag color="orange">{t('catalog.package.product')}</Tag>
        ),
    },
    {
      key: 'name',
      title: t('catalog.package.item'),
      render: (_: unknown, i: PackageItemDraft) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{i.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {i.code}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'unitPrice',
      title: t('catalog.package.listPrice'),
      width: 100,
      align: 'right' as const,
      render: (_: unknown, i: PackageItemDraft) => formatMoney(i.unitPrice),
    },
    {
      key: 'quantity',
      title: t('catalog.package.quantity'),
      width: 130,
      render: (_: unknown, i: PackageItemDraft) => (
        <InputNumber<number>
          aria-label={t('catalog.package.quantityOf', { name: i.name })}
          value={i.quantity}
          min={1}
          max={10000}
          precision={0}
          suffix={i.kind === 'service' ? t('catalog.package.times') : (i.unit ?? undefined)}
          onChange={(q) => patch(i.key, { quantity: q ?? 1 })}
          style={{ width: 110 }}
        />
      ),
    },
    {
      key: 'amount',
      title: t('catalog.package.amount'),
      width: 150,
      render: (_: unknown, i: PackageItemDraft) => (
        <MoneyCellInput
          label={t('catalog.package.amountOf', { name: i.name })}
          cents={i.amount}
          onChange={(cents) => patch(i.key, { amount: cents ?? 0 })}
          style={{ width: 130 }}
        />
      ),
    },
    {
      key: 'actions',
      title: '',
      width: 48,
      render: (_: unknown, i: PackageItemDraft) => (
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('common.delete')}
          onClick={() => setItems((cur) => cur.filter((x) => x.key !== i.key))}
        />
      ),
    },
  ];

  const totalBar = (
    <div
      data-testid="package-total"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 8,
        padding: '10px 14px',
        borderRadius: 8,
        background: check.ok ? '#f6ffed' : items.length ? '#fff2f0' : '#fafafa',
        border: `1px solid ${check.ok ? '#b7eb8f' : items.length ? '#ffccc7' : '#f0f0f0'}`,
      }}
    >
      <Space size={20} wrap>
        <span>
          {t('catalog.package.itemsTotal')}：<Typography.Text strong>{formatMoney(check.total)}</Typography.Text>
        </span>
        <span>
          {t('catalog.package.price')}：<Typography.Text strong>{formatMoney(check.price)}</Typography.Text>
        </span>
        <span>
          {t('catalog.package.listValue')}：<Typography.Text type="secondary">{formatMoney(listValue)}</Typography.Text>
        </span>
      </Space>
      {check.ok ? (
        <Typography.Text type="success">
          <CheckCircleFilled /> {t('catalog.package.totalOk')}
        </Typography.Text>
      ) : items.length ? (
        <Typography.Text type="danger">
          <ExclamationCircleFilled />{' '}
          {check.diff > 0
            ? t('catalog.package.totalShort', { diff: formatMoney(check.diff) })
            : t('catalog.package.totalOver', { diff: formatMoney(-check.diff) })}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">{t('catalog.package.noItems')}</Typography.Text>
      )}
    </div>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={980}
      destroyOnHidden
      mask={{ closable: false }}
      loading={waiting && !detail.isError}
      title={editing ? t('common.editX', { name: t('catalog.package.title') }) : t('common.createX', { name: t('catalog.package.title') })}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          {!check.ok && items.length ? <Typography.Text type="danger">{t('catalog.package.cannotSave')}</Typography.Text> : null}
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Tooltip title={t('catalog.package.saveSystemHelp')}>
            <Button icon={<CrownOutlined />} loading={saving.busy} disabled={waiting || !check.ok} onClick={() => void submit(true)}>
              {t('catalog.package.saveSystem')}
            </Button>
          </Tooltip>
          <Button type="primary" loading={saving.busy} disabled={waiting || !check.ok} onClick={() => void submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {waiting ? null : (
        <>
          {serverErrors.length ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={serverErrors.join('；')} /> : null}
          <Form form={form} layout="vertical">
            <Row gutter={16}>
              <Col span={8}>
                <Form.Item
                  name="code"
                  label={t('catalog.package.code')}
                  rules={[{ required: true, message: t('common.pleaseEnter', { label: t('catalog.package.code') }) }]}
                >
                  <Input maxLength={32} />
                </Form.Item>
              </Col>
              <Col span={16}>
                <Form.Item
                  name="name"
                  label={t('catalog.package.name')}
                  rules={[{ required: true, message: t('common.pleaseEnter', { label: t('catalog.package.name') }) }]}
                >
                  <Input maxLength={64} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="packageTypeId" label={t('catalog.package.type')}>
                  <Select
                    allowClear
                    options={types.options}
                    loading={types.loading}
                    placeholder={t('common.pleaseSelect', { label: t('catalog.package.type') })}
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="price"
                  label={t('catalog.package.price')}
                  rules={[
                    { required: true, message: t('common.pleaseEnter', { label: t('catalog.package.price') }) },
                    moneyRule(t('catalog.package.price')),
                  ]}
                >
                  <InputNumber max={10_000_000} precision={2} prefix="¥" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={5}>
                <Form.Item name="validityDays" label={t('catalog.package.validity')} tooltip={t('catalog.package.validityHelp')}>
                  <InputNumber min={1} max={3650} precision={0} suffix={t('catalog.package.days')} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={3}>
                <Form.Item name="status" label={t('common.status')} valuePropName="checked">
                  <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
                </Form.Item>
              </Col>
            </Row>
            <Divider titlePlacement="start" style={{ margin: '4px 0 12px' }}>
              {t('catalog.package.items')}
            </Divider>
            <Space style={{ marginBottom: 12 }} wrap>
              <Button icon={<PlusOutlined />} onClick={() => setPicker('service')}>
                {t('catalog.package.addService')}
              </Button>
              <Button icon={<ShoppingOutlined />} onClick={() => setPicker('product')}>
                {t('catalog.package.addProduct')}
              </Button>
              <Button
                icon={<SplitCellsOutlined />}
                disabled={!items.length || price === null}
                onClick={() => setItems((cur) => splitPrice(cur, price ?? 0))}
              >
                {t('catalog.package.split')}
              </Button>
            </Space>
            <Table<PackageItemDraft>
              rowKey="key"
              size="small"
              dataSource={items}
              columns={itemColumns}
              pagination={false}
              locale={{ emptyText: <Typography.Text type="secondary">{t('catalog.package.itemsEmpty')}</Typography.Text> }}
              style={{ marginBottom: 12 }}
            />
            {totalBar}
            <Divider titlePlacement="start" style={{ margin: '20px 0 12px' }}>
              {t('catalog.package.shops')}
            </Divider>
            <Form.Item name="shopIds" extra={t('catalog.package.shopsHelp')}>
              <ShopMultiSelect />
            </Form.Item>
            <Form.Item name="memo" label={t('common.memo')}>
              <Input.TextArea rows={2} maxLength={500} showCount />
            </Form.Item>
          </Form>
        </>
      )}
      <ItemPicker
        kind={picker ?? 'service'}
        open={!!picker}
        taken={items.filter((i) => i.kind === picker).map((i) => i.refId)}
        onClose={() => setPicker(null)}
        onPick={add}
      />
    </Drawer>
  );
}
