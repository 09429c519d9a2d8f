import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import type { PriceCell } from '@headoffice/contract';
import { Button, InputNumber, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { isApiError } from '../../platform/http';
import { centsToYuan, formatMoney, readMoney, yuanToCents } from '../../platform/money';
import { confirmZeroPrice } from '../../platform/resource/money';
import { type Bounds, outOfBounds } from './calc';

export interface PriceCellEditorProps {
  cell: PriceCell | undefined;
  bounds: Bounds;
  /** The price a new listing starts from (service base price, product retail price). */
  basePrice: number;
  canEdit: boolean;
  /** Accessible name: "<shop> · <item>". */
  label: string;
  /** Stores the price; throws the server's error (price control, ...) to show on the cell. */
  onSave: (price: number) => Promise<void>;
}

/**
 * One cell of a shops × items price grid: the shop's price (or not listed / not sold). Click to edit;
 * Enter saves, Esc cancels. A refusal from the server (a price outside the head-office bounds) stays
 * on the cell, with the value the user typed, until it is corrected or cancelled.
 */
export function PriceCellEditor({ cell, bounds, basePrice, canEdit, label, onSave }: PriceCellEditorProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // the refusal stays on the cell (the client was told to be quiet about it)
  const saving = useAction<number>({
    run: (cents) => {
      setError(null);
      return onSave(cents);
    },
    done: () => setEditing(false),
    failed: (e) => setError(isApiError(e) ? e.message : String(e)),
  });

  const start = () => {
    if (!canEdit) return;
    setValue(centsToYuan(cell?.price ?? basePrice));
    setError(null);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setError(null);
  };
  const save = async () => {
    const entry = readMoney(value);
    if (entry.kind !== 'cents') {
      setError(
        entry.kind === 'negative' ? t('common.moneyNegative', { label: t('pricing.shopSell.price') }) : t('pricing.grid.enterPrice'),
      );
      return;
    }
    if (cell && entry.cents === cell.price && cell.status === 1) {
      cancel();
      return;
    }
    if (entry.cents === 0 && !(await confirmZeroPrice([label]))) return;
    await saving.run(entry.cents);
  };

  if (editing) {
    const cents = yuanToCents(value);
    const off = cents === null ? null : outOfBounds(cents, bounds);
    return (
      <div className="ho-price-cell editing" data-state={error ? 'error' : 'editing'}>
        <Space.Compact size="small">
          <InputNumber<number>
            aria-label={label}
            autoFocus
            size="small"
            value={value}
            max={10_000_000}
            precision={2}
            prefix="¥"
            status={error ? 'error' : off ? 'warning' : undefined}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
            onPressEnter={() => void save()}
            onKeyDown={(e) => {
              if (e.key === 'Escape') cancel();
            }}
            style={{ width: 104 }}
          />
          <Button
            size="small"
            type="primary"
            icon={<CheckOutlined />}
            loading={saving.busy}
            onClick={() => void save()}
            aria-label={t('common.save')}
          />
          <Button size="small" icon={<CloseOutlined />} onClick={cancel} aria-label={t('common.cancel')} />
        </Space.Compact>
        {error ? (
          <div className="ho-price-cell-error" role="alert">
            {error}
          </div>
        ) : off ? (
          <div className="ho-price-cell-warn">
            {off === 'low'
              ? t('pricing.grid.belowMin', { min: formatMoney(bounds.minPrice) })
              : t('pricing.grid.aboveMax', { max: formatMoney(bounds.maxPrice) })}
          </div>
        ) : null}
      </div>
    );
  }

  const off = cell ? outOfBounds(cell.price, bounds) : null;
  const content = !cell ? (
    <Typography.Text type="secondary" className="ho-price-cell-empty">
      {t('pricing.grid.notListed')}
    </Typography.Text>
  ) : (
    <Space size={4}>
      <Typography.Text delete={cell.status !== 1} type={cell.status !== 1 ? 'secondary' : off ? 'danger' : undefined}>
        {formatMoney(cell.price)}
      </Typography.Text>
      {cell.status !== 1 ? <Tag className="ho-tag-xs">{t('pricing.grid.stopped')}</Tag> : null}
      {cell.templateId ? (
        <Tooltip title={t('pricing.grid.fromTemplate')}>
          <Tag color="cyan" className="ho-tag-xs">
            {t('pricing.grid.tpl')}
          </Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
  return canEdit ? (
    // biome-ignore lint/a11y/useSemanticElements: a table cell that turns into an editor
    <div
      className="ho-price-cell"
      role="button"
      tabIndex={0}
      aria-label={label}
      title={off ? t('pricing.grid.outOfBounds') : t('pricing.grid.clickToEdit')}
      onClick={start}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') start();
      }}
    >
      {content}
      <EditOutlined className="ho-price-cell-icon" />
    </div>
  ) : (
    <div className="ho-price-cell readonly">{content}</div>
  );
}
