import { PlusOutlined } from '@ant-design/icons';
import {
  type RoyaltyGroup,
  type RoyaltyItem,
  type RoyaltyScheme,
  royaltyGroup,
  royaltyItemTypeLabels,
  royaltySchemePage,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Input, Popconfirm, Row, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';
import { RY } from './api';
import { GroupModal, ItemModal, isMoneyNorm, normLabel, SchemeModal } from './SchemeEditors';

function rateText(normType: number, v: number) {
  return normType === 2 ? `${(v / 100).toFixed(2)}%` : formatMoney(v);
}

/** /admin/royalty/schemes — schemes (one per shop, personal overrides), their groups by position/level and items with tiers. */
export default function SchemesPage() {
  const { t } = useTranslation();
  const may = usePermission();
  const canEdit = may('royalty.scheme.edit');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<RoyaltyScheme | null>(null);
  const [editing, setEditing] = useState<RoyaltyScheme | 'new' | null>(null);
  const [groupEdit, setGroupEdit] = useState<RoyaltyGroup | 'new' | null>(null);
  const [itemEdit, setItemEdit] = useState<{ group: RoyaltyGroup; item?: RoyaltyItem } | null>(null);
  const params = { page, pageSize: 12, keyword: keyword || undefined };
  const list = useQuery({
    queryKey: ['royalty-schemes', params],
    queryFn: () => http.read(royaltySchemePage, RY.schemes, params),
  });
  const current = list.data?.list.find((s) => s.id === selected?.id) ?? selected;
  const groups = useQuery({
    queryKey: ['royalty-groups', current?.id],
    enabled: !!current,
    queryFn: () => http.read(z.array(royaltyGroup), RY.groups(current?.id as number)),
  });
  const status = useAction({
    run: (s: RoyaltyScheme) => http.post(RY.schemeStatus, { id: s.id, status: s.status === 1 ? 0 : 1 }),
    invalidates: [['royalty-schemes']],
  });
  const copy = useAction({
    run: (s: RoyaltyScheme) => http.post(RY.schemeCopy, { id: s.id, prmname: `${s.prmname}-${t('royalty.scheme.copy')}` }),
    success: 'common.saved',
    invalidates: [['royalty-schemes']],
  });
  const copyGroup = useAction({ run: (g: RoyaltyGroup) => http.post(RY.groupCopy, { id: g.id }), invalidates: [['royalty-groups']] });
  const removeGroup = useAction({ run: (g: RoyaltyGroup) => http.del(RY.groupDelete(g.id)), invalidates: [['royalty-groups']] });
  const itemStatus = useAction({
    run: (i: RoyaltyItem) => http.post(RY.itemStatus, { id: i.id, status: i.status === 1 ? 0 : 1 }),
    invalidates: [['royalty-groups']],
  });
  return (
    <Row gutter={12} wrap={false}>
      <Col flex="480px">
        <Card
          size="small"
          title={
            <Input.Search allowClear placeholder={t('royalty.scheme.name')} style={{ width: 200 }} onSearch={(v) => setKeyword(v.trim())} />
          }
          extra={
            canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {t('royalty.scheme.add')}
              </Button>
            )
          }
        >
          <Table<RoyaltyScheme>
            size="small"
            rowKey="id"
            loading={list.isLoading}
            dataSource={list.data?.list ?? []}
            onRow={(r) => ({ onClick: () => setSelected(r), style: { cursor: 'pointer' } })}
            rowClassName={(r) => (r.id === current?.id ? 'ant-table-row-selected' : '')}
            pagination={{ current: page, pageSize: 12, total: list.data?.total ?? 0, onChange: setPage, size: 'small' }}
            columns={[
              { key: 'prmname', title: t('royalty.scheme.name'), render: (_, r) => <Typography.Text strong>{r.prmname}</Typography.Text> },
              {
                key: 'type',
                title: t('royalty.scheme.type'),
                width: 150,
                render: (_, r) =>
                  r.type === 1 ? (
                    <span title={r.shops.map((s) => s.name).join('、')}>
                      {t('royalty.scheme.shopType')} ({r.shops.length})
                    </span>
                  ) : (
                    <span title={r.employees.map((s) => s.name).join('、')}>
                      {t('royalty.scheme.personal')} ({r.employees.length})
                    </span>
                  ),
              },
              {
                key: 'status',
                title: t('royalty.scheme.status'),
                width: 70,
                render: (_, r) => (
                  <Tag color={r.status === 1 ? 'green' : 'default'}>
                    {r.status === 1 ? t('royalty.scheme.on') : t('royalty.scheme.off')}
                  </Tag>
                ),
              },
              ...(canEdit
                ? [
                    {
                      key: 'ops',
                      title: '',
                      width: 150,
                      render: (_: unknown, r: RoyaltyScheme) => (
                        <Space size={4} onClick={(e) => e.stopPropagation()}>
                          <Typography.Link onClick={() => setEditing(r)}>{t('common.edit')}</Typography.Link>
                          <Typography.Link onClick={() => copy.run(r)}>{t('royalty.scheme.copy')}</Typography.Link>
                          <Typography.Link onClick={() => status.run(r)}>
                            {r.status === 1 ? t('royalty.scheme.off') : t('royalty.scheme.on')}
                          </Typography.Link>
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card
          size="small"
          title={
            current ? `${current.prmname}${current.bracket ? ` · ${t('royalty.scheme.bracketShort')}` : ''}` : t('royalty.scheme.pick')
          }
          extra={
            current &&
            canEdit && (
              <Button icon={<PlusOutlined />} onClick={() => setGroupEdit('new')}>
                {t('royalty.group.add')}
              </Button>
            )
          }
          styles={{ body: { maxHeight: 600, overflowY: 'auto' } }}
        >
          {!current && <Empty />}
          {(groups.data ?? []).map((g) => (
            <Card
              key={g.id}
              size="small"
              type="inner"
              style={{ marginBottom: 8 }}
              title={
                <Space wrap>
                  <span>{g.name}</span>
                  <Tag>{g.royaltyTypeName}</Tag>
                  {g.psList.length ? (
                    g.psList.map((p) => (
                      <Tag key={`${p.type}${p.psid}`} color={p.type === 'position' ? 'blue' : 'purple'}>
                        {p.psname}
                      </Tag>
                    ))
                  ) : (
                    <Tag>{t('royalty.group.all')}</Tag>
                  )}
                </Space>
              }
              extra={
                canEdit && (
                  <Space size={4}>
                    <Typography.Link onClick={() => setItemEdit({ group: g })}>{t('royalty.item.add')}</Typography.Link>
                    <Typography.Link onClick={() => setGroupEdit(g)}>{t('common.edit')}</Typography.Link>
                    <Typography.Link onClick={() => copyGroup.run(g)}>{t('royalty.scheme.copy')}</Typography.Link>
                    <Popconfirm title={t('royalty.group.removeConfirm')} onConfirm={() => removeGroup.run(g)}>
                      <Typography.Link type="danger">{t('common.delete')}</Typography.Link>
                    </Popconfirm>
                  </Space>
                )
              }
            >
              <Table<RoyaltyItem>
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={g.items}
                columns={[
                  {
                    key: 'targets',
                    title: t('royalty.item.targets'),
                    render: (_, i) =>
                      i.items.length
                        ? i.items.map((x) => `${pickLabel(royaltyItemTypeLabels[x.itemtype])}×${x.ids.length}`).join('，')
                        : t('royalty.item.allLines'),
                  },
                  {
                    key: 'normType',
                    title: t('royalty.item.normType'),
                    width: 110,
                    render: (_, i) => (i.normType === 2 ? t('royalty.item.percent') : t('royalty.item.fixed')),
                  },
                  { key: 'norm', title: t('royalty.item.norm'), width: 90, align: 'right', render: (_, i) => rateText(i.normType, i.norm) },
                  {
                    key: 'norm2',
                    title: t('royalty.item.norm2'),
                    width: 90,
                    align: 'right',
                    render: (_, i) => rateText(i.normType, i.norm2),
                  },
                  {
                    key: 'cost',
                    title: t('royalty.item.cost'),
                    width: 80,
                    align: 'right',
                    render: (_, i) => (i.cost ? (i.costType === 1 ? `${(i.cost / 100).toFixed(2)}%` : formatMoney(i.cost)) : ''),
                  },
                  {
                    key: 'tiers',
                    title: t('royalty.item.tiers'),
                    render: (_, i) =>
                      i.levelList
                        .map(
                          (l) =>
                            `${l.level}: ${l.subdescList.map((c) => `${normLabel(c.prnname)}≥${isMoneyNorm(c.prnname) ? formatMoney(c.pvalue) : c.pvalue}`).join(l.pcondition === 1 ? ' & ' : ' | ')} → ${rateText(i.normType, l.norm)}/${rateText(i.normType, l.norm2)}`,
                        )
                        .join('；'),
                  },
                  {
                    key: 'status',
                    title: t('royalty.item.status'),
                    width: 70,
                    render: (_, i) =>
                      canEdit ? (
                        <Switch size="small" checked={i.status === 1} onChange={() => itemStatus.run(i)} />
                      ) : (
                        <Tag>{i.status === 1 ? t('royalty.scheme.on') : t('royalty.scheme.off')}</Tag>
                      ),
                  },
                  ...(canEdit
                    ? [
                        {
                          key: 'ops',
                          title: '',
                          width: 60,
                          render: (_: unknown, i: RoyaltyItem) => (
                            <Typography.Link onClick={() => setItemEdit({ group: g, item: i })}>{t('common.edit')}</Typography.Link>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
            </Card>
          ))}
        </Card>
      </Col>
      <SchemeModal scheme={editing} onClose={() => setEditing(null)} />
      {current && <GroupModal scheme={current} group={groupEdit} onClose={() => setGroupEdit(null)} />}
      <ItemModal group={itemEdit?.group ?? null} item={itemEdit?.item} onClose={() => setItemEdit(null)} />
    </Row>
  );
}
