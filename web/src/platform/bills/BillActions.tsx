import { type BillActionDef, type BillDef, billPath } from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../auth';
import { http } from '../http';
import { ReasonDialog } from '../list/ReasonDialog';
import { formatMoney } from '../money';
import { asTitle, useLabel } from './labels';
import { invalidateBills, type TransitionView } from './parts';

type Values = Record<string, unknown>;
type Bill = { id: number; version?: number; billNo?: unknown; state?: unknown };

const actionsOf = (def: BillDef) => Object.entries((def.actions ?? {}) as Record<string, BillActionDef>);

/** How long a reason the action's body takes (the seed's 撤单 reason: 30). */
const reasonLength = (a: BillActionDef | undefined) =>
  (a?.reason ? (a.body?.shape[a.reason] as { maxLength?: number | null } | undefined)?.maxLength : undefined) ?? 500;

/** The named actions of a type as its buttons offer them: a reason asked for where the action takes one. */
export const actionViews = (def: BillDef): Record<string, TransitionView> =>
  Object.fromEntries(
    actionsOf(def).map(([name, a]) => [
      name,
      { label: a.label, button: a.button, memoRequired: !!a.reason, memoMax: reasonLength(a), confirm: a.confirm },
    ]),
  );

/** Performs a named action on a bill: its path, the bill's id and version, the reason in the field the action names. */
export function runBillAction(def: BillDef, name: string, bill: Bill, memo?: string) {
  const action = def.actions?.[name];
  if (!action) return Promise.resolve();
  const reason = action.reason ? { [action.reason]: memo } : { memo };
  return http.post(billPath(def, action.path), { id: bill.id, version: bill.version, ...reason }, { once: true });
}

/**
 * The actions a list offers on its rows (`onRows`): those whose states hold the row's and whose right
 * the user holds; one with a reason asks for it in a one-line box, the others are asked for first.
 */
export function RowActions({ def, row }: { def: BillDef; row: Bill & Values }) {
  const { t } = useTranslation();
  const can = usePermission();
  const label = useLabel();
  const qc = useQueryClient();
  const [asking, setAsking] = useState<string | null>(null);
  const offered = actionsOf(def).filter(([, a]) => a.onRows && (!a.states || a.states.includes(String(row.state))) && can(a.perm));
  const name = (a: BillActionDef) => asTitle(label(a.button ?? a.label));
  const current = asking ? def.actions?.[asking] : undefined;
  return (
    <>
      {offered.map(([key, a]) => (
        <Button key={key} type="link" size="small" danger={!!a.confirm} onClick={() => setAsking(key)} data-action={key}>
          {name(a)}
        </Button>
      ))}
      <ReasonDialog<Bill, unknown>
        row={asking ? row : null}
        title={current ? t('bill.memoTitle', { action: name(current), billNo: row.billNo }) : ''}
        label={current ? t('bill.memoOf', { action: name(current) }) : ''}
        name="memo"
        maxLength={reasonLength(current)}
        rows={0}
        okText={current ? name(current) : undefined}
        danger
        onClose={() => setAsking(null)}
        send={(bill, v) => runBillAction(def, asking as string, bill, String(v.memo))}
        success={() => (current ? t('bill.actionDone', { action: name(current) }) : null)}
        invalidates={[]}
        done={() => invalidateBills(qc)}
      />
    </>
  );
}

/**
 * The sums line of a list whose definition adds fields up: the count and each field's total over every
 * matching bill that counts, then a tag per state that counts in no total (a revoked bill) with its own.
 */
export function BillSums({ def, answer }: { def: BillDef; answer: Values }) {
  const { t } = useTranslation();
  const label = useLabel();
  const sum = answer.sum as (Record<string, number> & { apart?: Record<string, Record<string, number>> }) | undefined;
  if (!def.sums || !sum) return null;
  const fields = (totals: Record<string, number>) =>
    (def.sums ?? []).map((field) => {
      const f = def.headFields[field];
      const value = totals[field] ?? 0;
      return `${f ? label(f.label) : field} ${f?.kind === 'money' ? formatMoney(value) : value}`;
    });
  const apart = (def.sumsApart ?? []).flatMap((state) => {
    const totals = sum.apart?.[state];
    const name = def.states[state] ? label(def.states[state].label) : state;
    return totals?.count
      ? [[t('bill.sumApart', { state: name, count: totals.count }), ...fields(totals)].join(t('bill.sumSeparator'))]
      : [];
  });
  return (
    <Typography.Paragraph type="secondary">
      <span data-testid="records-sum">{[t('bill.sumCount', { count: sum.count }), ...fields(sum)].join(t('bill.sumSeparator'))}</span>
      {apart.map((text) => (
        <Tag key={text} style={{ marginInlineStart: 8 }} data-testid="records-sum-apart">
          {text}
        </Tag>
      ))}
    </Typography.Paragraph>
  );
}
