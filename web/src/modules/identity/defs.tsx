import { type AuditEntity, auditEntityLabels, type LogRow, type RoleRow, type UserRow } from '@headoffice/contract';
import { Checkbox, InputNumber, Space, Tag, Tooltip, Typography } from 'antd';
import { companyDateTime } from '../../platform/clock';
import { pickLabel, t } from '../../platform/i18n';
import { RowSwitch } from '../../platform/resource/RowSwitch';
import type { OptionSource, ResourceDef } from '../../platform/resource/types';
import { ShopTreeSelect } from '../org/public';
import { API, type AuthorityRow, type DeviceRow } from './api';
import { EmployeePicker, PasswordInput, RolesSelect, TagList } from './pickers';

// ---------------------------------------------------------------- users

export type UserVirtual = 'keyword' | 'roleId' | 'shopId' | 'roleIds' | 'loginShopIds' | 'managerShopIds' | 'password' | 'shops';

const idsOr = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

export const userDef: ResourceDef<UserRow, UserVirtual> = {
  key: 'user',
  title: 'identity.user.title',
  basePath: '/api-user/users',
  exportPath: API.usersExport,
  savePath: API.userSave,
  detailPath: API.user,
  deletePath: false,
  updateStatusPath: false,
  // each role shows how many users hold it
  countedBy: [{ key: 'role', basePath: '/api-user/roles' }],
  editPerm: 'identity.user.edit',
  sendVersion: true,
  formWidth: 720,
  defaultSort: 'username',
  rowName: (r) => r.name,
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'identity.user.keywordPh' } },
    {
      key: 'username',
      title: 'identity.user.username',
      table: {
        width: 140,
        sorter: true,
        fixed: 'left',
        // an employee's own account: it only signs in and sees its own schedule and commission
        render: (r) =>
          r.selfService ? (
            <Space size={4} wrap>
              {r.username}
              <Tooltip title={t('identity.user.selfServiceHelp')}>
                <Tag color="cyan" className="ho-mini-tag">
                  {t('identity.user.selfService')}
                </Tag>
              </Tooltip>
            </Space>
          ) : (
            r.username
          ),
      },
      form: {
        required: true,
        disabledOnEdit: true,
        maxLength: 32,
        help: 'identity.user.usernameHelp',
        rules: [() => ({ pattern: /^[A-Za-z0-9_.@-]{2,32}$/, message: t('identity.user.usernameInvalid') })],
      },
    },
    {
      key: 'name',
      title: 'identity.user.name',
      table: {
        width: 120,
        sorter: true,
        render: (r) => (
          <div className="ho-cell-stack">
            <span>{r.name}</span>
            {r.employeeName ? (
              <Typography.Text type="secondary" className="ho-cell-sub">
                {t('identity.user.employeeOf', { name: r.employeeName })}
              </Typography.Text>
            ) : null}
          </div>
        ),
      },
      form: { required: true, maxLength: 64 },
    },
    {
      key: 'mobile',
      title: 'identity.user.mobile',
      table: { width: 110 },
      form: { maxLength: 11, rules: [() => ({ pattern: /^1\d{10}$/, message: t('identity.user.mobileInvalid') })] },
    },
    {
      key: 'password',
      title: 'identity.user.password',
      table: false,
      form: {
        required: true,
        help: 'identity.user.passwordHelp',
        rules: [() => ({ min: 8, max: 64, message: t('identity.user.passwordRule') })],
        visible: (_v, row) => !row,
        input: () => <PasswordInput />,
      },
    },
    {
      key: 'employeeId',
      title: 'identity.user.employee',
      type: 'select',
      table: false,
      form: {
        help: 'identity.user.employeeHelp',
        input: (row) => <EmployeePicker current={row?.employeeId ? { id: row.employeeId, name: row.employeeName } : null} />,
      },
    },
    {
      key: 'roleId',
      title: 'identity.user.role',
      type: 'select',
      options: { kind: 'remote', url: API.sysRoles },
      table: false,
      form: false,
      search: true,
    },
    {
      key: 'shopId',
      title: 'identity.user.shop',
      type: 'select',
      options: { kind: 'remote', url: API.shopsAll },
      table: false,
      form: false,
      search: true,
    },
    {
      key: 'roleIds',
      title: 'identity.user.roles',
      table: { width: 160, render: (r) => <TagList items={r.roles} color="blue" /> },
      form: { span: 24, input: () => <RolesSelect /> },
    },
    {
      key: 'managerShopIds',
      title: 'identity.user.managerShops',
      table: false,
      form: { span: 24, help: 'identity.user.managerShopsHelp', input: () => <ShopTreeSelect /> },
    },
    {
      key: 'loginShopIds',
      title: 'identity.user.loginShops',
      table: false,
      form: { span: 24, help: 'identity.user.loginShopsHelp', input: () => <ShopTreeSelect /> },
    },
    {
      key: 'shops',
      title: 'identity.user.shops',
      table: {
        width: 240,
        render: (r) => (
          <div className="ho-cell-stack">
            <span>
              <Typography.Text type="secondary" className="ho-cell-label">
                {t('identity.user.managerShort')}
              </Typography.Text>
              <TagList items={r.managerShops} color="geekblue" />
            </span>
            <span>
              <Typography.Text type="secondary" className="ho-cell-label">
                {t('identity.user.loginShort')}
              </Typography.Text>
              <TagList items={r.loginShops} />
            </span>
          </div>
        ),
      },
      form: false,
    },
    {
      key: 'status',
      title: 'common.status',
      type: 'status',
      search: true,
      table: {
        width: 90,
        render: (r) => (
          <RowSwitch
            value={r.status}
            perm="identity.user.edit"
            path={API.userUpdate}
            body={(status) => ({ id: r.id, status })}
            invalidate={['user']}
          />
        ),
      },
      form: { initial: 1 },
    },
  ],
  toForm: (row) => ({
    roleIds: row.roles.map((r) => r.id),
    loginShopIds: row.loginShops.map((s) => s.id),
    managerShopIds: row.managerShops.map((s) => s.id),
  }),
  toSave: (values) => ({
    ...values,
    roleIds: idsOr(values.roleIds),
    loginShopIds: idsOr(values.loginShopIds),
    managerShopIds: idsOr(values.managerShopIds),
  }),
};

