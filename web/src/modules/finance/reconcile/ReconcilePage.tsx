import {
  RECONCILE,
  RECONCILE_FA_MARKS,
  RECONCILE_IMPORT_TYPES,
  RECONCILE_INPUT_TYPES,
  RECONCILE_PAY_CODES,
  RECONCILE_TOLERANCE,
  RECONCILE_TYPES,
  type ReconcileType,
  type RedepositRow,
  redepositRows,
  type StatementLine,
  type SystemRow,
  statementLine,
  systemRows,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../../platform/action';
import { useLabel } from '../../../platform/bills/labels';
import { companyDateTime, companyMonth } from '../../../platform/clock';
import { http } from '../../../platform/http';
import { formatMoney, yuanToCents } from '../../../platform/money';
import { ImportModal } from '../../../platform/resource/ImportModal';
import { ShopSelect, useShops } from '../../../platform/shops';

const KEY = 'finance-reconcile';
const R = RECONCILE.paths;
const NO_WRAP: React.CSSProperties = { whiteSpace: 'nowrap' };
const money = (v: number | null | undefined) => <span style={NO_WRAP}>{formatMoney(v ?? 0)}</span>;

/** The month's days, and a week into the next (a bank credits a day's takings that day or later). */
function lineRange(month: string): [string, string] {
  const start = dayjs(`${month}-01`);
  return [start.format('YYYY-MM-DD'), start.endOf('month').add(7, 'day').format('YYYY-MM-DD')];
}

/** /admin/finance/reconcile — 银行对账: a shop's month of system amounts on the left, its unmatched statement lines on the right. */
export default function ReconcilePage() {
  const { t } = useTranslation();
  const label = useLabel();
  const k = (key: string, o?: Record<string, unknown>) => t(`finance.reconcile.${key}`, o);
  const { shops } = useShops();
  const [picked, setPicked] = useState<number | null>(null);
  const shopId = picked ?? shops[0]?.id ?? null;
  const [month, setMonth] = useState(companyMonth);
  const [rowKeys, setRowKeys] = useState<string[]>([]);
  const [lineIds, setLineIds] = useState<number[]>([]);
  const [importType, setImportType] = useState(2);
  const [importing, setImporting] = useState(false);
  const [splitting, setSplitting] = useState<StatementLine | null>(null);
  const [part, setPart] = useState<number | null>(null);
  const [memoOf, setMemoOf] = useState<StatementLine | null>(null);
  const [memo, setMemo] = useState('');
  const [marking, setMarking] = useState(false);

  const fd = useQuery({
    queryKey: [KEY, 'fd', shopId, month],
    enabled: !!shopId,
    queryFn: () => http.read(systemRows, R.getFd, { shopid: shopId, month }),
  });
  const [from, to] = lineRange(month);
  const lines = useQuery({
    queryKey: [KEY, 'lines', shopId, from, to],
    enabled: !!shopId,
    queryFn: () => http.read(z.array(statementLine), R.getUnbalance, { shopid: shopId, from, to }),
  });
  const rowKey = (r: SystemRow) => `${r.day}|${r.type}`;
  const rows = fd.data ?? [];
  const free = lines.data ?? [];
  const chosenRows = rows.filter((r) => rowKeys.includes(rowKey(r)));
  const chosenLines = free.filter((l) => lineIds.includes(l.id));
  const clear = () => {
    setRowKeys([]);
    setLineIds([]);
  };
  const typeLabel = (type: number) => label(RECONCILE_TYPES[type as ReconcileType].label);
  const codeLabel = (code: string) => label(RECONCILE_PAY_CODES[code as keyof typeof RECONCILE_PAY_CODES] ?? [code, code]);

  const invalidates = [[KEY]] as const;
  const lock = useAction({
    run: () => {
      const [row] = chosenRows;
      return http.post(R.doLock, { shopId, day: row.day, type: row.type, lineIds });
    },
    success: 'finance.reconcile.locked',
    invalidates,
    done: clear,
  });
  const auto = useAction({
    run: () => http.post<{ matched: number }>(R.autoLock, { shopId, month }),
    success: (r) => k('autoDone', { count: r.matched }),
    invalidates,
    done: clear,
  });
  const unlock = useAction({
    run: () => http.post(R.doFree, { matchIds: chosenRows.map((r) => r.matchId).filter((x) => x !== null) }),
    success: 'finance.reconcile.freed',
    invalidates,
    done: clear,
  });
  const split = useAction({
    run: () => http.post(R.doSplit, { id: splitting?.id, amount: part ?? 0 }),
    success: 'finance.reconcile.splitDone',
    invalidates,
    done: () => setSplitting(null),
  });
  const saveMemo = useAction({
    run: () => http.post(R.saveMemo, { lines: [{ id: memoOf?.id, memo: memo.trim() || null }] }),
    success: 'finance.reconcile.saved',
    invalidates,
    done: () => setMemoOf(null),
  });
  const remove = useAction({
    run: (id: number) => http.post(R.deleteFd, { ids: [id] }),
    success: 'finance.reconcile.deleted',
    invalidates,
    done: clear,
  });

  const one = chosenRows.length === 1 && chosenRows[0].status === 0 ? chosenRows[0] : null;
  const sum = chosenLines.reduce((n, l) => n + l.amount, 0);
  const diff = one ? one.amount - sum : 0;
  const fits = !!one && chosenLines.length > 0 && (one.payCode === '01' ? diff === 0 : Math.abs(diff) < RECONCILE_TOLERANCE);
  const matchedChosen = chosenRows.filter((r) => r.status === 1);

  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <ShopSelect
            value={shopId}
            onChange={(v) => {
              setPicked(v);
              clear();
            }}
            style={{ width: 220 }}
          />
          <DatePicker
            picker="month"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            onChange={(d) => {
              if (!d) return;
              setMonth(d.format('YYYY-MM'));
              clear();
            }}
            aria-label={k('month')}
          />
          <Select
            value={importType}
            onChange={setImportType}
            style={{ width: 96 }}
            aria-label={k('importType')}
            options={Object.entries(RECONCILE_IMPORT_TYPES).map(([v, l]) => ({ value: Number(v), label: label(l) }))}
          />
          <Button onClick={() => setImporting(true)} disabled={!shopId}>
            {k('import')}
          </Button>
          <Button onClick={() => auto.run()} loading={auto.busy} disabled={!shopId}>
            {k('auto')}
          </Button>
          <Button type="primary" onClick={() => lock.run()} loading={lock.busy} disabled={!fits}>
            {k('lock')}
          </Button>
          <Button danger onClick={() => unlock.run()} loading={unlock.busy} disabled={!matchedChosen.length}>
            {k('free')}
          </Button>
          <Button onClick={() => setMarking(true)} disabled={!shopId}>
            {k('redeposits')}
          </Button>
        </Space>
      }
    >
      <Typography.Text type={one && chosenLines.length && !fits ? 'danger' : 'secondary'} data-testid="reconcile-picked">
        {one
          ? k('picked', {
              sys: `${one.day} ${typeLabel(one.type)} ${formatMoney(one.amount)}`,
              count: chosenLines.length,
              sum: formatMoney(sum),
              diff: formatMoney(diff),
            })
          : k('pickHint')}
      </Typography.Text>
      <Row gutter={12} style={{ marginTop: 8 }}>
        <Col span={12}>
          <Typography.Title level={5}>{k('system')}</Typography.Title>
          <Table<SystemRow>
            size="small"
            bordered
            rowKey={rowKey}
            loading={fd.isLoading}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            pagination={false}
            locale={{ emptyText: k('empty') }}
            rowSelection={{ selectedRowKeys: rowKeys, onChange: (keys) => setRowKeys(keys as string[]) }}
            columns={[
              { key: 'day', title: k('day'), render: (_, r) => <span style={NO_WRAP}>{r.day}</span> },
              { key: 'type', title: k('type'), render: (_, r) => <span style={NO_WRAP}>{typeLabel(r.type)}</span> },
              {
                key: 'amount',
                title: k('amount'),
                align: 'right',
                render: (_, r) => (
                  <>
                    {money(r.amount)}
                    {r.status === 1 && r.matchedAmount !== r.amount ? (
                      <div>
                        <Typography.Text type="danger" style={NO_WRAP}>
                          {k('changed', { amount: formatMoney(r.matchedAmount) })}
                        </Typography.Text>
                      </div>
                    ) : null}
                  </>
                ),
              },
              {
                key: 'status',
                title: k('status'),
                render: (_, r) => (r.status ? <Tag color="green">{k('matched')}</Tag> : <Tag>{k('unmatched')}</Tag>),
              },
              {
                key: 'lines',
                title: k('detail'),
                render: (_, r) =>
                  r.lines.map((l) => (
                    <div key={l.id} style={NO_WRAP}>
                      #{l.rowIndex} {formatMoney(l.amount)}
                    </div>
                  )),
              },
            ]}
          />
        </Col>
        <Col span={12}>
          <Typography.Title level={5}>{k('lines')}</Typography.Title>
          <Table<StatementLine>
            size="small"
            bordered
            rowKey="id"
            loading={lines.isLoading}
            dataSource={free}
            pagination={false}
            rowSelection={{ selectedRowKeys: lineIds, onChange: (keys) => setLineIds(keys as number[]) }}
            columns={[
              { key: 'day', title: k('day'), render: (_, l) => <span style={NO_WRAP}>{l.day}</span> },
              {
                key: 'row',
                title: k('rowIndex'),
                render: (_, l) => (
                  <span style={NO_WRAP}>
                    {l.rowIndex}
                    {l.inputType === 2 ? (
                      <Tag color="orange" style={{ marginInlineStart: 4, marginInlineEnd: 0 }}>
                        {label(RECONCILE_INPUT_TYPES[2])}
                      </Tag>
                    ) : null}
                  </span>
                ),
              },
              { key: 'code', title: k('type'), render: (_, l) => <span style={NO_WRAP}>{codeLabel(l.payCode)}</span> },
              { key: 'amount', title: k('lineAmount'), align: 'right', render: (_, l) => money(l.amount) },
              { key: 'memo', dataIndex: 'memo', title: k('memo') },
              {
                key: 'actions',
                title: k('actions'),
                render: (_, l) => (
                  <Space size={6} style={NO_WRAP}>
                    {l.inputType === 1 ? (
                      <Typography.Link
                        onClick={() => {
                          setSplitting(l);
                          setPart(null);
                        }}
                      >
                        {k('split')}
                      </Typography.Link>
                    ) : null}
                    <Typography.Link
                      onClick={() => {
                        setMemoOf(l);
                        setMemo(l.memo ?? '');
                      }}
                    >
                      {k('editMemo')}
                    </Typography.Link>
                    {l.inputType === 1 ? (
                      <Popconfirm title={k('deleteConfirm', { row: l.rowIndex })} onConfirm={() => remove.run(l.id)}>
                        <Typography.Link type="danger">{k('delete')}</Typography.Link>
                      </Popconfirm>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </Col>
      </Row>
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        entity="finance.reconcile.statement"
        templatePath={R.template}
        importPath={`${R.importFd}?importType=${importType}`}
        onDone={() => void lines.refetch()}
      />
      <Modal
        open={!!splitting}
        title={splitting ? k('splitTitle', { row: splitting.rowIndex, max: formatMoney(splitting.amount) }) : ''}
        onCancel={() => setSplitting(null)}
        onOk={() => split.run()}
        okButtonProps={{ loading: split.busy, disabled: !part || part <= 0 || part >= (splitting?.amount ?? 0) }}
        destroyOnHidden
      >
        <Space>
          <Typography.Text>{k('splitAmount')}</Typography.Text>
          <InputNumber min={0} precision={2} aria-label={k('splitAmount')} onChange={(v) => setPart(yuanToCents(v as number | null))} />
        </Space>
      </Modal>
      <Modal
        open={!!memoOf}
        title={k('memo')}
        onCancel={() => setMemoOf(null)}
        onOk={() => saveMemo.run()}
        okButtonProps={{ loading: saveMemo.busy }}
        destroyOnHidden
      >
        <Input.TextArea rows={2} maxLength={200} value={memo} onChange={(e) => setMemo(e.target.value)} />
      </Modal>
      {marking && shopId ? <Redeposits shopId={shopId} month={month} onClose={() => setMarking(false)} /> : null}
    </Card>
  );
}

/** 回存单标记: the month's reviewed redeposits, each marked 对账 or 非对账 with a memo. */
function Redeposits({ shopId, month, onClose }: { shopId: number; month: string; onClose: () => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const k = (key: string) => t(`finance.reconcile.${key}`);
  const q = useQuery({
    queryKey: [KEY, 'hc', shopId, month],
    queryFn: () => http.read(redepositRows, R.getFundhcList, { shopid: shopId, month }),
  });
  const [edits, setEdits] = useState<Record<number, { isFa: 0 | 2; faMemo: string | null }>>({});
  const markOf = (r: RedepositRow) => edits[r.id] ?? { isFa: r.isFa as 0 | 2, faMemo: r.faMemo };
  const save = useAction({
    run: () => http.post(R.updateFundhc, { items: Object.entries(edits).map(([id, v]) => ({ id: Number(id), ...v })) }),
    success: 'finance.reconcile.saved',
    invalidates: [[KEY]],
    done: onClose,
  });
  return (
    <Modal
      open
      width={900}
      title={k('redeposits')}
      onCancel={onClose}
      onOk={() => save.run()}
      okText={k('save')}
      okButtonProps={{ loading: save.busy, disabled: !Object.keys(edits).length }}
    >
      <Table<RedepositRow>
        size="small"
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        columns={[
          { key: 'day', dataIndex: 'day', title: k('day'), width: 100 },
          { key: 'billNo', dataIndex: 'billNo', title: k('billNo') },
          { key: 'amount', title: k('hcAmount'), align: 'right', render: (_, r) => money(r.amount) },
          { key: 'by', dataIndex: 'reviewedBy', title: k('reviewedBy') },
          { key: 'at', title: k('reviewedAt'), render: (_, r) => companyDateTime(r.reviewedAt) },
          {
            key: 'mark',
            title: k('mark'),
            width: 110,
            render: (_, r) => (
              <Select
                size="small"
                value={markOf(r).isFa}
                style={{ width: 96 }}
                onChange={(isFa) => setEdits({ ...edits, [r.id]: { ...markOf(r), isFa } })}
                options={Object.entries(RECONCILE_FA_MARKS).map(([v, l]) => ({ value: Number(v) as 0 | 2, label: label(l) }))}
              />
            ),
          },
          {
            key: 'memo',
            title: k('faMemo'),
            render: (_, r) => (
              <Input
                size="small"
                maxLength={200}
                value={markOf(r).faMemo ?? ''}
                onChange={(e) => setEdits({ ...edits, [r.id]: { ...markOf(r), faMemo: e.target.value || null } })}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
