import { Button, InputNumber, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../platform/money';

export interface DraftPayment {
  /** Tells the rows apart while they are edited. */
  uid: string;
  /** `pay:<pay type id>`, `card:<card id>`, `voucher:<voucher id>` or `coupon:<member coupon id>`. */
  target: string;
  amount: number;
}

/**
 * The payments of a till bill being filled in: one row per payment (what pays, how much), a button
 * adding a row with what is still unpaid, and the unpaid amount live (green once they add up).
 * `actions` sit next to the add button, `children` after the unpaid amount.
 */
export function PaymentRows({
  payments,
  options,
  toPay,
  onChange,
  actions,
  children,
}: {
  payments: DraftPayment[];
  options: { value: string; label: string }[];
  toPay: number;
  onChange: (next: DraftPayment[]) => void;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const paid = payments.reduce((s, p) => s + (p.amount || 0), 0);
  const patch = (i: number, change: Partial<DraftPayment>) => onChange(payments.map((x, j) => (j === i ? { ...x, ...change } : x)));
  return (
    <Space direction="vertical">
      {payments.map((p, i) => (
        <Space key={p.uid}>
          <Select
            style={{ width: 240 }}
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
            value={p.amount / 100}
            onChange={(v) => patch(i, { amount: Math.round((v ?? 0) * 100) })}
            data-testid={`till-pay-amount-${i}`}
          />
          {payments.length > 1 && (
            <Button type="link" size="small" onClick={() => onChange(payments.filter((_x, j) => j !== i))}>
              {t('till.remove')}
            </Button>
          )}
        </Space>
      ))}
      <Space>
        <Button
          onClick={() =>
            onChange([
              ...payments,
              {
                uid: crypto.randomUUID(),
                target: options[options.length > 1 ? 1 : 0]?.value ?? '',
                amount: Math.max(0, toPay - paid),
              },
            ])
          }
          data-testid="till-add-payment"
        >
          {t('till.addPayment')}
        </Button>
        {actions}
        <Typography.Text type={paid === toPay ? 'success' : 'danger'} data-testid="till-pay-remaining">
          {t('till.remaining', { amount: formatMoney(toPay - paid) })}
        </Typography.Text>
        {children}
      </Space>
    </Space>
  );
}
