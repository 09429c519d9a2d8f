import { ManOutlined, WomanOutlined } from '@ant-design/icons';
import type { EmployeeRow, StreamRow } from '@headoffice/contract';
import type { FormRule } from 'antd';
import { Input, Space, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { companyToday } from '../../platform/clock';
import { http } from '../../platform/http';
import { t } from '../../platform/i18n';
import { ListAvatar } from '../../platform/ListAvatar';
import { useTab } from '../../platform/pages';
import { RowSwitch } from '../../platform/resource/RowSwitch';
import type { OptionSource, ResourceDef } from '../../platform/resource/types';
import { API } from './api';
import { LevelPicker } from './pickers';

export const GENDERS: OptionSource = {
  kind: 'static',
  items: [
    { value: 1, label: 'staff.employee.male', color: 'blue' },
    { value: 2, label: 'staff.employee.female', color: 'magenta' },
  ],
};

export const EMPLOYEE_STATUS: OptionSource = {
  kind: 'static',
  items: [
    { value: 1, label: 'staff.employee.onJob', color: 'green' },
    { value: 0, label: 'staff.employee.left', color: 'default' },
  ],
};

export const STREAM_KINDS: OptionSource = {
  kind: 'static',
  items: [
    { value: 'entry', label: 'staff.stream.entry', color: 'green' },
    { value: 'transfer', label: 'staff.stream.transfer', color: 'blue' },
    { value: 'leave', label: 'staff.stream.leave', color: 'red' },
    { value: 'rejoin', label: 'staff.stream.rejoin', color: 'cyan' },
  ],
};

export const employeePath = (id: number) => `/admin/staff/employees/${id}`;

/** Employee name that opens the employee's detail tab. */
export function EmployeeLink({
  id,
  name,
  avatar,
  gender,
  sub,
}: {
  id: number;
  name: string;
  avatar?: string | null;
  gender?: number;
  sub?: ReactNode;
}) {
  const tab = useTab();
  return (
    <Space size={8} align="center">
      <ListAvatar size={28} src={avatar} background={gender === 1 ? '#91caff' : gender === 2 ? '#ffadd2' : '#adc6ff'}>
        {name.slice(0, 1)}
      </ListAvatar>
      <div className="ho-cell-stack">
        <span>
          <Typography.Link onClick={() => tab.open(employeePath(id))}>{name}</Typography.Link>
          {gender === 1 ? <ManOutlined className="ho-gender is-male" aria-label={t('staff.employee.male')} /> : null}
          {gender === 2 ? <WomanOutlined className="ho-gender is-female" aria-label={t('staff.employee.female')} /> : null}
        </span>
        {sub ? <span className="ho-cell-sub">{sub}</span> : null}
      </div>
    </Space>
  );
}

/** Two values in one cell: the main one, and a smaller second line. */
function Stack({ main, sub }: { main: string | null; sub: string | null }) {
  return (
    <div className="ho-cell-stack">
      <span>{main ?? '—'}</span>
      {sub ? (
        <Typography.Text type="secondary" className="ho-cell-sub">
          {sub}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** The employee code must be unused in the tenant (POST checkEecode). */
const uniqueEecode: FormRule = ({ getFieldValue }) => ({
  async validator(_rule, value: unknown) {
    const eecode = typeof value === 'string' ? value.trim() : '';
    if (!eecode) return;
    const id = getFieldValue('id') as number | undefined;
    const r = await http.post<{ available: boolean }>(API.checkEecode, id ? { eecode, id } : { eecode }, { quiet: true });
    if (!r.available) throw new Error(t('staff.employee.eecodeTaken'));
  },
});

/** Set through a transfer once the employee exists. */
const PLACEMENT = ['shopId', 'branchId', 'positionId', 'levelId'] as const;

/** The keyword filter; the create form's own account (开通账号 with the employee). */
export type EmployeeVirtual = 'keyword' | 'openAccount' | 'accountUsername' | 'accountPassword';

/** The create form's account fields show once 开通账号 is on. */
const withAccount = (values: Record<string, unknown>, row?: EmployeeRow) => !row && !!values.openAccount;

export const employeeDef: ResourceDef<EmployeeRow, EmployeeVirtual> = {
  key: 'employee',
  title: 'staff.employee.title',
  basePath: API.employees,
  exportPath: API.employeesExport,
  deletePath: false,
  updateStatusPath: false,
  editPerm: 'staff.employee.edit',
  sendVersion: true,
  formWidth: 760,
  nextCodePath: API.nextEecode,
  nextCodeField: 'eecode',
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'staff.employee.keywordPh' } },
    {
      key: 'eecode',
      title: 'staff.employee.eecode',
      table: { width: 100, fixed: 'left', sorter: true },
      form: { required: true, maxLength: 32, rules: [uniqueEecode], validateDebounce: 400 },
    },
    {
      key: 'name',
      title: 'staff.employee.name',
      table: {
        width: 150,
        fixed: 'left',
        sorter: true,
        render: (r) => (
          <EmployeeLink
            id={r.id}
            name={r.name}
            avatar={r.avatar}
            gender={r.gender}
            sub={
              r.username ? (
                <Tag color="geekblue" className="ho-mini-tag">
                  {t('staff.employee.userOf', { name: r.username })}
                </Tag>
              ) : null
            }
          />
        ),
      },
      form: { required: true, maxLength: 64 },
    },
    {
      key: 'gender',
      title: 'staff.employee.gender',
      type: 'select',
      options: GENDERS,
      table: false,
      form: { required: true, initial: 2 },
    },
    {
      key: 'mobile',
      title: 'staff.employee.mobile',
      table: { width: 110 },
      form: { maxLength: 11, rules: [() => ({ pattern: /^1\d{10}$/, message: t('staff.employee.mobileInvalid') })] },
    },
    {
      key: 'shopId',
      title: 'staff.employee.shop',
      type: 'select',
      options: { kind: 'remote', url: API.shopsAll },
      table: { width: 150, render: (r) => <Stack main={r.shopName} sub={r.branchName} /> },
      search: true,
      form: { disabledOnEdit: true, help: 'staff.employee.placementHelp' },
    },
    {
      key: 'branchId',
      title: 'staff.employee.branch',
      type: 'select',
      options: { kind: 'remote', url: API.branchesAll },
      table: false,
      search: true,
      form: { disabledOnEdit: true },
    },
    {
      key: 'positionId',
      title: 'staff.employee.position',
      type: 'select',
      options: { kind: 'remote', url: API.positionsAll },
      table: { width: 120, render: (r) => <Stack main={r.positionName} sub={r.levelName} /> },
      search: true,
      form: { disabledOnEdit: true },
    },
    {
      key: 'levelId',
      title: 'staff.employee.level',
      type: 'select',
      options: { kind: 'remote', url: API.levelsAll },
      table: false,
      search: true,
      form: { disabledOnEdit: true, input: () => <LevelPicker /> },
    },
    {
      key: 'skillLevelId',
      title: 'staff.employee.skillLevel',
      type: 'select',
      options: { kind: 'remote', url: API.skillLevelsAll },
      table: { width: 84, display: 'skillLevelName' },
      search: true,
      form: {},
    },
    {
      key: 'entryDate',
      title: 'staff.employee.entryDate',
      type: 'date',
      table: { width: 100, sorter: true },
      form: { required: true, initial: companyToday },
    },
    { key: 'birthday', title: 'staff.employee.birthday', type: 'date', table: false, form: {} },
    {
      key: 'idCard',
      title: 'staff.employee.idCard',
      table: false,
      form: { maxLength: 18, rules: [() => ({ pattern: /^\d{17}[\dXx]$/, message: t('staff.employee.idCardInvalid') })] },
    },
    {
      key: 'status',
      title: 'staff.employee.status',
      type: 'status',
      options: EMPLOYEE_STATUS,
      table: {
        width: 80,
        render: (r) => (
          <Space size={0} orientation="vertical">
            <Tag color={r.status === 1 ? 'green' : 'default'}>{r.status === 1 ? t('staff.employee.onJob') : t('staff.employee.left')}</Tag>
            {r.status === 0 && r.leaveDate ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.leaveDate}
              </Typography.Text>
            ) : null}
          </Space>
        ),
      },
      search: true,
      form: false,
    },
    {
      key: 'bookable',
      title: 'staff.employee.bookable',
      type: 'switch',
      table: {
        width: 80,
        render: (r) => (
          <RowSwitch
            value={r.bookable}
            perm="staff.employee.edit"
            path={API.bookable}
            body={(bookable) => ({ ids: [r.id], bookable })}
            invalidate={['employee']}
            labels={['common.yes', 'common.no']}
          />
        ),
      },
      search: true,
      form: { initial: 0, help: 'staff.employee.bookableHelp' },
    },
    {
      key: 'username',
      title: 'staff.employee.user',
      table: false,
      form: false,
    },
    { key: 'avatar', title: 'staff.employee.avatar', type: 'image', table: false, form: {} },
    { key: 'memo', title: 'common.memo', type: 'textarea', table: false, form: { span: 24, maxLength: 500 } },
    {
      key: 'openAccount',
      title: 'staff.employee.openAccount',
      type: 'switch',
      table: false,
      form: { initial: 0, help: 'staff.employee.openAccountHelp', visible: (_v, row) => !row },
    },
    {
      key: 'accountUsername',
      title: 'staff.employee.accountUsername',
      table: false,
      form: {
        required: true,
        maxLength: 32,
        visible: withAccount,
        rules: [() => ({ pattern: /^[A-Za-z0-9_.@-]{2,32}$/, message: t('identity.user.usernameInvalid') })],
      },
    },
    {
      key: 'accountPassword',
      title: 'staff.employee.accountPassword',
      table: false,
      form: {
        required: true,
        visible: withAccount,
        help: 'staff.employee.accountPasswordHelp',
        rules: [() => ({ min: 8, max: 64, message: t('staff.employee.accountPasswordHelp') })],
        input: () => <Input.Password autoComplete="new-password" />,
      },
    },
  ],
  errorPathMap: { 'account.username': 'accountUsername', 'account.password': 'accountPassword' },
  toSave: (values, row) => {
    const { openAccount, accountUsername, accountPassword, ...rest } = values;
    // the employee's own account, opened with the new employee
    if (!row) return openAccount ? { ...rest, account: { username: accountUsername, password: accountPassword } } : rest;
    // shop, department, position and level change through a transfer once the employee exists
    for (const k of PLACEMENT) delete rest[k];
    return rest;
  },
};

