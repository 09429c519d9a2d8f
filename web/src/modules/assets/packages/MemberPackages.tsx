import {
  type DepositRow,
  depositRow,
  memberPackagePaths,
  type PackageLineRow,
  packageLineRow,
  packageRecordsPage,
  productPick,
  recordPick,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Select, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { usePermission } from '../../../platform/auth';
import { LocationSelect } from '../../../platform/bills/pickers';
import { EmptyState } from '../../../platform/Empty';
import { http } from '../../../platform/http';
import { FormDialog } from '../../../platform/list/FormDialog';
import { formatMoney, yuanToCents } from '../../../platform/money';
import { formatDateTime } from '../../../platform/resource/cells';

const money = (v: number) => formatMoney(v);

/** Package lines as a table: item, count left of total, the batch's unit price, value left, expiry. */
export function PackageLinesTable({ lines, loading, withMember }: { lines: PackageLineRow[]; loading?: boolean; withMember?: boolean }) {
  const { t } = useTranslation();
  const [recordsOf, setRecordsOf] = useState<PackageLineRow | null>(null);
  return (
    <>
      <Table<PackageLineRow>
        className="ho-member-packages"
        rowKey="id"
        size="small"
        loading={loading}
        pagination={false}
        dataSource={lines}
        locale={{ emptyText: <EmptyState compact description={t('assets.pkg.noPackages')} /> }}
        scroll={{ x: withMember ? 1260 : 1060 }}
        columns={[
          ...(withMember
            ? [
                {
                  title: t('assets.pkg.member'),
                  key: 'member',
                  width: 200,
                  render: (_: unknown, r: PackageLineRow) => `${r.memname} ${r.mobile}`,
                },
              ]
            : []),
          { title: t('assets.pkg.mpname'), dataIndex: 'mpname', width: 140 },
          {
            title: t('assets.pkg.item'),
            dataIndex: 'servname',
            width: 180,
            render: (v: string, r) => (
              <span>
                {v} <Typography.Text type="secondary">{t(`assets.pkg.itemTypes.${r.stype}`)}</Typography.Text>
                {r.isGift ? <Tag color="gold">{t('assets.pkg.gift')}</Tag> : null}
              </span>
            ),
          },
          {
            title: t('assets.pkg.left'),
            key: 'left',
            width: 90,
            align: 'right',
            render: (_: unknown, r) => (
              <span className="ho-package-left">
                {r.snum} / {r.total}
              </span>
            ),
          },
          { title: t('assets.pkg.singlePrice'), dataIndex: 'singlePrice', width: 100, align: 'right', render: money },
          { title: t('assets.pkg.lessmoney'), dataIndex: 'lessmoney', width: 110, align: 'right', render: money },
          {
            title: t('assets.pkg.expiry'),
            dataIndex: 'expiryTime',
            width: 130,
            render: (v: string | null, r) => (
              <span>
                {v ?? t('assets.never')} {r.expired ? <Tag color="red">{t('assets.pkg.expired')}</Tag> : null}
              </span>
            ),
          },
          { title: t('assets.pkg.soldAt'), dataIndex: 'shopName', width: 130 },
          { title: t('assets.pkg.soldOn'), dataIndex: 'soldOn', width: 100 },
          {
            title: '',
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Button size="small" type="link" onClick={() => setRecordsOf(r)}>
                {t('assets.records')}
              </Button>
            ),
          },
        ]}
      />
      {recordsOf ? (
        <Modal
          open
          width={900}
          footer={null}
          onCancel={() => setRecordsOf(null)}
          title={`${t('assets.pkg.records')} ${recordsOf.servname}`}
        >
          <PackageRecords lineId={recordsOf.id} />
        </Modal>
      ) : null}
    </>
  );
}

