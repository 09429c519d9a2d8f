import { MEMBER_BILLS_PATH, type MemberBillRow, memberBillsPage, SERVICE_DOC, serviceBill, serviceBillStates } from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { useLabel } from '../../platform/bills/labels';
import { useBillsChanged } from '../../platform/bills/parts';
import { companyDateTime } from '../../platform/clock';
import { http } from '../../platform/http';
import { ListTable, usePaged } from '../../platform/list/ListParts';
import { formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';

const KEY = 'member-bills';

/**
 * 消费记录: the member's settled bills in the shops the user sees, newest first: when, where, what, who
 * served, how much and how it was paid; the bill number opens the bill (for a user who may see bills).
 * A revoked bill stays listed, struck through: it counts in none of the member's figures.
 */
export function MemberBills({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const label = useLabel();
  const tab = useTab();
  const can = usePermission();
  const qc = useQueryClient();
  const bills = usePaged([KEY, memberId], { memid: memberId }, (params) => http.read(memberBillsPage, MEMBER_BILLS_PATH, params), 10);
  useBillsChanged(SERVICE_DOC, () => void qc.invalidateQueries({ queryKey: [KEY, memberId] }));
  const list = (parts: string[]) => parts.join(t('members.bills.separator'));
  return (
    <ListTable<MemberBillRow>
      paged={bills}
      scrollX={1080}
      columns={[
        {
          title: t('members.bills.billNo'),
          dataIndex: 'billNo',
          width: 170,
          render: (v: string, r) =>
            can(`${serviceBill.perm}.view`) ? (
              <Typography.Link onClick={() => tab.open(`${serviceBill.webPath}/${r.id}`)}>{v}</Typography.Link>
            ) : (
              v
            ),
        },
        {
          title: t('members.bills.at'),
          dataIndex: 'settledAt',
          width: 140,
          render: (v: string | null, r) => companyDateTime(v) || r.businessDate,
        },
        { title: t('members.bills.shop'), dataIndex: 'shopName', width: 120, ellipsis: true },
        {
          title: t('members.bills.items'),
          dataIndex: 'items',
          render: (items: MemberBillRow['items']) => list(items.map((i) => t('members.bills.item', { name: i.name, num: i.num }))),
        },
        { title: t('members.bills.staff'), dataIndex: 'staff', width: 130, render: (staff: string[]) => list(staff) || '—' },
        {
          title: t('members.bills.amount'),
          dataIndex: 'amount',
          width: 150,
          align: 'right',
          render: (v: number, r) =>
            r.state === 'revoked' ? (
              <Space size={4}>
                <Tag color="red">{label(serviceBillStates.revoked)}</Tag>
                <Typography.Text delete type="secondary">
                  {formatMoney(v)}
                </Typography.Text>
              </Space>
            ) : (
              formatMoney(v)
            ),
        },
        {
          title: t('members.bills.payments'),
          dataIndex: 'payments',
          width: 200,
          render: (payments: MemberBillRow['payments']) => list(payments.map((p) => `${p.payName} ${formatMoney(p.amount)}`)),
        },
      ]}
    />
  );
}
