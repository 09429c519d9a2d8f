import {
  type OnlineBooking as Booking,
  type BookingState,
  bookingStates,
  ONLINE_PATHS,
  onlineBooking,
  onlineCancelled,
  onlineShop,
  onlineSmsSent,
  onlineTimes,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Modal, Radio, Result, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate, useParams } from 'react-router';
import { showFieldErrors } from '../../platform/forms';
import { http, isApiError } from '../../platform/http';
import { LangSwitch } from '../../platform/LangSwitch';
import { formatMoney } from '../../platform/money';

/** The customer's pages send no sign-in. */
const NO_TOKEN = { token: null } as const;
/** Days offered as buttons (no date field to type into or submit by Enter). */
const DAYS_SHOWN = 14;

const stateLabel = (state: BookingState, en: boolean) => bookingStates[state].label[en ? 1 : 0];

/** The frame of the customer's pages: a phone-wide column, the shop's name and the language. */
function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="ho-book">
      <Space className="ho-phone-head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <LangSwitch />
      </Space>
      {children}
    </div>
  );
}

interface Contact {
  custname: string;
  mobile: string;
  code: string;
}

/** /book/:key — a shop's booking page: services → stylist or 不指定 → day and a free time → mobile and code → confirm. */
function BookPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const key = useParams().key ?? '';
  const o = (k: string, v?: Record<string, unknown>) => t(`bookings.online.${k}`, v);
  const shop = useQuery({
    queryKey: ['online-shop', key],
    queryFn: () => http.read(onlineShop, ONLINE_PATHS.shop(key), undefined, { ...NO_TOKEN, quiet: true }),
  });
  const [serviceIds, setServiceIds] = useState<number[]>([]);
  const [eeid, setEeid] = useState<number | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Contact>();
  const data = shop.data;
  useEffect(() => {
    if (data && !day) setDay(data.firstDay);
  }, [data, day]);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const times = useQuery({
    queryKey: ['online-times', key, day, serviceIds, eeid],
    enabled: !!day && serviceIds.length > 0,
    queryFn: () =>
      http.read(onlineTimes, ONLINE_PATHS.times(key), { date: day, serviceIds: serviceIds.join(','), eeid: eeid ?? undefined }, NO_TOKEN),
  });
  // A time no longer offered (another day, stylist or services) is no longer chosen.
  useEffect(() => {
    if (time && times.data && !times.data.times.includes(time)) setTime(null);
  }, [times.data, time]);

  if (shop.isLoading) return <Spin style={{ display: 'block', marginTop: 80 }} />;
  if (!data)
    return (
      <Frame title={o('title')}>
        <Result status="404" title={o('notFound')} />
      </Frame>
    );

  const days: string[] = [];
  for (let d = dayjs(data.firstDay); days.length < DAYS_SHOWN && !d.isAfter(dayjs(data.lastDay)); d = d.add(1, 'day'))
    days.push(d.format('YYYY-MM-DD'));
  const dayName = (d: string) => (d === data.today ? t('bookings.today') : dayjs(d).format('ddd'));
  const toggle = (id: number) => setServiceIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const stylistName = eeid ? (data.stylists.find((s) => s.id === eeid)?.name ?? '') : t('bookings.anyStylist');

  const sendCode = async () => {
    let mobile: string;
    try {
      ({ mobile } = await form.validateFields(['mobile']));
    } catch {
      return;
    }
    try {
      const sent = await http.send(onlineSmsSent, ONLINE_PATHS.sms(key), { mobile }, NO_TOKEN);
      setWait(sent.resendAfter);
      message.success(o('codeSent'));
    } catch {
      // the client showed the server's message
    }
  };
  const confirm = async (values: Contact) => {
    if (!day || !time) return;
    setBusy(true);
    try {
      const booked = await http.send(
        onlineBooking,
        ONLINE_PATHS.book(key),
        { ...values, eeid, serviceIds, yydate: `${day} ${time}` },
        { ...NO_TOKEN, quiet: ['400'] },
      );
      navigate(`/book/my/${booked.token}`);
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        showFieldErrors(form, error);
        if (!error.errors.length) message.error(error.message);
      }
      if (isApiError(error) && error.status === 409) void times.refetch();
    } finally {
      setBusy(false);
    }
  };

  const big = { size: 'large' as const, block: true };
  return (
    <Frame title={data.shopName}>
      {data.address ? <Typography.Paragraph type="secondary">{data.address}</Typography.Paragraph> : null}
      <Card size="small" title={`1. ${o('services')}`} className="ho-book-card">
        <div className="ho-book-grid">
          {data.services.map((s) => (
            <Button
              key={s.id}
              {...big}
              type={serviceIds.includes(s.id) ? 'primary' : 'default'}
              onClick={() => toggle(s.id)}
              data-service={s.id}
            >
              <span>{s.name}</span>
              <span className="ho-book-sub">{o('minutes', { n: s.minutes })}</span>
            </Button>
          ))}
        </div>
      </Card>
      <Card size="small" title={`2. ${o('stylist')}`} className="ho-book-card">
        <div className="ho-book-grid">
          <Button {...big} type={eeid === null ? 'primary' : 'default'} onClick={() => setEeid(null)} data-stylist="any">
            {t('bookings.anyStylist')}
          </Button>
          {data.stylists.map((s) => (
            <Button key={s.id} {...big} type={eeid === s.id ? 'primary' : 'default'} onClick={() => setEeid(s.id)} data-stylist={s.id}>
              {s.name}
            </Button>
          ))}
        </div>
      </Card>
      <Card size="small" title={`3. ${o('day')}`} className="ho-book-card">
        <div className="ho-book-days">
          {days.map((d) => (
            <Button
              key={d}
              size="large"
              type={d === day ? 'primary' : 'default'}
              onClick={() => setDay(d)}
              data-day={d}
              className="ho-book-day"
            >
              <span>{dayName(d)}</span>
              <span>{d.slice(5)}</span>
            </Button>
          ))}
        </div>
      </Card>
      <Card size="small" title={`4. ${o('time')}`} className="ho-book-card">
        {!serviceIds.length ? (
          <Typography.Text type="secondary">{o('pickServices')}</Typography.Text>
        ) : times.isLoading ? (
          <Spin />
        ) : times.data?.times.length ? (
          <div className="ho-book-times">
            {times.data.times.map((x) => (
              <Button key={x} size="large" type={x === time ? 'primary' : 'default'} onClick={() => setTime(x)} data-time={x}>
                {x}
              </Button>
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary">{o('noTimes')}</Typography.Text>
        )}
      </Card>
      <Card size="small" title={`5. ${o('contact')}`} className="ho-book-card">
        <Form form={form} layout="vertical" onFinish={confirm} requiredMark={false}>
          <Form.Item
            name="custname"
            label={o('custname')}
            rules={[{ required: true, whitespace: true, max: 40, message: o('custnameRule') }]}
          >
            <Input size="large" autoComplete="name" />
          </Form.Item>
          <Form.Item name="mobile" label={o('mobile')} rules={[{ required: true, pattern: /^1\d{10}$/, message: o('mobileRule') }]}>
            <Input size="large" inputMode="numeric" maxLength={11} autoComplete="tel" />
          </Form.Item>
          <Form.Item label={o('code')} htmlFor="code" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={[{ required: true, pattern: /^\d{6}$/, message: o('codeRule') }]}>
                <Input size="large" inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
              </Form.Item>
              <Button size="large" onClick={sendCode} disabled={wait > 0} data-testid="send-code">
                {wait > 0 ? o('resend', { s: wait }) : o('sendCode')}
              </Button>
            </Space.Compact>
          </Form.Item>
          {day && time ? (
            <Typography.Paragraph strong data-testid="summary">
              {o('summary', { day, time, stylist: stylistName, minutes: times.data?.minutes ?? 0 })}
            </Typography.Paragraph>
          ) : null}
          {data.deposit > 0 ? (
            <Typography.Paragraph type="warning">
              {o('depositNote', { amount: formatMoney(data.deposit), minutes: data.canceltime })}
            </Typography.Paragraph>
          ) : null}
          <Button {...big} type="primary" htmlType="submit" loading={busy} disabled={!time || !serviceIds.length} data-testid="confirm">
            {o('confirm')}
          </Button>
        </Form>
      </Card>
    </Frame>
  );
}

/** /book/my/:token — the customer's booking: its state, the deposit to pay (the sandbox page) and a cancel. */
function MyBookingPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const token = useParams().token ?? '';
  const en = i18n.language === 'en-US';
  const o = (k: string, v?: Record<string, unknown>) => t(`bookings.online.${k}`, v);
  const booking = useQuery({
    queryKey: ['online-booking', token],
    queryFn: () => http.read(onlineBooking, ONLINE_PATHS.mine(token), undefined, { ...NO_TOKEN, quiet: true }),
  });
  const [paying, setPaying] = useState(false);
  const [payType, setPayType] = useState<1 | 2>(1);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const b = booking.data;
  if (booking.isLoading) return <Spin style={{ display: 'block', marginTop: 80 }} />;
  if (!b)
    return (
      <Frame title={o('title')}>
        <Result status="404" title={o('notFound')} />
      </Frame>
    );
  const set = (next: Booking) => booking.refetch().then(() => next);
  const pay = async () => {
    setBusy(true);
    try {
      await set(await http.send(onlineBooking, ONLINE_PATHS.pay(token), { payType }, NO_TOKEN));
      setPaying(false);
      message.success(o('paid'));
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    setBusy(true);
    try {
      const done = await http.send(onlineCancelled, ONLINE_PATHS.cancel(token), {}, NO_TOKEN);
      await set(done);
      setConfirming(false);
      message.success(
        done.payje > 0 && done.suretyState !== null ? `${o('cancelled')}，${o(done.refunded ? 'refunded' : 'kept')}` : o('cancelled'),
      );
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  const amount = formatMoney(b.payje);
  const cancelText =
    b.suretyState === 0
      ? b.refundable
        ? o('cancelRefund', { amount })
        : o('cancelKeep', { until: b.refundUntil.slice(5) })
      : o('cancelPlain');
  const ok = b.state === '3' || b.state === '4' || b.state === '5';
  return (
    <Frame title={b.shopName}>
      <Result
        status={ok ? 'success' : b.state === '1' ? 'warning' : 'info'}
        title={b.state === '3' ? o('booked') : stateLabel(b.state, en)}
        subTitle={`${b.yydate} · ${b.stylist ?? t('bookings.anyStylist')}`}
        style={{ padding: '16px 0' }}
      />
      <Card size="small" className="ho-book-card">
        <Descriptions column={1} size="small" data-testid="my-booking">
          <Descriptions.Item label={o('billNo')}>{b.billNo}</Descriptions.Item>
          <Descriptions.Item label={o('shop')}>{b.shopName}</Descriptions.Item>
          <Descriptions.Item label={o('when')}>{b.yydate}</Descriptions.Item>
          <Descriptions.Item label={o('services2')}>{b.sersnames}</Descriptions.Item>
          <Descriptions.Item label={o('custname')}>{`${b.custname} ${b.mobile}`}</Descriptions.Item>
          <Descriptions.Item label={o('state')}>
            <Tag color={bookingStates[b.state].color}>{stateLabel(b.state, en)}</Tag>
          </Descriptions.Item>
          {b.payje > 0 ? (
            <Descriptions.Item label={o('deposit')}>
              {amount}
              {b.suretyState !== null ? ` · ${o(`suretyState.${b.suretyState}`)}` : ''}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {b.state === '1' ? (
          <Button type="primary" size="large" block onClick={() => setPaying(true)} data-testid="pay">
            {o('pay', { amount })}
          </Button>
        ) : null}
        {b.cancellable ? (
          <Button danger size="large" block onClick={() => setConfirming(true)} data-testid="cancel">
            {o('cancel')}
          </Button>
        ) : null}
      </Space>
      <Modal
        open={paying}
        title={o('sandbox')}
        onCancel={() => setPaying(false)}
        footer={
          <Button type="primary" size="large" block loading={busy} onClick={pay} data-testid="pay-now">
            {o('payNow', { amount })}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{o('sandboxNote')}</Typography.Paragraph>
        <Typography.Title level={2} style={{ textAlign: 'center' }}>
          {amount}
        </Typography.Title>
        <Radio.Group
          value={payType}
          onChange={(e) => setPayType(e.target.value)}
          optionType="button"
          buttonStyle="solid"
          size="large"
          style={{ display: 'flex' }}
          options={[
            { value: 1, label: o('wechat'), style: { flex: 1, textAlign: 'center' } },
            { value: 2, label: o('alipay'), style: { flex: 1, textAlign: 'center' } },
          ]}
        />
      </Modal>
      <Modal
        open={confirming}
        title={o('cancel')}
        onCancel={() => setConfirming(false)}
        footer={
          <div className="ho-book-grid">
            <Button size="large" block onClick={() => setConfirming(false)}>
              {o('keep')}
            </Button>
            <Button size="large" block danger type="primary" loading={busy} onClick={cancel} data-testid="cancel-now">
              {o('cancel')}
            </Button>
          </div>
        }
      >
        {cancelText}
      </Modal>
    </Frame>
  );
}

/** /book/* — the customer's pages, outside every application: no sign-in, a phone's width. */
export default function OnlineBooking() {
  return (
    <Routes>
      <Route path="my/:token" element={<MyBookingPage />} />
      <Route path=":key" element={<BookPage />} />
    </Routes>
  );
}
