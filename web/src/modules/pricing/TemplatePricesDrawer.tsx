import { DeleteOutlined, PlusOutlined, ShopOutlined } from '@ant-design/icons';
import { type PriceKind, templateDetail, templatePage } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Input, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { EmptyState } from '../../platform/Empty';
import { http, isApiError } from '../../platform/http';
import { ItemPicker, type PickedItem } from '../../platform/ItemPicker';
import { formatMoney } from '../../platform/money';
import { MoneyCellInput } from '../../platform/resource/MoneyCellInput';
import { changedPrice } from './calc';
import { templateApi } from './templateApi';

interface Line {
  itemId: number;
  code: string;
  name: string;
  basePrice: number;
  price: number | null;
}

type System = 'mf' | 'mr' | 'product';

/** The prices of one template (or of a head-office default template): add items, set prices, save. */
export function TemplatePricesDrawer({
  kind,
  open,
  templateId,
  system,
  canEdit,
  onClose,
  onSaved,
}: {
  kind: PriceKind;
  open: boolean;
  templateId: number | null;
  system?: System;
  canEdit: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const api = templateApi(kind);
  const [lines, setLines] = useState<Line[]>([]);
  const [name, setName] = useState('');
  const [memo, setMemo] = useState('');
  const [filter, setFilter] = useState('');
  const [picking, setPicking] = useState(false);
  const [errors, setErrors] = useState<{ index: number | null; message: string }[]>([]);
  const [pct, setPct] = useState<number | null>(null);

  // a head-office default template is found by its line (it may not exist yet)
  const systemRow = useQuery({
    queryKey: ['pricetemplate', kind, 'system', system],
    queryFn: () =>
      http.read(templatePage, api.list, { isSystem: 1, line: system === 'product' ? undefined : system, page: 1, pageSize: 5 }),
    enabled: open && !!system,
    staleTime: 0,
    gcTime: 0,
  });
  const id = system
    ? (systemRow.data?.list.find((r) => r.isSystem && (system === 'product' || r.line === system))?.id ?? null)
    : templateId;
  const detail = useQuery({
    queryKey: ['pricetemplate', kind, 'detail', id],
    queryFn: ({ signal }) => http.read(templateDetail, api.detail(id ?? 0), undefined, { signal }),
    enabled: open && !!id,
    staleTime: 0,
    gcTime: 0,
  });
  const waiting = open && ((!!system && !systemRow.data) || (!!id && !detail.data));

  useEffect(() => {
    if (!open) return;
    setErrors([]);
    setFilter('');
    const d = detail.data;
    if (d && d.id === id) {
      setLines(d.items.map((i) => ({ itemId: i.itemId, code: i.code, name: i.name, basePrice: i.basePrice, price: i.price })));
      setName(d.name);
      setMemo(d.memo ?? '');
    } else if (!id) {
      setLines([]);
      setName('');
      setMemo('');
    }
  }, [open, detail.data, id]);

  const kw = filter.trim().toLowerCase();
  const shown = useMemo(
    () => (kw ? lines.filter((l) => l.code.toLowerCase().includes(kw) || l.name.toLowerCase().includes(kw)) : lines),
    [lines, kw],
  );
  const errorOf = (itemId: number) => {
    const i = lines.findIndex((l) => l.itemId === itemId);
    return errors.find((e) => e.index === i)?.message;
  };

  const add = (picked: PickedItem[]) =>
    setLines((cur) => [...cur, ...picked.map((p) => ({ itemId: p.id, code: p.code, name: p.name, basePrice: p.price, price: p.price }))]);
  const setPrice = (itemId: number, price: number | null) => {
    setLines((cur) => cur.map((l) => (l.itemId === itemId ? { ...l, price } : l)));
    setErrors([]);
  };

  // a refusal (400) is shown line by line, the client is quiet about it
  const saving = useAction({
    run: () => {
      setErrors([]);
      const items = lines.map((l) => ({ itemId: l.itemId, price: l.price as number }));
      const d = detail.data;
      // a head-office default template is saved through its own route
      const sys: System | undefined = system ?? (d?.isSystem ? (kind === 'product' ? 'product' : (d.line ?? 'mf')) : undefined);
      if (sys) {
        return http.post(
          api.system(sys),
          { ...(name.trim() ? { name: name.trim() } : {}), memo: memo.trim() || null, items },
          { quiet: ['400'] },
        );
      }
      return http.post(
        api.savePrices,
        { templateId: id, version: d?.version, name: name.trim() || undefined, memo: memo.trim() || null, items },
        { quiet: ['400'] },
      );
    },
    success: 'common.saved',
    done: async () => {
      onSaved();
      await (system ? systemRow.refetch() : detail.refetch());
    },
    failed: (e) => {
      if (!isApiError(e)) return;
      const list = e.errors.length
        ? e.errors.map((x) => {
            const m = /^items\.(\d+)/.exec(x.path);
            return { index: m ? Number(m[1]) : null, message: x.message };
          })
        : [{ index: null, message: e.message }];
      setErrors(list);
    },
  });

  const save = async () => {
    if (lines.some((l) => l.price === null)) {
      setErrors([{ index: null, message: t('pricing.template.missingPrice') }]);
      return;
    }
    await saving.run();
  };

  const d = detail.data;
  const title = system
    ? t(system === 'mf' ? 'pricing.template.systemMf' : system === 'mr' ? 'pricing.template.systemMr' : 'pricing.template.systemProduct')
    : t('pricing.template.pricesOf', { name: d?.name ?? '' });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={900}
      destroyOnHidden
      mask={{ closable: false }}
      loading={waiting && !detail.isError}
      title={title}
      footer={
        canEdit ? (
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={saving.busy} disabled={waiting} onClick={save}>
              {t('pricing.template.savePrices')}
            </Button>
          </Space>
        ) : null
      }
    >
      {waiting ? null : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {errors.length ? (
            <Alert type="error" showIcon title={errors.map((e) => e.message).join('；')} data-testid="template-errors" />
          ) : null}
          {d ? (
            <Descriptions
              size="small"
              bordered
              column={3}
              items={[
                { key: 'code', label: t('pricing.template.code'), children: d.code },
                {
                  key: 'status',
                  label: t('common.status'),
                  children:
                    d.status === 1 ? <Tag color="green">{t('pricing.template.inForce')}</Tag> : <Tag>{t('pricing.template.stopped')}</Tag>,
                },
                {
                  key: 'line',
                  label: t('catalog.service.line'),
                  children: d.line
                    ? t(d.line === 'mr' ? 'catalog.service.lineMr' : 'catalog.service.lineMf')
                    : t('pricing.template.anyLine'),
                },
                {
                  key: 'shops',
                  label: t('pricing.template.shopsOn'),
                  span: 3,
                  children: d.shops.length ? (
                    <Space size={[4, 4]} wrap>
                      {d.shops.map((s) => (
                        <Tag key={s.shopId} icon={<ShopOutlined />}>
                          {s.name}
                        </Tag>
                      ))}
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">{t('pricing.template.noShops')}</Typography.Text>
                  ),
                },
              ]}
            />
          ) : system ? (
            <Alert type="info" showIcon title={t('pricing.template.systemNew')} />
          ) : null}
          <Space wrap style={{ width: '100%' }}>
            <Input
              addonBefore={t('pricing.template.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={64}
              disabled={!canEdit}
              style={{ width: 320 }}
              placeholder={system ? t('pricing.template.systemNamePh') : undefined}
            />
            <Input
              addonBefore={t('common.memo')}
              value={memo}
              onChange={(e) => setMemo(e.target.value)}
              maxLength={500}
              disabled={!canEdit}
              style={{ width: 380 }}
            />
          </Space>
          <Space wrap>
            {canEdit ? (
              <>
                <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
                  {kind === 'service' ? t('pricing.template.addServices') : t('pricing.template.addProducts')}
                </Button>
                <Space.Compact>
                  <InputNumber<number>
                    value={pct}
                    onChange={setPct}
                    min={-100}
                    max={1000}
                    precision={2}
                    suffix="%"
                    placeholder={t('pricing.template.pctPh')}
                    style={{ width: 150 }}
                  />
                  <Button
                    disabled={pct === null || !lines.length}
                    onClick={() => setLines((cur) => cur.map((l) => ({ ...l, price: changedPrice(l.basePrice, 'percent', pct ?? 0) })))}
                  >
                    {t('pricing.template.applyPct')}
                  </Button>
                </Space.Compact>
              </>
            ) : null}
            <Input.Search
              allowClear
              placeholder={t('common.keywordPh')}
              onChange={(e) => setFilter(e.target.value)}
              style={{ width: 220 }}
            />
            <Typography.Text type="secondary">{t('pricing.template.itemsN', { count: lines.length })}</Typography.Text>
          </Space>
          <Table<Line>
            rowKey="itemId"
            size="small"
            dataSource={shown}
            pagination={shown.length > 50 ? { pageSize: 50, size: 'small' } : false}
            locale={{ emptyText: <EmptyState compact description={t('pricing.template.noItems')} /> }}
            columns={[
              { key: 'code', dataIndex: 'code', title: t('common.code'), width: 110 },
              { key: 'name', dataIndex: 'name', title: t('common.name') },
              {
                key: 'base',
                title: kind === 'service' ? t('pricing.grid.basePrice') : t('pricing.grid.retailPrice'),
                width: 110,
                align: 'right',
                render: (_, l) => formatMoney(l.basePrice),
              },
              {
                key: 'price',
                title: t('pricing.template.price'),
                width: 210,
                render: (_, l) => {
                  const err = errorOf(l.itemId);
                  return canEdit ? (
                    <MoneyCellInput
                      label={t('pricing.template.priceOf', { name: l.name })}
                      cents={l.price}
                      error={err}
                      onChange={(cents) => setPrice(l.itemId, cents)}
                      style={{ width: 150 }}
                    />
                  ) : (
                    formatMoney(l.price)
                  );
                },
              },
              {
                key: 'diff',
                title: t('pricing.template.vsBase'),
                width: 90,
                align: 'right',
                render: (_, l) => {
                  if (l.price === null || !l.basePrice) return null;
                  const diff = Math.round(((l.price - l.basePrice) / l.basePrice) * 1000) / 10;
                  return (
                    <Typography.Text
                      type={diff > 0 ? 'success' : diff < 0 ? 'warning' : 'secondary'}
                    >{`${diff > 0 ? '+' : ''}${diff}%`}</Typography.Text>
                  );
                },
              },
              ...(canEdit
                ? [
                    {
                      key: 'actions',
                      title: '',
                      width: 48,
                      render: (_: unknown, l: Line) => (
                        <Button
                          type="text"
                          danger
                          size="small"
                          icon={<DeleteOutlined />}
                          aria-label={t('common.delete')}
                          onClick={() => setLines((cur) => cur.filter((x) => x.itemId !== l.itemId))}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Space>
      )}
      <ItemPicker
        source="pricing"
        kind={kind}
        open={picking}
        taken={lines.map((l) => l.itemId)}
        onClose={() => setPicking(false)}
        onPick={add}
      />
    </Drawer>
  );
}
