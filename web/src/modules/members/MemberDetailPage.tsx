import { EditOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { type MemberDetail, SERVICE_DOC } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Modal, Result, Row, Skeleton, Space, Statistic, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { useBillsChanged } from '../../platform/bills/parts';
import { companyDateTime } from '../../platform/clock';
import { http, isApiError } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';
import { OptionTag } from '../../platform/resource/cells';
import { ResourceForm } from '../../platform/resource/ResourceForm';
import { ForbiddenResult, NotFoundResult } from '../../platform/results';
import { MemberAssets } from '../assets/public';
import { FreezeModal, useUnfreeze } from './actions';
import { MEMBER_GENDERS, MEMBER_STATUS, memberDef, P } from './defs';
import { MemberBills } from './MemberBills';

/**
 * /admin/members/list/:id — one member: details, totals, advisor; below, their cards and money (not in another
 * shop's reduced view) and their bills (消费记录) in the user's shops.
 */
export default function MemberDetailPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const can = usePermission();
  const id = tab.params.id ?? '';
  const [dialog, setDialog] = useState<'edit' | 'freeze' | null>(null);
  const unfreeze = useUnfreeze();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['member-detail', id],
    queryFn: ({ signal }) => http.get<MemberDetail>(P.detail, { memid: id }, { signal, quiet: ['403', '404'] }),
  });
  // A bill settled or revoked moves the member's spending and visits.
  useBillsChanged(SERVICE_DOC, () => void qc.invalidateQueries({ queryKey: ['member-detail', id] }));
  const m = q.data;
  const { setTitle } = tab;
  useEffect(() => {
    if (m) setTitle(`${t('members.member.detail')} · ${m.name}`);
  }, [m, setTitle, t]);

  if (q.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isApiError(q.error) && q.error.status === 403) return <ForbiddenResult />;
  if (isApiError(q.error) && q.error.status === 404) return <NotFoundResult />;
  if (!m)
    return (
      <Result status="warning" title={q.error?.message} extra={<Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>} />
    );

  const mine = !m.limited;
  const genderField = memberDef.fields.find((f) => f.key === 'gender');
  const statusField = memberDef.fields.find((f) => f.key === 'status');
  const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
  const items = [
    { key: 'code', label: t('members.member.code'), children: m.code },
    { key: 'mobile', label: t('members.member.mobile'), children: m.mobile },
    {
      key: 'gender',
      label: t('members.member.gender'),
      children: genderField ? <OptionTag field={{ ...genderField, options: MEMBER_GENDERS }} value={m.gender} /> : null,
    },
    { key: 'birthday', label: t('members.member.birthday'), children: dash(m.birthday) },
    { key: 'shop', label: t('members.member.shop'), children: dash(m.shopName) },
    { key: 'grade', label: t('members.member.grade'), children: dash(m.gradeName) },
    { key: 'channel', label: t('members.member.channel'), children: dash(m.channelName) },
    { key: 'advisor', label: t('members.member.advisor'), children: dash(m.advisorName) },
    { key: 'registered', label: t('members.member.registeredOn'), children: m.registeredOn },
    {
      key: 'status',
      label: t('members.member.status'),
      children: statusField ? <OptionTag field={{ ...statusField, options: MEMBER_STATUS }} value={m.status} /> : null,
    },
    ...(m.status === 2 ? [{ key: 'freezeMemo', label: t('members.member.freezeMemo'), children: dash(m.freezeMemo) }] : []),
    { key: 'nickname', label: t('members.member.nickname'), children: dash(m.nickname) },
    { key: 'memo', label: t('members.member.memo'), span: 3, children: dash(m.memo) },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {m.limited ? <Alert type="info" showIcon title={t('members.member.limited')} /> : null}
      <Card
        title={
          <Space>
            {m.name}
            {m.status === 2 ? <Tag color="blue">{t('members.member.frozen')}</Tag> : null}
          </Space>
        }
        extra={
          mine ? (
            <Space>
              {can('members.member.edit') ? (
                <Button icon={<EditOutlined />} onClick={() => setDialog('edit')}>
                  {t('members.member.edit')}
                </Button>
              ) : null}
              {can('members.member.freeze') && m.status === 1 ? (
                <Button icon={<LockOutlined />} onClick={() => setDialog('freeze')}>
                  {t('members.member.freeze')}
                </Button>
              ) : null}
              {can('members.member.freeze') && m.status === 2 ? (
                <Button
                  icon={<UnlockOutlined />}
                  loading={unfreeze.busy}
                  onClick={() =>
                    Modal.confirm({ title: t('members.member.unfreezeConfirm', { name: m.name }), onOk: () => unfreeze.run(m.id) })
                  }
                >
                  {t('members.member.unfreeze')}
                </Button>
              ) : null}
            </Space>
          ) : null
        }
      >
        <Descriptions size="small" column={3} items={items} />
      </Card>
      <Card title={t('members.member.totals')}>
        <Row gutter={16}>
          {[
            ['balance', formatMoney(m.principal + m.gift)],
            ['principal', formatMoney(m.principal)],
            ['gift', formatMoney(m.gift)],
            ['packageValue', formatMoney(m.packageValue)],
            ['spent', formatMoney(m.spent)],
            ['visits', String(m.visits)],
            ['perVisit', formatMoney(m.perVisit)],
            ['points', String(m.points)],
          ].map(([key, value]) => (
            <Col key={key} span={3}>
              <Statistic title={t(`members.member.${key}`)} value={value} />
            </Col>
          ))}
        </Row>
        <div style={{ marginTop: 8, color: 'rgba(0,0,0,0.45)' }}>
          {t('members.member.lastVisit')}: {m.lastVisitAt ? companyDateTime(m.lastVisitAt) : '—'}
        </div>
      </Card>
      <Tabs
        items={[
          ...(m.limited ? [] : [{ key: 'assets', label: t('members.member.assets'), children: <MemberAssets memberId={m.id} /> }]),
          { key: 'bills', label: t('members.bills.title'), children: <MemberBills memberId={m.id} /> },
        ]}
      />
      {dialog === 'edit' ? <ResourceForm def={memberDef} open row={m} onClose={() => setDialog(null)} /> : null}
      {dialog === 'freeze' ? <FreezeModal rows={[m]} onClose={() => setDialog(null)} /> : null}
    </Space>
  );
}
