import { positionLevelRecord, positionRecord } from '@headoffice/contract';
import { Select } from 'antd';
import { useRemoteRows } from '../../platform/resource/options';

interface Named {
  id: number;
  name: string;
}

/** Several employee positions (or levels) picked from their dictionaries. */
export function NamedMultiSelect({
  kind,
  value,
  onChange,
  disabled,
  placeholder,
}: {
  kind: 'position' | 'level';
  value?: number[];
  onChange?: (v: number[]) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const rows = useRemoteRows((kind === 'position' ? positionRecord : positionLevelRecord).paths.all);
  const options = ((rows.data ?? []) as unknown as Named[]).map((r) => ({ value: r.id, label: r.name }));
  return (
    <Select
      mode="multiple"
      value={value ?? []}
      onChange={onChange}
      options={options}
      loading={rows.isLoading}
      disabled={disabled}
      placeholder={placeholder}
      optionFilterProp="label"
      style={{ width: '100%' }}
      maxTagCount="responsive"
    />
  );
}
