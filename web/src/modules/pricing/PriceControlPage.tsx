import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import type { Page, PriceControlRow, PriceKind, ProductPick, ServicePick } from '@headoffice/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type Key, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http, isApiError } from '../../platform/http';
import { centsToYuan, formatMoney, yuanToCents } from '../../platform/money';
import { formatDateTime } from '../../platform/resource/cells';
import { moneyRule } from '../../platform/resource/money';
import { useRemoteRows } from '../../platform/resource/options';
import { SearchButtons } from '../../platform/resource/SearchButtons';
import { pagerTotal, totalText } from '../../platform/resource/total';
import { ForbiddenResult } from '../../platform/results';
import { PRICING } from './api';

const KEY = ['pricecontrol'] as const;

interface FormValues {
  kind: PriceKind;
  itemId?: number;
  minPrice?: number | null;
  maxPrice?: number | null;
  memo?: string;
}

function ControlForm({ row, open, onClose }: { row: PriceControlRow | null; open: boolean; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const kind = Form.useWatch('kind', form) ?? row?.kind ?? 'service';
  const services = useRemoteRows(open && kind === 'service' ? '/api-chain/serviceinfo/findServiceList' : undefined);
  const products = useRemoteRows(open && kind === 'product' ? '/api-chain/product/inlist' : undefined);
  const options =
    kind === 'service'
      ? ((services.data ?? []) as unknown as ServicePick[]).map((s) => ({
          value: s.id,
          label: `${s.code} ${s.name}（${formatMoney(s.basePrice)}）`,
        }))
      : ((products.data ?? []) as unknown as ProductPick[]).map((p) => ({
          value: p.id,
          label: `${p.pcode} ${p.name}（${formatMoney(p.retailPrice)}）`,
        }));

  useEffect(() => {
    if (!open) return;
    setFormError(null);
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            kind: row.kind,
            itemId: row.itemId,
            minPrice: centsToYuan(row.minPrice),
            maxPrice: centsToYuan(row.maxPrice),
            memo: row.memo ?? undefined,
          }
        : { kind: 'service' },
    );
  }, [open, row, form]);

  // a refusal (400, 409) is shown on the form, the client is quiet about it
  const saving = useAction({
    run: async () => {
      const v = await form.validateFields();
      setFormError(null);
      return http.post(
        PRICING.controlSave,
        {
          ...(row ? { id: row.id, version: row.version } : {}),
          kind: v.kind,
          itemId: v.itemId,
          minPrice: yuanToCents(v.minPrice ?? null),
          maxPrice: yuanToCents(v.maxPrice ?? null),
          memo: v.memo?.trim() || null,
        },
        { quiet: ['400', '409'] },
      );
    },
    success: 'common.saved',
    done: () => onClose(true),
    failed: (e) => {
      if (!isApiError(e)) return;
      const byField = e.errors.filter((x) => ['minPrice', 'maxPrice', 'itemId', 'memo'].includes(x.path));
      form.setFields(byField.map((x) => ({ name: x.path as keyof FormValues, errors: [x.message] })));
      if (!byField.length) setFormError(e.message);
    },
  });
  const submit = () => saving.run();

  return (
    <Modal
      open={open}
      title={row ? t('pricing.control.edit') : t('pricing.control.create')}
      onCancel={() => onClose(false)}
      onOk={submit}
      confirmLoading={saving.busy}
      destroyOnHidden
      width={560}
    >
      {formError ? <Typography.Text type="danger">{formError}</Typography.Text> : null}
      <Form form={form} layout="vertical">
        <Form.Item name="kind" label={t('pricing.control.kind')}>
          <Radio.Group
            disabled={!!row}
            optionType="button"
            onChange={() => form.setFieldsValue({ itemId: undefined })}
            options={[
              { value: 'service', label: t('pricing.control.service') },
              { value: 'product', label: t('pricing.control.product') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="itemId"
          label={t('pricing.control.item')}
          rules={[{ required: true, message: t('common.pleaseSelect', { label: t('pricing.control.item') }) }]}
        >
          <Select
            disabled={!!row}
            showSearch={{ optionFilterProp: 'label' }}
            options={row && !options.length ? [{ value: row.itemId, label: `${row.itemCode} ${row.itemName}` }] : options}
            loading={services.isLoading || products.isLoading}
            placeholder={t('common.pleaseSelect', { label: t('pricing.control.item') })}
          />
        </Form.Item>
        <Space size={16} align="start">
          <Form.Item name="minPrice" label={t('pricing.control.min')} rules={[moneyRule(t('pricing.control.min'))]}>
            <InputNumber max={10_000_000} precision={2} prefix="¥" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="maxPrice"
            label={t('pricing.control.max')}
            dependencies={['minPrice']}
            rules={[
              moneyRule(t('pricing.control.max')),
              ({ getFieldValue }) => ({
                validator: async (_r, value: number | null | undefined) => {
                  const min = getFieldValue('minPrice') as number | null | undefined;
                  if ((value === null || value === undefined) && (min === null || min === undefined))
                    throw new Error(t('pricing.control.needOne'));
                  if (value !== null && value !== undefined && min !== null && min !== undefined && value < min)
                    throw new Error(t('pricing.control.minAboveMax'));
                },
              }),
            ]}
          >
            <InputNumber max={10_000_000} precision={2} prefix="¥" style={{ width: 200 }} />
          </Form.Item>
        </Space>
        <Form.Item name="memo" label={t('common.memo')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/pricing/price-control — head-office minimum and maximum per service or product. */
export default function PriceControlPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const can = usePermission();
  const canEdit = can('pricing.control.edit');
  const { modal } = App.useApp();
  const [search] = Form.useForm<{ kind?: PriceKind; keyword?: string }>();
  const [filters, setFilters] = useState<{ kind?: PriceKind; keyword?: string }>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<{ row: PriceControlRow | null } | null>(null);

  const list = useQuery({
    queryKey: [...KEY, filters, page, pageSize],
    queryFn: ({ signal }) =>
      http.post<Page<PriceControlRow>>(PRICING.controlList, { ...filters, page, pageSize }, { signal, quiet: ['403'] }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });

  const removal = useAction<number[]>({
    run: (ids) => http.post(PRICING.controlDelete, { ids }),
    success: 'common.deleted',
    invalidates: [KEY],
    done: (_r, ids) => setSelected((s) => s.filter((k) => !ids.includes(Number(k)))),
  });
  const remove = (ids: number[]) => removal.run(ids);

  if (isApiError(list.error) && list.error.status === 403) return <ForbiddenResult />;

  return (
    <>
      <Card size="small" className="ho-search" style={{ marginBottom: 12 }}>
        <Form
          form={search}
          layout="horizontal"
          labelCol={{ flex: '84px' }}
          onFinish={(v) => {
            setFilters({ kind: v.kind, keyword: v.keyword?.trim() || undefined });
            setPage(1);
          }}
        >
          <Row gutter={16}>
            <Col xs={24} sm={12} lg={8} xxl={6}>
              <Form.Item name="kind" label={t('pricing.control.kind')} style={{ marginBottom: 12 }}>
                <Select
                  allowClear
                  placeholder={t('pricing.control.allKinds')}
                  options={[
                    { value: 'service', label: t('pricing.control.service') },
                    { value: 'product', label: t('pricing.control.product') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xxl={6}>
              <Form.Item name="keyword" label={t('common.keyword')} style={{ marginBottom: 12 }}>
                <Input allowClear placeholder={t('common.keywordPh')} />
              </Form.Item>
            </Col>
            <Col flex="auto" style={{ textAlign: 'right', marginBottom: 12 }}>
              <Space>
                <SearchButtons
                  onReset={() => {
                    search.resetFields();
                    setFilters({});
                    setPage(1);
                  }}
                />
              </Space>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card
        size="small"
        title={<Typography.Text strong>{t('pricing.control.title')}</Typography.Text>}
        extra={
          <Space>
            {selected.length ? (
              <Typography.Text type="secondary">{t('common.selectedN', { count: selected.length })}</Typography.Text>
            ) : null}
            {canEdit ? (
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!selected.length}
                onClick={() =>
                  modal.confirm({
                    title: t('pricing.control.deleteN', { count: selected.length }),
                    okText: t('common.delete'),
                    okButtonProps: { danger: true },
                    cancelText: t('common.cancel'),
                    onOk: () => remove(selected.map(Number)),
                  })
                }
              >
                {t('pricing.control.batchDelete')}
              </Button>
            ) : null}
            <Tooltip title={t('common.refresh')}>
              <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} aria-label={t('common.refresh')} />
            </Tooltip>
            {canEdit ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
                {t('common.create')}
              </Button>
            ) : null}
          </Space>
        }
      >
        <Table<PriceControlRow>
          rowKey="id"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState /> }}
          rowSelection={canEdit ? { selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: true } : undefined}
          pagination={{
            current: page,
            pageSize,
            total: pagerTotal(list.data),
            showSizeChanger: true,
            showTotal: (total) => totalText(total, list.data, t),
            onChange: (p, s) => {
              setPage(s !== pageSize ? 1 : p);
              setPageSize(s);
            },
          }}
          columns={[
            {
              key: 'kind',
              title: t('pricing.control.kind'),
              width: 90,
              render: (_, r) =>
                r.kind === 'service' ? (
                  <Tag color="geekblue">{t('pricing.control.service')}</Tag>
                ) : (
                  <Tag color="orange">{t('pricing.control.product')}</Tag>
                ),
            },
            { key: 'code', dataIndex: 'itemCode', title: t('common.code'), width: 110 },
            { key: 'name', dataIndex: 'itemName', title: t('pricing.control.item'), width: 200 },
            { key: 'base', title: t('pricing.control.basePrice'), width: 110, align: 'right', render: (_, r) => formatMoney(r.basePrice) },
            {
              key: 'min',
              title: t('pricing.control.min'),
              width: 110,
              align: 'right',
              render: (_, r) =>
                r.minPrice === null ? (
                  <Typography.Text type="secondary">{t('pricing.control.noLimit')}</Typography.Text>
                ) : (
                  formatMoney(r.minPrice)
                ),
            },
            {
              key: 'max',
              title: t('pricing.control.max'),
              width: 110,
              align: 'right',
              render: (_, r) =>
                r.maxPrice === null ? (
                  <Typography.Text type="secondary">{t('pricing.control.noLimit')}</Typography.Text>
                ) : (
                  formatMoney(r.maxPrice)
                ),
            },
            {
              key: 'violations',
              title: t('pricing.control.violations'),
              width: 120,
              render: (_, r) =>
                r.violations ? (
                  <Tooltip title={t('pricing.control.violationsHelp')}>
                    <Tag color="red" icon={<WarningOutlined />}>
                      {t('pricing.control.violationsN', { count: r.violations })}
                    </Tag>
                  </Tooltip>
                ) : (
                  <Tag color="green">{t('pricing.control.allWithin')}</Tag>
                ),
            },
            { key: 'memo', dataIndex: 'memo', title: t('common.memo'), width: 180, ellipsis: true },
            { key: 'updatedAt', title: t('common.updatedAt'), width: 150, render: (_, r) => formatDateTime(r.updatedAt) },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    title: t('common.actions'),
                    width: 150,
                    fixed: 'right' as const,
                    render: (_: unknown, r: PriceControlRow) => (
                      <Space size={0}>
                        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ row: r })}>
                          {t('common.edit')}
                        </Button>
                        <Popconfirm
                          title={t('common.deleteConfirm', { name: r.itemName })}
                          okText={t('common.delete')}
                          okButtonProps={{ danger: true }}
                          cancelText={t('common.cancel')}
                          onConfirm={() => remove([r.id])}
                        >
                          <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                            {t('common.delete')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <ControlForm
        open={!!editing}
        row={editing?.row ?? null}
        onClose={(saved) => {
          setEditing(null);
          if (saved) void refresh();
        }}
      />
    </>
  );
}
