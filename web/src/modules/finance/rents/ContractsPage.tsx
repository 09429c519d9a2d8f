import {
  RENT_CONTRACT_API,
  type RentContractRow,
  type RentKind,
  rentContractCodePath,
  rentContractDetail,
  shopListPath,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../platform/auth';
import { ActionButtons } from '../../../platform/bills/parts';
import { http } from '../../../platform/http';
import { formatMoney } from '../../../platform/money';
import { useRemoteRows } from '../../../platform/resource/options';
import { ResourceList } from '../../../platform/resource/ResourceList';
import type { FieldSpec, ResourceDef } from '../../../platform/resource/types';

const R = 'finance.rents';
const DUE_DAYS = 30;
const LANDLORDS = '/api-finance/landlordinfo/list/all';

interface Landlord {
  id: number;
  name: string;
  status?: number;
  payee: string | null;
  bank: string | null;
  bankno: string | null;
  tel: string | null;
}

/**
 * A store contract's landlord: picking one fills the payee, bank, account and phone with the
 * landlord's (still editable: the contract may pay another account).
 */
function LandlordPicker({ value, onChange, disabled }: { value?: number; onChange?: (v: number | undefined) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const q = useRemoteRows(LANDLORDS);
  const rows = (Array.isArray(q.data) ? q.data : []) as unknown as Landlord[];
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      disabled={disabled}
      loading={q.isLoading}
      value={value}
      placeholder={t('common.pleaseSelect', { label: t(`${R}.landlord`) })}
      options={rows.filter((r) => r.status !== 0 || r.id === value).map((r) => ({ value: r.id, label: r.name }))}
      onChange={(id: number | undefined) => {
        onChange?.(id);
        const landlord = rows.find((r) => r.id === id);
        if (landlord)
          form.setFieldsValue({
            payee: landlord.payee,
            bank: landlord.bank,
            bankno: landlord.bankno,
            tel: landlord.tel ?? form.getFieldValue('tel'),
          });
      }}
      data-testid="rent-landlord"
    />
  );
}

/** The next due date, and 逾期 (with its days) when it has passed unpaid. */
function NextDue({ row }: { row: RentContractRow }) {
  const { t } = useTranslation();
  if (!row.nextDueDate) return null;
  return (
    <Space size={4} wrap>
      {row.nextDueDate}
      {row.overdueDays > 0 ? (
        <Tag color="red" data-testid="rent-overdue">
          {t(`${R}.overdue`, { days: row.overdueDays })}
        </Tag>
      ) : null}
    </Space>
  );
}

const cycleOptions = {
  kind: 'static' as const,
  items: [
    { value: 'month', label: `${R}.month` },
    { value: 'quarter', label: `${R}.quarter` },
    { value: 'year', label: `${R}.year` },
  ],
};

/** The fields of a contract; a store contract picks its landlord, a dormitory contract names one. */
function contractFields(kind: RentKind): FieldSpec<RentContractRow, 'keyword'>[] {
  return [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: `${R}.keywordPh` } },
    { key: 'code', title: `${R}.code`, table: { width: 130, sorter: true, fixed: 'left' }, form: { required: true, maxLength: 40 } },
    // A dormitory contract's approval shows first: it decides what can be done with it.
    ...(kind === 'dorm' ? approvalFields.slice(0, 1) : []),
    {
      key: 'shopId',
      title: `${R}.shop`,
      type: 'select',
      options: { kind: 'remote', url: shopListPath },
      table: { width: 150, display: 'shopName' },
      search: { param: 'shopid' },
      form: { required: true },
    },
    kind === 'store'
      ? {
          key: 'landlordId',
          title: `${R}.landlord`,
          type: 'select',
          options: { kind: 'remote', url: '/api-finance/landlordinfo/list/all' },
          table: { width: 170, display: 'landlordName', ellipsis: true },
          search: true,
          form: { required: true, input: () => <LandlordPicker /> },
        }
      : { key: 'landlordName', title: `${R}.landlord`, table: { width: 120 }, form: { required: true, maxLength: 60 } },
    { key: 'payee', title: `${R}.payee`, table: false, form: { maxLength: 60 } },
    { key: 'bank', title: `${R}.bank`, table: false, form: { maxLength: 60 } },
    { key: 'bankno', title: `${R}.bankno`, table: false, form: { maxLength: 40 } },
    { key: 'tel', title: `${R}.tel`, table: false, form: { maxLength: 30 } },
    ...(kind === 'dorm'
      ? [{ key: 'address' as const, title: `${R}.address`, table: false as const, form: { maxLength: 200, span: 24 as const } }]
      : []),
    { key: 'startDate', title: `${R}.startDate`, type: 'date', table: { width: 110, sorter: true }, form: { required: true } },
    { key: 'endDate', title: `${R}.endDate`, type: 'date', table: { width: 110, sorter: true }, form: { required: true } },
    {
      key: 'cycle',
      title: `${R}.cycle`,
      type: 'select',
      options: cycleOptions,
      table: { width: 80 },
      form: { required: true, initial: 'month' },
    },
    { key: 'totalMoney', title: `${R}.totalMoney`, type: 'money', table: { width: 120, sorter: true }, form: { required: true } },
    { key: 'deposit', title: `${R}.deposit`, type: 'money', table: false, form: {} },
    { key: 'firstPeriodFree', title: `${R}.firstPeriodFree`, type: 'switch', table: false, form: { initial: 0 } },
    { key: 'increaseRate', title: `${R}.increaseRate`, type: 'number', table: false, form: { min: 0, max: 100, precision: 2, initial: 0 } },
    {
      key: 'rentType',
      title: `${R}.rentType`,
      type: 'select',
      options: {
        kind: 'static',
        items: [
          { value: 1, label: `${R}.normal` },
          { value: 2, label: `${R}.temporary` },
        ],
      },
      table: false,
      form: { initial: 1 },
    },
    { key: 'paidTo', title: `${R}.paidTo`, type: 'date', table: { width: 110, sorter: true }, form: false },
    { key: 'nextDueDate', title: `${R}.nextDueDate`, type: 'date', table: { width: 160, render: (r) => <NextDue row={r} /> }, form: false },
    { key: 'nextAmount', title: `${R}.nextAmount`, type: 'money', table: { width: 110 }, form: false },
    {
      key: 'status',
      title: `${R}.status`,
      type: 'select',
      options: {
        kind: 'static',
        items: [
          { value: 1, label: `${R}.inForce`, color: 'green' },
          { value: 2, label: `${R}.void`, color: 'default' },
        ],
      },
      table: { width: 80 },
      search: true,
      form: { initial: 1 },
    },
    ...(kind === 'dorm' ? approvalFields.slice(1) : []),
    { key: 'memo', title: `${R}.memo`, type: 'textarea', table: false, form: { span: 24, maxLength: 500 } },
  ];
}

