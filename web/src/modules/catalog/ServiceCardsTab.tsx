import { DeleteOutlined, PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { cardPriceRow, type ServiceRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { centsToYuan, formatMoney, yuanToCents } from '../../platform/money';
import { CHAIN, ShopSelect } from '../../platform/shops';
import { CardTypeSelect, PRICING, useCardTypes } from '../pricing/public';

interface Line {
  key: string;
  cardTypeId: number | null;
  price: number | null;
}

let seq = 0;
const nextKey = () => `n${++seq}`;

/** Card prices of a service: the price when paid with a card type, chain-wide or in one shop. */
export function ServiceCardsTab({ service }: { service: ServiceRow }) {
  const { t } = useTranslation();
  const can = usePermission();
  const canEdit = can('catalog.service.edit') || can('pricing.serviceprice.edit');
  const [scope, setScope] = useState<number>(CHAIN);
  const [lines, setLines] = useState<Line[] | null>(null);
  const shopId = scope === CHAIN ? null : scope;
  const cards = useQuery({
    queryKey: ['service', 'cards', service.id, shopId],
    queryFn: ({ signal }) =>
      http.read(z.array(cardPriceRow), PRICING.servPriceCards, { serviceId: service.id, shopId: shopId ?? undefined }, { signal }),
  });
  const types = useCardTypes();
  /** The card type's name: from the list of card types, else as the saved price carries it. */
  const nameOf = (id: number | null) => types.byId(id)?.name ?? (cards.data ?? []).find((c) => c.cardTypeId === id)?.cardTypeName ?? null;

  const saved: Line[] = useMemo(
    () =>
      (cards.data ?? [])
        .filter((c) => (c.shopId ?? null) === shopId)
        .map((c) => ({ key: `c${c.id}`, cardTypeId: c.cardTypeId, price: c.price })),
    [cards.data, shopId],
  );
  const chainRows = useMemo(() => (cards.data ?? []).filter((c) => c.shopId === null), [cards.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fresh data or another scope starts a new draft
  useEffect(() => setLines(null), [cards.data, scope]);
  const rows = lines ?? saved;
  const dirty = lines !== null;
  const duplicate = new Set(rows.map((r) => r.cardTypeId).filter((id, i, a) => id !== null && a.indexOf(id) !== i));
  const invalid = rows.some((r) => !r.cardTypeId || r.price === null) || duplicate.size > 0;

  const update = (key: string, patch: Partial<Line>) => setLines(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const saving = useAction({
    run: () =>
      http.post(PRICING.saveServCards, {
        serviceId: service.id,
        shopId,
        items: rows.map((r) => ({ cardTypeId: r.cardTypeId, price: r.price })),
      }),
    success: 'common.saved',
    invalidates: [['service', 'cards', service.id]],
  });
  const save = () => saving.run();

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>{t('pricing.special.scope')}</Typography.Text>
        <ShopSelect withChain value={scope} onChange={(v) => setScope(v ?? CHAIN)} style={{ width: 260 }} />
      </Space>
      <Alert type="info" showIcon title={t('pricing.card.hint')} />
      <Table<Line>
        rowKey="key"
        size="small"
        loading={cards.isLoading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <EmptyState compact description={t('pricing.card.none')} /> }}
        columns={[
          {
            key: 'card',
            title: t('pricing.card.type'),
            width: 260,
            render: (_, r) =>
              canEdit ? (
                <CardTypeSelect
                  value={r.cardTypeId}
                  onChange={(v) => update(r.key, { cardTypeId: v })}
                  status={r.cardTypeId && duplicate.has(r.cardTypeId) ? 'error' : undefined}
                  style={{ width: 240 }}
                />
              ) : (
                nameOf(r.cardTypeId)
              ),
          },
          {
            key: 'kind',
            title: t('pricing.card.kind'),
            width: 120,
            render: (_, r) => {
              const type = types.byId(r.cardTypeId);
              return type ? (
                <Space size={4}>
                  {t(`pricing.card.kinds.${type.kind}`)}
                  {type.status === 1 ? null : <Tag>{t('pricing.card.stopped')}</Tag>}
                </Space>
              ) : null;
            },
          },
          {
            key: 'price',
            title: t('pricing.card.price'),
            width: 180,
            render: (_, r) =>
              canEdit ? (
                <InputNumber<number>
                  value={centsToYuan(r.price)}
                  min={0}
                  max={10_000_000}
                  precision={2}
                  prefix="¥"
                  onChange={(v) => update(r.key, { price: v === null ? null : yuanToCents(v) })}
                  style={{ width: 150 }}
                />
              ) : (
                formatMoney(r.price)
              ),
          },
          ...(shopId
            ? [
                {
                  key: 'chain',
                  title: t('pricing.card.chainPrice'),
                  width: 120,
                  align: 'right' as const,
                  render: (_: unknown, r: Line) => {
                    const c = chainRows.find((x) => x.cardTypeId === r.cardTypeId);
                    return c ? formatMoney(c.price) : '—';
                  },
                },
              ]
            : []),
          {
            key: 'vs',
            title: t('pricing.card.vsBase'),
            render: (_, r) =>
              r.price !== null && service.basePrice > 0 ? (
                <Typography.Text type="secondary">{`${Math.round((r.price / service.basePrice) * 1000) / 10}%`}</Typography.Text>
              ) : null,
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('common.actions'),
                  width: 80,
                  render: (_: unknown, r: Line) => (
                    <Button
                      type="link"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => setLines(rows.filter((x) => x.key !== r.key))}
                      aria-label={t('common.delete')}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {canEdit ? (
        <Space>
          <Button
            icon={<PlusOutlined />}
            onClick={() => setLines([...rows, { key: nextKey(), cardTypeId: null, price: service.basePrice }])}
          >
            {t('pricing.card.add')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving.busy} disabled={!dirty || invalid} onClick={save}>
            {t('common.save')}
          </Button>
          <Button icon={<UndoOutlined />} disabled={!dirty} onClick={() => setLines(null)}>
            {t('common.reset')}
          </Button>
          {duplicate.size ? <Typography.Text type="danger">{t('pricing.card.duplicate')}</Typography.Text> : null}
        </Space>
      ) : null}
    </Space>
  );
}
