import {
  type BillConfig,
  billConfig,
  cardPriceRuleLabels,
  cardPriceRules,
  CASHIER_PATHS as P,
  roundingModeLabels,
  roundingModes,
} from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, InputNumber, Radio, Row, Skeleton, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { ShopSelect, useShops } from '../../platform/shops';

const switches = ['isAllowMobile', 'isAllowCardno', 'isNeedSign', 'isAutoPrint', 'isPushWxmsg', 'isRate'] as const;

/** /admin/cashier/billconfig — the cashier's bill settings of one shop (makeorderconfig): hand tags, lookup, signature, printing. */
export default function BillConfigPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const editable = usePermission()('cashier.billconfig.edit');
  const { shops } = useShops();
  const [shopId, setShopId] = useState<number | null>(null);
  const [form] = Form.useForm<BillConfig>();
  useEffect(() => {
    if (!shopId && shops.length) setShopId(shops[0].id);
  }, [shops, shopId]);
  const config = useQuery({
    queryKey: ['billconfig', shopId],
    queryFn: () => http.read(billConfig, P.billConfig, { shopid: shopId }),
    enabled: !!shopId,
  });
  useEffect(() => {
    if (config.data) form.setFieldsValue(config.data);
  }, [config.data, form]);
  const save = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.post<BillConfig>(P.billConfigSave, { ...v, shopid: shopId, revision: config.data?.revision });
    },
    success: 'cashier.saved',
    done: (saved) => {
      qc.setQueryData(['billconfig', shopId], saved);
    },
  });
  const isAutoNo = Form.useWatch('isAutoNo', form);

  return (
    <Card
      size="small"
      className="ho-billconfig"
      title={
        <Space>
          {t('cashier.billConfig.title')}
          <ShopSelect value={shopId} onChange={setShopId} placeholder={t('cashier.chooseShop')} />
        </Space>
      }
      extra={
        editable ? (
          <Button type="primary" loading={save.busy} disabled={!config.data} onClick={() => save.run()}>
            {t('cashier.save')}
          </Button>
        ) : null
      }
    >
      {!shopId ? (
        <Alert type="info" message={t('cashier.chooseShop')} />
      ) : config.data ? (
        <Form form={form} layout="vertical" disabled={!editable} initialValues={config.data} style={{ maxWidth: 720 }}>
          <Form.Item
            name="isAutoNo"
            label={t('cashier.billConfig.isAutoNo')}
            extra={t('cashier.billConfig.isAutoNoHelp')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item label={t('cashier.billConfig.range')} extra={t('cashier.billConfig.rangeHelp')} required={isAutoNo}>
            <Space>
              <Form.Item name="noMin" noStyle rules={[{ required: true }]}>
                <InputNumber
                  min={1}
                  max={99999}
                  precision={0}
                  placeholder={t('cashier.billConfig.noMin')}
                  aria-label={t('cashier.billConfig.noMin')}
                />
              </Form.Item>
              ~
              <Form.Item
                name="noMax"
                noStyle
                rules={[
                  { required: true },
                  ({ getFieldValue }) => ({
                    validator: (_, v: number) => {
                      const min = getFieldValue('noMin') as number;
                      return v >= min && v - min + 1 <= 100
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('cashier.billConfig.rangeHelp')));
                    },
                  }),
                ]}
              >
                <InputNumber
                  min={1}
                  max={99999}
                  precision={0}
                  placeholder={t('cashier.billConfig.noMax')}
                  aria-label={t('cashier.billConfig.noMax')}
                />
              </Form.Item>
            </Space>
          </Form.Item>
          <Form.Item name="cardPriceRule" label={t('cashier.billConfig.cardPriceRule')} extra={t('cashier.billConfig.cardPriceRuleHelp')}>
            <Radio.Group options={cardPriceRules.map((r) => ({ value: r, label: pickLabel(cardPriceRuleLabels[r]) }))} />
          </Form.Item>
          <Form.Item name="rounding" label={t('cashier.billConfig.rounding')} extra={t('cashier.billConfig.roundingHelp')}>
            <Radio.Group options={roundingModes.map((r) => ({ value: r, label: pickLabel(roundingModeLabels[r]) }))} />
          </Form.Item>
          <Row gutter={12}>
            {switches.map((key) => (
              <Col span={8} key={key}>
                <Form.Item name={key} label={t(`cashier.billConfig.${key}`)} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Form>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
