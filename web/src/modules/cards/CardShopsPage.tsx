import { type CardTypePick, cardKindLabels, cardShopRow, cardTypePick, shopPick } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { CARDS } from './api';

const ROWS_KEY = ['cards-shop-rows'];

/**
 * /admin/cards/shops — card types × shops: a switch per pair enables or disables the card type at the
 * shop; a batch enables or disables chosen card types at chosen shops. A stopped (停办) card type
 * cannot be enabled (the server refuses; its switches are off and locked here).
 */
export default function CardShopsPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const editable = can('cards.shop.edit');
  const types = useQuery({
    queryKey: ['cards-types-all'],
    queryFn: ({ signal }) => http.read(z.array(cardTypePick), CARDS.typeAll, undefined, { signal }),
  });
  const shops = useQuery({
    queryKey: ['cards-shops-all'],
    queryFn: ({ signal }) => http.read(z.array(shopPick), CARDS.shopsAll, undefined, { signal }),
  });
  const rows = useQuery({
    queryKey: ROWS_KEY,
    queryFn: ({ signal }) => http.read(z.array(cardShopRow), CARDS.shopRows, undefined, { signal }),
  });
  const [pickedTypes, setPickedTypes] = useState<number[]>([]);
  const [pickedShops, setPickedShops] = useState<number[]>([]);
  const enabled = useMemo(
    () => new Set((rows.data ?? []).filter((r) => r.status === 1).map((r) => `${r.cardTypeId}:${r.shopId}`)),
    [rows.data],
  );
  const targets = [ROWS_KEY, ['cards-types']];
  const one = useAction<{ cardTypeId: number; shopId: number; status: 1 | 2 }>({
    run: (v) => http.post(CARDS.shopSave, v),
    success: 'cards.shop.saved',
    invalidates: targets,
  });
  const batch = useAction<1 | 2>({
    run: (status) => http.post(CARDS.shopBatch, { cardTypeIds: pickedTypes, shopIds: pickedShops, status }),
    success: 'cards.shop.saved',
    invalidates: targets,
  });
  const shopList = shops.data ?? [];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {editable ? (
        <Card size="small">
          <Space wrap>
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 260 }}
              placeholder={t('cards.shop.pickTypes')}
              value={pickedTypes}
              onChange={setPickedTypes}
              optionFilterProp="label"
              maxTagCount="responsive"
              options={(types.data ?? []).map((ct) => ({ value: ct.id, label: `${ct.code} ${ct.name}`, disabled: ct.status === 2 }))}
            />
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 260 }}
              placeholder={t('cards.shop.pickShops')}
              value={pickedShops}
              onChange={setPickedShops}
              optionFilterProp="label"
              maxTagCount="responsive"
              options={shopList.map((s) => ({ value: s.id, label: s.name }))}
            />
            <Button type="primary" disabled={!pickedTypes.length || !pickedShops.length} loading={batch.busy} onClick={() => batch.run(1)}>
              {t('cards.shop.batchEnable')}
            </Button>
            <Button disabled={!pickedTypes.length || !pickedShops.length} loading={batch.busy} onClick={() => batch.run(2)}>
              {t('cards.shop.batchDisable')}
            </Button>
            <Typography.Text type="secondary">{t('cards.shop.stoppedHint')}</Typography.Text>
          </Space>
        </Card>
      ) : null}
      <Table<CardTypePick>
        size="small"
        bordered
        rowKey="id"
        loading={types.isLoading || shops.isLoading || rows.isLoading}
        dataSource={types.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content', y: 'calc(100vh - 330px)' }}
        columns={[
          {
            title: t('cards.shop.cardType'),
            key: 'type',
            fixed: 'left',
            width: 220,
            render: (_, ct) => (
              <Space size={4}>
                <Typography.Text>{`${ct.code} ${ct.name}`}</Typography.Text>
                <Tag color={ct.kind === 1 ? 'blue' : 'purple'}>{pickLabel(cardKindLabels[ct.kind])}</Tag>
                {ct.status === 2 ? <Tag>{t('cards.type.stopped')}</Tag> : null}
              </Space>
            ),
          },
          ...shopList.map((s) => ({
            title: s.name,
            key: `shop-${s.id}`,
            width: 110,
            align: 'center' as const,
            render: (_: unknown, ct: CardTypePick) => {
              const on = enabled.has(`${ct.id}:${s.id}`);
              const locked = !editable || (ct.status === 2 && !on);
              const sw = (
                <Switch
                  size="small"
                  checked={on}
                  disabled={locked}
                  loading={one.busyFor((v) => v.cardTypeId === ct.id && v.shopId === s.id)}
                  aria-label={`${ct.name} · ${s.name}`}
                  onChange={(checked) => one.run({ cardTypeId: ct.id, shopId: s.id, status: checked ? 1 : 2 })}
                />
              );
              return ct.status === 2 && !on ? <Tooltip title={t('cards.shop.stoppedHint')}>{sw}</Tooltip> : sw;
            },
          })),
        ]}
      />
    </Space>
  );
}
