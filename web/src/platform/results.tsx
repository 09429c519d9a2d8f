import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from './http';

function goBack(navigate: ReturnType<typeof useNavigate>) {
  if (window.history.length > 1) navigate(-1);
  else navigate('/');
}

/** No permission: 没有权限访问，你可以选择 返回上一级 / 重新登录. */
export function ForbiddenResult({ full }: { full?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('result.forbidden')}
      style={full ? { paddingTop: '12vh' } : undefined}
      extra={
        <Space>
          <Button onClick={() => goBack(navigate)}>{t('result.back')}</Button>
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('result.relogin')}
          </Button>
        </Space>
      }
    />
  );
}

/** Not found: the page has gone to outer space. */
export function NotFoundResult({ full }: { full?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('result.notFound')}
      style={full ? { paddingTop: '12vh' } : undefined}
      extra={
        <Space>
          <Button onClick={() => goBack(navigate)}>{t('result.backPage')}</Button>
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('result.relogin')}
          </Button>
        </Space>
      }
    />
  );
}

export function ForbiddenPage() {
  return <ForbiddenResult full />;
}

export function NotFoundPage() {
  return <NotFoundResult full />;
}

/**
 * What a detail page shows while its record loads or when it cannot: a skeleton, 403, 404, or the
 * error with a retry button; the page itself once the record is there.
 */
export function DetailGate<T>({ query, children }: { query: UseQueryResult<T>; children: (record: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isApiError(query.error) && query.error.status === 403) return <ForbiddenResult />;
  if (isApiError(query.error) && query.error.status === 404) return <NotFoundResult />;
  if (query.data === undefined) {
    return (
      <Result
        status="warning"
        title={query.error?.message}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return <>{children(query.data)}</>;
}
