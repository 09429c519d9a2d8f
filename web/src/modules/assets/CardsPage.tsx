import { MEMBER_FIND_PATH, type MemberFindRow, memberFindRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import MemberAssets from './MemberAssets';

/**
 * /admin/assets/cards — find a member as the member list and the till do (a whole mobile or its last 4
 * digits, a card or member number, a name); one found opens at once, several are listed to pick from;
 * then their cards, money per shop and the actions on them.
 */
export default function CardsPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const found = useQuery({
    queryKey: ['member-find', keyword],
    queryFn: ({ signal }) => http.read(z.array(memberFindRow), MEMBER_FIND_PATH, { keyword }, { signal }),
    enabled: keyword.length > 0,
  });
  const rows = found.data ?? [];
  const memberId = rows.length === 1 ? rows[0].id : picked;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card size="small">
        <Input.Search
          className="ho-member-search"
          placeholder={t('assets.findPh')}
          enterButton={t('assets.search')}
          maxLength={32}
          allowClear
          style={{ maxWidth: 420 }}
          loading={found.isFetching}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPicked(null);
          }}
        />
      </Card>
      {rows.length > 1 ? (
        <Card size="small" title={t('assets.foundMany', { count: rows.length })}>
          <Table<MemberFindRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={rows}
            rowClassName={(r) => (r.id === picked ? 'ant-table-row-selected' : '')}
            onRow={(r) => ({ onClick: () => setPicked(r.id), style: { cursor: 'pointer' } })}
            columns={[
              { title: t('assets.memberCode'), dataIndex: 'code', width: 110 },
              {
                title: t('assets.memberName'),
                dataIndex: 'name',
                width: 110,
                render: (v: string, r) => <Typography.Link onClick={() => setPicked(r.id)}>{v}</Typography.Link>,
              },
              { title: t('assets.memberMobile'), dataIndex: 'mobile', width: 130 },
              { title: t('assets.homeShop'), dataIndex: 'shopName', ellipsis: true },
              { title: t('assets.balance'), dataIndex: 'balance', width: 120, align: 'right', render: (v: number) => formatMoney(v) },
            ]}
          />
        </Card>
      ) : null}
      {memberId !== null ? (
        <MemberAssets memberId={memberId} />
      ) : (
        <EmptyState
          description={
            keyword && found.data && !rows.length ? t('assets.foundNone') : rows.length > 1 ? t('assets.pickOne') : t('assets.noMember')
          }
        />
      )}
    </Space>
  );
}
