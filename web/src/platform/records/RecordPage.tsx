import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { RecordDef } from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../i18n';
import { ImportModal } from '../resource/ImportModal';
import { invalidateResource } from '../resource/invalidate';
import { ResourceList } from '../resource/ResourceList';
import { type RecordPageRow, recordResource } from './resourceDef';

/**
 * The one page of every record type (a menu URL per type): the list with its declared filters, sort,
 * batch enable/disable and export of the current filter; the form with the proposed next code; the
 * import from the Excel template when the type serves `saveSystem`; a tree by parent when it is one.
 */
export function RecordPage({ record, rowActions }: { record: RecordDef; rowActions?: (row: RecordPageRow) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [importing, setImporting] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const def = useMemo(() => recordResource(record, currentLang()), [record, i18n.language]);
  const canImport = record.serves('saveSystem');
  return (
    <>
      <ResourceList<RecordPageRow, string>
        key={record.resource}
        def={def}
        tree={record.tree}
        actionsWidth={record.tree ? 240 : 140}
        toolbar={(ctx) =>
          canImport && ctx.canEdit ? (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('importer.button')}
            </Button>
          ) : null
        }
        rowActions={
          record.tree
            ? (row, ctx) =>
                !row.parentId && ctx.canEdit ? (
                  <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => ctx.openCreate({ parentId: row.id })}>
                    {t('common.addChild')}
                  </Button>
                ) : null
            : rowActions
        }
      />
      {canImport ? (
        <ImportModal
          open={importing}
          onClose={() => setImporting(false)}
          entity={def.title}
          templatePath={record.paths.template}
          templateMethod="GET"
          importPath={record.paths.saveSystem}
          onDone={() => void invalidateResource(qc, def)}
        />
      ) : null}
    </>
  );
}

export default RecordPage;
