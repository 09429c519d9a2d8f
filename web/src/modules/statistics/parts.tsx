import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, yuanToCents } from '../../platform/money';

export const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Money of a cell: ¥1,234.50, never wrapped. */
export const moneyCell = (cents: number) => <span style={NO_WRAP}>{formatMoney(cents)}</span>;

/** 男 / 女 (nothing when not given). */
export function useGender() {
  const { t } = useTranslation();
  return (g: number) => (g === 1 || g === 2 ? t(`statistics.genders.${g}`) : '');
}

/** A minimum typed in yuan, kept in cents (cleared: none). */
export function YuanInput({
  value,
  onChange,
  placeholder,
  testId,
}: {
  value: number | undefined;
  onChange: (cents: number | undefined) => void;
  placeholder: string;
  testId?: string;
}) {
  return (
    <InputNumber<number>
      data-testid={testId}
      min={0}
      precision={2}
      prefix="¥"
      placeholder={placeholder}
      style={{ width: 150 }}
      value={value === undefined ? null : value / 100}
      onChange={(v) => onChange(v === null ? undefined : (yuanToCents(v) ?? undefined))}
    />
  );
}

/** A minimum count (cleared: none). */
export function CountInput({
  value,
  onChange,
  placeholder,
}: {
  value: number | undefined;
  onChange: (n: number | undefined) => void;
  placeholder: string;
}) {
  return (
    <InputNumber<number>
      min={0}
      precision={0}
      placeholder={placeholder}
      style={{ width: 130 }}
      value={value ?? null}
      onChange={(v) => onChange(v === null ? undefined : v)}
    />
  );
}
