import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The empty state: an image and a text, "暂无记录" by default. */
export function EmptyState({ description, compact }: { description?: ReactNode; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Empty image={compact ? Empty.PRESENTED_IMAGE_SIMPLE : Empty.PRESENTED_IMAGE_DEFAULT} description={description ?? t('common.empty')} />
  );
}
