import { type BillActionDef, type BillDef, billPath } from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { usePermission } from '../auth';
import { http, isApiError } from '../http';
import { formatMoney } from '../money';
import { notify } from '../notify';
import { ActionReasonModal } from './ActionReason';
import { asTitle, useLabel } from './labels';
import { invalidateBills, type TransitionView } from './parts';

type Values = Record<string, unknown>;
type Bill = { id: number; version?: number; billNo?: unknown; state?: unknown };

const actionsOf = (def: BillDef) => Object.entries((def.actions ?? {}) as Record<string, BillActionDef>);

/** How long a reason the action's body takes (the seed's 撤单 reason: 30), whether the field is optional or not. */
function reasonLength(a: BillActionDef | undefined) {
  let field = a?.reason ? (a.body?.shape[a.reason] as z.ZodType | undefined) : undefined;
  if (field instanceof z.ZodOptional) field = field.unwrap() as z.ZodType;
  return (field as { maxLength?: number | null } | undefined)?.maxLength ?? 500;
}

/** The named actions of a type as its buttons offer them: a reason asked for where the action takes one, with its presets and preview. */
export const actionViews = (def: BillDef): Record<string, TransitionView> =>
  Object.fromEntries(
    actionsOf(def).map(([name, a]) => [
      name,
      {
        label: a.label,
        button: a.button,
        memoRequired: !!a.reason,
        memoMax: reasonLength(a),
        confirm: a.confirm,
        presets: a.presets,
        preview: a.preview ? billPath(def, a.preview) : undefined,
      },
    ]),
  );

/**
 * Performs a named action on a bill: its path, the bill's id and version, the reason in the field the
 * action names, and what else the dialog asked (the preset reason, in its field).
 */
export function runBillAction(def: BillDef, name: string, bill: Bill, memo?: string, extra?: Record<string, unknown>) {
  const action = def.actions?.[name];
  if (!action) return Promise.resolve();
  const reason = action.reason ? { [action.reason]: memo } : { memo };
  return http.post(billPath(def, action.path), { id: bill.id, version: bill.version, ...reason, ...extra }, { once: true });
}

/**
 * The actions a list offers on its rows (`onRows`): those whose states hold the row's and whose right
 * the user holds; one with a reason asks for it (with its presets and what it will do), the others are
 * asked for first.
 */
export function RowActions({ def, row }: { def: BillDef; row: Bill & Values }) {
  const { t } = useTranslation();
  const can = usePermission();
  const label = useLabel();
  const qc = useQueryClient();
  const [asking, setAsking] = useState<string | null>(null);
  const offered = actionsOf(def).filter(([, a]) => a.onRows && (!a.states || a.states.includes(String(row.state))) && can(a.perm));
  const name = (a: BillActionDef) => asTitle(label(a.button ?? a.label));
  const view = asking ? actionViews(def)[asking] : undefined;
  return (
    <>
      {offered.map(([key, a]) => (
        <Button key={key} type="link" size="small" danger={!!a.confirm} onClick={() => setAsking(key)} data-action={key}>
          {name(a)}
        </Button>
      ))}
      <ActionReasonModal
        ask={
          asking && view
            ? { name: asTitle(label(view.button ?? view.label)), memoMax: view.memoMax, presets: view.presets, preview: view.preview }
            : null
        }
        bill={row}
        onClose={() => setAsking(null)}
        send={async (memo, preset) => {
          const field = view?.presets?.field;
          try {
            await runBillAction(def, asking as string, row, memo, field && preset ? { [field]: preset } : undefined);
          } catch (e) {
            if (!isApiError(e)) throw e;
            return false;
          }
          notify.message.success(t('bill.actionDone', { action: view ? asTitle(label(view.button ?? view.label)) : '' }));
          await invalidateBills(qc);
          return true;
        }}
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
