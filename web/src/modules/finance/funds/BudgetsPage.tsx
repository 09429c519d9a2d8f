import { UploadOutlined } from '@ant-design/icons';
import { type budgetRow, EXPENSE_API, shopListPath } from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ImportModal } from '../../../platform/resource/ImportModal';
import { invalidateResource } from '../../../platform/resource/invalidate';
import { ResourceList } from '../../../platform/resource/ResourceList';
import type { ResourceDef } from '../../../platform/resource/types';

type Row = z.infer<typeof budgetRow>;
const quarter = (key: 'q1' | 'q2' | 'q3' | 'q4') =>
  ({ key, title: `finance.funds.${key}`, type: 'money', table: { width: 110 }, form: { required: true } }) as const;

/** 支出预算 (iolimitys): a shop's yearly budget of an item by quarter; the quarters add up to the year. */
export const budgetDef: ResourceDef<Row, 'year'> = {
  key: 'finance-budgets',
  title: 'finance.funds.budgets',
  basePath: '/api-finance/iolimitys',
  listPath: EXPENSE_API.budgets,
  savePath: EXPENSE_API.budgetSave,
  deletePath: false,
  updateStatusPath: false,
  exportPath: false,
  editPerm: 'finance.fundbill.limit',
  sendVersion: true,
  rowName: (r) => `${r.shopName} · ${r.itemName} · ${r.year}`,
  fields: [
    { key: 'year', title: 'finance.funds.year', type: 'number', table: { width: 80 }, search: true, form: { required: true } },
    {
      key: 'shopId',
      title: 'finance.funds.shop',
      type: 'select',
      options: { kind: 'remote', url: shopListPath },
      table: { width: 150, display: 'shopName' },
      search: true,
      form: { required: true, disabledOnEdit: true },
    },
    {
      key: 'itemId',
      title: 'finance.funds.item',
      type: 'select',
      options: { kind: 'remote', url: '/api-finance/dicioitem/list/all' },
      table: { width: 130, display: 'itemName' },
      search: true,
      form: { required: true, disabledOnEdit: true },
    },
    { key: 'yearAmount', title: 'finance.funds.yearAmount', type: 'money', table: { width: 120 }, form: { required: true } },
    quarter('q1'),
    quarter('q2'),
    quarter('q3'),
    quarter('q4'),
    { key: 'memo', title: 'finance.funds.memo', table: { width: 160 }, form: { maxLength: 500 } },
  ],
};

/** /admin/finance/budgets — yearly budgets by quarter, with the Excel import. */
export default function BudgetsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <ResourceList<Row, 'year'>
        def={budgetDef}
        toolbar={(ctx) =>
          ctx.canEdit ? (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('importer.button')}
            </Button>
          ) : null
        }
      />
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        entity={budgetDef.title}
        templatePath="/api-finance/iolimitys/excelTemplate"
        templateMethod="GET"
        importPath="/api-finance/iolimitys/saveSystem"
        onDone={() => void invalidateResource(qc, budgetDef)}
      />
    </>
  );
}
