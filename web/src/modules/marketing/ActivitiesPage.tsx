import { CheckCircleOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { type ActivityRow, activityKindLabels, activityMoves, activityStatusLabels, type Label, shopListPath } from '@headoffice/contract';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { pickLabel, t as tr } from '../../platform/i18n';
import { ResourceList } from '../../platform/resource/ResourceList';
import type { ResourceDef } from '../../platform/resource/types';
import { RulesInput } from './RulesInput';

const A = '/api-chain/mktactivinfo';
const options = (labels: Record<number, Label>, colors: Record<number, string> = {}) => ({
  kind: 'static' as const,
  raw: true,
  items: Object.entries(labels).map(([v, l]) => ({ value: Number(v), label: pickLabel(l), color: colors[Number(v)] })),
});

const activityDef: ResourceDef<ActivityRow, 'keyword'> = {
  key: 'marketing-activities',
  title: 'marketing.activity.title',
  basePath: A,
  listPath: A,
  savePath: `${A}/saveMktactiv`,
  detailPath: (id) => `${A}/${id}`,
  deletePath: false,
  updateStatusPath: false,
  exportPath: false,
  nextCodePath: `${A}/newcode`,
  editPerm: 'marketing.activity.edit',
  sendVersion: true,
  formWidth: 860,
  rowEditable: (row) => row.status === 1 || row.status === 3,
  // The performance share is typed as a percent and kept in basis points.
  toForm: (row) => ({ ...row, perfDiscount: row.perfDiscount / 100 }),
  toSave: (v) => ({ ...v, perfDiscount: Math.round(Number(v.perfDiscount ?? 100) * 100) }),
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'common.keywordPh' } },
    { key: 'code', title: 'marketing.activity.code', table: { width: 100, sorter: true }, form: { maxLength: 32 } },
    { key: 'name', title: 'marketing.activity.name', table: { width: 160, sorter: true }, form: { required: true, maxLength: 64 } },
    {
      key: 'kind',
      title: 'marketing.activity.kind',
      type: 'select',
      options: options(activityKindLabels),
      table: { width: 120 },
      search: true,
      form: { required: true, initial: 2, disabledOnEdit: true },
    },
    {
      key: 'status',
      title: 'marketing.activity.status',
      type: 'select',
      options: options(activityStatusLabels, { 1: 'default', 2: 'green', 3: 'orange', 4: 'red' }),
      table: { width: 90, sorter: true },
      search: true,
      form: false,
    },
    {
      key: 'startDate',
      title: 'marketing.activity.startDate',
      type: 'date',
      table: { width: 110, sorter: true },
      form: { required: true },
    },
    { key: 'endDate', title: 'marketing.activity.endDate', type: 'date', table: { width: 110 }, form: { required: true } },
    {
      key: 'brandId',
      title: 'marketing.activity.brand',
      type: 'select',
      options: { kind: 'remote', url: '/api-chain/brand/list/all' },
      table: { width: 100, display: 'brandName' },
      form: {},
    },
    {
      key: 'shopIds',
      title: 'marketing.activity.shops',
      type: 'select',
      options: { kind: 'remote', url: shopListPath },
      table: { width: 80, render: (r) => String(r.shopIds.length) },
      form: { required: true, span: 24, props: { mode: 'multiple', maxTagCount: 'responsive' } },
    },
    {
      key: 'useShopType',
      title: 'marketing.activity.useShopType',
      type: 'select',
      options: {
        kind: 'static',
        items: [
          { value: 1, label: 'marketing.activity.allShops' },
          { value: 2, label: 'marketing.activity.issuingShop' },
        ],
      },
      table: false,
      form: { initial: 1 },
    },
    {
      key: 'priority',
      title: 'marketing.activity.priority',
      type: 'number',
      table: { width: 80, sorter: true },
      form: { initial: 0, min: 0, max: 999 },
    },
    {
      key: 'perfDiscount',
      title: 'marketing.activity.perfDiscount',
      type: 'number',
      table: false,
      form: { initial: 100, min: 0, max: 100 },
    },
    {
      key: 'timesPerMember',
      title: 'marketing.activity.timesPerMember',
      type: 'number',
      table: false,
      form: { min: 1, max: 999, help: 'marketing.activity.timesHelp' },
    },
    {
      key: 'combinable',
      title: 'marketing.activity.combinable',
      type: 'select',
      options: {
        kind: 'static',
        items: [
          { value: 1, label: 'common.yes' },
          { value: 0, label: 'common.no' },
        ],
      },
      table: false,
      form: { initial: 1 },
    },
    {
      key: 'rules',
      title: 'marketing.activity.rules',
      table: { width: 80, render: (r) => String(r.rules.length) },
      form: { required: true, span: 24, initial: [], input: () => <RulesInput /> },
    },
    { key: 'memo', title: 'marketing.activity.memo', type: 'textarea', table: false, form: { maxLength: 500, span: 24 } },
  ],
};

/** /admin/marketing/activities — activities: their rules and gifts, and start, pause, resume, end. */
export default function ActivitiesPage() {
  const { t } = useTranslation();
  const move = useAction<{ row: ActivityRow; status: number }>({
    run: ({ row, status }) => http.post(`${A}/updateStatus`, { id: row.id, version: row.version, status }),
    success: 'marketing.activity.moved',
    invalidates: [activityDef],
  });
  const button = (row: ActivityRow, status: number) => {
    const moves = activityMoves[row.status] ?? [];
    if (!moves.includes(status)) return null;
    if (status === 4)
      return (
        <Popconfirm key="end" title={tr('marketing.activity.endConfirm', { name: row.name })} onConfirm={() => move.run({ row, status })}>
          <Button type="link" size="small" danger icon={<CheckCircleOutlined />}>
            {t('marketing.activity.end')}
          </Button>
        </Popconfirm>
      );
    const label = status === 3 ? 'pause' : row.status === 3 ? 'resume' : 'start';
    return (
      <Button
        key={label}
        type="link"
        size="small"
        icon={status === 3 ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
        onClick={() => move.run({ row, status })}
      >
        {t(`marketing.activity.${label}`)}
      </Button>
    );
  };
  return (
    <ResourceList<ActivityRow, 'keyword'>
      def={activityDef}
      actionsWidth={230}
      rowActions={(row, ctx) => (ctx.canEdit ? [2, 3, 4].map((s) => button(row, s)) : null)}
    />
  );
}