/** The package ledger of one line (queryPackageRecords), newest first. */
function PackageRecords({ lineId }: { lineId: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['package-records', lineId],
    queryFn: ({ signal }) => http.send(packageRecordsPage, memberPackagePaths.records, { lineId, pageSize: 200 }, { signal }),
  });
  return (
    <Table
      rowKey="id"
      size="small"
      loading={q.isFetching}
      pagination={false}
      dataSource={q.data?.list ?? []}
      locale={{ emptyText: <EmptyState compact /> }}
      columns={[
        { title: t('assets.at'), dataIndex: 'at', width: 150, render: (v: string) => formatDateTime(v) },
        { title: t('assets.billNo'), dataIndex: 'billNo', width: 160 },
        { title: t('assets.kind'), dataIndex: 'kind', width: 80, render: (v: string) => t(`assets.pkg.kinds.${v}`) },
        { title: t('assets.shop'), dataIndex: 'shopName', width: 120 },
        { title: t('assets.pkg.change'), dataIndex: 'saleNum', width: 90, align: 'right' },
        { title: t('assets.pkg.after'), dataIndex: 'surplusNum', width: 90, align: 'right' },
        { title: t('assets.by'), dataIndex: 'by', width: 100 },
      ]}
    />
  );
}

/** Deposited products as a table: product, count left of total, price, keeping shop, source. */
export function DepositsTable({ rows, loading }: { rows: DepositRow[]; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Table<DepositRow>
      className="ho-member-deposits"
      rowKey="id"
      size="small"
      loading={loading}
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: <EmptyState compact description={t('assets.pkg.noDeposits')} /> }}
      scroll={{ x: 900 }}
      columns={[
        { title: t('assets.pkg.pcode'), dataIndex: 'pcode', width: 120 },
        { title: t('assets.pkg.pname'), dataIndex: 'pname', width: 160 },
        {
          title: t('assets.pkg.checknum'),
          key: 'left',
          width: 90,
          align: 'right',
          render: (_: unknown, r) => `${r.checknum} / ${r.total}`,
        },
        { title: t('assets.pkg.price'), dataIndex: 'price', width: 100, align: 'right', render: money },
        { title: t('assets.pkg.shop'), dataIndex: 'shopName', width: 130 },
        { title: t('assets.pkg.source'), dataIndex: 'source', width: 80, render: (v: string) => t(`assets.pkg.sources.${v}`) },
        { title: t('assets.pkg.billcode'), dataIndex: 'billcode', width: 140 },
      ]}
    />
  );
}

export const depositsKey = (memberId: number) => ['member-deposits', memberId];
export const packagesKey = (memberId: number) => ['member-packages', memberId];

/** A member's packages (count left, unit price per batch) and deposited products, on the member page. */
export function MemberPackages({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const lines = useQuery({
    queryKey: packagesKey(memberId),
    queryFn: ({ signal }) => http.read(z.array(packageLineRow), memberPackagePaths.lines, { memid: memberId }, { signal }),
  });
  const kept = useQuery({
    queryKey: depositsKey(memberId),
    queryFn: ({ signal }) => http.read(z.array(depositRow), memberPackagePaths.deposits, { memid: memberId }, { signal }),
  });
  const can = usePermission();
  const [dialog, setDialog] = useState<'sell' | 'deposit' | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Card
        size="small"
        title={t('assets.pkg.packages')}
        style={{ marginTop: 12 }}
        extra={
          can('assets.package.sell') ? (
            <Button size="small" className="ho-sell-package" onClick={() => setDialog('sell')}>
              {t('assets.pkg.sell')}
            </Button>
          ) : null
        }
      >
        <PackageLinesTable lines={lines.data ?? []} loading={lines.isLoading} />
      </Card>
      <Card
        size="small"
        title={t('assets.pkg.deposits')}
        style={{ marginTop: 12 }}
        extra={
          can('assets.deposit.edit') ? (
            <Button size="small" className="ho-record-deposit" onClick={() => setDialog('deposit')}>
              {t('assets.pkg.deposit')}
            </Button>
          ) : null
        }
      >
        <DepositsTable rows={kept.data ?? []} loading={kept.isLoading} />
      </Card>
      {dialog === 'sell' ? <SellPackageModal memberId={memberId} onClose={close} /> : null}
      {dialog === 'deposit' ? <DepositModal memberId={memberId} onClose={close} /> : null}
    </>
  );
}

/** What a sale or a deposit changes: the member's packages, deposits and asset totals. */
const refetched = (memberId: number) => [packagesKey(memberId), depositsKey(memberId), ['member-assets', memberId]];

