import { VOUCHER_PATHS, type VoucherRow, voucherRow } from '@headoffice/contract';
import { App, Button, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';

/** 核销团购券 at the till: the code is verified at the platform in the bill's shop, and the voucher handed to the bill's payments. */
export function VoucherVerifyButton({ shopId, onVerified }: { shopId: number; onVerified: (voucher: VoucherRow) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const verify = async () => {
    if (!code.trim()) return;
    setBusy(true);
    try {
      const voucher = await http.send(voucherRow, VOUCHER_PATHS.verify, { shopId, code: code.trim() }, { once: true });
      message.success(t('vouchers.verified', { product: voucher.productName, amount: formatMoney(voucher.amount) }));
      onVerified(voucher);
      setOpen(false);
      setCode('');
    } finally {
      setBusy(false);
    }
  };
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
        <Input
          autoFocus
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={verify}
          placeholder={t('vouchers.code')}
          data-testid="till-voucher-code"
        />
      </Modal>
    </>
  );
}
