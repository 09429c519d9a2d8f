import { UploadOutlined } from '@ant-design/icons';
import { FINANCE_API, type PayeeAccountRow } from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportModal } from '../../platform/resource/ImportModal';
import { invalidateResource } from '../../platform/resource/invalidate';
import { ResourceList } from '../../platform/resource/ResourceList';
import { payeeAccountDef } from './defs';

/** /admin/finance/payee-accounts — where each shop's expenses of an item are paid, with the Excel import. */
export default function PayeeAccountsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <ResourceList<PayeeAccountRow, 'keyword'>
        def={payeeAccountDef}
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
        entity={payeeAccountDef.title}
        templatePath="/api-finance/ioaccount/excelTemplate"
        templateMethod="GET"
        importPath={FINANCE_API.payeeAccountImport}
        onDone={() => void invalidateResource(qc, payeeAccountDef)}
      />
    </>
  );
}