/** Head office sells a catalogue package to the member (a package bill of kind sell, counts on the package ledger). */
interface SellForm {
  packageId: number;
  shopId: number;
  expiresOn?: Dayjs;
  isGift?: boolean;
  memo?: string;
}

function SellPackageModal({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const packages = useQuery({
    queryKey: ['service-packages', 'all'],
    queryFn: () => http.read(z.array(recordPick), '/api-chain/servicepackage/list/all'),
  });
  const required = [{ required: true, message: t('assets.pkg.required') }];
  return (
    <FormDialog<SellForm, { billNo: string }>
      open
      title={t('assets.pkg.sellTitle')}
      className="ho-sell-package-modal"
      initialValues={{}}
      send={(v) =>
        http.post<{ billNo: string }>(
          memberPackagePaths.sell,
          {
            memberId,
            shopId: v.shopId,
            packageId: v.packageId,
            isGift: !!v.isGift,
            expiresOn: v.expiresOn ? v.expiresOn.format('YYYY-MM-DD') : undefined,
            memo: v.memo?.trim() || undefined,
          },
          { once: true },
        )
      }
      success={(bill) => t('assets.pkg.sold', { billNo: bill.billNo })}
      invalidates={refetched(memberId)}
      onClose={onClose}
    >
      <Form.Item name="packageId" label={t('assets.pkg.catalogue')} rules={required}>
        <Select
          loading={packages.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(packages.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.code}）` }))}
        />
      </Form.Item>
      <Form.Item name="shopId" label={t('assets.pkg.sellShop')} rules={required}>
        <LocationSelect withWarehouse={false} />
      </Form.Item>
      <Form.Item name="expiresOn" label={t('assets.pkg.expiresOn')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="isGift" valuePropName="checked">
        <Checkbox>{t('assets.pkg.giftPackage')}</Checkbox>
      </Form.Item>
      <Form.Item name="memo" label={t('assets.pkg.memo')}>
        <Input maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}

/** Head office records a product the member leaves at a shop (寄存): count, unit price, source. */
interface DepositForm {
  productId: number;
  shopId: number;
  total: number;
  price: number;
  source: 'purchase' | 'package' | 'gift';
  billcode?: string;
  memo?: string;
}

function DepositModal({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const products = useQuery({
    queryKey: ['products', 'all'],
    queryFn: () => http.read(z.array(productPick), '/api-chain/product/list/all'),
  });
  const required = [{ required: true, message: t('assets.pkg.required') }];
  return (
    <FormDialog<DepositForm>
      open
      title={t('assets.pkg.depositTitle')}
      className="ho-deposit-modal"
      initialValues={{ price: 0, source: 'purchase' }}
      send={(v) =>
        http.post(
          memberPackagePaths.depositSave,
          {
            memberId,
            shopId: v.shopId,
            productId: v.productId,
            total: v.total,
            price: yuanToCents(v.price) ?? 0,
            source: v.source,
            billcode: v.billcode?.trim() || undefined,
            memo: v.memo?.trim() || undefined,
          },
          { once: true },
        )
      }
      success="assets.pkg.deposited"
      invalidates={refetched(memberId)}
      onClose={onClose}
    >
      <Form.Item name="productId" label={t('assets.pkg.product')} rules={required}>
        <Select
          loading={products.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(products.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.pcode}）` }))}
        />
      </Form.Item>
      <Form.Item name="shopId" label={t('assets.pkg.depositShop')} rules={required}>
        <LocationSelect withWarehouse={false} />
      </Form.Item>
      <Form.Item name="total" label={t('assets.pkg.depositTotal')} rules={required}>
        <InputNumber min={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="price" label={t('assets.pkg.unitPrice')} rules={required}>
        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="source" label={t('assets.pkg.source')} rules={required}>
        <Select options={(['purchase', 'package', 'gift'] as const).map((s) => ({ value: s, label: t(`assets.pkg.sources.${s}`) }))} />
      </Form.Item>
      <Form.Item name="billcode" label={t('assets.pkg.billcode')}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="memo" label={t('assets.pkg.memo')}>
        <Input maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
