import { Input, Select, Space, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AppIcon, knownIconNames } from '../../platform/icons';
import { useRemoteRows } from '../../platform/resource/options';
import { API, type EmployeeOption, type RoleOption } from './api';

interface ValueProps<V> {
  /** Set by Form.Item: ties the label to the input. */
  id?: string;
  value?: V;
  onChange?: (v: V) => void;
  disabled?: boolean;
}

/** Roles of the tenant (getSysRoleList), several at once. */
export function RolesSelect({
  id,
  value,
  onChange,
  disabled,
  multiple = true,
}: ValueProps<number[] | number | undefined> & { multiple?: boolean }) {
  const { t } = useTranslation();
  const q = useRemoteRows(API.sysRoles);
  const rows = (Array.isArray(q.data) ? q.data : []) as unknown as RoleOption[];
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      value={value}
      onChange={onChange}
      disabled={disabled}
      loading={q.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('identity.user.pickRoles')}
      options={rows.map((r) => ({
        value: r.id,
        label: r.name,
        disabled: r.status === 0 && !(Array.isArray(value) ? value.includes(r.id) : value === r.id),
      }))}
      style={{ width: '100%' }}
    />
  );
}

/** An employee not yet linked to a user (getListUnbind), plus the one this user is linked to. */
export function EmployeePicker({
  id,
  value,
  onChange,
  disabled,
  current,
}: ValueProps<number | null | undefined> & { current?: { id: number; name: string | null } | null }) {
  const { t } = useTranslation();
  const q = useRemoteRows(API.unboundEmployees);
  const options = useMemo(() => {
    const rows = (Array.isArray(q.data) ? q.data : []) as unknown as EmployeeOption[];
    const list = rows.map((e) => ({
      value: e.id,
      label: [e.name, e.eecode ? `（${e.eecode}）` : '', e.shopName ? ` · ${e.shopName}` : ''].join(''),
    }));
    if (current?.id && !list.some((o) => o.value === current.id))
      list.unshift({ value: current.id, label: current.name ?? `#${current.id}` });
    return list;
  }, [q.data, current]);
  return (
    <Select
      id={id}
      allowClear
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      disabled={disabled}
      loading={q.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('identity.user.pickEmployee')}
      options={options}
      style={{ width: '100%' }}
    />
  );
}

/** Icon names bundled with the app (platform/icons.tsx), shown with their icon. */
export function IconPicker({ id, value, onChange, disabled }: ValueProps<string | null | undefined>) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      allowClear
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'value' }}
      placeholder={t('identity.menu.pickIcon')}
      options={knownIconNames.map((name) => ({
        value: name,
        label: (
          <Space size={8}>
            <AppIcon name={name} />
            <span>{name.replace(/Outlined$/, '')}</span>
          </Space>
        ),
      }))}
      style={{ width: '100%' }}
      listHeight={300}
    />
  );
}

/** A password input for forms (never prefilled). */
export function PasswordInput(props: ValueProps<string | undefined> & { placeholder?: string }) {
  return (
    <Input.Password
      id={props.id}
      autoComplete="new-password"
      value={props.value}
      onChange={(e) => props.onChange?.(e.target.value)}
      disabled={props.disabled}
      placeholder={props.placeholder}
    />
  );
}

/** A few tags and "+N" with the rest in a tooltip. */
export function TagList({ items, max = 2, color }: { items: { id: number | string; name: string }[]; max?: number; color?: string }) {
  if (!items.length) return <span className="ho-muted">—</span>;
  const shown = items.slice(0, max);
  const rest = items.slice(max);
  return (
    <Space size={4} wrap={false}>
      {shown.map((x) => (
        <Tag key={x.id} color={color} style={{ marginInlineEnd: 0 }}>
          {x.name}
        </Tag>
      ))}
      {rest.length ? (
        <Tooltip title={rest.map((x) => x.name).join('、')}>
          <Tag style={{ cursor: 'default' }}>+{rest.length}</Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}
