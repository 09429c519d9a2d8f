import {
  CopyOutlined,
  CrownOutlined,
  DollarOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  ShopOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { PriceKind, TemplateRow } from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Form, Input, Modal, Select, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http, isApiError } from '../../platform/http';
import { t as tr } from '../../platform/i18n';
import { invalidateResource } from '../../platform/resource/invalidate';
import { ResourceList } from '../../platform/resource/ResourceList';
import type { OptionSource, ResourceDef } from '../../platform/resource/types';
import { TemplatePricesDrawer } from './TemplatePricesDrawer';
import { TemplateShopsModal } from './TemplateShopsModal';
import { templateApi } from './templateApi';

const TEMPLATE_STATUS: OptionSource = {
  kind: 'static',
  items: [
    { value: 1, label: 'pricing.template.inForce', color: 'green' },
    { value: 0, label: 'pricing.template.stopped', color: 'default' },
  ],
};

const LINES: OptionSource = {
  kind: 'static',
  items: [
    { value: 'mf', label: 'catalog.service.lineMf', color: 'geekblue' },
    { value: 'mr', label: 'catalog.service.lineMr', color: 'magenta' },
  ],
};

function templateDef(kind: PriceKind): ResourceDef<TemplateRow, 'keyword'> {
  const api = templateApi(kind);
  return {
    key: `pricetemplate-${kind}`,
    title: kind === 'service' ? 'pricing.template.serviceTitle' : 'pricing.template.productTitle',
    basePath: api.base,
    listPath: api.list,
    deletePath: false,
    updateStatusPath: false,
    editPerm: api.perm,
    rowEditable: () => false,
    defaultSort: 'code',
    fields: [
      { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'common.keywordPh' } },
      { key: 'code', title: 'pricing.template.code', table: { width: 120, sorter: true }, form: false },
      {
        key: 'name',
        title: 'pricing.template.name',
        table: {
          width: 200,
          render: (r) => (
            <>
              {r.name}
              {r.isSystem ? (
                <Tooltip title={tr('pricing.template.systemHelp')}>
                  <Tag color="gold" icon={<CrownOutlined />} style={{ marginLeft: 6 }}>
                    {tr('pricing.template.system')}
                  </Tag>
                </Tooltip>
              ) : null}
            </>
          ),
        },
        form: false,
      },
      ...(kind === 'service'
        ? [
            {
              key: 'line' as const,
              title: 'catalog.service.line',
              type: 'select' as const,
              options: LINES,
              table: {
                width: 80,
                render: (r: TemplateRow) =>
                  r.line ? (
                    <Tag color={r.line === 'mr' ? 'magenta' : 'geekblue'}>
                      {tr(r.line === 'mr' ? 'catalog.service.lineMr' : 'catalog.service.lineMf')}
                    </Tag>
                  ) : (
                    <Typography.Text type="secondary">{tr('pricing.template.anyLine')}</Typography.Text>
                  ),
              },
              search: true,
              form: false as const,
            },
          ]
        : []),
      {
        key: 'itemCount',
        title: kind === 'service' ? 'pricing.template.serviceCount' : 'pricing.template.productCount',
        type: 'number',
        table: { width: 90 },
        form: false,
      },
      { key: 'shopCount', title: 'pricing.template.shopCount', type: 'number', table: { width: 90 }, form: false },
      { key: 'status', title: 'common.status', type: 'status', options: TEMPLATE_STATUS, table: { width: 90 }, search: true, form: false },
      { key: 'memo', title: 'common.memo', type: 'textarea', table: { width: 180, ellipsis: true }, form: false },
      { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', table: { width: 150, sorter: true }, form: false },
    ],
  };
}

interface NewValues {
  code?: string;
  name: string;
  line?: 'mf' | 'mr';
  memo?: string;
}