/** A dormitory contract's approval: its state (searchable), who decided and why it was rejected. */
const approvalFields: FieldSpec<RentContractRow, 'keyword'>[] = [
  {
    key: 'approval',
    title: `${R}.approval`,
    type: 'select',
    options: {
      kind: 'static',
      items: [
        { value: 'submitted', label: `${R}.approvalSubmitted`, color: 'blue' },
        { value: 'approved', label: `${R}.approvalApproved`, color: 'green' },
        { value: 'rejected', label: `${R}.approvalRejected`, color: 'red' },
      ],
    },
    table: { width: 90 },
    search: true,
    form: false,
  },
  { key: 'auditedByName', title: `${R}.auditedBy`, table: { width: 90 }, form: false },
  { key: 'rejectMemo', title: `${R}.rejectMemo`, table: { width: 140, ellipsis: true }, form: false },
];

/** Approve or reject (with a reason) a submitted dormitory contract, as a bill's buttons are. */
const dormDecisions = {
  audit: { label: ['审核', 'approve'] as const },
  reject: { label: ['驳回', 'reject'] as const, memoRequired: true },
};

function contractDef(kind: RentKind, due: boolean): ResourceDef<RentContractRow, 'keyword'> {
  const base = RENT_CONTRACT_API[kind];
  return {
    key: `finance-rent-contracts-${kind}${due ? '-due' : ''}`,
    title: kind === 'store' ? `${R}.storeTitle` : `${R}.dormTitle`,
    basePath: base,
    listPath: due ? `${base}/dueList` : kind === 'store' ? `${base}/list` : `${base}/billListForChain`,
    savePath: kind === 'store' ? `${base}/saveAction` : base,
    detailPath: (id) => `${base}/detail/${id}`,
    deletePath: false,
    updateStatusPath: false,
    exportPath: false,
    editPerm: `finance.rentcont.${kind}.edit`,
    nextCodePath: rentContractCodePath(kind),
    nextCodeField: 'code',
    // An approved dormitory contract no longer changes.
    rowEditable: (r) => r.approval !== 'approved',
    readOnly: due,
    sendVersion: true,
    formWidth: 760,
    rowName: (r) => r.code,
    toForm: (r) => ({ ...r, increaseRate: r.increaseRate / 100 }),
    toSave: (v, row) => {
      const {
        paidTo: _p,
        nextDueDate: _n,
        nextAmount: _a,
        overdueDays: _o,
        paidMoney: _m,
        shopName: _s,
        kind: _k,
        updatedAt: _u,
        approval: _ap,
        rejectMemo: _rm,
        createdByName: _cb,
        auditedByName: _ab,
        auditedAt: _at,
        ...rest
      } = v;
      return {
        ...Object.fromEntries(Object.entries(rest).filter(([, x]) => x !== undefined && x !== '')),
        ...(kind === 'store' ? { landlordName: undefined } : { landlordId: undefined }),
        id: row?.id,
        firstPeriodFree: v.firstPeriodFree ? 1 : 0,
        increaseRate: Math.round(Number(v.increaseRate ?? 0) * 100),
      };
    },
    fields: due
      ? [
          ...contractFields(kind).filter((f) =>
            ['code', 'shopId', 'landlordId', 'landlordName', 'nextDueDate', 'nextAmount', 'paidTo'].includes(f.key),
          ),
          {
            key: 'overdueDays' as never,
            title: `${R}.overdueDays`,
            table: { width: 100, render: (r) => overdueTag(r.overdueDays) },
            form: false,
          },
        ]
      : contractFields(kind),
  };
}

