import { VOUCHER_PATHS, type VoucherChannel, type VoucherRow, voucherChannelLabels, voucherRow } from '@headoffice/contract';
import { App, Button, Input, Modal, Segmented, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';

/**
 * 核销团购券 at the till: the code is verified at the chosen platform (of those the bill's shop is
 * mapped to) in the bill's shop, and the voucher handed to the bill's payments.
 */
export function VoucherVerifyButton({
  shopId,
  channels,
  onVerified,
}: {
  shopId: number;
  channels: VoucherChannel[];
  onVerified: (voucher: VoucherRow) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<VoucherChannel | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = channel && channels.includes(channel) ? channel : channels[0];
  const verify = async () => {
    if (!code.trim() || !chosen) return;
    setBusy(true);
    try {
      const voucher = await http.send(voucherRow, VOUCHER_PATHS.verify, { shopId, channel: chosen, code: code.trim() }, { once: true });
      message.success(t('vouchers.verified', { product: voucher.productName, amount: formatMoney(voucher.amount) }));
      onVerified(voucher);
      setOpen(false);
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  if (!channels.length)
    return (
      <Tooltip title={t('vouchers.noChannel')}>
        <Button disabled data-testid="till-verify-voucher">
          {t('vouchers.verify')}
        </Button>
      </Tooltip>
    );
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="till-verify-voucher">
        {t('vouchers.verify')}
      </Button>
      <Modal
        open={open}
        title={t('vouchers.verify')}
        onCancel={() => setOpen(false)}
        onOk={verify}
        okText={t('vouchers.verifyOk')}
        confirmLoading={busy}
        destroyOnClose
      >
        <Typography.Paragraph type="secondary">{t('vouchers.verifyHint')}</Typography.Paragraph>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Segmented<VoucherChannel>
            value={chosen}
            onChange={setChannel}
            options={channels.map((c) => ({ value: c, label: pickLabel(voucherChannelLabels[c]) }))}
            data-testid="till-voucher-channel"
          />
          <Input
            autoFocus
            maxLength={32}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={verify}
            placeholder={t('vouchers.code')}
            data-testid="till-voucher-code"
          />
        </Space>
      </Modal>
    </>
  );
}
