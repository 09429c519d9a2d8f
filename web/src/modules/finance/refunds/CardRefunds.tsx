import { billBatchResult, billPath, billSettingsPath, cardRefundBill, cardRefundSettings } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../platform/action';
import { usePermission } from '../../../platform/auth';
import { BillDetail } from '../../../platform/bills/BillDetail';
import { BillList } from '../../../platform/bills/BillList';
import { invalidateBills } from '../../../platform/bills/parts';
import { http } from '../../../platform/http';
import { RefundAssets } from './RefundAssets';

/** The zero-amount batches (every such bill the user sees) and the chain's setting, above the list. */
const settingsPath = billSettingsPath(cardRefundBill);
const zeroPath = (action: 'approve' | 'review') => billPath(cardRefundBill, cardRefundBill.transitions[action].zeroBatch.path);

function RefundTools() {
  const { t } = useTranslation();
  const can = usePermission();
  const qc = useQueryClient();
  const settings = useQuery({
    queryKey: [settingsPath],
    queryFn: () => http.read(cardRefundSettings, settingsPath),
  });
  const zero = useAction({
    run: (url: string) => http.send(billBatchResult, url, {}, { once: true }),
    success: (r) => t('finance.refunds.zeroDone', { done: r.done.length, failed: r.failed.length }),
    done: () => invalidateBills(qc),
  });
  const require = useAction({
    run: (requireApproval: boolean) => http.send(cardRefundSettings, settingsPath, { requireApproval }),
    success: 'common.saved',
    invalidates: [[settingsPath]],
  });
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      {can('finance.cardtk.sp') ? (
        <Button loading={zero.busy} onClick={() => zero.run(zeroPath('approve'))}>
          {t('finance.refunds.approveZero')}
        </Button>
      ) : null}
      {can('finance.cardtk.fh') ? (
        <Button loading={zero.busy} onClick={() => zero.run(zeroPath('review'))}>
          {t('finance.refunds.reviewZero')}
        </Button>
      ) : null}
      <Space size={6}>
        <Switch
          aria-label={t('finance.refunds.requireApproval')}
          checked={settings.data?.requireApproval ?? false}
          loading={settings.isLoading || require.busy}
          disabled={!can('finance.cardtk.settings')}
          onChange={(checked) => require.run(checked)}
        />
        <Typography.Text>{t('finance.refunds.requireApproval')}</Typography.Text>
      </Space>
    </Space>
  );
}

/** /admin/finance/card-refunds — 退卡审批: customer service approves, finance reviews; the review moves the money. */
export function CardRefundsPage() {
  return (
    <>
      <RefundTools />
      <BillList def={cardRefundBill} form={{ head: ({ form }) => <RefundAssets form={form} /> }} />
    </>
  );
}

export function CardRefundPage() {
  return <BillDetail def={cardRefundBill} />;
}
