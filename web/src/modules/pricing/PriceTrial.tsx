import { CalculatorOutlined } from '@ant-design/icons';
import { type PriceKind, type ResolvedPrice, resolvedPrice } from '@headoffice/contract';
import { Alert, Button, Card, DatePicker, Form, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { useOptions } from '../../platform/resource/options';
import { ShopSelect } from '../../platform/shops';
import { PRICING } from './api';
import { cardTypeLabel, useCardTypes } from './cardTypes';

interface Values {
  shopId?: number | null;
  cardTypeId?: number;
  levelId?: number;
  date?: Dayjs;
}

/**
 * "What does shop S charge for this item, paying with card C, served by level L, on date D?" — the
 * one price-resolution question the till asks, tried from the page.
 */
export function PriceTrial({ kind, itemId }: { kind: PriceKind; itemId: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [answer, setAnswer] = useState<ResolvedPrice | null>(null);
  const levels = useOptions({ kind: 'remote', url: '/api-chain/positionlevel/list/all' });
  const { cardTypes } = useCardTypes(kind === 'service');
  const cardOptions = cardTypes.map((c) => ({ value: c.id, label: cardTypeLabel(c, t) }));

  const trial = useAction<Values, ResolvedPrice>({
    run: (v) =>
      http.read(resolvedPrice, PRICING.resolve, {
        shopId: v.shopId,
        kind,
        itemId,
        cardTypeId: v.cardTypeId,
        levelId: v.levelId,
        date: v.date?.format('YYYY-MM-DD'),
      }),
    done: setAnswer,
    failed: () => setAnswer(null),
  });
  const run = (v: Values) => (v.shopId ? trial.run(v) : undefined);

  return (
    <Card size="small" title={t('pricing.trial.title')} type="inner">
      <Form form={form} layout="inline" onFinish={run} style={{ rowGap: 8 }}>
        <Form.Item name="shopId" label={t('pricing.shop')} rules={[{ required: true, message: t('pricing.pickShop') }]}>
          <ShopSelect />
        </Form.Item>
        {kind === 'service' ? (
          <>
            <Form.Item name="cardTypeId" label={t('pricing.card.type')}>
              <Select
                allowClear
                options={cardOptions}
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 180 }}
                placeholder={t('pricing.trial.noCard')}
              />
            </Form.Item>
            <Form.Item name="levelId" label={t('pricing.special.level')}>
              <Select allowClear options={levels.options} style={{ width: 150 }} placeholder={t('pricing.trial.anyLevel')} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="date" label={t('pricing.trial.date')}>
          <DatePicker placeholder={t('pricing.trial.today')} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" icon={<CalculatorOutlined />} loading={trial.busy}>
            {t('pricing.trial.run')}
          </Button>
        </Form.Item>
      </Form>
      {answer ? (
        <Alert
          style={{ marginTop: 12 }}
          type={answer.price === null ? 'warning' : 'success'}
          showIcon
          title={
            answer.price === null ? (
              t(`pricing.trial.reason.${answer.reason ?? 'not-listed'}`)
            ) : (
              <Space>
                <Typography.Text strong style={{ fontSize: 16 }}>
                  {formatMoney(answer.price)}
                </Typography.Text>
                <Typography.Text type="secondary">{t(`pricing.trial.source.${answer.source ?? 'shop'}`)}</Typography.Text>
              </Space>
            )
          }
        />
      ) : null}
    </Card>
  );
}