// ---------------------------------------------------------------- roles

export function RoleName({ row }: { row: RoleRow }) {
  return (
    <Space size={6}>
      <Typography.Text strong={row.isSuper}>{row.name}</Typography.Text>
      {row.isSuper ? <Tag color="gold">{t('identity.role.super')}</Tag> : null}
    </Space>
  );
}

export const roleDef: ResourceDef<RoleRow, 'keyword'> = {
  key: 'role',
  title: 'identity.role.title',
  basePath: '/api-user/roles',
  listPath: API.roles,
  savePath: API.roleSave,
  deletePath: API.role,
  updateStatusPath: false,
  editPerm: 'identity.role.edit',
  sendVersion: true,
  formWidth: 520,
  rowDeletable: (r) => !r.isSuper,
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'common.keywordPh' } },
    { key: 'code', title: 'identity.role.code', table: { width: 110, sorter: true }, form: { required: true, maxLength: 32 } },
    {
      key: 'name',
      title: 'identity.role.name',
      table: { width: 190, sorter: true, render: (r) => <RoleName row={r} /> },
      form: { required: true, maxLength: 64 },
    },
    {
      key: 'roleTypeId',
      title: 'identity.role.roleType',
      type: 'select',
      options: { kind: 'remote', url: API.roleTypesAll },
      table: { width: 100, display: 'roleTypeName' },
      search: true,
      form: {},
    },
    { key: 'userCount', title: 'identity.role.userCount', type: 'number', table: { width: 80 }, form: false },
    { key: 'status', title: 'common.status', type: 'status', table: { width: 80 }, search: true, form: { initial: 1 } },
    { key: 'memo', title: 'common.memo', type: 'textarea', table: { width: 180, ellipsis: true }, form: { maxLength: 500 } },
  ],
};

