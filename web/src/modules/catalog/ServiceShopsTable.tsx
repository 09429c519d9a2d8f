import type { ShopStatusRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { PRICING } from '../pricing/public';

/** Which shops sell a service and at what price (getServShopStatus); a switch starts or stops selling it. */
export function ServiceShopsTable({ serviceId, basePrice }: { serviceId: number; basePrice: number }) {
  const { t } = useTranslation();
  const can = usePermission();
  const canEdit = can('pricing.serviceprice.edit');
  const q = useQuery({
    queryKey: ['service', 'shops', serviceId],
    queryFn: ({ signal }) => http.post<ShopStatusRow[]>(PRICING.getServShopStatus, { serviceId }, { signal, quiet: ['403'] }),
  });

  const selling = useAction<{ row: ShopStatusRow; sell: boolean }>({
    run: ({ row, sell }) => http.post(PRICING.servShopStatus, { shopIds: [row.shopId], serviceIds: [serviceId], status: sell ? 1 : 0 }),
    success: (_r, { row, sell }) =>
      sell ? t('pricing.shopSell.on', { shop: row.shopName }) : t('pricing.shopSell.off', { shop: row.shopName }),
    invalidates: [['service', 'shops', serviceId]],
  });
  const toggle = (row: ShopStatusRow, sell: boolean) => selling.run({ row, sell });

  const sold = (q.data ?? []).filter((r) => r.status === 1).length;
  return (
    <div>
      <Typography.Title level={5}>
        {t('pricing.shopSell.title')}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
          {t('pricing.shopSell.count', { sold, total: q.data?.length ?? 0 })}
        </Typography.Text>
      </Typography.Title>
      <Table<ShopStatusRow>
        rowKey="shopId"
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={(q.data?.length ?? 0) > 10 ? { pageSize: 10, size: 'small' } : false}
        locale={{ emptyText: <EmptyState compact /> }}
        columns={[
          { key: 'code', dataIndex: 'shopCode', title: t('common.code'), width: 100 },
          { key: 'name', dataIndex: 'shopName', title: t('pricing.shop'), width: 180 },
          {
            key: 'price',
            title: t('pricing.shopSell.price'),
            width: 120,
            align: 'right',
            render: (_, r) =>
              r.price === null ? (
                <Typography.Text type="secondary">{t('pricing.shopSell.atBase', { price: formatMoney(basePrice) })}</Typography.Text>
              ) : (
                formatMoney(r.price)
              ),
          },
          {
            key: 'status',
            title: t('pricing.shopSell.status'),
            width: 120,
            render: (_, r) =>
              !r.listed ? (
                <Tag>{t('pricing.grid.notListed')}</Tag>
              ) : r.status === 1 ? (
                <Tag color="green">{t('pricing.shopSell.selling')}</Tag>
              ) : (
                <Tag>{t('pricing.grid.stopped')}</Tag>
              ),
          },
          ...(canEdit
            ? [
                {
                  key: 'switch',
                  title: t('pricing.shopSell.sell'),
                  width: 90,
                  render: (_: unknown, r: ShopStatusRow) => (
                    <Switch
                      size="small"
                      checked={r.status === 1}
                      loading={selling.busyFor((v) => v.row.shopId === r.shopId)}
                      aria-label={`${r.shopName} ${t('pricing.shopSell.sell')}`}
                      onChange={(v) => void toggle(r, v)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