/** "门店 A → 门店 B" lines of a stream row. */
export function changeLines(r: StreamRow): { label: string; from: string | null; to: string | null }[] {
  const pairs: [string, string | null, string | null][] = [
    ['staff.employee.shop', r.fromShopName, r.toShopName],
    ['staff.employee.branch', r.fromBranchName, r.toBranchName],
    ['staff.employee.position', r.fromPositionName, r.toPositionName],
    ['staff.employee.level', r.fromLevelName, r.toLevelName],
  ];
  return pairs.filter(([, from, to]) => (from || to) && from !== to).map(([label, from, to]) => ({ label: t(label), from, to }));
}

/**
 * What a stream row changed: a transfer shows "门店：A → B" per changed item; an entry shows where the
 * employee started, a leave where they left from, on one line.
 */
export function ChangeText({ row, compact }: { row: StreamRow; compact?: boolean }) {
  const lines = changeLines(row);
  if (!lines.length) return <span className="ho-muted">—</span>;
  if (row.kind !== 'transfer' && compact !== false) {
    const values = lines.map((l) => l.to ?? l.from).filter(Boolean);
    return (
      <Tooltip title={lines.map((l) => `${l.label}：${l.to ?? l.from ?? ''}`).join('；')}>
        <span>{values.join(' · ')}</span>
      </Tooltip>
    );
  }
  return (
    <Space orientation="vertical" size={0}>
      {lines.map((l) => (
        <span key={l.label}>
          <Typography.Text type="secondary">{l.label}：</Typography.Text>
          {l.from ? <span>{l.from}</span> : null}
          {l.from && l.to ? <span className="ho-arrow">→</span> : null}
          {l.to ? <Typography.Text strong>{l.to}</Typography.Text> : null}
        </span>
      ))}
    </Space>
  );
}

