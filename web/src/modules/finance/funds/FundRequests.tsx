import { type BillApproval, FUNDS_API, type FundBillRow, fundBill, type ShopFunds, shopFunds } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, type FormInstance, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BillDetail } from '../../../platform/bills/BillDetail';
import type { BillFormSlots } from '../../../platform/bills/BillForm';
import { BillList } from '../../../platform/bills/BillList';
import { http } from '../../../platform/http';
import { formatMoney } from '../../../platform/money';

type Values = Record<string, unknown>;

const dayOf = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : undefined);

/** The shop's petty-cash balance and the item's month limit and quarter budget, as the server counts them. */
function useShopFunds(shopId: unknown, itemId: unknown, billDate: unknown, excludeId?: number) {
  const params = {
    shopId: typeof shopId === 'number' ? shopId : undefined,
    itemId: typeof itemId === 'number' ? itemId : undefined,
    billDate: dayOf(billDate),
    excludeId,
  };
  return useQuery({
    queryKey: ['fund-shop-funds', params],
    queryFn: ({ signal }) => http.read(shopFunds, FUNDS_API.shopFunds, params, { signal }),
    enabled: params.shopId !== undefined,
  });
}

function fetchShopFunds(params: Values) {
  return http.read(shopFunds, FUNDS_API.shopFunds, params);
}

/** What would be over its limit or budget once this amount is requested (and, for a large request, over the shop's takings). */
function overruns(funds: ShopFunds, amount: number, type: unknown, t: (k: string, o?: Values) => string) {
  const out: string[] = [];
  const room = funds.largeRoom;
  if (type === 2 && room && room.used + amount > room.takings)
    out.push(t('finance.funds.overTakings', { total: formatMoney(room.used + amount), takings: formatMoney(room.takings) }));
  const month = funds.monthUsed + amount;
  if (funds.monthLimit !== null && month > funds.monthLimit)
    out.push(t('finance.funds.overLimit', { total: formatMoney(month), limit: formatMoney(funds.monthLimit) }));
  const quarter = funds.quarterUsed + amount;
  if (funds.quarterBudget !== null && quarter > funds.quarterBudget)
    out.push(t('finance.funds.overBudget', { total: formatMoney(quarter), budget: formatMoney(funds.quarterBudget) }));
  return out;
}

/** Above the form's lines (the photos, added by uploading): the shop's balance, the item's limit and budget. */
function FundFormHead({ form, bill }: { form: FormInstance; bill?: FundBillRow | null }) {
  const { t } = useTranslation();
  const shopId = Form.useWatch('shopId', form);
  const itemId = Form.useWatch('itemId', form);
  const billDate = Form.useWatch('billDate', form);
  const type = Form.useWatch('type', form);
  const funds = useShopFunds(shopId, itemId, billDate, bill?.id).data;
  const room = funds?.largeRoom;
  return (
    <Col span={24} style={{ marginBottom: 12 }}>
      {funds ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('finance.funds.balance', {
            balance: formatMoney(funds.balance),
            float: formatMoney(funds.float),
            paid: formatMoney(funds.paid),
            spent: formatMoney(funds.spent),
            redeposited: formatMoney(funds.redeposited),
            adjusted: formatMoney(funds.adjusted),
          })}
          description={
            typeof itemId === 'number'
              ? [
                  funds.monthLimit === null
                    ? t('finance.funds.noMonthLimit', { used: formatMoney(funds.monthUsed) })
                    : t('finance.funds.monthLimit', { limit: formatMoney(funds.monthLimit), used: formatMoney(funds.monthUsed) }),
                  funds.quarterBudget === null
                    ? null
                    : t('finance.funds.quarterBudget', { budget: formatMoney(funds.quarterBudget), used: formatMoney(funds.quarterUsed) }),
                ]
                  .filter(Boolean)
                  .join('；')
              : undefined
          }
        />
      ) : null}
      {room && type === 2 ? (
        <Alert
          type={room.used >= room.takings ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="fund-large-room"
          title={t('finance.funds.largeRoom', {
            takings: formatMoney(room.takings),
            used: formatMoney(room.used),
            room: formatMoney(Math.max(0, room.takings - room.used)),
          })}
        />
      ) : null}
    </Col>
  );
}

function useFormSlots(): BillFormSlots<FundBillRow> {
  const { t } = useTranslation();
  return {
    head: ({ form, bill }) => <FundFormHead form={form} bill={bill as FundBillRow | null | undefined} />,
    warnings: async ({ values }) => {
      if (typeof values.shopId !== 'number' || typeof values.itemId !== 'number' || typeof values.amount !== 'number') return [];
      const funds = await fetchShopFunds({ shopId: values.shopId, itemId: values.itemId, billDate: dayOf(values.billDate) });
      return overruns(funds, Math.round(values.amount * 100), values.type, t);
    },
  };
}

/** /admin/finance/fund-requests — petty-cash requests: shops apply, the item's department approves, finance reviews. */
export function FundRequestsPage() {
  const form = useFormSlots();
  return <BillList def={fundBill} form={form} />;
}

/**
 * Who approves a request: its department and the users who may (that department's approvers and the
 * holders of 全部门审批, never its maker); while it waits, why the reader may not approve it.
 */
function ApprovalInfo({ approval }: { approval: BillApproval }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={4} data-testid="fund-approval">
      <span>
        {approval.departmentName
          ? t('finance.funds.approvedBy', { department: approval.departmentName })
          : t('finance.funds.approvedByAnyone')}
      </span>
      <Typography.Text type="secondary">
        {t('finance.funds.approvers', { names: approval.approvers.join('、') || t('finance.funds.noApprover') })}
      </Typography.Text>
      {approval.blocked ? <Alert type="warning" showIcon title={approval.blocked} /> : null}
    </Space>
  );
}

/** One request: its head, its photos (thumbnails that open), who approves it, its log and the steps the user may take. */
export function FundRequestPage() {
  const { t } = useTranslation();
  const form = useFormSlots();
  return (
    <BillDetail
      def={fundBill}
      form={form}
      items={(bill) => [
        { key: 'approval', label: t('finance.funds.approval'), span: 3, children: <ApprovalInfo approval={bill.approval} /> },
      ]}
    />
  );
}
