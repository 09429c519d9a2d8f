import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoteRows } from '../../platform/resource/options';
import { API, type LevelOption } from './api';

/** Levels of the position picked in the same form (`positionField`), or every level when none is. */
export function LevelPicker({
  value,
  onChange,
  disabled,
  positionField = 'positionId',
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  disabled?: boolean;
  positionField?: string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const positionId = Form.useWatch(positionField, form) as number | null | undefined;
  const q = useRemoteRows(API.levelsAll);
  const rows = (Array.isArray(q.data) ? q.data : []) as unknown as LevelOption[];
  // another position: a level of the previous one no longer fits
  useEffect(() => {
    if (!value || !positionId || !rows.length) return;
    const level = rows.find((l) => l.id === value);
    if (level?.positionId && level.positionId !== positionId) onChange?.(null);
  }, [value, positionId, rows, onChange]);
  const options = rows.filter((l) => !positionId || l.positionId === positionId).map((l) => ({ value: l.id, label: l.name }));
  return (
    <Select
      allowClear
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      disabled={disabled}
      loading={q.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      placeholder={positionId ? t('staff.employee.pickLevel') : t('staff.employee.pickPositionFirst')}
      style={{ width: '100%' }}
    />
  );
}