const overdueTag = (days: number) => (days > 0 ? <Tag color="red">{days}</Tag> : <Tag>0</Tag>);

/** A contract's rent schedule: each period, what it costs and the payment that covered it. */
function Schedule({ kind, contract, onClose }: { kind: RentKind; contract: RentContractRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['rent-schedule', kind, contract?.id, contract?.version],
    queryFn: ({ signal }) => http.read(rentContractDetail, `${RENT_CONTRACT_API[kind]}/detail/${contract?.id}`, undefined, { signal }),
    enabled: contract !== null,
  });
  const periods = q.data?.periods ?? [];
  return (
    <Drawer
      open={contract !== null}
      onClose={onClose}
      size={820}
      destroyOnHidden
      title={contract ? t(`${R}.scheduleOf`, { code: contract.code }) : null}
    >
      {q.data ? (
        <Typography.Paragraph>
          {t(`${R}.scheduleSum`, { total: formatMoney(q.data.totalMoney), paid: formatMoney(q.data.paidMoney) })}
        </Typography.Paragraph>
      ) : null}
      <Table
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={periods}
        pagination={false}
        scroll={{ y: 520 }}
        columns={[
          { title: t(`${R}.seq`), dataIndex: 'seq', width: 60 },
          { title: t(`${R}.periodStart`), dataIndex: 'startDate', width: 110 },
          { title: t(`${R}.periodEnd`), dataIndex: 'endDate', width: 110 },
          { title: t(`${R}.dueDate`), dataIndex: 'dueDate', width: 110 },
          { title: t(`${R}.amount`), dataIndex: 'amount', align: 'right', width: 120, render: (v: number) => formatMoney(v) },
          {
            title: t(`${R}.paidBy`),
            key: 'paid',
            render: (_: unknown, p: (typeof periods)[number]) =>
              p.paymentBillNo ? (
                <Tag color="green">{p.paymentBillNo}</Tag>
              ) : p.pendingBillNo ? (
                <Tag color="blue">{t(`${R}.pending`, { billNo: p.pendingBillNo })}</Tag>
              ) : (
                <Tag>{t(`${R}.unpaid`)}</Tag>
              ),
          },
        ]}
      />
    </Drawer>
  );
}

/** The store or dormitory contracts: all of them, or those due within 30 days or overdue; each with its schedule. */
export function ContractsPage({ kind }: { kind: RentKind }) {
  const { t } = useTranslation();
  const [due, setDue] = useState(false);
  const [open, setOpen] = useState<RentContractRow | null>(null);
  const can = usePermission();
  const canDecide = kind === 'dorm' && can('finance.rentcont.dorm.audit');
  return (
    <>
      <ResourceList<RentContractRow, 'keyword'>
        key={String(due)}
        def={contractDef(kind, due)}
        title={
          <Segmented
            value={due ? 'due' : 'all'}
            onChange={(v) => setDue(v === 'due')}
            options={[
              { value: 'all', label: t(`${R}.all`) },
              { value: 'due', label: t(`${R}.due`, { days: DUE_DAYS }) },
            ]}
          />
        }
        fixedParams={due ? { days: DUE_DAYS } : undefined}
        actionsWidth={canDecide ? 250 : 130}
        rowActions={(row, ctx) => (
          <>
            <Button type="link" size="small" onClick={() => setOpen(row)}>
              {t(`${R}.schedule`)}
            </Button>
            {canDecide && row.approval === 'submitted' ? (
              <ActionButtons
                size="small"
                transitions={dormDecisions}
                actions={['audit', 'reject']}
                billNo={row.code}
                run={async (action, memo) => {
                  const path = action === 'audit' ? 'auditBillForChain' : 'rejectBill';
                  await http.post(`${RENT_CONTRACT_API[kind]}/${path}`, { id: row.id, version: row.version, memo });
                  ctx.refetch();
                }}
              />
            ) : null}
          </>
        )}
      />
      <Schedule kind={kind} contract={open} onClose={() => setOpen(null)} />
    </>
  );
}

export const StoreContractsPage = () => <ContractsPage kind="store" />;
export const DormContractsPage = () => <ContractsPage kind="dorm" />;
