import { qrCodeAnswer } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyDateTime } from '../../platform/clock';
import { http } from '../../platform/http';
import { ShopSelect } from '../../platform/shops';
import { ATT } from './api';
import { useShopChoice } from './parts';

/** The phone page a QR code opens: the sign-in page with the shop's current token. */
export const signInUrl = (token: string) => `${window.location.origin}/m/sign-in?t=${encodeURIComponent(token)}`;

/** /admin/attendance/qrcode — the shop's current sign-in QR code, renewed every minute. */
export default function QrCodePage() {
  const { t } = useTranslation();
  const { shopId, setShopId } = useShopChoice();
  const q = useQuery({
    queryKey: ['attendance-qr', shopId],
    enabled: !!shopId,
    refetchInterval: 60_000,
    queryFn: () => http.read(qrCodeAnswer, ATT.qrCode, { shopid: shopId }),
  });
  return (
    <Card size="small" title={<ShopSelect value={shopId} onChange={(v) => v && setShopId(v)} style={{ width: 260 }} />}>
      {q.data ? (
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          <Typography.Title level={4}>{t('attendance.qr.title', { shop: q.data.shopName })}</Typography.Title>
          <div data-testid="attendance-qr" data-url={signInUrl(q.data.token)}>
            <QRCode value={signInUrl(q.data.token)} size={280} />
          </div>
          <Typography.Text type="secondary">
            {t('attendance.qr.expires', { time: companyDateTime(q.data.expiresAt, true).slice(11) })}
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ maxWidth: 420, textAlign: 'center' }}>
            {t('attendance.qr.help')}
          </Typography.Paragraph>
        </Space>
      ) : null}
    </Card>
  );
}
