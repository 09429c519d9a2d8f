import type { BillLog as BillLogRow } from '@headoffice/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe, usePermission } from '../../platform/auth';
import { http, isApiError } from '../../platform/http';
import { useLiveEvent, useLiveResync } from '../../platform/live';
import { formatMoney } from '../../platform/money';
import { notify } from '../../platform/notify';
import { formatDateTime } from '../../platform/resource/cells';
import { useRemoteRows } from '../../platform/resource/options';
import { BILL_STATE_COLORS, STOCK, STOCK_KEYS, WAREHOUSE } from './api';

export interface ProductPick {
  id: number;
  pcode: string;
  name: string;
  barcode: string | null;
  spec: string | null;
  unit: string;
  purchasePrice: number | null;
}

/** Refresh every stock list, detail, balance and the inbox (and its badge) after a change. */
export function invalidateStock(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && STOCK_KEYS.includes(q.queryKey[0]) });
}

/** What a `bill.changed` event says (server: platform/documents.ts `billChanged`). */
export interface BillChanged {
  docType: string;
  id: number;
  billNo: string | null;
  state: string;
  version: number;
  shopId: number | null;
  action: string;
  by: number;
  byName: string;
}

/**
 * On a bill's page: when someone else changes the bill, a warning with a reload button (what the page
 * shows is no longer the bill); a change the same user made elsewhere (another tab) just reloads, and
 * so does a reconnection, when changes may have been missed.
 */
export function ChangedElsewhere({ docType, id, version, reload }: { docType: string; id: number; version: number; reload: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [change, setChange] = useState<BillChanged | null>(null);
  useLiveEvent<BillChanged>('bill.changed', ({ payload }) => {
    if (payload.docType !== docType || payload.id !== id || payload.version <= version) return;
    if (payload.by === me.data?.user.id) reload();
    else setChange((shown) => (shown && shown.version >= payload.version ? shown : payload));
  });
  useLiveResync(reload);
  if (!change || change.version <= version) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="ho-changed-elsewhere"
      title={t('live.changedElsewhere')}
      description={t('live.changedBy', {
        name: change.byName,
        action: t(`stock.action.${change.action}`, { defaultValue: change.action }),
      })}
      action={
        <Button size="small" type="primary" onClick={reload}>
          {t('live.reload')}
        </Button>
      }
    />
  );
}

/** A bill's or an order's state as a coloured tag. */
export function StateTag({ state, kind }: { state: string; kind: 'bill' | 'order' }) {
  const { t } = useTranslation();
  return (
    <Tag color={BILL_STATE_COLORS[state] ?? 'default'} className="ho-state-tag" data-state={state}>
      {t(`stock.${kind === 'bill' ? 'billState' : 'orderState'}.${state}`)}
    </Tag>
  );
}

export const money = (cents: number | null | undefined) => formatMoney(cents ?? 0);

/** Product picker searching the catalogue by code, barcode or name (server side, debounced). */
export function ProductPicker({
  value,
  onChange,
  onPick,
  exclude,
  style,
  placeholder,
  fallbackLabel,
}: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  onPick?: (p: ProductPick) => void;
  exclude?: number[];
  style?: React.CSSProperties;
  placeholder?: string;
  /** Label of the current value when it is not among the searched products. */
  fallbackLabel?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const q = useQuery({
    queryKey: ['stock-products', keyword],
    queryFn: ({ signal }) => http.get<ProductPick[]>(STOCK.productAll, { keyword }, { signal }),
    staleTime: 60_000,
  });
  const rows = q.data ?? [];
  const options = rows
    .filter((p) => !exclude?.includes(p.id) || p.id === value)
    .slice(0, 50)
    .map((p) => ({
      value: p.id,
      label: `${p.pcode} ${p.name}`,
      desc: [p.barcode, p.spec, p.unit].filter(Boolean).join(' · '),
    }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: fallbackLabel ?? String(value), desc: '' });
  return (
    <Select
      className="ho-product-picker"
      style={style ?? { width: '100%' }}
      value={value}
      placeholder={placeholder ?? t('stock.productPh')}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={q.isFetching}
      allowClear
      options={options}
      optionRender={(o) => (
        <Space orientation="vertical" size={0}>
          <span>{o.data.label}</span>
          {o.data.desc ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {o.data.desc}
            </Typography.Text>
          ) : null}
        </Space>
      )}
      onChange={(id: number | undefined) => {
        onChange?.(id);
        const p = rows.find((r) => r.id === id);
        if (p) onPick?.(p);
        setTyped('');
      }}
      notFoundContent={q.isFetching ? t('common.loading') : t('common.empty')}
    />
  );
}

interface ShopOption {
  id: number;
  code: string;
  name: string;
}

