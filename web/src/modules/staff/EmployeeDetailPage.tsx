import { EditOutlined, SwapOutlined, UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import type { EmployeeRow, Page, StreamRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Descriptions, Result, Row, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http, isApiError } from '../../platform/http';
import { useTab } from '../../platform/pages';
import { formatDateTime, OptionTag } from '../../platform/resource/cells';
import { ResourceForm } from '../../platform/resource/ResourceForm';
import { ForbiddenResult, NotFoundResult } from '../../platform/results';
import { StatusModal, TransferModal } from './actions';
import { API } from './api';
import { ChangeText, employeeDef, GENDERS, STREAM_KINDS } from './defs';

const KIND_COLORS: Record<string, string> = { entry: 'green', transfer: 'blue', leave: 'red', rejoin: 'cyan' };

/** /admin/staff/employees/:id — one employee: the record and the history of moves. */
export default function EmployeeDetailPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const can = usePermission();
  const canEdit = can('staff.employee.edit');
  const id = tab.params.id ?? '';
  const [dialog, setDialog] = useState<'edit' | 'transfer' | 'leave' | 'rejoin' | null>(null);
  const q = useQuery({
    queryKey: ['employee', 'detail', id],
    queryFn: ({ signal }) => http.get<EmployeeRow>(API.employee(id), undefined, { signal, quiet: ['403', '404'] }),
  });
  const stream = useQuery({
    queryKey: ['stream', 'of', id],
    queryFn: ({ signal }) => http.get<Page<StreamRow>>(API.stream, { employeeId: id, page: 1, pageSize: 200 }, { signal, quiet: ['403'] }),
  });
  const e = q.data;
  const { setTitle } = tab;
  useEffect(() => {
    if (e) setTitle(`${t('staff.employee.detail')} · ${e.name}`);
  }, [e, setTitle, t]);

  if (q.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isApiError(q.error) && q.error.status === 403) return <ForbiddenResult />;
  if (isApiError(q.error) && q.error.status === 404) return <NotFoundResult />;
  if (!e)
    return (
      <Result status="warning" title={q.error?.message} extra={<Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>} />
    );

  const gender = employeeDef.fields.find((f) => f.key === 'gender');
  const items = [
    { key: 'eecode', label: t('staff.employee.eecode'), children: e.eecode },
    {
      key: 'gender',
      label: t('staff.employee.gender'),
      children: gender ? <OptionTag field={{ ...gender, options: GENDERS }} value={e.gender} /> : null,
    },
    { key: 'mobile', label: t('staff.employee.mobile'), children: e.mobile },
    { key: 'shop', label: t('staff.employee.shop'), children: e.shopName },
    { key: 'branch', label: t('staff.employee.branch'), children: e.branchName },
    { key: 'position', label: t('staff.employee.position'), children: e.positionName },
    { key: 'level', label: t('staff.employee.level'), children: e.levelName },
    { key: 'skill', label: t('staff.employee.skillLevel'), children: e.skillLevelName },
    { key: 'entry', label: t('staff.employee.entryDate'), children: e.entryDate },
    { key: 'leave', label: t('staff.employee.leaveDate'), children: e.leaveDate },
    { key: 'birthday', label: t('staff.employee.birthday'), children: e.birthday },
    { key: 'idCard', label: t('staff.employee.idCard'), children: e.idCard },
    {
      key: 'bookable',
      label: t('staff.employee.bookable'),
      children: e.bookable ? <Tag color="blue">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>,
    },
    { key: 'user', label: t('staff.employee.user'), children: e.username ? <Tag color="geekblue">{e.username}</Tag> : null },
    { key: 'updated', label: t('common.updatedAt'), children: formatDateTime(e.updatedAt) },
    { key: 'memo', label: t('common.memo'), children: e.memo, span: 3 },
  ];
  const moves = stream.data?.list ?? [];
  const kindLabel = (k: string) => {
    const item = STREAM_KINDS.kind === 'static' ? STREAM_KINDS.items.find((i) => i.value === k) : undefined;
    return item ? t(item.label) : k;
  };
  const picked = [{ id: e.id, name: e.name }];

  return (
    <Row gutter={12}>
      <Col xs={24} xl={16}>
        <Card
          size="small"
          title={
            <Space>
              <Avatar size={26} src={e.avatar || undefined} style={{ background: e.avatar ? undefined : '#adc6ff' }}>
                {e.name.slice(0, 1)}
              </Avatar>
              <Typography.Text strong>{e.name}</Typography.Text>
              <Tag color={e.status === 1 ? 'green' : 'default'}>
                {e.status === 1 ? t('staff.employee.onJob') : t('staff.employee.left')}
              </Tag>
            </Space>
          }
          extra={
            canEdit ? (
              <Space wrap>
                <Button icon={<EditOutlined />} type="primary" onClick={() => setDialog('edit')}>
                  {t('common.edit')}
                </Button>
                {e.status === 1 ? (
                  <>
                    <Button icon={<SwapOutlined />} onClick={() => setDialog('transfer')}>
                      {t('staff.employee.transfer')}
                    </Button>
                    <Button icon={<UserDeleteOutlined />} danger onClick={() => setDialog('leave')}>
                      {t('staff.employee.leave')}
                    </Button>
                  </>
                ) : (
                  <Button icon={<UserAddOutlined />} onClick={() => setDialog('rejoin')}>
                    {t('staff.employee.rejoin')}
                  </Button>
                )}
              </Space>
            ) : null
          }
        >
          <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card size="small" title={t('staff.employee.history')} loading={stream.isLoading}>
          {moves.length ? (
            <Timeline
              items={moves.map((m) => ({
                key: m.id,
                color: KIND_COLORS[m.kind],
                content: (
                  <div className="ho-timeline-item">
                    <Space size={6}>
                      <Typography.Text strong>{m.effectiveDate}</Typography.Text>
                      <Tag color={KIND_COLORS[m.kind]}>{kindLabel(m.kind)}</Tag>
                      {!m.applied ? <Tag color="orange">{t('staff.stream.appliedNo')}</Tag> : null}
                    </Space>
                    <div>
                      <ChangeText row={m} />
                    </div>
                    {m.memo ? <Typography.Text type="secondary">{m.memo}</Typography.Text> : null}
                    <div className="ho-muted" style={{ fontSize: 12 }}>
                      {[m.createdByName, formatDateTime(m.createdAt)].filter(Boolean).join(' · ')}
                    </div>
                  </div>
                ),
              }))}
            />
          ) : (
            <EmptyState compact />
          )}
        </Card>
      </Col>
      <ResourceForm def={employeeDef} open={dialog === 'edit'} row={e} onClose={() => setDialog(null)} onSaved={() => void q.refetch()} />
      {dialog === 'transfer' ? <TransferModal rows={picked} onClose={() => setDialog(null)} onDone={() => void q.refetch()} /> : null}
      {dialog === 'leave' || dialog === 'rejoin' ? (
        <StatusModal rows={picked} status={dialog === 'leave' ? 0 : 1} onClose={() => setDialog(null)} onDone={() => void q.refetch()} />
      ) : null}
    </Row>
  );
}