// ---------------------------------------------------------------- devices

export const deviceDef: ResourceDef<DeviceRow, 'keyword'> = {
  key: 'device',
  title: 'identity.device.title',
  basePath: '/api-user/mac',
  listPath: API.devices,
  savePath: API.deviceSave,
  deletePath: false,
  updateStatusPath: API.deviceStatus,
  batchStatusPath: API.deviceBatchStatus,
  statusBody: (ids, status, batch) => (batch ? { ids, status } : { id: ids[0], status }),
  editPerm: 'identity.device.edit',
  sendVersion: true,
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'identity.device.keywordPh' } },
    {
      key: 'mac',
      title: 'identity.device.mac',
      table: { width: 170, render: (r) => <Typography.Text code>{r.mac}</Typography.Text> },
      form: { required: true, maxLength: 64, help: 'identity.device.macHelp' },
    },
    { key: 'name', title: 'identity.device.name', table: { width: 160 }, form: { required: true, maxLength: 64 } },
    {
      key: 'shopId',
      title: 'identity.device.shop',
      type: 'select',
      options: { kind: 'remote', url: API.shopsAll },
      table: { width: 160, display: 'shopName' },
      search: true,
      form: { required: true },
    },
    { key: 'status', title: 'common.status', type: 'status', table: { width: 90 }, search: true, form: { initial: 1 } },
    { key: 'lastSeenAt', title: 'identity.device.lastSeen', type: 'datetime', table: { width: 150 }, form: false },
    { key: 'memo', title: 'common.memo', type: 'textarea', table: { width: 200, ellipsis: true }, form: { maxLength: 500 } },
  ],
};

// ---------------------------------------------------------------- till authority

/** 70 → "最低 7 折", 85 → "最低 8.5 折", 100 → "不可打折". */
export function discountText(floor: number | null | undefined): string {
  if (floor === null || floor === undefined) return '';
  if (floor >= 100) return t('identity.authority.noDiscount');
  if (floor <= 0) return t('identity.authority.anyDiscount');
  return t('identity.authority.floorText', { rate: String(floor / 10), off: String(100 - floor) });
}

type AuthorityVirtual = 'rights';
const RIGHTS = ['canRevoke', 'canRefund', 'canChangePrice'] as const;

export function Rights({ row }: { row: Pick<AuthorityRow, (typeof RIGHTS)[number]> }) {
  const held = RIGHTS.filter((k) => row[k]);
  if (!held.length) return <span className="ho-muted">{t('identity.authority.noRights')}</span>;
  return (
    <Space size={[4, 4]} wrap>
      {held.map((k) => (
        <Tag key={k} color="blue">
          {t(`identity.authority.${k}`)}
        </Tag>
      ))}
    </Space>
  );
}

export const RIGHT_OPTIONS: OptionSource = {
  kind: 'static',
  items: RIGHTS.map((k) => ({ value: k, label: `identity.authority.${k}` })),
};

export const authorityDef: ResourceDef<AuthorityRow, AuthorityVirtual | 'keyword'> = {
  key: 'authority',
  title: 'identity.authority.template',
  basePath: API.authorities,
  savePath: API.authoritySave,
  updatePath: API.authorityEdit,
  deletePath: false,
  updateStatusPath: false,
  editPerm: 'identity.authority.edit',
  sendVersion: true,
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'common.keywordPh' } },
    { key: 'code', title: 'identity.authority.code', table: { width: 110 }, form: { required: true, maxLength: 32 } },
    { key: 'name', title: 'identity.authority.name', table: { width: 160 }, form: { required: true, maxLength: 64 } },
    {
      key: 'discountFloor',
      title: 'identity.authority.discountFloor',
      type: 'percent',
      table: {
        width: 120,
        align: 'left',
        render: (r) => <Tag color={r.discountFloor < 100 ? 'orange' : undefined}>{discountText(r.discountFloor)}</Tag>,
      },
      form: {
        required: true,
        initial: 100,
        min: 0,
        max: 100,
        help: 'identity.authority.discountFloorHelp',
        input: () => <DiscountFloorInput />,
      },
    },
    {
      key: 'rights',
      title: 'identity.authority.rights',
      type: 'select',
      options: RIGHT_OPTIONS,
      table: { width: 220, render: (r) => <Rights row={r} /> },
      form: { span: 24, input: () => <RightsInput /> },
    },
    { key: 'status', title: 'common.status', type: 'status', table: { width: 90 }, form: { initial: 1 } },
    { key: 'memo', title: 'common.memo', type: 'textarea', table: { width: 200, ellipsis: true }, form: { maxLength: 500 } },
  ],
  toForm: (row) => ({ rights: RIGHTS.filter((k) => row[k]) }),
  toSave: (values) => {
    const { rights, ...rest } = values;
    const held = Array.isArray(rights) ? rights : [];
    return { ...rest, ...Object.fromEntries(RIGHTS.map((k) => [k, held.includes(k)])) };
  },
};

