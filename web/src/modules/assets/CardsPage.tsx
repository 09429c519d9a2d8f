import { memberAssetsAnswer } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { ASSETS } from './api';
import MemberAssets from './MemberAssets';

/** /admin/assets/cards — find a member by mobile; their cards, money per shop and the actions on them. */
export default function CardsPage() {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState('');
  const found = useQuery({
    queryKey: ['member-by-mobile', mobile],
    queryFn: ({ signal }) => http.read(memberAssetsAnswer, ASSETS.assets, { mobile }, { signal }),
    enabled: /^\d{11}$/.test(mobile),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card size="small">
        <Input.Search
          className="ho-member-search"
          placeholder={t('assets.mobilePh')}
          enterButton={t('assets.search')}
          maxLength={11}
          style={{ maxWidth: 360 }}
          onSearch={(v) => setMobile(v.trim())}
        />
      </Card>
      {found.data ? <MemberAssets memberId={found.data.memberId} /> : <EmptyState description={t('assets.noMember')} />}
    </Space>
  );
}