/** The shops the user may see, and whether the head-office warehouse is among the locations. */
export function useLocations(withWarehouse = true) {
  const { t } = useTranslation();
  const can = usePermission();
  const me = useMe();
  const shops = useRemoteRows(STOCK.shopAll);
  const warehouse = withWarehouse && can('stock.warehouse');
  const list = (shops.data ?? []) as unknown as ShopOption[];
  const options = useMemo(
    () => [
      ...(warehouse ? [{ value: WAREHOUSE, label: t('stock.warehouse') }] : []),
      ...list.map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` })),
    ],
    [warehouse, list, t],
  );
  const own = me.data ? [...me.data.loginShops, ...me.data.managerShops] : [];
  return { options, shops: list, warehouse, loading: shops.isLoading, firstShop: own[0]?.id ?? list[0]?.id };
}

export function LocationSelect(props: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  allowClear?: boolean;
  placeholder?: string;
  withWarehouse?: boolean;
  disabled?: boolean;
  style?: React.CSSProperties;
}) {
  const { options, loading } = useLocations(props.withWarehouse ?? true);
  return (
    <Select
      value={props.value}
      onChange={props.onChange}
      allowClear={props.allowClear}
      placeholder={props.placeholder}
      disabled={props.disabled}
      style={props.style ?? { width: '100%' }}
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
    />
  );
}

/** Location filter value → list parameters. */
export const locationParams = (loc: number | undefined) =>
  loc === undefined || loc === null ? {} : loc === WAREHOUSE ? { warehouse: 1 } : { shopid: loc };

/** The bill log: who, when, from which state to which, and the memo (reject reasons). */
export function BillLog({ rows, kind }: { rows: BillLogRow[]; kind: 'bill' | 'order' }) {
  const { t } = useTranslation();
  return (
    <Table<BillLogRow>
      className="ho-bill-log"
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: t('stock.logAt'), dataIndex: 'at', width: 150, render: (v: string) => formatDateTime(v) },
        { title: t('stock.logUser'), dataIndex: 'username', width: 120, render: (v: string | null) => v ?? '—' },
        {
          title: t('stock.logAction'),
          dataIndex: 'action',
          width: 100,
          render: (v: string) => t(`stock.action.${v}`, { defaultValue: v }),
        },
        {
          title: t('stock.logFrom'),
          dataIndex: 'fromState',
          width: 100,
          render: (v: string | null) => (v ? <StateTag state={v} kind={kind} /> : '—'),
        },
        { title: t('stock.logTo'), dataIndex: 'toState', width: 100, render: (v: string) => <StateTag state={v} kind={kind} /> },
        { title: t('stock.logMemo'), dataIndex: 'memo', render: (v: string | null) => v ?? '' },
      ]}
    />
  );
}

/**
 * The transition buttons a bill offers: each action the server allows, confirmed first; reject asks
 * for a reason. `run` performs it (the caller sends id and version); a 409 is shown by the client and
 * the caller reloads.
 */
export function ActionButtons({
  actions,
  billNo,
  run,
  size,
  labels,
  order = ['submit', 'audit', 'receive', 'reject', 'revoke'],
}: {
  actions: string[];
  billNo: string;
  run: (action: string, memo?: string) => Promise<unknown>;
  size?: 'small' | 'middle';
  labels?: Record<string, string>;
  order?: string[];
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ memo: string }>();
  const label = (a: string) => labels?.[a] ?? t(`stock.action.${a}`, { defaultValue: a });

  const go = async (action: string, memo?: string) => {
    setBusy(action);
    try {
      await run(action, memo);
      notify.message.success(t('stock.actionDone', { action: label(action) }));
      return true;
    } catch (e) {
      if (!isApiError(e)) throw e;
      return false; // shown by the client (409: the current state)
    } finally {
      setBusy(null);
    }
  };

  const sorted = [...actions].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const buttons: ReactNode[] = sorted.map((a) => {
    if (a === 'reject') {
      return (
        <Button key={a} size={size} danger loading={busy === a} onClick={() => setRejecting(true)}>
          {label(a)}
        </Button>
      );
    }
    const primary = a === 'audit' || a === 'submit' || a === 'receive';
    return (
      <Popconfirm
        key={a}
        title={a === 'revoke' ? t('stock.revokeConfirm', { billNo }) : t('stock.confirmAction', { action: label(a), billNo })}
        onConfirm={() => go(a)}
      >
        <Button size={size} type={primary ? 'primary' : 'default'} danger={a === 'revoke'} loading={busy === a}>
          {label(a)}
        </Button>
      </Popconfirm>
    );
  });
  return (
    <>
      <Space wrap size={6}>
        {buttons}
      </Space>
      <Modal
        open={rejecting}
        title={t('stock.rejectTitle', { billNo })}
        okText={label('reject')}
        okButtonProps={{ danger: true, loading: busy === 'reject' }}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
        onOk={async () => {
          const v = await form.validateFields().catch(() => null);
          if (!v) return;
          if (await go('reject', v.memo)) {
            form.resetFields();
            setRejecting(false);
          }
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="memo"
            label={t('stock.rejectReason')}
            rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { label: t('stock.rejectReason') }) }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('stock.rejectReasonPh')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

export const isConflict = (e: unknown) => isApiError(e) && e.status === 409;
