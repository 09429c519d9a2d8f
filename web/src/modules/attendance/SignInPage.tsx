import { checkStatusLabels, myAttendance, signInResult } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAction } from '../../platform/action';
import { shopClock } from '../../platform/clock';
import { http } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { ATT } from './api';
import { StatusTag } from './parts';

/**
 * /m/sign-in?t=<token> — the page a phone opens from the shop's QR code (outside the admin menu, in
 * the phone's frame, which asks for a session first): the signed-in user's employee signs in, then
 * later out, by the code's token, or by location.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('t');
  const [done, setDone] = useState<string | null>(null);
  const me = useQuery({ queryKey: ['attendance-my'], queryFn: () => http.read(myAttendance, ATT.my) });
  const today = me.data?.today;
  const signedIn = !!today?.onWork;
  const punch = useAction({
    run: async (body: Record<string, unknown>) => http.send(signInResult, ATT.signIn, body),
    done: (r) => {
      setDone(
        t('attendance.sign.done', {
          type: r.type === 'on' ? t('attendance.sign.signIn') : t('attendance.sign.signOut'),
          time: shopClock(r.at, r.cdate, me.data?.zone ?? undefined),
          status: pickLabel(checkStatusLabels[r.status].label),
        }),
      );
      void qc.invalidateQueries({ queryKey: ['attendance-my'] });
    },
  });
  const byLocation = () =>
    navigator.geolocation.getCurrentPosition(
      (p) => punch.run({ method: 'location', lat: p.coords.latitude, lng: p.coords.longitude }),
      () => setDone(t('attendance.sign.noGeo')),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  const label = signedIn ? t('attendance.sign.signOut') : t('attendance.sign.signIn');
  return (
    <div>
      {me.data && me.data.eeid === null ? <Alert type="warning" showIcon title={t('attendance.sign.noEmployee')} /> : null}
      {me.data?.eeid ? (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Card size="small">
            <Typography.Text strong>{t('attendance.sign.hello', { name: me.data.eename })}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('attendance.sign.shopOf', { shop: me.data.shopName ?? '' })}</Typography.Text>
          </Card>
          {done ? <Alert type="success" showIcon title={done} data-testid="sign-done" /> : null}
          {token ? (
            <Button
              type="primary"
              size="large"
              block
              loading={punch.busy}
              onClick={() => punch.run({ method: 'qr', token })}
              data-testid="sign-button"
            >
              {label}
            </Button>
          ) : (
            <Alert type="info" title={t('attendance.sign.noToken')} />
          )}
          <Button size="large" block onClick={byLocation} loading={punch.busy}>
            {t('attendance.sign.byLocation')}
          </Button>
          {today ? (
            <Card size="small" title={t('attendance.sign.today', { date: today.cdate })}>
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('attendance.shift')}>
                  {today.className ? `${today.className} ${today.startTime}-${today.endTime}` : t('attendance.rest')}
                </Descriptions.Item>
                <Descriptions.Item label={t('attendance.record.signIn')}>
                  {shopClock(today.onWork, today.cdate, me.data?.zone ?? undefined)}{' '}
                  <StatusTag status={today.onStatus} makeup={today.onBk} />
                </Descriptions.Item>
                <Descriptions.Item label={t('attendance.record.signOut')}>
                  {shopClock(today.offWork, today.cdate, me.data?.zone ?? undefined)}{' '}
                  <StatusTag status={today.offStatus} makeup={today.offBk} />
                </Descriptions.Item>
              </Descriptions>
            </Card>
          ) : null}
        </Space>
      ) : null}
    </div>
  );
}
