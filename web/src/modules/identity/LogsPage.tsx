import type { LogRow } from '@headoffice/contract';
import { Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../platform/resource/ResourceList';
import { logDef } from './defs';

function pretty(detail: unknown): string {
  if (detail === null || detail === undefined) return '';
  if (typeof detail === 'string') {
    try {
      return JSON.stringify(JSON.parse(detail), null, 2);
    } catch {
      return detail;
    }
  }
  return JSON.stringify(detail, null, 2);
}

function LogDetail({ row }: { row: LogRow }) {
  const { t } = useTranslation();
  const text = pretty(row.detail);
  return (
    <div className="ho-log-detail">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'at', label: t('identity.log.at'), children: dayjs(row.at).format('YYYY-MM-DD HH:mm:ss') },
          { key: 'user', label: t('identity.log.user'), children: row.username ?? '—' },
          {
            key: 'req',
            label: t('identity.log.requestId'),
            children: row.requestId ? <Typography.Text copyable>{row.requestId}</Typography.Text> : '—',
          },
        ]}
      />
      {text ? <pre className="ho-json">{text}</pre> : <Typography.Text type="secondary">{t('identity.log.noDetail')}</Typography.Text>}
    </div>
  );
}

/** /admin/system/logs — who changed what, newest first; each entry expands to the recorded change. */
export default function LogsPage() {
  return (
    <ResourceList<LogRow & { status?: number }, 'range'>
      def={logDef}
      expandable={{ expandedRowRender: (row) => <LogDetail row={row} />, rowExpandable: () => true }}
    />
  );
}
