import { type JobRow, jobPage, jobRow, jobStateLabels, jobStates } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Segmented, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { companyDateTime } from '../../platform/clock';
import { http, isApiError } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { ForbiddenResult } from '../../platform/results';
import { API } from './api';

type State = (typeof jobStates)[number];
const stateColor: Record<State, string> = { queued: 'blue', running: 'processing', done: 'green', failed: 'red' };
const stateName = (state: State) => pickLabel(jobStateLabels[state]);
const time = (at: string | null) => (at ? companyDateTime(at, true) : '—');

/** /admin/system/jobs — background work (transfers on their day, …): failed jobs with their error, run again. */
export default function JobsPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const [state, setState] = useState<State | 'all'>('all');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const q = useQuery({
    queryKey: ['jobs', state, page],
    queryFn: ({ signal }) =>
      http.read(jobPage, API.jobs, { ...page, state: state === 'all' ? undefined : state }, { signal, quiet: ['403'] }),
  });

  const rerunning = useAction<JobRow>({
    run: (row) => http.send(jobRow, API.jobRerun(row.id)),
    success: 'identity.job.queuedAgain',
    invalidates: [['jobs']],
  });
  const rerun = (row: JobRow) => rerunning.run(row);

  if (isApiError(q.error) && q.error.status === 403) return <ForbiddenResult />;
  const columns: TableColumnsType<JobRow> = [
    { key: 'id', dataIndex: 'id', title: t('identity.job.id'), width: 90 },
    {
      key: 'name',
      title: t('identity.job.name'),
      width: 200,
      render: (_: unknown, r) => t(`identity.job.names.${r.name}`, { defaultValue: r.name }),
    },
    {
      key: 'state',
      title: t('identity.job.state'),
      width: 110,
      render: (_: unknown, r) => <Tag color={stateColor[r.state]}>{stateName(r.state)}</Tag>,
    },
    { key: 'runAt', title: t('identity.job.runAt'), width: 170, render: (_: unknown, r) => time(r.runAt) },
    { key: 'attempts', title: t('identity.job.attempts'), width: 100, render: (_: unknown, r) => `${r.attempts} / ${r.maxAttempts}` },
    {
      key: 'lastError',
      title: t('identity.job.lastError'),
      ellipsis: true,
      render: (_: unknown, r) => (r.lastError ? <Typography.Text type="danger">{r.lastError.split('\n')[0]}</Typography.Text> : '—'),
    },
    { key: 'finishedAt', title: t('identity.job.finishedAt'), width: 170, render: (_: unknown, r) => time(r.finishedAt) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 110,
      fixed: 'right',
      render: (_: unknown, r) =>
        r.state === 'failed' && can('identity.job.edit') ? (
          <Button size="small" loading={rerunning.busyFor((v) => v.id === r.id)} onClick={() => rerun(r)}>
            {t('identity.job.rerun')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Card>
      <Segmented
        value={state}
        onChange={(v) => {
          setState(v as State | 'all');
          setPage((p) => ({ ...p, page: 1 }));
        }}
        options={[...jobStates.map((s) => ({ value: s, label: stateName(s) })), { value: 'all', label: t('identity.job.all') }]}
        style={{ marginBottom: 16 }}
      />
      <Table<JobRow>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 1100 }}
        expandable={{
          rowExpandable: (r) => Boolean(r.lastError),
          expandedRowRender: (r) => <pre className="ho-json">{r.lastError}</pre>,
        }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, size) => setPage({ page: p, pageSize: size }),
        }}
      />
    </Card>
  );
}
