import { shopListPath, shopPick } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { shopMemberDef } from './defs';
import { MemberList } from './MembersPage';

/** /admin/members/shop — one shop's members (the shops the user may see), the same filters and actions. */
export default function ShopMembersPage() {
  const { t } = useTranslation();
  const shops = useQuery({
    queryKey: ['shop', 'all'],
    queryFn: ({ signal }) => http.read(z.array(shopPick), shopListPath, undefined, { signal }),
  });
  const [shop, setShop] = useState<number | undefined>();
  useEffect(() => {
    if (shop === undefined && shops.data?.length) setShop(shops.data[0].id);
  }, [shop, shops.data]);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space>
        <Typography.Text>{t('members.member.chooseShop')}</Typography.Text>
        <Select
          style={{ width: 240 }}
          showSearch
          optionFilterProp="label"
          value={shop}
          loading={shops.isLoading}
          onChange={setShop}
          options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
      </Space>
      {shop ? (
        <MemberList def={shopMemberDef} fixedParams={{ shopid: shop }} createDefaults={{ shopId: shop }} urlState={false} />
      ) : (
        <EmptyState description={t('members.member.noShop')} />
      )}
    </Space>
  );
}
