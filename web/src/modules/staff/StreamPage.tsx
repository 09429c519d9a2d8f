import { FileTextOutlined } from '@ant-design/icons';
import type { StreamRow } from '@headoffice/contract';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { ResourceList } from '../../platform/resource/ResourceList';
import { API } from './api';
import { streamDef } from './defs';

/** getDescById answers a sentence, or an object holding one. */
function descText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    for (const k of ['desc', 'description', 'text']) if (typeof o[k] === 'string') return o[k] as string;
  }
  return '';
}

/** /admin/staff/stream — every entry, transfer, leave and return across the chain. */
export default function StreamPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const describing = useAction<StreamRow, unknown>({
    run: (row) => http.get<unknown>(API.streamDesc, { id: row.id }),
    done: (data, row) => {
      modal.info({
        title: `${row.employeeName} · ${row.effectiveDate}`,
        content: descText(data) || t('common.empty'),
        okText: t('common.confirm'),
      });
    },
  });
  const describe = (row: StreamRow) => describing.run(row);
  return (
    <ResourceList<StreamRow & { status?: number }, 'keyword' | 'shopId' | 'range' | 'change'>
      def={streamDef}
      actionsWidth={90}
      rowActions={(row) => (
        <Button type="link" size="small" icon={<FileTextOutlined />} onClick={() => void describe(row)}>
          {t('staff.stream.desc')}
        </Button>
      )}
    />
  );
}
