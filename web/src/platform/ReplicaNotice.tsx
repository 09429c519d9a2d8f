import type { ReportSource } from '@headoffice/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Where an answer read where reports read (`source`): from a read-only replica, how far behind it was
 * ("数据来自只读副本，约 3 秒前"); nothing when it was read from the primary. The report runner, the charts and
 * the member statistics show it the same way.
 */
export function ReplicaNotice({ source, testId }: { source: ReportSource | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!source?.replica) return null;
  return (
    <Typography.Text type="secondary" data-testid={testId}>
      {source.lagSeconds === null ? t('common.replicaUnknown') : t('common.replica', { seconds: source.lagSeconds })}
    </Typography.Text>
  );
}
