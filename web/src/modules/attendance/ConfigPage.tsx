import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { absenceRuleTypeLabels, checkRuleRow, type ShopConfig, shopConfig } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { ShopSelect } from '../../platform/shops';
import { ATT } from './api';
import { useShopChoice } from './parts';

const ruleList = z.array(checkRuleRow);

/** Rows of absence rules: kind, minutes, days. */
function RulesEditor({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((f) => (
            <Space key={f.key} align="baseline" wrap>
              <Form.Item name={[f.name, 'type']} rules={[{ required: true }]}>
                <Select
                  style={{ width: 110 }}
                  aria-label={t('attendance.config.ruleType')}
                  options={([1, 2, 3] as const).map((v) => ({ value: v, label: pickLabel(absenceRuleTypeLabels[v]) }))}
                />
              </Form.Item>
              <Form.Item name={[f.name, 'value']} rules={[{ required: true }]}>
                <InputNumber min={0} max={1440} addonBefore={t('attendance.config.ruleValue')} style={{ width: 190 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'kgDays']} rules={[{ required: true }]}>
                <Select
                  style={{ width: 130 }}
                  aria-label={t('attendance.config.kgDays')}
                  options={[0, 0.5, 1].map((n) => ({
                    value: n,
                    label: `${t('attendance.config.kgDays')} ${t('attendance.config.days', { n })}`,
                  }))}
                />
              </Form.Item>
              <MinusCircleOutlined onClick={() => remove(f.name)} />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ type: 1, value: 30, kgDays: 0.5 })}>
            {t('attendance.config.add')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** /admin/attendance/config — a shop's grace, day start, sign-in methods and own rules; head office's rules. */
export default function ConfigPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const can = usePermission();
  const editable = can('attendance.config.edit');
  const { shopId, setShopId } = useShopChoice();
  const [form] = Form.useForm<ShopConfig>();
  const [rulesForm] = Form.useForm<{ rules: z.infer<typeof ruleList> }>();
  const config = useQuery({
    queryKey: ['attendance-config', shopId],
    enabled: !!shopId,
    queryFn: () => http.read(shopConfig, ATT.config, { shopid: shopId }),
  });
  const rules = useQuery({ queryKey: ['attendance-rules'], queryFn: () => http.read(ruleList, ATT.rules) });
  useEffect(() => {
    if (config.data) form.setFieldsValue(config.data);
  }, [config.data, form]);
  useEffect(() => {
    if (rules.data) rulesForm.setFieldsValue({ rules: rules.data });
  }, [rules.data, rulesForm]);
  const isAddress = Form.useWatch('isAddress', form);
  const isWifi = Form.useWatch('isWifi', form);
  const ownRules = Form.useWatch('ownRules', form);
  const saveShop = useAction({
    run: async () => {
      const { shopId: _s, saved: _saved, ...v } = { ...config.data, ...(await form.validateFields()) } as ShopConfig;
      return http.send(shopConfig, ATT.configSave, { ...v, shopid: shopId });
    },
    success: 'common.saved',
    done: (saved) => {
      qc.setQueryData(['attendance-config', shopId], saved);
    },
  });
  const saveRules = useAction({
    run: async () => {
      const v = await rulesForm.validateFields();
      return http.post(ATT.rulesSave, { rules: (v.rules ?? []).map(({ type, value, kgDays }) => ({ type, value, kgDays })) });
    },
    success: 'common.saved',
    invalidates: [['attendance-rules']],
  });
  return (
    <Row gutter={12}>
      <Col xs={24} xl={14}>
        <Card
          size="small"
          title={
            <Space>
              {t('attendance.config.shopTitle')}
              <ShopSelect value={shopId} onChange={(v) => v && setShopId(v)} style={{ width: 220 }} />
            </Space>
          }
          extra={
            editable ? (
              <Button type="primary" onClick={() => saveShop.run()} loading={saveShop.busy} disabled={!config.data}>
                {t('common.save')}
              </Button>
            ) : null
          }
        >
          <Form form={form} layout="vertical" disabled={!editable}>
            <Space wrap>
              <Form.Item name="allowCd" label={t('attendance.config.allowCd')} rules={[{ required: true }]}>
                <InputNumber min={0} max={240} />
              </Form.Item>
              <Form.Item name="allowZt" label={t('attendance.config.allowZt')} rules={[{ required: true }]}>
                <InputNumber min={0} max={240} />
              </Form.Item>
              <Form.Item
                name="earlyLimit"
                label={t('attendance.config.earlyLimit')}
                tooltip={t('attendance.config.earlyLimitHelp')}
                rules={[{ required: true }]}
              >
                <InputNumber min={0} max={720} />
              </Form.Item>
              <Form.Item
                name="cstartTime"
                label={t('attendance.config.cstartTime')}
                extra={t('attendance.config.cstartHelp')}
                rules={[{ required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/ }]}
              >
                <Input style={{ width: 100 }} />
              </Form.Item>
            </Space>
            <Typography.Text strong>{t('attendance.config.methods')}</Typography.Text>
            <Space wrap style={{ display: 'flex', marginTop: 8 }}>
              <Form.Item name="isQr" label={t('attendance.config.isQr')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="isAddress" label={t('attendance.config.isAddress')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="isWifi" label={t('attendance.config.isWifi')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            {isAddress ? (
              <Form.List name="places">
                {(fields, { add, remove }) => (
                  <Card size="small" type="inner" title={t('attendance.config.places')} style={{ marginBottom: 12 }}>
                    {fields.map((f) => (
                      <Space key={f.key} align="baseline" wrap>
                        <Form.Item name={[f.name, 'address']} rules={[{ required: true }]}>
                          <Input placeholder={t('attendance.config.address')} style={{ width: 200 }} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'lat']} rules={[{ required: true }]}>
                          <InputNumber placeholder={t('attendance.config.lat')} min={-90} max={90} step={0.0001} style={{ width: 110 }} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'lng']} rules={[{ required: true }]}>
                          <InputNumber placeholder={t('attendance.config.lng')} min={-180} max={180} step={0.0001} style={{ width: 120 }} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'accuracy']} rules={[{ required: true }]}>
                          <Select
                            style={{ width: 90 }}
                            options={[100, 200, 300].map((m) => ({ value: m, label: t('attendance.config.metres', { n: m }) }))}
                          />
                        </Form.Item>
                        <MinusCircleOutlined onClick={() => remove(f.name)} />
                      </Space>
                    ))}
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ accuracy: 200 })}>
                      {t('attendance.config.add')}
                    </Button>
                  </Card>
                )}
              </Form.List>
            ) : null}
            {isWifi ? (
              <Form.List name="wifis">
                {(fields, { add, remove }) => (
                  <Card size="small" type="inner" title={t('attendance.config.wifis')} style={{ marginBottom: 12 }}>
                    {fields.map((f) => (
                      <Space key={f.key} align="baseline" wrap>
                        <Form.Item name={[f.name, 'name']}>
                          <Input placeholder={t('attendance.config.wifiName')} style={{ width: 160 }} />
                        </Form.Item>
                        <Form.Item
                          name={[f.name, 'bssid']}
                          rules={[{ required: true, pattern: /^[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}$/ }]}
                        >
                          <Input placeholder={t('attendance.config.bssid')} style={{ width: 200 }} />
                        </Form.Item>
                        <MinusCircleOutlined onClick={() => remove(f.name)} />
                      </Space>
                    ))}
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                      {t('attendance.config.add')}
                    </Button>
                  </Card>
                )}
              </Form.List>
            ) : null}
            <Form.Item name="ownRules" label={t('attendance.config.ownRules')} valuePropName="checked">
              <Switch />
            </Form.Item>
            {ownRules ? <RulesEditor name="rules" /> : null}
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card
          size="small"
          title={t('attendance.config.chainTitle')}
          extra={
            editable ? (
              <Button type="primary" onClick={() => saveRules.run()} loading={saveRules.busy}>
                {t('common.save')}
              </Button>
            ) : null
          }
        >
          <Typography.Paragraph type="secondary">{t('attendance.config.chainHelp')}</Typography.Paragraph>
          <Form form={rulesForm} disabled={!editable}>
            <RulesEditor name="rules" />
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
