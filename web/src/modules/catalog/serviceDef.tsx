import type { ServiceRow } from '@headoffice/contract';
import { Space, Tag, Typography } from 'antd';
import { t } from '../../platform/i18n';
import { useTab } from '../../platform/pages';
import type { ResourceDef } from '../../platform/resource/types';
import { CATALOG } from './api';
import { SERVICE_LINES, SERVICE_SER_TYPES } from './defs';

export const serviceDetailPath = (id: number) => `/admin/catalog/services/${id}`;

/** Service name that opens the service's detail tab. */
function ServiceLink({ row }: { row: ServiceRow }) {
  const tab = useTab();
  return <Typography.Link onClick={() => tab.open(serviceDetailPath(row.id))}>{row.name}</Typography.Link>;
}

export const formatDuration = (minutes: number) => t('catalog.service.minutes', { count: minutes });

/** "35%" from basis points. */
export const formatRatio = (bp: number | null | undefined) =>
  bp === null || bp === undefined ? '' : `${(bp / 100).toFixed(bp % 100 ? 2 : 0)}%`;

type ServiceVirtual = 'keyword' | 'who';

export const serviceDef: ResourceDef<ServiceRow, ServiceVirtual | 'positionIds' | 'employeeIds'> = {
  key: 'service',
  title: 'catalog.service.title',
  basePath: '/api-chain/serviceinfo',
  listPath: CATALOG.serviceList,
  exportPath: CATALOG.serviceExport,
  savePath: CATALOG.serviceSave,
  nextCodePath: CATALOG.serviceCode,
  deletePath: false,
  updateStatusPath: false,
  editPerm: 'catalog.service.edit',
  sendVersion: true,
  formWidth: 760,
  defaultSort: 'code',
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'common.keywordPh' } },
    {
      key: 'code',
      title: 'catalog.service.code',
      table: { width: 100, sorter: true, fixed: 'left' },
      form: { required: true, maxLength: 32 },
    },
    {
      key: 'name',
      title: 'catalog.service.name',
      table: { width: 170, sorter: true, fixed: 'left', render: (r) => <ServiceLink row={r} /> },
      form: { required: true, maxLength: 64 },
    },
    {
      key: 'serviceTypeId',
      title: 'catalog.service.type',
      type: 'select',
      options: { kind: 'remote', url: CATALOG.serviceTypeAll },
      table: { width: 110, display: 'serviceTypeName' },
      search: true,
      form: { required: true },
    },
    {
      key: 'line',
      title: 'catalog.service.line',
      type: 'select',
      options: SERVICE_LINES,
      table: { width: 80 },
      search: true,
      form: { required: true, initial: 'mf', help: 'catalog.service.lineHelp' },
    },
    {
      key: 'serType',
      title: 'catalog.service.serType',
      type: 'select',
      options: SERVICE_SER_TYPES,
      table: { width: 80 },
      form: { required: true, initial: 2, help: 'catalog.service.serTypeHelp' },
    },
    {
      key: 'branchId',
      title: 'catalog.service.branch',
      type: 'select',
      options: { kind: 'remote', url: CATALOG.branchAll },
      table: { width: 100, display: 'branchName' },
      search: true,
      form: {},
    },
    {
      key: 'durationMinutes',
      title: 'catalog.service.duration',
      type: 'number',
      table: { width: 90, sorter: true, render: (r) => formatDuration(r.durationMinutes) },
      form: { required: true, initial: 60, min: 5, max: 1440, props: { step: 5, suffix: t('catalog.service.minuteUnit') } },
    },
    {
      key: 'basePrice',
      title: 'catalog.service.basePrice',
      type: 'money',
      table: { width: 100, sorter: true },
      form: { required: true, price: true },
    },
    {
      key: 'who',
      title: 'catalog.service.positions',
      table: {
        width: 200,
        render: (r) => (
          <Space size={[2, 2]} wrap>
            {r.positions.map((p) => (
              <Tag key={p.id}>{p.name}</Tag>
            ))}
          </Space>
        ),
      },
      form: false,
    },
    {
      key: 'positionIds',
      title: 'catalog.service.positions',
      type: 'select',
      options: { kind: 'remote', url: CATALOG.positionAll },
      table: false,
      form: { span: 24, props: { mode: 'multiple', maxTagCount: 'responsive' }, help: 'catalog.service.positionsHelp' },
    },
    {
      key: 'employeeIds',
      title: 'catalog.service.employees',
      type: 'select',
      options: { kind: 'remote', url: '/api-chain/employee/listAll' },
      table: false,
      form: { span: 24, props: { mode: 'multiple', maxTagCount: 'responsive' }, help: 'catalog.service.employeesHelp' },
    },
    {
      key: 'perfRatio',
      title: 'catalog.service.perfRatio',
      table: { width: 90, align: 'right', render: (r) => formatRatio(r.perfRatio) },
      form: false,
    },
    { key: 'status', title: 'common.status', type: 'status', table: { width: 80 }, search: true, form: { initial: 1 } },
    { key: 'memo', title: 'common.memo', type: 'textarea', table: false, form: { span: 24, maxLength: 500 } },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', table: { width: 150, sorter: true }, form: false },
  ],
  toForm: (row) => ({
    positionIds: (row.positions ?? []).map((p) => p.id),
    employeeIds: (row.employees ?? []).map((e) => e.id),
  }),
  toSave: (values) => ({
    ...values,
    positionIds: Array.isArray(values.positionIds) ? values.positionIds : [],
    employeeIds: Array.isArray(values.employeeIds) ? values.employeeIds : [],
  }),
};
