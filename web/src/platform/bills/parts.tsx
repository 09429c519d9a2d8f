import type { BillActionDef, BillDef, BillLog as BillLogRow, Label } from '@headoffice/contract';
import type { QueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth';
import { isApiError } from '../http';
import { useLiveEvent, useLiveResync } from '../live';
import { notify } from '../notify';
import { formatDateTime } from '../resource/cells';
import { ActionReasonModal } from './ActionReason';
import { asTitle, pickLabel, useLabel } from './labels';

type Row = Record<string, unknown>;

/** Query keys a bill change leaves as they are: who the user is, menus, picker options. */
const UNAFFECTED = new Set(['me', 'menus', 'options']);

/**
 * After a save or a transition: a bill's effects reach other pages (balances, trees with counts, the
 * inbox and its badge, linked bills), so every shown query but the user's own ones is fetched again.
 */
export function invalidateBills(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ predicate: (q) => !UNAFFECTED.has(String(q.queryKey[0])) });
}

/** An action's words: the type's transition, after-approval field, named action or own step, else the platform's (create, update…). */
export function actionLabel(def: BillDef | undefined, action: string, lang: string, t: TFunction): string {
  const transition = def?.transitions[action] ?? def?.actions?.[action];
  const own = transition?.button ?? transition?.label ?? def?.after?.[action]?.label ?? def?.steps?.[action]?.label;
  return own ? asTitle(pickLabel(own, lang)) : t(`bill.action.${action}`, { defaultValue: action });
}

/** A bill's state as the coloured tag its definition declares. */
export function BillStateTag({ def, state }: { def: BillDef; state: string }) {
  const label = useLabel();
  const s = def.states[state];
  return (
    <Tag color={s?.color ?? 'default'} className="ho-state-tag" data-state={state}>
      {s ? label(s.label) : state}
    </Tag>
  );
}

/** The product line field of a type and the row fields that name it. */
export function productField(def: BillDef) {
  const entry = Object.entries(def.lineFields).find(([, f]) => f.kind === 'product');
  const quantity = Object.entries(def.lineFields).find(([, f]) => f.kind === 'number')?.[0];
  return entry ? { key: entry[0], name: entry[1].column?.display ?? entry[0], quantity } : undefined;
}

/** "洗发水 ×10、护发素 ×5 … (3)": the first lines of a bill, for lists. */
export function LinesSummary({ def, lines }: { def: BillDef; lines: Row[] }) {
  const product = productField(def);
  if (!lines.length || !product) return <Typography.Text type="secondary">—</Typography.Text>;
  const one = (l: Row) => `${String(l[product.name] ?? '')}${product.quantity ? ` ×${String(l[product.quantity])}` : ''}`;
  const text = lines.slice(0, 2).map(one).join('、') + (lines.length > 2 ? ` … (${lines.length})` : '');
  return (
    <Typography.Text
      ellipsis={{ tooltip: <span style={{ whiteSpace: 'pre-line' }}>{lines.map(one).join('\n')}</span> }}
      style={{ maxWidth: '100%' }}
    >
      {text}
    </Typography.Text>
  );
}
/** The column's width: the summary is cut to it, with every line on hover. */
LinesSummary.width = 260;

/** What a `bill.changed` event says (server: platform/documents.ts `billChanged`). */
interface BillChanged {
  docType: string;
  id: number;
  version: number;
  action: string;
  by: number;
  byName: string;
}

/** The least time between two refetches of a list on its bills' changes (a chain's tills settle bills all day). */
export const LIVE_REFETCH_MS = 1_000;

/**
 * A list of a bill type follows its bills: a `bill.changed` event of the type, or a reconnection (changes
 * may have been missed), refetches it; the changes of one moment make one refetch, at most one a second.
 */
export function useBillsChanged(docType: string, refetch: () => void) {
  const latest = useRef(refetch);
  latest.current = refetch;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const later = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latest.current();
    }, LIVE_REFETCH_MS);
  };
  useLiveEvent<BillChanged>('bill.changed', ({ payload }) => {
    if (payload.docType === docType) later();
  });
  useLiveResync(later);
  useEffect(() => () => clearTimeout(timer.current), []);
}

/**
 * On a bill's page: when someone else changes the bill, a warning with a reload button (what the page
 * shows is no longer the bill); a change the same user made elsewhere (another tab) just reloads, and
 * so does a reconnection, when changes may have been missed.
 */