/** Create a template (service: newCode; product: saveShopPrice without a template id), or copy one. */
function NameModal({
  kind,
  mode,
  source,
  onClose,
}: {
  kind: PriceKind;
  mode: 'new' | 'copy' | null;
  source: TemplateRow | null;
  onClose: (createdId?: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewValues>();
  const api = templateApi(kind);

  const saving = useAction<void, number | undefined>({
    run: async () => {
      const v = await form.validateFields();
      const code = v.code?.trim() || undefined;
      if (mode === 'copy' && source) {
        return (await http.post<{ id: number }>(api.copy, { templateId: source.id, code: code ?? '', name: v.name.trim() }))?.id;
      }
      if (kind === 'service') {
        return (
          await http.post<{ id: number }>(api.create, { code, name: v.name.trim(), line: v.line ?? null, memo: v.memo?.trim() || null })
        )?.id;
      }
      return (await http.post<{ id: number }>(api.savePrices, { code, name: v.name.trim(), memo: v.memo?.trim() || null, items: [] }))?.id;
    },
    success: 'common.saved',
    done: (id) => {
      form.resetFields();
      onClose(id);
    },
    failed: (e) => {
      if (isApiError(e) && e.errors.length) {
        form.setFields(
          e.errors
            .filter((x) => ['code', 'name', 'line', 'memo'].includes(x.path))
            .map((x) => ({ name: x.path as keyof NewValues, errors: [x.message] })),
        );
      }
    },
  });
  const submit = () => saving.run();

  return (
    <Modal
      open={!!mode}
      title={mode === 'copy' ? t('pricing.template.copyTitle', { name: source?.name ?? '' }) : t('pricing.template.createTitle')}
      onCancel={() => onClose()}
      onOk={submit}
      confirmLoading={saving.busy}
      destroyOnHidden
      okText={mode === 'copy' ? t('pricing.template.copy') : t('common.create')}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="name"
          label={t('pricing.template.name')}
          rules={[{ required: true, message: t('common.pleaseEnter', { label: t('pricing.template.name') }) }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('pricing.template.code')}
          extra={mode === 'copy' ? undefined : t('pricing.template.codeHelp')}
          rules={mode === 'copy' ? [{ required: true, message: t('common.pleaseEnter', { label: t('pricing.template.code') }) }] : []}
        >
          <Input maxLength={32} placeholder={mode === 'copy' ? undefined : t('pricing.template.codeAuto')} />
        </Form.Item>
        {kind === 'service' && mode === 'new' ? (
          <Form.Item name="line" label={t('catalog.service.line')} extra={t('pricing.template.lineHelp')}>
            <Select
              allowClear
              placeholder={t('pricing.template.anyLine')}
              options={[
                { value: 'mf', label: t('catalog.service.lineMf') },
                { value: 'mr', label: t('catalog.service.lineMr') },
              ]}
            />
          </Form.Item>
        ) : null}
        {mode === 'new' ? (
          <Form.Item name="memo" label={t('common.memo')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

/** Service or product price templates: list, create, edit prices, apply to shops, copy, stop. */
export function TemplatesPage({ kind }: { kind: PriceKind }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const can = usePermission();
  const { modal } = App.useApp();
  const api = templateApi(kind);
  const def = templateDef(kind);
  const canEdit = can(api.perm);
  const [naming, setNaming] = useState<{ mode: 'new' | 'copy'; source: TemplateRow | null } | null>(null);
  const [prices, setPrices] = useState<{ id: number | null; system?: 'mf' | 'mr' | 'product' } | null>(null);
  const [shops, setShops] = useState<TemplateRow | null>(null);

  const refresh = () => invalidateResource(qc, def);

  const stopping = useAction<{ row: TemplateRow; status: 0 | 1 }>({
    run: ({ row, status }) => http.post(api.stop, { id: row.id, status }),
    success: (_r, { status }) => (status ? t('pricing.template.resumedDone') : t('pricing.template.stoppedDone')),
    invalidates: [def],
  });

  const toggle = (row: TemplateRow) => {
    const stop = row.status === 1;
    modal.confirm({
      title: stop ? t('pricing.template.stop') : t('pricing.template.resume'),
      content: stopping
        ? t('pricing.template.stopConfirm', { name: row.name, count: row.shopCount })
        : t('pricing.template.resumeConfirm', { name: row.name }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: stop },
      onOk: () => stopping.run({ row, status: stop ? 0 : 1 }),
    });
  };

  const systemItems =
    kind === 'service'
      ? [
          { key: 'mf', label: t('pricing.template.systemMf') },
          { key: 'mr', label: t('pricing.template.systemMr') },
        ]
      : [{ key: 'product', label: t('pricing.template.systemProduct') }];

  return (
    <>
      <ResourceList<TemplateRow, 'keyword'>
        def={def}
        hideCreate
        actionsWidth={kind === 'service' ? 330 : 330}
        toolbar={() =>
          canEdit ? (
            <>
              <Dropdown
                menu={{
                  items: systemItems,
                  onClick: ({ key }) => setPrices({ id: null, system: key as 'mf' | 'mr' | 'product' }),
                }}
              >
                <Button icon={<CrownOutlined />}>{t('pricing.template.systemDefaults')}</Button>
              </Dropdown>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setNaming({ mode: 'new', source: null })}>
                {t('pricing.template.create')}
              </Button>
            </>
          ) : null
        }
        rowActions={(row) => (
          <>
            <Button type="link" size="small" icon={<DollarOutlined />} onClick={() => setPrices({ id: row.id })}>
              {canEdit ? t('pricing.template.editPrices') : t('pricing.template.viewPrices')}
            </Button>
            {canEdit ? (
              <>
                <Tooltip title={row.status !== 1 ? t('pricing.template.stoppedNoShops') : undefined}>
                  <Button type="link" size="small" icon={<ShopOutlined />} disabled={row.status !== 1} onClick={() => setShops(row)}>
                    {t('pricing.template.applyShops')}
                  </Button>
                </Tooltip>
                <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => setNaming({ mode: 'copy', source: row })}>
                  {t('pricing.template.copy')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger={row.status === 1}
                  icon={row.status === 1 ? <StopOutlined /> : <PlayCircleOutlined />}
                  onClick={() => toggle(row)}
                >
                  {row.status === 1 ? t('pricing.template.stop') : t('pricing.template.resume')}
                </Button>
              </>
            ) : null}
          </>
        )}
      />
      <NameModal
        kind={kind}
        mode={naming?.mode ?? null}
        source={naming?.source ?? null}
        onClose={(id) => {
          setNaming(null);
          if (id) {
            void refresh();
            setPrices({ id });
          }
        }}
      />
      <TemplatePricesDrawer
        kind={kind}
        open={!!prices}
        templateId={prices?.id ?? null}
        system={prices?.system}
        canEdit={canEdit}
        onClose={() => setPrices(null)}
        onSaved={() => void refresh()}
      />
      <TemplateShopsModal
        kind={kind}
        template={shops}
        onClose={(done) => {
          setShops(null);
          if (done) void refresh();
        }}
      />
    </>
  );
}
