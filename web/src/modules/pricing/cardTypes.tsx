import type { CardTypeOption } from '@headoffice/contract';
import { Select, Space, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoteRows } from '../../platform/resource/options';
import { PRICING } from './api';

/** The chain's card types, stopped ones too (cached, shared by every picker). */
export function useCardTypes(enabled = true) {
  const q = useRemoteRows(enabled ? PRICING.cardTypes : undefined);
  const cardTypes = useMemo(() => (Array.isArray(q.data) ? (q.data as unknown as CardTypeOption[]) : []), [q.data]);
  const byId = useCallback((id: number | null | undefined) => (id ? cardTypes.find((c) => c.id === id) : undefined), [cardTypes]);
  return { cardTypes, byId, loading: q.isLoading };
}

/** «金卡（001）», or «金卡（001，停办）» for a card type no longer issued. */
export function cardTypeLabel(c: CardTypeOption, t: ReturnType<typeof useTranslation>['t']) {
  return t(c.status === 1 ? 'pricing.card.label' : 'pricing.card.labelStopped', { name: c.name, code: c.code });
}

/**
 * One card type, by name and code. Card types no longer issued (停办) cannot be picked anew, but
 * one already chosen still shows its name.
 */
export function CardTypeSelect({
  value,
  onChange,
  style,
  allowClear,
  placeholder,
  status,
  'aria-label': ariaLabel,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  style?: React.CSSProperties;
  allowClear?: boolean;
  placeholder?: string;
  status?: 'error';
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const { cardTypes, loading } = useCardTypes();
  const options = cardTypes.map((c) => ({
    value: c.id,
    label: cardTypeLabel(c, t),
    kind: c.kind,
    disabled: c.status !== 1 && c.id !== value,
  }));
  return (
    <Select
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      options={options}
      optionRender={(o) => (
        <Space size={8}>
          <span>{o.label}</span>
          <Typography.Text type="secondary">{t(`pricing.card.kinds.${o.data.kind}`)}</Typography.Text>
        </Space>
      )}
      loading={loading}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      placeholder={placeholder ?? t('pricing.card.pick')}
      notFoundContent={loading ? undefined : t('pricing.card.noTypes')}
      status={status}
      aria-label={ariaLabel ?? t('pricing.card.type')}
      style={{ minWidth: 180, ...style }}
    />
  );
}
