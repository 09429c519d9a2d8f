import { InputNumber } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { centsToYuan, yuanToCents } from '../money';

/**
 * A price typed in a table cell, in cents. A negative entry is never clamped to ¥0.00: it stays as
 * typed, marked as an error with its message, and is not passed on, so the last good price is kept.
 */
export function MoneyCellInput({
  cents,
  onChange,
  label,
  error,
  placeholder,
  disabled,
  style,
}: {
  cents: number | null | undefined;
  onChange: (cents: number | null) => void;
  /** Names the cell for screen readers and in the message. */
  label: string;
  /** Another problem of the cell (the server's refusal). */
  error?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  const [negative, setNegative] = useState<number | null>(null);
  const problem = negative !== null ? t('common.moneyNegative', { label }) : error;
  return (
    <div>
      <InputNumber<number>
        aria-label={label}
        value={negative ?? centsToYuan(cents)}
        max={10_000_000}
        precision={2}
        prefix="¥"
        placeholder={placeholder}
        disabled={disabled}
        status={problem ? 'error' : undefined}
        onChange={(yuan) => {
          if (yuan !== null && yuan < 0) return setNegative(yuan);
          setNegative(null);
          onChange(yuan === null ? null : yuanToCents(yuan));
        }}
        style={style}
      />
      {problem ? (
        <div className="ho-price-cell-error" role="alert">
          {problem}
        </div>
      ) : null}
    </div>
  );
}
