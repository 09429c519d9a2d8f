import type { ImportLogRow, MemberRow, RelationRow } from '@headoffice/contract';
import { memberPaths, shopListPath } from '@headoffice/contract';
import { Tag, Typography } from 'antd';
import { companyDateTime } from '../../platform/clock';
import { t } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';
import type { OptionSource, ResourceDef } from '../../platform/resource/types';

export const P = memberPaths;
export const memberPath = (id: number) => `/admin/members/list/${id}`;

export const MEMBER_STATUS: OptionSource = {
  kind: 'static',
  items: [
    { value: 1, label: 'members.member.normal', color: 'green' },
    { value: 2, label: 'members.member.frozen', color: 'blue' },
    { value: 3, label: 'members.member.cancelled', color: 'default' },
  ],
};
export const MEMBER_GENDERS: OptionSource = {
  kind: 'static',
  items: [
    { value: 2, label: 'members.member.female', color: 'magenta' },
    { value: 1, label: 'members.member.male', color: 'blue' },
    { value: 0, label: 'members.member.unknown' },
  ],
};

/** The member's name, opening their detail tab. */
export function MemberLink({ id, name }: { id: number; name: string }) {
  const tab = useTab();
  return <Typography.Link onClick={() => tab.open(memberPath(id))}>{name}</Typography.Link>;
}

export type MemberVirtual = 'keyword' | 'registered' | 'visited' | 'balanceMin' | 'balanceMax';

export const memberDef: ResourceDef<MemberRow, MemberVirtual> = {
  key: 'member',
  title: 'members.member.title',
  basePath: P.chainList,
  listPath: P.chainList,
  savePath: P.save,
  detailPath: (id) => `${P.detail}?memid=${id}`,
  deletePath: false,
  updateStatusPath: false,
  exportPath: false,
  editPerm: 'members.member.edit',
  sendVersion: true,
  formWidth: 720,
  rowName: (r) => r.name,
  toSave: (v, row) => ({ ...v, ...(row ? { id: row.id } : {}) }),
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'members.member.keywordPh' } },
    { key: 'code', title: 'members.member.code', table: { width: 110, fixed: 'left', sorter: true }, form: false },
    {
      key: 'name',
      title: 'members.member.name',
      table: { width: 110, fixed: 'left', render: (r) => <MemberLink id={r.id} name={r.name} /> },
      form: {
        required: true,
        rules: [
          () => ({
            validator: async (_r, v: unknown) => {
              if (typeof v === 'string' && Array.from(v.trim()).length > 10) throw new Error(t('members.member.nameTooLong'));
            },
          }),
        ],
      },
    },
    {
      key: 'mobile',
      title: 'members.member.mobile',
      table: { width: 120 },
      form: { required: true, maxLength: 11, rules: [() => ({ pattern: /^1\d{10}$/, message: t('members.member.mobileInvalid') })] },
    },
    { key: 'gender', title: 'members.member.gender', type: 'select', options: MEMBER_GENDERS, table: { width: 70 }, form: { initial: 2 } },
    { key: 'birthday', title: 'members.member.birthday', type: 'date', table: false, form: {} },
    {
      key: 'shopId',
      title: 'members.member.shop',
      type: 'select',
      options: { kind: 'remote', url: shopListPath },
      table: { width: 140, display: 'shopName', ellipsis: true },
      search: true,
      form: { required: true },
    },
    {
      key: 'gradeId',
      title: 'members.member.grade',
      type: 'select',
      options: { kind: 'remote', url: '/api-chain/dictgrade/list/all' },
      table: { width: 100, display: 'gradeName' },
      search: true,
      form: {},
    },
    {
      key: 'channelId',
      title: 'members.member.channel',
      type: 'select',
      options: { kind: 'remote', url: '/api-chain/channel/list/all' },
      table: { width: 100, display: 'channelName' },
      search: true,
      form: {},
    },
    {
      key: 'advisorId',
      title: 'members.member.advisor',
      type: 'select',
      options: { kind: 'remote', url: `${P.relationBases[0]}/eelistApp` },
      table: false,
      form: {},
    },
    {
      key: 'status',
      title: 'members.member.status',
      type: 'select',
      options: MEMBER_STATUS,
      table: { width: 80 },
      search: true,
      form: false,
    },
    {
      key: 'principal',
      title: 'members.member.balance',
      table: { width: 110, align: 'right', sorter: true, render: (r) => formatMoney(r.principal + r.gift) },
      form: false,
    },
    {
      key: 'spent',
      title: 'members.member.spent',
      table: { width: 110, align: 'right', sorter: true, render: (r) => formatMoney(r.spent) },
      form: false,
    },
    { key: 'visits', title: 'members.member.visits', table: { width: 90, align: 'right', sorter: true }, form: false },
    {
      key: 'perVisit',
      title: 'members.member.perVisit',
      table: { width: 100, align: 'right', sorter: true, render: (r) => formatMoney(r.perVisit) },
      form: false,
    },
    { key: 'registeredOn', title: 'members.member.registeredOn', type: 'date', table: { width: 110, sorter: true }, form: {} },
    {
      key: 'lastVisitAt',
      title: 'members.member.lastVisit',
      table: { width: 150, sorter: true, render: (r) => (r.lastVisitAt ? companyDateTime(r.lastVisitAt) : '—') },
      form: false,
    },
    {
      key: 'registered',
      title: 'members.member.registered',
      type: 'dateRange',
      table: false,
      form: false,
      search: { range: ['regFrom', 'regTo'] },
    },
    {
      key: 'visited',
      title: 'members.member.visitRange',
      type: 'dateRange',
      table: false,
      form: false,
      search: { range: ['visitFrom', 'visitTo'] },
    },
    { key: 'balanceMin', title: 'members.member.balanceMin', type: 'money', table: false, form: false, search: true },
    { key: 'balanceMax', title: 'members.member.balanceMax', type: 'money', table: false, form: false, search: true },
    { key: 'memo', title: 'members.member.memo', type: 'textarea', table: false, form: { span: 24, maxLength: 200 } },
  ],
};

