import type { AuditChange, LogRow } from '@headoffice/contract';
import { Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyDateTime } from '../../platform/clock';
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

/** A value as the change shows it: empty as —, anything else as written. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Each changed field: its name, the value before and after. */
function Changes({ changes }: { changes: AuditChange[] }) {
  const { t } = useTranslation();
  return (
    <Table<AuditChange>
      size="small"
      pagination={false}
      rowKey={(c, i) => `${c.label}-${i}`}
      dataSource={changes}
      columns={[
        { key: 'label', title: t('identity.log.field'), dataIndex: 'label', width: 200 },
        { key: 'from', title: t('identity.log.before'), render: (_v, c) => valueText(c.from) },
        { key: 'to', title: t('identity.log.after'), render: (_v, c) => valueText(c.to) },
      ]}
    />
  );
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
          { key: 'at', label: t('identity.log.at'), children: companyDateTime(row.at, true) },
          { key: 'user', label: t('identity.log.user'), children: row.username ?? '—' },
          {
            key: 'req',
            label: t('identity.log.requestId'),
            children: row.requestId ? <Typography.Text copyable>{row.requestId}</Typography.Text> : '—',
          },
        ]}
      />
      {row.changes.length > 0 && <Changes changes={row.changes} />}
      <Typography.Text type="secondary">{t('identity.log.sent', { action: row.action })}</Typography.Text>
      {text ? <pre className="ho-json">{text}</pre> : <Typography.Text type="secondary">{t('identity.log.noDetail')}</Typography.Text>}
    </div>
  );
}

/** /admin/system/logs — who did what to which record, newest first; each entry expands to the fields it changed and the request it sent. */
export default function LogsPage() {
  return (
    <ResourceList<LogRow & { status?: number }, 'range'>
      def={logDef}
      expandable={{ expandedRowRender: (row) => <LogDetail row={row} />, rowExpandable: () => true }}
    />
  );
}
