import { depositRow, memberAssetsAnswer, memberPackagePaths } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EmptyState } from '../../../platform/Empty';
import { http } from '../../../platform/http';
import { ASSETS } from '../api';
import { DepositsTable } from './MemberPackages';

/** /admin/assets/deposits — a member's deposited products, found by mobile. */
export default function DepositsPage() {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState<string>();
  const member = useQuery({
    queryKey: ['deposit-member', mobile],
    enabled: Boolean(mobile),
    queryFn: ({ signal }) => http.read(memberAssetsAnswer, ASSETS.assets, { mobile }, { signal }),
  });
  const memberId = member.data?.memberId;
  const rows = useQuery({
    queryKey: ['member-deposits', memberId],
    enabled: Boolean(memberId),
    queryFn: ({ signal }) => http.read(z.array(depositRow), memberPackagePaths.deposits, { memid: memberId }, { signal }),
  });
  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder={t('assets.mobilePh')}
          enterButton={t('assets.search')}
          allowClear
          style={{ width: 300 }}
          onSearch={(v) => setMobile(/^\d{11}$/.test(v.trim()) ? v.trim() : undefined)}
        />
        {member.data ? (
          <span>
            {member.data.memberName} {member.data.mobile}
          </span>
        ) : null}
      </Space>
      {memberId ? <DepositsTable rows={rows.data ?? []} loading={rows.isLoading} /> : <EmptyState description={t('assets.noMember')} />}
    </Card>
  );
}
