import { HistoryOutlined, SaveOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import type { EeSpecialView, Page, ServiceRow, SpecialLogRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { formatDateTime } from '../../platform/resource/cells';
import { ImportModal } from '../../platform/resource/ImportModal';
import { MoneyCellInput } from '../../platform/resource/MoneyCellInput';
import { CHAIN, ShopSelect, useShops } from '../../platform/shops';
import { PRICING } from '../pricing/public';

interface LevelLine {
  levelId: number;
  levelName: string;
  positionName: string;
  chainPrice: number | null;
  shopPrice: number | null;
}

/** Level prices of a service: the chain default, and a shop's overrides. */
export function ServiceSpecialsTab({ service }: { service: ServiceRow }) {
  const { t } = useTranslation();
  const can = usePermission();
  const canEdit = can('catalog.service.edit') || can('pricing.serviceprice.edit');
  const { shops } = useShops();
  const [scope, setScope] = useState<number>(CHAIN);
  const [draft, setDraft] = useState<Record<number, number | null>>({});
  const [importing, setImporting] = useState(false);
  const isChain = scope === CHAIN;
  // the chain prices are read through any shop's view (they are the same for every shop)
  const viewShop = isChain ? shops[0]?.id : scope;

  const levels = useQuery({
    queryKey: ['service', 'specials', service.id, viewShop],
    queryFn: ({ signal }) =>
      http.post<EeSpecialView>(PRICING.selectEeSpecial, { serviceId: service.id }, { params: { shopid: viewShop }, signal }),
    enabled: !!viewShop,
  });
  const log = useQuery({
    queryKey: ['service', 'specialLog', service.id],
    queryFn: ({ signal }) =>
      http.post<Page<SpecialLogRow>>(PRICING.specialLog, { serviceId: service.id, page: 1, pageSize: 100 }, { signal }),
  });

  const lines: LevelLine[] = useMemo(
    () =>
      (levels.data?.levels ?? []).map((l) => ({
        levelId: l.levelId,
        levelName: l.levelName,
        positionName: l.positionName,
        chainPrice: l.chainPrice,
        shopPrice: l.shopPrice,
      })),
    [levels.data],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scope or fresh data starts a new draft
  useEffect(() => setDraft({}), [scope, levels.data]);

  const current = (l: LevelLine) => (isChain ? l.chainPrice : l.shopPrice);
  const priceOf = (l: LevelLine) => (l.levelId in draft ? (draft[l.levelId] ?? null) : current(l));
  const changed = lines.filter((l) => l.levelId in draft && (draft[l.levelId] ?? null) !== current(l));

  // refused (out of bounds, ...): shown by the client
  const saving = useAction({
    run: () => {
      if (!isChain) {
        return http.post(
          PRICING.setEeSpecial,
          { serviceId: service.id, items: changed.map((l) => ({ levelId: l.levelId, price: priceOf(l) })) },
          { params: { shopid: scope } },
        );
      }
      const items = lines
        .map((l) => ({ levelId: l.levelId, price: priceOf(l) }))
        .filter((i): i is { levelId: number; price: number } => i.price !== null);
      return http.post(PRICING.saveSpecials, { serviceId: service.id, shopId: null, items });
    },
    success: 'common.saved',
    invalidates: [
      ['service', 'specials', service.id],
      ['service', 'specialLog', service.id],
    ],
  });
  const save = () => saving.run();

  const priceInput = (l: LevelLine) => (
    <MoneyCellInput
      label={`${l.positionName} ${l.levelName}`}
      cents={priceOf(l)}
      placeholder={isChain ? t('pricing.special.none') : t('pricing.special.useChain')}
      disabled={!canEdit}
      onChange={(cents) => setDraft((d) => ({ ...d, [l.levelId]: cents }))}
      style={{ width: 150 }}
    />
  );

  const effective = (l: LevelLine) => {
    const shop = isChain ? null : priceOf(l);
    const chain = isChain ? priceOf(l) : l.chainPrice;
    if (shop !== null) return <Typography.Text strong>{formatMoney(shop)}</Typography.Text>;
    if (chain !== null)
      return (
        <Space size={4}>
          <Typography.Text strong>{formatMoney(chain)}</Typography.Text>
          {!isChain ? <Tag>{t('pricing.special.fromChain')}</Tag> : null}
        </Space>
      );
    return <Typography.Text type="secondary">{t('pricing.special.shopPriceApplies')}</Typography.Text>;
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>{t('pricing.special.scope')}</Typography.Text>
        <ShopSelect withChain value={scope} onChange={(v) => setScope(v ?? CHAIN)} style={{ width: 260 }} />
        {levels.data && !isChain ? (
          <Typography.Text type="secondary">
            {t('pricing.special.shopPrice', {
              price: levels.data.shopPrice === null ? t('pricing.notSold') : formatMoney(levels.data.shopPrice),
            })}
          </Typography.Text>
        ) : null}
      </Space>
      <Alert type="info" showIcon title={isChain ? t('pricing.special.chainHint') : t('pricing.special.shopHint')} />
      <Table<LevelLine>
        rowKey="levelId"
        size="small"
        loading={levels.isLoading}
        dataSource={lines}
        pagination={false}
        locale={{ emptyText: <EmptyState compact description={t('pricing.special.noLevels')} /> }}
        columns={[
          { key: 'position', dataIndex: 'positionName', title: t('pricing.special.position'), width: 140 },
          { key: 'level', dataIndex: 'levelName', title: t('pricing.special.level'), width: 140 },
          ...(isChain
            ? [{ key: 'chain', title: t('pricing.special.chainPrice'), width: 180, render: (_: unknown, l: LevelLine) => priceInput(l) }]
            : [
                {
                  key: 'chain',
                  title: t('pricing.special.chainPrice'),
                  width: 140,
                  align: 'right' as const,
                  render: (_: unknown, l: LevelLine) => (l.chainPrice === null ? '—' : formatMoney(l.chainPrice)),
                },
                { key: 'shop', title: t('pricing.special.shopOverride'), width: 180, render: (_: unknown, l: LevelLine) => priceInput(l) },
              ]),
          { key: 'effective', title: t('pricing.special.effective'), render: (_: unknown, l: LevelLine) => effective(l) },
        ]}
      />
      {canEdit ? (
        <Space>
          <Button type="primary" icon={<SaveOutlined />} loading={saving.busy} disabled={!changed.length} onClick={save}>
            {t('pricing.special.save')}
          </Button>
          <Button icon={<UndoOutlined />} disabled={!changed.length} onClick={() => setDraft({})}>
            {t('common.reset')}
          </Button>
          {changed.length ? <Typography.Text type="warning">{t('pricing.changedN', { count: changed.length })}</Typography.Text> : null}
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('pricing.special.import')}
          </Button>
        </Space>
      ) : null}
      <Card
        size="small"
        type="inner"
        title={
          <Space>
            <HistoryOutlined />
            {t('pricing.special.log')}
          </Space>
        }
      >
        <Table<SpecialLogRow>
          rowKey="id"
          size="small"
          loading={log.isLoading}
          dataSource={log.data?.list ?? []}
          pagination={(log.data?.list.length ?? 0) > 10 ? { pageSize: 10, size: 'small' } : false}
          locale={{ emptyText: <EmptyState compact /> }}
          columns={[
            { key: 'at', title: t('pricing.special.at'), width: 150, render: (_, r) => formatDateTime(r.at) },
            {
              key: 'shop',
              title: t('pricing.shop'),
              width: 160,
              render: (_, r) => r.shopName ?? <Tag color="blue">{t('pricing.chainDefault')}</Tag>,
            },
            { key: 'level', dataIndex: 'levelName', title: t('pricing.special.level'), width: 120 },
            {
              key: 'old',
              title: t('pricing.special.oldPrice'),
              width: 110,
              align: 'right',
              render: (_, r) => (r.oldPrice === null ? '—' : formatMoney(r.oldPrice)),
            },
            {
              key: 'new',
              title: t('pricing.special.newPrice'),
              width: 110,
              align: 'right',
              render: (_, r) => (r.newPrice === null ? <Tag>{t('pricing.special.removed')}</Tag> : formatMoney(r.newPrice)),
            },
            { key: 'user', dataIndex: 'username', title: t('pricing.special.by'), width: 110 },
          ]}
        />
      </Card>
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        entity="pricing.special.importEntity"
        templatePath={PRICING.specialTemplate}
        importPath={PRICING.specialImport}
        onDone={() => void Promise.all([levels.refetch(), log.refetch()])}
      />
    </Space>
  );
}
