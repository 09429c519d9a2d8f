import { type OrderConfig, orderConfig, type StockConfig, stockConfig } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Row, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { companyToday } from '../../platform/clock';
import { http } from '../../platform/http';
import { STOCK } from './api';

/** /admin/stock/config — stockconfig (negative stock, audit on save) and the product-order settings (numbering, mobile). */
export default function ConfigPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const can = usePermission();
  const editable = can('stock.config.edit');
  const [stockForm] = Form.useForm<StockConfig>();
  const [orderForm] = Form.useForm<OrderConfig>();
  const stock = useQuery({ queryKey: ['stock-config'], queryFn: () => http.read(stockConfig, STOCK.stockConfig) });
  const order = useQuery({ queryKey: ['order-config'], queryFn: () => http.read(orderConfig, STOCK.orderConfig) });
  const prefix = Form.useWatch('noPrefix', orderForm) ?? order.data?.noPrefix ?? 'DH';
  const width = Form.useWatch('noWidth', orderForm) ?? order.data?.noWidth ?? 4;

  const saving = useAction<'stock' | 'order', unknown>({
    run: async (which) => {
      const v = await (which === 'stock' ? stockForm : orderForm).validateFields();
      return http.post(which === 'stock' ? STOCK.stockConfigSave : STOCK.orderConfigSave, v);
    },
    success: 'common.saved',
    done: (saved, which) => {
      qc.setQueryData([which === 'stock' ? 'stock-config' : 'order-config'], saved);
    },
  });
  const save = (which: 'stock' | 'order') => saving.run(which);

  return (
    <Row gutter={12} className="ho-stock-config">
      <Col xs={24} lg={12}>
        <Card
          size="small"
          title={t('stock.config.stock')}
          extra={
            editable ? (
              <Button type="primary" onClick={() => save('stock')} loading={saving.busyFor((w) => w === 'stock')} disabled={!stock.data}>
                {t('common.save')}
              </Button>
            ) : null
          }
        >
          {stock.data ? (
            <Form form={stockForm} layout="vertical" initialValues={stock.data} disabled={!editable}>
              <Form.Item name="allowNegative" label={t('stock.config.allowNegative')} extra={t('stock.config.allowNegativeHelp')}>
                <Switch />
              </Form.Item>
              <Form.Item name="autoAudit" label={t('stock.config.autoAudit')} extra={t('stock.config.autoAuditHelp')}>
                <Switch />
              </Form.Item>
            </Form>
          ) : (
            <Skeleton active />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card
          size="small"
          title={t('stock.config.order')}
          extra={
            editable ? (
              <Button type="primary" onClick={() => save('order')} loading={saving.busyFor((w) => w === 'order')} disabled={!order.data}>
                {t('common.save')}
              </Button>
            ) : null
          }
        >
          {order.data ? (
            <Form form={orderForm} layout="vertical" initialValues={order.data} disabled={!editable}>
              <Form.Item name="isAutoNo" label={t('stock.config.isAutoNo')} extra={t('stock.config.isAutoNoHelp')}>
                <Switch />
              </Form.Item>
              <Form.Item name="isAllowMobile" label={t('stock.config.isAllowMobile')}>
                <Switch />
              </Form.Item>
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item
                    name="noPrefix"
                    label={t('stock.config.noPrefix')}
                    extra={t('stock.config.noPrefixHelp')}
                    normalize={(v: string) => v?.toUpperCase()}
                    rules={[{ required: true, pattern: /^[A-Z]{1,6}$/, message: t('stock.config.noPrefixHelp') }]}
                  >
                    <Input maxLength={6} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="noWidth" label={t('stock.config.noWidth')} rules={[{ required: true }]}>
                    <InputNumber min={3} max={6} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
              <Typography.Text type="secondary">
                {t('stock.config.example', {
                  example: `${prefix}${companyToday().format('YYYYMMDD')}-${'1'.padStart(Number(width) || 4, '0')}`,
                })}
              </Typography.Text>
            </Form>
          ) : (
            <Skeleton active />
          )}
        </Card>
      </Col>
    </Row>
  );
}