export const streamDef: ResourceDef<StreamRow & { status?: number }, 'keyword' | 'shopId' | 'range' | 'change'> = {
  key: 'stream',
  title: 'staff.stream.title',
  basePath: '/api-pers/employeestream',
  listPath: API.stream,
  exportPath: API.streamExport,
  readOnly: true,
  deletePath: false,
  updateStatusPath: false,
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'staff.stream.keywordPh' } },
    { key: 'kind', title: 'staff.stream.kind', type: 'select', options: STREAM_KINDS, table: { width: 70 }, search: true, form: false },
    {
      key: 'shopId',
      title: 'staff.employee.shop',
      type: 'select',
      options: { kind: 'remote', url: API.shopsAll },
      table: false,
      search: true,
      form: false,
    },
    { key: 'range', title: 'staff.stream.range', type: 'dateRange', table: false, search: true, form: false },
    { key: 'effectiveDate', title: 'staff.stream.effectiveDate', type: 'date', table: { width: 100 }, form: false },
    { key: 'eecode', title: 'staff.employee.eecode', table: { width: 90 }, form: false },
    {
      key: 'employeeName',
      title: 'staff.employee.name',
      table: { width: 120, render: (r) => <EmployeeLink id={r.employeeId} name={r.employeeName} /> },
      form: false,
    },
    { key: 'change', title: 'staff.stream.change', table: { width: 300, render: (r) => <ChangeText row={r} /> }, form: false },
    {
      key: 'applied',
      title: 'staff.stream.applied',
      table: {
        width: 90,
        render: (r) =>
          r.applied ? <Tag color="green">{t('staff.stream.appliedYes')}</Tag> : <Tag color="orange">{t('staff.stream.appliedNo')}</Tag>,
      },
      form: false,
    },
    { key: 'memo', title: 'common.memo', type: 'textarea', table: { width: 160, ellipsis: true }, form: false },
    { key: 'createdByName', title: 'staff.stream.createdBy', table: { width: 90 }, form: false },
    { key: 'createdAt', title: 'common.createdAt', type: 'datetime', table: false, form: false },
  ],
};