/** The floor in percent, with what it means beside it ("最低 8.5 折"). */
function DiscountFloorInput(props: { id?: string; value?: number | null; onChange?: (v: number | null) => void; disabled?: boolean }) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber
        id={props.id}
        min={0}
        max={100}
        precision={0}
        suffix="%"
        value={props.value}
        onChange={(v) => props.onChange?.(v)}
        disabled={props.disabled}
        style={{ width: '50%' }}
      />
      <Space.Addon style={{ width: '50%' }}>{discountText(props.value)}</Space.Addon>
    </Space.Compact>
  );
}

function RightsInput(props: { value?: string[]; onChange?: (v: string[]) => void; disabled?: boolean }) {
  return (
    <Checkbox.Group
      value={props.value ?? []}
      onChange={(v) => props.onChange?.(v as string[])}
      disabled={props.disabled}
      options={RIGHTS.map((k) => ({ value: k, label: t(`identity.authority.${k}`) }))}
    />
  );
}

// ---------------------------------------------------------------- operation log

type LogVirtual = 'range';

/** A kind of record in the reader's language (the contract's wording, which the log's lines use too). */
export function entityName(entity: string): string {
  const label = auditEntityLabels[entity as AuditEntity];
  return label ? pickLabel(label) : entity;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The log's kinds of record, named in the language of the moment the filter opens. */
const LOG_ENTITIES: OptionSource = {
  kind: 'static',
  raw: true,
  get items() {
    return Object.keys(auditEntityLabels).map((value) => ({ value, label: entityName(value) }));
  },
};

export const logDef: ResourceDef<LogRow & { status?: number }, LogVirtual> = {
  key: 'log',
  title: 'identity.log.title',
  basePath: '/api-chain/logger',
  listPath: API.logs,
  exportPath: API.logsExport,
  readOnly: true,
  deletePath: false,
  updateStatusPath: false,
  fields: [
    {
      key: 'at',
      title: 'identity.log.at',
      type: 'datetime',
      table: { width: 160, render: (r) => companyDateTime(r.at, true) },
      form: false,
    },
    { key: 'username', title: 'identity.log.user', table: { width: 120 }, search: { placeholder: 'identity.log.userPh' }, form: false },
    {
      key: 'action',
      title: 'identity.log.action',
      table: { width: 320, ellipsis: true, render: (r) => r.text },
      search: { placeholder: 'identity.log.actionPh' },
      form: false,
    },
    {
      key: 'entity',
      title: 'identity.log.entity',
      type: 'select',
      options: LOG_ENTITIES,
      table: { width: 140, render: (r) => <Tag>{capitalised(entityName(r.entity))}</Tag> },
      search: { placeholder: 'identity.log.entityPh' },
      form: false,
    },
    { key: 'entityId', title: 'identity.log.entityId', table: { width: 100 }, search: { type: 'number' }, form: false },
    { key: 'range', title: 'identity.log.range', type: 'dateRange', table: false, search: true, form: false },
    { key: 'requestId', title: 'identity.log.requestId', table: { width: 200, ellipsis: true }, form: false },
  ],
};
