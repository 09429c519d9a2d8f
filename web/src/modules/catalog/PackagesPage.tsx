import { CrownOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { PackageRow } from '@headoffice/contract';
import { Button, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { t as tr } from '../../platform/i18n';
import { useTab } from '../../platform/pages';
import { ResourceList } from '../../platform/resource/ResourceList';
import type { ResourceDef } from '../../platform/resource/types';
import { CATALOG } from './api';
import { PackageForm, packageDetailPath, packageResource } from './PackageForm';

/** Package name that opens the package's detail tab. */
function PackageLink({ row }: { row: PackageRow }) {
  const tab = useTab();
  return <Typography.Link onClick={() => tab.open(packageDetailPath(row.id))}>{row.name}</Typography.Link>;
}

const packageDef: ResourceDef<PackageRow, 'keyword'> = {
  key: packageResource.key,
  title: 'catalog.package.title',
  basePath: packageResource.basePath,
  listPath: CATALOG.packageList,
  exportPath: CATALOG.packageExport,
  deletePath: false,
  updateStatusPath: CATALOG.packageStatus,
  editPerm: 'catalog.package.edit',
  rowEditable: () => false,
  defaultSort: 'code',
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'common.keywordPh' } },
    { key: 'code', title: 'catalog.package.code', table: { width: 110, sorter: true, fixed: 'left' }, form: false },
    {
      key: 'name',
      title: 'catalog.package.name',
      table: {
        width: 200,
        fixed: 'left',
        render: (r) => (
          <>
            <PackageLink row={r} />
            {r.isSystem ? (
              <Tooltip title={tr('catalog.package.systemHelp')}>
                <Tag color="gold" icon={<CrownOutlined />} style={{ marginLeft: 6 }}>
                  {tr('catalog.package.system')}
                </Tag>
              </Tooltip>
            ) : null}
          </>
        ),
      },
      form: false,
    },
    {
      key: 'packageTypeId',
      title: 'catalog.package.type',
      type: 'select',
      options: { kind: 'remote', url: CATALOG.packageTypeAll },
      table: { width: 110, display: 'packageTypeName' },
      search: true,
      form: false,
    },
    { key: 'price', title: 'catalog.package.price', type: 'money', table: { width: 110, sorter: true }, form: false },
    { key: 'itemCount', title: 'catalog.package.itemCount', type: 'number', table: { width: 80 }, form: false },
    {
      key: 'validityDays',
      title: 'catalog.package.validity',
      type: 'number',
      table: {
        width: 100,
        render: (r) => (r.validityDays ? tr('catalog.package.daysN', { count: r.validityDays }) : tr('catalog.package.unlimited')),
      },
      form: false,
    },
    { key: 'shopCount', title: 'catalog.package.shopCount', type: 'number', table: { width: 90 }, form: false },
    { key: 'status', title: 'common.status', type: 'status', table: { width: 90 }, search: true, form: false },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', table: { width: 150, sorter: true }, form: false },
  ],
};

/** /admin/catalog/packages — service packages: list, the item editor with its total check, shops, templates. */
export default function PackagesPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState<{ id: number | null } | null>(null);

  // 409 (sold): shown by the client
  const removal = useAction<PackageRow>({
    run: (row) => http.post(CATALOG.packageDelete, { id: row.id }),
    success: 'common.deleted',
    invalidates: [packageResource],
  });
  const remove = (row: PackageRow) => removal.run(row);

  return (
    <>
      <ResourceList<PackageRow, 'keyword'>
        def={packageDef}
        hideCreate
        actionsWidth={160}
        toolbar={(ctx) =>
          ctx.canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ id: null })}>
              {t('common.create')}
            </Button>
          ) : null
        }
        rowActions={(row, ctx) =>
          ctx.canEdit ? (
            <>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setForm({ id: row.id })}>
                {t('common.edit')}
              </Button>
              <Popconfirm
                title={t('common.deleteConfirm', { name: row.name })}
                okText={t('common.delete')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(row)}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            </>
          ) : null
        }
      />
      <PackageForm open={!!form} packageId={form?.id ?? null} onClose={() => setForm(null)} />
    </>
  );
}
