import { Button, InputNumber, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../money';

export interface DraftPayment {
  /** Tells the rows apart while they are edited. */
  uid: string;
  /** `pay:<pay type id>`, `card:<card id>`, `voucher:<voucher id>` or `coupon:<member coupon id>`. */
  target: string;
  amount: number;
}

/** A button's words with its shortcut key, as the front desk shows them ("结账 F9"). */
export const keyLabel = (label: string, key: string) => `${label} ${key}`;

/** A new payment row paying what is still unpaid, with the second option (the first is usually the card or cash already used). */
export function nextPayment(payments: DraftPayment[], options: { value: string }[], toPay: number): DraftPayment {
  const paid = payments.reduce((s, p) => s + (p.amount || 0), 0);
  return {
    uid: crypto.randomUUID(),
    target: options[options.length > 1 ? 1 : 0]?.value ?? '',
    amount: Math.max(0, toPay - paid),
  };
}

/**
 * The payments of a bill being filled in, at the till or in head office (a card sold there): one row per payment (what pays, how much, and what the
 * row's `beside` says, e.g. a card's balance), a button adding a row with what is still unpaid, and the
 * unpaid amount live (green once they add up). `focusUid`: the row whose amount takes the focus when it
 * appears (a row just added); `addKey`: the add button's shortcut. `actions` sit next to the add button, `children` after the unpaid amount.
 */
export function PaymentRows({
  payments,
  options,
  toPay,
  onChange,
  beside,
  focusUid,
  addKey,
  actions,
  children,
}: {
  payments: DraftPayment[];
  options: { value: string; label: string }[];
  toPay: number;
  onChange: (next: DraftPayment[], added?: DraftPayment) => void;
  beside?: (payment: DraftPayment) => ReactNode;
  focusUid?: string;
  /** The shortcut of the add button, shown on it (the till's). */
  addKey?: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const paid = payments.reduce((s, p) => s + (p.amount || 0), 0);
  const patch = (i: number, change: Partial<DraftPayment>) => onChange(payments.map((x, j) => (j === i ? { ...x, ...change } : x)));
  return (
    <Space orientation="vertical">
      {payments.map((p, i) => (
        <Space key={p.uid} wrap>
          <Select
            style={{ width: 260 }}
            showSearch
            optionFilterProp="label"
            value={p.target}
            options={options}
            onChange={(v) => patch(i, { target: v })}
            data-testid={`till-pay-type-${i}`}
          />
          <InputNumber
            min={0}
            precision={2}
            autoFocus={p.uid === focusUid}
            value={p.amount / 100}
            onChange={(v) => patch(i, { amount: Math.round((v ?? 0) * 100) })}
            data-testid={`till-pay-amount-${i}`}
          />
          {beside?.(p)}
          {payments.length > 1 && (
            <Button type="link" size="small" tabIndex={-1} onClick={() => onChange(payments.filter((_x, j) => j !== i))}>
              {t('bill.pay.remove')}
            </Button>
          )}
        </Space>
      ))}
      <Space wrap>
        <Button
          onClick={() => {
            const added = nextPayment(payments, options, toPay);
            onChange([...payments, added], added);
          }}
          data-testid="till-add-payment"
        >
          {addKey ? keyLabel(t('bill.pay.add'), addKey) : t('bill.pay.add')}
        </Button>
        {actions}
        <Typography.Text type={paid === toPay ? 'success' : 'danger'} data-testid="till-pay-remaining">
          {t('bill.pay.remaining', { amount: formatMoney(toPay - paid) })}
        </Typography.Text>
        {children}
      </Space>
    </Space>
  );
}
