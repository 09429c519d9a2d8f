import { UploadOutlined } from '@ant-design/icons';
import {
  billPage,
  dormRentPaymentBill,
  type ReserveBalanceRow,
  reserveAdjustBill,
  reserveConvertBill,
  reserveLedgerRow,
  reserveSpendBill,
  shopListPath,
  storeRentPaymentBill,
} from '@headoffice/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLabel } from '../../../platform/bills/labels';
import { http } from '../../../platform/http';
import { formatMoney } from '../../../platform/money';
import { formatDateTime } from '../../../platform/resource/cells';
import { ImportModal } from '../../../platform/resource/ImportModal';
import { invalidateResource } from '../../../platform/resource/invalidate';
import { ResourceList } from '../../../platform/resource/ResourceList';
import { pagerTotal } from '../../../platform/resource/total';
import type { ResourceDef } from '../../../platform/resource/types';

const MONEY = '/api-finance/reservemoney';
const ledgerPage = billPage(reserveLedgerRow);
/** The bill types that move reserve money, by doc type, to name a ledger row's bill. */
const billTypes = new Map(
  [reserveAdjustBill, reserveSpendBill, reserveConvertBill, storeRentPaymentBill, dormRentPaymentBill].map((d) => [d.docType, d.label]),
);

/** 预留款余额: one row per shop and reserve type; they change only through approved bills. */
export const reserveBalanceDef: ResourceDef<ReserveBalanceRow> = {
  key: 'finance-reserve-balances',
  title: 'finance.reserve.balances.title',
  basePath: MONEY,
  listPath: `${MONEY}/getShopReseveMoney`,
  readOnly: true,
  deletePath: false,
  updateStatusPath: false,
  exportPath: false,
  rowName: (r) => `${r.shopName} · ${r.reserveTypeName}`,
  fields: [
    {
      key: 'shopId',
      title: 'finance.reserve.balances.shop',
      type: 'select',
      options: { kind: 'remote', url: shopListPath },
      table: { width: 200, display: 'shopName', sorter: true },
      search: { param: 'shopid' },
      form: false,
    },
    {
      key: 'reserveTypeId',
      title: 'finance.reserve.balances.type',
      type: 'select',
      options: { kind: 'remote', url: '/api-finance/dicreserve/list/all' },
      table: { width: 160, display: 'reserveTypeName', sorter: true },
      search: true,
      form: false,
    },
    { key: 'money', title: 'finance.reserve.balances.money', type: 'money', table: { width: 140, sorter: true }, form: false },
    { key: 'updatedAt', title: 'finance.reserve.balances.updatedAt', type: 'datetime', table: { width: 170 }, form: false },
  ],
};

/** The movements of one balance, newest first, each with its bill. */
function Ledger({ row, onClose }: { row: ReserveBalanceRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const params = row ? { shopid: row.shopId, reserveTypeId: row.reserveTypeId, page, pageSize: 20 } : undefined;
  const q = useQuery({
    queryKey: ['reserve-ledger', params],
    queryFn: ({ signal }) => http.read(ledgerPage, `${MONEY}/ledger`, params, { signal }),
    enabled: row !== null,
    placeholderData: keepPreviousData,
  });
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={row ? t('finance.reserve.balances.ledgerOf', { shop: row.shopName, type: row.reserveTypeName }) : null}
    >
      <Table
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: pagerTotal(q.data), onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('finance.reserve.balances.at'), dataIndex: 'at', width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: t('finance.reserve.balances.kind'),
            dataIndex: 'docType',
            width: 140,
            render: (v: string) => {
              const label = billTypes.get(v);
              return label ? pickLabel(label, i18n.language) : v;
            },
          },
          { title: t('finance.reserve.balances.bill'), dataIndex: 'billNo', width: 170 },
          {
            title: t('finance.reserve.balances.delta'),
            dataIndex: 'delta',
            align: 'right',
            render: (v: number) => <Typography.Text type={v < 0 ? 'danger' : 'success'}>{formatMoney(v)}</Typography.Text>,
          },
          { title: t('finance.reserve.balances.balance'), dataIndex: 'balance', align: 'right', render: (v: number) => formatMoney(v) },
        ]}
      />
    </Drawer>
  );
}

/** /admin/finance/reserve/balances — reserve money per shop and type, each with its ledger; adjustments imported from Excel. */
export default function BalancesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [ledgerOf, setLedgerOf] = useState<ReserveBalanceRow | null>(null);
  const [importing, setImporting] = useState(false);
  return (
    <>
      <ResourceList<ReserveBalanceRow, never>
        def={reserveBalanceDef}
        actionsWidth={90}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setLedgerOf(row)}>
            {t('finance.reserve.balances.ledger')}
          </Button>
        )}
        toolbar={() => (
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('finance.reserve.balances.import')}
          </Button>
        )}
      />
      <Ledger row={ledgerOf} onClose={() => setLedgerOf(null)} />
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        entity="finance.reserve.balances.import"
        templatePath="/api-finance/reservebillhead/excelTemplate"
        templateMethod="GET"
        importPath="/api-finance/reservebillhead/saveSystem"
        onDone={() => void invalidateResource(qc, reserveBalanceDef)}
      />
    </>
  );
}
