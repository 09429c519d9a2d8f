import { type BookingConfig, bookingConfig, ONLINE_PATHS, onlineLink, YY_PATHS } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, InputNumber, QRCode, Radio, Row, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { showFieldErrors } from '../../platform/forms';
import { http } from '../../platform/http';
import { centsToYuan, yuanToCents } from '../../platform/money';
import { ShopSelect, useShops } from '../../platform/shops';

type Values = Omit<BookingConfig, 'deposit'> & { deposit: number };
const TIME = { required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/ };
const KEY = ['bookings-config'];

/** /admin/bookings/settings — the chain's booking settings: hours, how far ahead, limits, deposit. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const editable = usePermission()('bookings.config.edit');
  const [form] = Form.useForm<Values>();
  const config = useQuery({ queryKey: KEY, queryFn: () => http.read(bookingConfig, YY_PATHS.config) });
  useEffect(() => {
    if (config.data) form.setFieldsValue({ ...config.data, deposit: centsToYuan(config.data.deposit) ?? 0 });
  }, [config.data, form]);
  const save = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.send(bookingConfig, YY_PATHS.setConfig, { ...config.data, ...v, deposit: yuanToCents(v.deposit) ?? 0 });
    },
    success: 'common.saved',
    failed: (error) => showFieldErrors(form, error),
    done: (saved) => {
      qc.setQueryData(KEY, saved);
    },
  });
  const s = (key: string) => t(`bookings.settings.${key}`);
  const count = (name: keyof Values, max: number, help?: string) => (
    <Form.Item name={name} label={s(name)} extra={help} rules={[{ required: true }]}>
      <InputNumber min={0} max={max} precision={0} style={{ width: 140 }} />
    </Form.Item>
  );
  const flag = (name: keyof Values) => (
    <Form.Item name={name} label={s(name)} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
  return (
    <>
      <OnlineLinkCard />
      <Card
        size="small"
        loading={config.isLoading}
        extra={
          editable ? (
            <Button type="primary" onClick={() => save.run()} loading={save.busy} disabled={!config.data}>
              {t('common.save')}
            </Button>
          ) : null
        }
      >
        <Form form={form} layout="vertical" disabled={!editable}>
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Space wrap>
                <Form.Item name="stime" label={`${s('hours')} · ${s('stime')}`} rules={[TIME]}>
                  <Input style={{ width: 100 }} />
                </Form.Item>
                <Form.Item name="etime" label={s('etime')} rules={[TIME]}>
                  <Input style={{ width: 100 }} />
                </Form.Item>
              </Space>
              <Space wrap>
                {count('maxday', 365, s('zeroOff'))}
                {count('maxshopday', 365)}
                {count('alldaycount', 10_000, s('zeroOff'))}
              </Space>
              <Space wrap>
                {count('earlierday', 365)}
                {count('earliertime', 1440)}
                {count('canceltime', 10_080)}
              </Space>
              <Form.Item name="timeType" label={s('timeType')}>
                <Radio.Group
                  options={[
                    { value: 1, label: s('timeType1') },
                    { value: 2, label: s('timeType2') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="serShowType" label={s('serShowType')}>
                <Radio.Group
                  options={[
                    { value: 1, label: s('serShowType1') },
                    { value: 2, label: s('serShowType2') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="deposit" label={s('deposit')} extra={s('depositHelp')} rules={[{ required: true }]}>
                <InputNumber min={0} max={10_000} precision={2} style={{ width: 140 }} />
              </Form.Item>
              <Space wrap>
                {count('restricted', 100, s('zeroOff'))}
                {count('miss', 100, s('zeroOff'))}
                {count('restrictedDay', 365)}
                {count('dayLimit', 100, s('zeroOff'))}
              </Space>
              <Space wrap>
                {count('noShowGrace', 1440)}
                {count('payTimeout', 1440)}
                {flag('remind')}
                <Form.Item name="remindTime" label={s('remindTime')} rules={[TIME]}>
                  <Input style={{ width: 100 }} />
                </Form.Item>
              </Space>
              <Space wrap size="large">
                {flag('multiUser')}
                {flag('timeMode')}
                {flag('showPslevel')}
                {flag('showRate')}
                {flag('broadcast')}
              </Space>
            </Col>
          </Row>
        </Form>
      </Card>
    </>
  );
}

/** A shop's online booking link for customers, with its QR code to print or show at the desk; a new one ends the old. */
function OnlineLinkCard() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { shops } = useShops();
  const editable = usePermission()('bookings.config.edit');
  const [shopId, setShopId] = useState<number | null>(null);
  useEffect(() => {
    if (shopId === null && shops.length) setShopId(shops[0].id);
  }, [shops, shopId]);
  const link = useQuery({
    queryKey: ['bookings-online-link', shopId],
    enabled: shopId !== null,
    queryFn: () => http.read(onlineLink, ONLINE_PATHS.link, { shopId }),
  });
  const l = (key: string) => t(`bookings.link.${key}`);
  const url = link.data?.path ? `${window.location.origin}${link.data.path}` : '';
  const make = useAction({
    run: () => http.send(onlineLink, ONLINE_PATHS.resetLink, { shopId }),
    success: url ? 'bookings.link.resetDone' : 'bookings.link.made',
    done: () => void link.refetch(),
  });
  const copy = async () => {
    await navigator.clipboard?.writeText(url);
    message.success(l('copied'));
  };
  return (
    <Card size="small" title={l('title')} style={{ marginBottom: 12 }} data-testid="online-link">
      <Space align="start" size="large" wrap>
        {url ? <QRCode value={url} size={160} /> : null}
        <Space direction="vertical" style={{ maxWidth: 640 }}>
          <ShopSelect value={shopId} onChange={(v) => v && setShopId(v)} style={{ width: 260 }} />
          <Typography.Text type="secondary">{l('help')}</Typography.Text>
          {url ? (
            <Typography.Text code data-testid="online-link-url" style={{ wordBreak: 'break-all' }}>
              {url}
            </Typography.Text>
          ) : link.data ? (
            <Typography.Text type="secondary">{l('none')}</Typography.Text>
          ) : null}
          <Space wrap>
            {url ? (
              <>
                <Button onClick={copy}>{l('copy')}</Button>
                <Button href={url} target="_blank">
                  {l('open')}
                </Button>
              </>
            ) : null}
            {editable && link.data ? (
              url ? (
                <Button
                  danger
                  loading={make.busy}
                  onClick={() => modal.confirm({ title: l('reset'), content: l('resetConfirm'), onOk: () => make.run() })}
                >
                  {l('reset')}
                </Button>
              ) : (
                <Button type="primary" loading={make.busy} onClick={() => make.run()} data-testid="make-link">
                  {l('make')}
                </Button>
              )
            ) : null}
          </Space>
        </Space>
      </Space>
    </Card>
  );
}