/** The shop list: the same columns; the shop is the page's, not a filter. */
export const shopMemberDef: ResourceDef<MemberRow, MemberVirtual> = {
  ...memberDef,
  key: 'member-shop',
  basePath: P.shopList,
  listPath: P.shopList,
  fields: memberDef.fields.map((f) => (f.key === 'shopId' ? { ...f, search: false } : f)),
};

export type RelationVirtual = 'keyword' | 'eeid' | 'missDays' | 'visitsMin';

export const relationDef: ResourceDef<RelationRow, RelationVirtual> = {
  key: 'member-relation',
  title: 'members.relation.title',
  basePath: P.relationList,
  exportPath: P.relationExport,
  readOnly: true,
  deletePath: false,
  updateStatusPath: false,
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'members.member.keywordPh' } },
    { key: 'code', title: 'members.member.code', table: { width: 110, sorter: true }, form: false },
    {
      key: 'name',
      title: 'members.member.name',
      table: { width: 100, render: (r) => <MemberLink id={r.id} name={r.name} /> },
      form: false,
    },
    { key: 'mobile', title: 'members.member.mobile', table: { width: 120 }, form: false },
    {
      key: 'shopId',
      title: 'members.member.shop',
      type: 'select',
      options: { kind: 'remote', url: shopListPath },
      table: { width: 140, display: 'shopName', ellipsis: true },
      search: { param: 'shopid' },
      form: false,
    },
    {
      key: 'eeid',
      title: 'members.relation.advisor',
      type: 'select',
      options: { kind: 'remote', url: `${P.relationBases[0]}/eelistApp` },
      table: false,
      search: true,
      form: false,
    },
    {
      key: 'advisorName',
      title: 'members.relation.advisor',
      table: { width: 100, render: (r) => r.advisorName ?? <Tag>{t('members.relation.noAdvisor')}</Tag> },
      form: false,
    },
    { key: 'channelName', title: 'members.member.channel', table: { width: 100 }, form: false },
    {
      key: 'spent',
      title: 'members.member.spent',
      table: { width: 110, align: 'right', sorter: true, render: (r) => formatMoney(r.spent) },
      form: false,
    },
    { key: 'visits', title: 'members.member.visits', table: { width: 90, align: 'right', sorter: true }, form: false },
    {
      key: 'perVisit',
      title: 'members.member.perVisit',
      table: { width: 100, align: 'right', sorter: true, render: (r) => formatMoney(r.perVisit) },
      form: false,
    },
    {
      key: 'lastVisitAt',
      title: 'members.member.lastVisit',
      table: { width: 150, sorter: true, render: (r) => (r.lastVisitAt ? companyDateTime(r.lastVisitAt) : '—') },
      form: false,
    },
    { key: 'missDays', title: 'members.relation.missDays', type: 'number', table: false, search: true, form: false },
    { key: 'visitsMin', title: 'members.relation.visitsMin', type: 'number', table: false, search: true, form: false },
  ],
};

export const importLogDef: ResourceDef<ImportLogRow, never> = {
  key: 'member-import-log',
  title: 'members.import.logs',
  basePath: P.importLogs,
  readOnly: true,
  deletePath: false,
  updateStatusPath: false,
  exportPath: false,
  fields: [
    { key: 'createdAt', title: 'members.import.at', table: { width: 160, render: (r) => companyDateTime(r.createdAt) }, form: false },
    { key: 'shopName', title: 'members.import.shop', table: { width: 150, ellipsis: true }, form: false },
    { key: 'fileName', title: 'members.import.file', table: { width: 160, ellipsis: true }, form: false },
    { key: 'expected', title: 'members.import.expected', table: { width: 80, align: 'right' }, form: false },
    { key: 'succeeded', title: 'members.import.succeeded', table: { width: 80, align: 'right' }, form: false },
    {
      key: 'failed',
      title: 'members.import.failed',
      table: { width: 80, align: 'right', render: (r) => (r.failed ? <Typography.Text type="danger">{r.failed}</Typography.Text> : 0) },
      form: false,
    },
    {
      key: 'errors',
      title: 'members.import.errors',
      table: {
        width: 320,
        ellipsis: true,
        render: (r) =>
          r.errors.length
            ? r.errors
                .slice(0, 3)
                .map((e) => (e.column ? t('members.import.errorsOf', { row: e.row, column: e.column, message: e.message }) : e.message))
                .join('；')
            : t('members.import.none'),
      },
      form: false,
    },
    { key: 'createdByName', title: 'members.import.by', table: { width: 100 }, form: false },
  ],
};
