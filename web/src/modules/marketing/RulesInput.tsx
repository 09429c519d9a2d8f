import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ActivityCondition, type ActivityGift, type ActivityRule, conditionsOfKind } from '@headoffice/contract';
import { Button, Card, Checkbox, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRemoteRows } from '../../platform/resource/options';

const PICKERS = {
  coupon: '/api-chain/couponinfo/list/all',
  redEnvelope: '/api-chain/redenvelopeinfo/list/all',
  service: '/api-chain/serviceinfo/findServiceList',
  product: '/api-chain/product/list/all',
  package: '/api-chain/servicepackage/list/all',
} as const;

type Picked = { id: number; name: string; code?: string; pcode?: string };

/** Options of a picker route: `code name`. */
function useChoices(url: string) {
  const rows = (useRemoteRows(url).data ?? []) as unknown as Picked[];
  return rows.map((r) => ({ value: r.id, label: [r.code ?? r.pcode, r.name].filter(Boolean).join(' ') }));
}

const newCondition = (type: ActivityCondition['type']): ActivityCondition => {
  switch (type) {
    case 'recharge':
      return { type, amount: 100_000, cumulative: false };
    case 'spend':
      return { type, amount: 50_000 };
    case 'package':
      return { type, packageId: 0 };
    case 'items':
      return { type, serviceIds: [] };
    default:
      return { type };
  }
};

const newGift = (type: ActivityGift['type']): ActivityGift => (type === 'discount' ? { type, rate: 9_000 } : { type, id: 0, count: 1 });

/**
 * The rules of an activity (a form input: `value` / `onChange`): per rule a condition that fits the
 * activity's kind (a recharge or a bill from an amount, a package, chosen services, a birthday, the
 * first card) and its gifts (coupons, red envelopes, services, products × a count, or a discount).
 */
export function RulesInput({ value, onChange }: { value?: ActivityRule[]; onChange?: (v: ActivityRule[]) => void }) {
  const { t } = useTranslation();
  const kind = Number(Form.useWatch('kind', Form.useFormInstance()) ?? 2);
  const rules = value ?? [];
  const allowed = conditionsOfKind[kind] ?? [];
  const choices = {
    coupon: useChoices(PICKERS.coupon),
    redEnvelope: useChoices(PICKERS.redEnvelope),
    service: useChoices(PICKERS.service),
    product: useChoices(PICKERS.product),
    package: useChoices(PICKERS.package),
  };
  const set = (i: number, rule: ActivityRule) => onChange?.(rules.map((r, j) => (j === i ? rule : r)));
  const conditionLabel: Record<ActivityCondition['type'], string> = {
    birthday: t('marketing.rule.birthday'),
    firstCard: t('marketing.rule.firstCard'),
    recharge: t('marketing.rule.recharge'),
    package: t('marketing.rule.packageBuy'),
    spend: t('marketing.rule.spend'),
    items: t('marketing.rule.items'),
  };
  const giftTypes: ActivityGift['type'][] = ['coupon', 'redEnvelope', 'service', 'product', 'discount'];

  const conditionInput = (i: number, rule: ActivityRule) => {
    const c = rule.condition;
    const with_ = (condition: ActivityCondition) => set(i, { ...rule, condition });
    switch (c.type) {
      case 'recharge':
        return (
          <>
            <InputNumber
              min={0.01}
              precision={2}
              prefix="¥"
              value={c.amount / 100}
              aria-label={t('marketing.rule.amount')}
              onChange={(v) => with_({ ...c, amount: Math.round(Number(v ?? 0) * 100) })}
            />
            <Checkbox checked={c.cumulative} onChange={(e) => with_({ ...c, cumulative: e.target.checked })}>
              {t('marketing.rule.cumulative')}
            </Checkbox>
          </>
        );
      case 'spend':
        return (
          <InputNumber
            min={0.01}
            precision={2}
            prefix="¥"
            value={c.amount / 100}
            aria-label={t('marketing.rule.amount')}
            onChange={(v) => with_({ ...c, amount: Math.round(Number(v ?? 0) * 100) })}
          />
        );
      case 'package':
        return (
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 220 }}
            placeholder={t('marketing.rule.package')}
            value={c.packageId || undefined}
            options={choices.package}
            onChange={(v) => with_({ ...c, packageId: v })}
          />
        );
      case 'items':
        return (
          <Select
            mode="multiple"
            maxCount={5}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 260 }}
            placeholder={t('marketing.rule.services')}
            value={c.serviceIds}
            options={choices.service}
            onChange={(v) => with_({ ...c, serviceIds: v })}
          />
        );
      default:
        return null;
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rules.map((rule, i) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; their place is their identity
          key={i}
          size="small"
          title={t('marketing.rule.ruleN', { n: i + 1 })}
          extra={
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onChange?.(rules.filter((_, j) => j !== i))}>
              {t('marketing.rule.remove')}
            </Button>
          }
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Typography.Text>{t('marketing.rule.condition')}</Typography.Text>
              <Select
                style={{ width: 180 }}
                value={rule.condition.type}
                options={allowed.map((type) => ({ value: type, label: conditionLabel[type] }))}
                onChange={(type) => set(i, { ...rule, condition: newCondition(type) })}
                aria-label={t('marketing.rule.condition')}
              />
              {conditionInput(i, rule)}
            </Space>
            {rule.gifts.map((gift, g) => {
              const setGift = (next: ActivityGift) => set(i, { ...rule, gifts: rule.gifts.map((x, k) => (k === g ? next : x)) });
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: gifts have no id
                <Space key={g} wrap>
                  <Typography.Text>{t('marketing.rule.gifts')}</Typography.Text>
                  <Select
                    style={{ width: 120 }}
                    value={gift.type}
                    options={giftTypes.map((type) => ({ value: type, label: t(`marketing.rule.${type}`) }))}
                    onChange={(type) => setGift(newGift(type))}
                    aria-label={t('marketing.rule.giftType')}
                  />
                  {gift.type === 'discount' ? (
                    <InputNumber
                      min={1}
                      max={9.9}
                      precision={1}
                      value={gift.rate / 1000}
                      addonAfter="折"
                      aria-label={t('marketing.rule.rate')}
                      onChange={(v) => setGift({ ...gift, rate: Math.round(Number(v ?? 0) * 1000) })}
                    />
                  ) : (
                    <>
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        style={{ width: 220 }}
                        placeholder={t('marketing.rule.item')}
                        value={gift.id || undefined}
                        options={choices[gift.type]}
                        onChange={(id) => setGift({ ...gift, id })}
                        aria-label={t('marketing.rule.item')}
                      />
                      <InputNumber
                        min={1}
                        max={999}
                        precision={0}
                        value={gift.count}
                        aria-label={t('marketing.rule.count')}
                        onChange={(v) => setGift({ ...gift, count: Number(v ?? 1) })}
                      />
                    </>
                  )}
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('marketing.rule.remove')}
                    onClick={() => set(i, { ...rule, gifts: rule.gifts.filter((_, k) => k !== g) })}
                  />
                </Space>
              );
            })}
            <Button size="small" icon={<PlusOutlined />} onClick={() => set(i, { ...rule, gifts: [...rule.gifts, newGift('coupon')] })}>
              {t('marketing.rule.addGift')}
            </Button>
          </Space>
        </Card>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={!allowed.length}
        onClick={() => onChange?.([...rules, { condition: newCondition(allowed[0]), gifts: [newGift('coupon')] }])}
      >
        {t('marketing.rule.add')}
      </Button>
    </Space>
  );
}