export function ChangedElsewhere({ def, id, version, reload }: { def: BillDef; id: number; version: number; reload: () => void }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const [change, setChange] = useState<BillChanged | null>(null);
  useLiveEvent<BillChanged>('bill.changed', ({ payload }) => {
    if (payload.docType !== def.docType || payload.id !== id || payload.version <= version) return;
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
      description={t('live.changedBy', { name: change.byName, action: actionLabel(def, change.action, i18n.language, t) })}
      action={
        <Button size="small" type="primary" onClick={reload}>
          {t('live.reload')}
        </Button>
      }
    />
  );
}

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The bill log: who, when, from which state to which, the memo, and what an after-approval change changed. */
export function BillLog({ def, rows }: { def: BillDef; rows: BillLogRow[] }) {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  return (
    <Table<BillLogRow>
      className="ho-bill-log"
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: t('bill.logAt'), dataIndex: 'at', width: 150, render: (v: string) => formatDateTime(v) },
        { title: t('bill.logUser'), dataIndex: 'username', width: 120, render: (v: string | null) => v ?? '—' },
        { title: t('bill.logAction'), dataIndex: 'action', width: 110, render: (v: string) => actionLabel(def, v, i18n.language, t) },
        {
          title: t('bill.logFrom'),
          dataIndex: 'fromState',
          width: 100,
          render: (v: string | null) => (v ? <BillStateTag def={def} state={v} /> : '—'),
        },
        { title: t('bill.logTo'), dataIndex: 'toState', width: 100, render: (v: string) => <BillStateTag def={def} state={v} /> },
        {
          title: t('bill.logMemo'),
          dataIndex: 'memo',
          render: (v: string | null, r) => {
            const field = r.change ? def.after?.[r.change.field] : undefined;
            const change = r.change
              ? `${field ? label(field.label) : r.change.field}: ${shown(r.change.from)} → ${shown(r.change.to)}`
              : null;
            return [change, v].filter(Boolean).join(' · ');
          },
        },
      ]}
    />
  );
}

/** How a transition is offered: its label, whether it needs a reason, whether it undoes something. */
export interface TransitionView {
  label: Label;
  /** The button's words when they differ from the verb's (`BillTransitionDef.button`). */
  button?: Label;
  memoRequired?: boolean;
  /** How long a memo the server takes (default 500). */
  memoMax?: number;
  confirm?: boolean;
  /** A named action's preset reasons, and the URL of its preview (what it will do), asked with the reason. */
  presets?: BillActionDef['presets'];
  preview?: string;
}

/**
 * The transition buttons of a bill: each action the server allows now, in the definition's order.
 * Every one is asked for first (it moves stock or money); one that needs a reason asks for it instead,
 * and one the definition marks `confirm` (revoke, cancel) is red and says it cannot be taken back.
 * `run` performs it; a refusal (409: the current state) is shown by the client.
 */
export function ActionButtons({
  transitions,
  actions,
  billNo,
  billId,
  run,
  size,
}: {
  transitions: Readonly<Record<string, TransitionView>>;
  actions: string[];
  billNo: string;
  /** The bill's id, for the preview of an action that has one. */
  billId?: number;
  /** `extra`: the preset reason picked, as its field of the body. */
  run: (action: string, memo?: string, extra?: Record<string, unknown>) => Promise<unknown>;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const order = Object.keys(transitions);
  const name = (a: string) => {
    const view = transitions[a];
    return view ? asTitle(label(view.button ?? view.label)) : a;
  };

  const go = async (action: string, memo?: string, extra?: Record<string, unknown>) => {
    setBusy(action);
    try {
      await run(action, memo, extra);
      notify.message.success(t('bill.actionDone', { action: name(action) }));
      return true;
    } catch (e) {
      if (!isApiError(e)) throw e;
      return false;
    } finally {
      setBusy(null);
    }
  };

  const sorted = [...actions].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return (
    <>
      <Space wrap size={6}>
        {sorted.map((a) => {
          const view = transitions[a];
          if (view?.memoRequired) {
            return (
              <Button key={a} size={size} danger loading={busy === a} onClick={() => setAsking(a)}>
                {name(a)}
              </Button>
            );
          }
          return (
            <Popconfirm
              key={a}
              title={t(view?.confirm ? 'bill.confirmUndo' : 'bill.confirmAction', { action: name(a), billNo })}
              onConfirm={() => go(a)}
            >
              <Button size={size} type={view?.confirm ? 'default' : 'primary'} danger={view?.confirm} loading={busy === a}>
                {name(a)}
              </Button>
            </Popconfirm>
          );
        })}
      </Space>
      <ActionReasonModal
        ask={
          asking
            ? {
                name: name(asking),
                memoMax: transitions[asking]?.memoMax,
                presets: transitions[asking]?.presets,
                preview: billId === undefined ? undefined : transitions[asking]?.preview,
              }
            : null
        }
        bill={{ id: billId ?? 0, billNo }}
        onClose={() => setAsking(null)}
        send={(memo, preset) => {
          const field = asking ? transitions[asking]?.presets?.field : undefined;
          return go(asking as string, memo, field && preset ? { [field]: preset } : undefined);
        }}
      />
    </>
  );
}
