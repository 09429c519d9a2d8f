import {
  ACCOUNTING_SYNC_EDIT_PERM,
  ACCOUNTING_PATHS as P,
  type SyncRow,
  type SyncState,
  saveBatchAnswer,
  syncLogAnswer,
  syncPage,
  syncStateLabels,
  syncStates,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Select, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { useLabel } from '../../platform/bills/labels';
import { companyDateTime } from '../../platform/clock';
import { http } from '../../platform/http';
import { atMinute, ListCard, useFilters, usePaged } from '../../platform/list/ListParts';
import { formatMoney } from '../../platform/money';
import { fitTitle } from '../../platform/resource/titleWidth';

const stateColor: Record<SyncState, string> = { queued: 'blue', retrying: 'orange', failed: 'red', pushed: 'green' };

/** A row's push log, oldest first, in a drawer. */
function LogDrawer({ row, onClose }: { row: SyncRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const log = useQuery({
    queryKey: ['billheadsync', 'log', row?.id],
    queryFn: () => http.read(syncLogAnswer, P.log, { id: row?.id }),
    enabled: !!row,
  });
  return (
    <Drawer open={!!row} onClose={onClose} size={560} title={row ? t('accounting.logTitle', { billNo: row.billNo }) : ''}>
      <Table
        size="small"
        rowKey="id"
        loading={log.isLoading}
        dataSource={log.data}
        pagination={false}
        locale={{ emptyText: t('accounting.noLog') }}
        columns={[
          { title: t('accounting.logAt'), dataIndex: 'at', width: 150, render: (v: string) => companyDateTime(v, true) },
          {
            title: t('accounting.adapter'),
            dataIndex: 'adapter',
            width: 110,
            render: (v: 'file' | 'http') => t(`accounting.adapters.${v}`),
          },
          {
            title: t('accounting.result'),
            dataIndex: 'ok',
            width: 70,
            render: (v: number) => (v ? <Tag color="green">{t('accounting.ok')}</Tag> : <Tag color="red">{t('accounting.failed')}</Tag>),
          },
          { title: t('accounting.message'), dataIndex: 'message', ellipsis: true },
        ]}
      />
    </Drawer>
  );
}

/**
 * /admin/accounting/sync — 单据同步: the money bills queued for the accounting system (a settle, a review; a
 * 撤单 as the reversal of what was pushed), their state and tries; the chosen rows pushed again; a row's log.
 */
export default function SyncPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const may = usePermission();
  const filters = useFilters([
    { kind: 'shop', placeholder: t('accounting.allShops') },
    { kind: 'keyword', placeholder: t('accounting.keyword'), width: 150 },
  ]);
  const [type, setType] = useState<string>();
  const [month, setMonth] = useState<string>();
  const [state, setState] = useState<SyncState>();
  const paged = usePaged(['billheadsync'], { ...filters.params, btname: type, yearmonth: month, state }, (p) =>
    http.read(syncPage, P.sync, p as Record<string, string | number | undefined>),
  );
  const [chosen, setChosen] = useState<number[]>([]);
  const [logOf, setLogOf] = useState<SyncRow | null>(null);
  const repush = useAction({
    run: () => http.send(saveBatchAnswer, P.saveBatch, { ids: chosen }),
    success: (r) => t('accounting.repushed', { count: r.requeued }),
    invalidates: [['billheadsync']],
    done: () => setChosen([]),
  });
  const data = paged.query.data;
  const columns: TableColumnsType<SyncRow> = [
    { title: t('accounting.type'), dataIndex: 'btname', width: 100, ellipsis: true },
    { title: t('accounting.billNo'), dataIndex: 'billNo', width: 160 },
    { title: t('accounting.shop'), dataIndex: 'shopName', width: 110, ellipsis: true },
    { title: t('accounting.businessDate'), dataIndex: 'businessDate', width: 96 },
    { title: t('accounting.amount'), dataIndex: 'amount', width: 100, align: 'right', render: (v: number) => formatMoney(v) },
    {
      title: t('accounting.state'),
      dataIndex: 'state',
      width: 120,
      render: (v: SyncState, r) => (
        <>
          <Tag color={stateColor[v]}>{label(syncStateLabels[v])}</Tag>
          {r.isHc === 1 && <Tag color="magenta">{t('accounting.reversal')}</Tag>}
        </>
      ),
    },
    { title: t('accounting.tries'), dataIndex: 'jobcount', width: 60, align: 'right' },
    { title: t('accounting.lastError'), dataIndex: 'joblog', width: 100, ellipsis: true },
    { title: t('accounting.pushedAt'), dataIndex: 'pushedAt', width: 140, render: atMinute },
    {
      title: t('accounting.log'),
      key: 'log',
      width: 60,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setLogOf(r)}>
          {t('accounting.log')}
        </Button>
      ),
    },
  ];
  return (
    <ListCard
      filters={filters}
      bar={
        <>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('accounting.type')}
            value={type}
            onChange={setType}
            options={data?.types ?? []}
          />
          <DatePicker
            picker="month"
            placeholder={t('accounting.month')}
            value={month ? dayjs(`${month}-01`) : null}
            onChange={(d) => setMonth(d ? d.format('YYYY-MM') : undefined)}
          />
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('accounting.state')}
            value={state}
            onChange={setState}
            options={syncStates.map((s) => ({ value: s, label: label(syncStateLabels[s]) }))}
          />
        </>
      }
      extra={
        may(ACCOUNTING_SYNC_EDIT_PERM) && (
          <Button type="primary" disabled={!chosen.length} loading={repush.busy} onClick={() => repush.run()}>
            {t('accounting.repush')}
          </Button>
        )
      }
      totals={{ testId: 'sync-sums', text: data ? t('accounting.sums', { count: data.total, amount: formatMoney(data.amount) }) : null }}
    >
      <Table<SyncRow>
        size="small"
        rowKey="id"
        loading={paged.query.isLoading}
        dataSource={data?.list}
        scroll={{ x: 1100 }}
        rowSelection={
          may(ACCOUNTING_SYNC_EDIT_PERM)
            ? { selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(Number)), columnWidth: 36 }
            : undefined
        }
        pagination={{
          current: paged.page,
          pageSize: paged.pageSize,
          total: data?.total,
          onChange: paged.setPage,
          showSizeChanger: false,
        }}
        columns={columns.map((c) => ('width' in c ? { ...c, width: fitTitle(c.width, c.title, false) } : c))}
      />
      <LogDrawer row={logOf} onClose={() => setLogOf(null)} />
    </ListCard>
  );
}
