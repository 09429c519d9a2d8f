import { QrcodeOutlined } from '@ant-design/icons';
import { UNIONPAY_ACCOUNT_API, unionpayAccountRecord, unionQrAnswer } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, QRCode, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../platform/http';
import { RecordPage } from '../../../platform/records/RecordPage';
import type { RecordPageRow } from '../../../platform/records/resourceDef';

/** The shop's C扫B collection QR as the server gives its content, drawn by antd's QRCode. */
function QrDialog({ shop, onClose }: { shop: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const qr = useQuery({
    queryKey: ['unionpay-qr', shop.id],
    queryFn: () => http.send(unionQrAnswer, UNIONPAY_ACCOUNT_API.qr, { shopid: shop.id }),
    retry: false,
  });
  return (
    <Modal open title={t('finance.unionpay.qrTitle', { shop: shop.name })} footer={null} onCancel={onClose} width={360}>
      {qr.isPending ? <Spin /> : null}
      {qr.error ? <Alert type="error" showIcon title={qr.error.message} /> : null}
      {qr.data ? (
        <Space orientation="vertical" align="center" style={{ width: '100%' }} data-testid="unionpay-qr">
          <QRCode value={qr.data.qrcode} size={250} />
          <Typography.Text type="secondary">{t('finance.unionpay.qrHelp')}</Typography.Text>
        </Space>
      ) : null}
    </Modal>
  );
}

/** /admin/finance/unionpay-accounts — the shops' UnionPay merchant accounts, each with its collection QR. */
export default function UnionpayAccountsPage() {
  const { t } = useTranslation();
  const [shop, setShop] = useState<{ id: number; name: string } | null>(null);
  const rowActions = (row: RecordPageRow) => (
    <Button
      type="link"
      size="small"
      icon={<QrcodeOutlined />}
      onClick={() => setShop({ id: row.shopId as number, name: (row.shopName as string | null) ?? '' })}
    >
      {t('finance.unionpay.qr')}
    </Button>
  );
  return (
    <>
      <RecordPage record={unionpayAccountRecord} rowActions={rowActions} />
      {shop ? <QrDialog shop={shop} onClose={() => setShop(null)} /> : null}
    </>
  );
}
