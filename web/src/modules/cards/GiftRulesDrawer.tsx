import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type CardTypeRow, type GiftRuleRow, giftPreview, giftRuleKindLabels, giftRuleRow, giftTypeLabels } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Empty, Form, InputNumber, Popconfirm, Radio, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { formatMoney, yuanToCents } from '../../platform/money';
import type { InvalidateTarget } from '../../platform/resource/invalidate';
import { CARDS } from './api';

const giftText = (r: { giftType: number; giftValue: number }) => (r.giftType === 1 ? formatMoney(r.giftValue) : `${r.giftValue / 100}%`);

/**
 * The gift rules of a stored-value card type: the list, adding and deleting rules, and which rule
 * applies to a typed amount (asked of the server, which applies the cashier's rule).
 */
export function GiftRulesDrawer({
  cardType,
  onClose,
  invalidates,
}: {
  cardType: CardTypeRow | null;
  onClose: () => void;
  invalidates: readonly InvalidateTarget[];
}) {
  const { t } = useTranslation();
  const can = usePermission();
  const [form] = Form.useForm();
  const [occasion, setOccasion] = useState<'open' | 'recharge'>('recharge');
  const [amount, setAmount] = useState<number | null>(null);
  const id = cardType?.id;
  const key = ['cards-rules', id];
  const rules = useQuery({
    queryKey: key,
    enabled: Boolean(id),
    queryFn: ({ signal }) => http.read(z.array(giftRuleRow), CARDS.rules, { cardTypeId: id }, { signal }),
  });
  const cents = amount === null ? null : yuanToCents(amount);
  const preview = useQuery({
    queryKey: ['cards-gift-preview', id, occasion, cents, rules.dataUpdatedAt],
    enabled: Boolean(id) && cents !== null && cents >= 0,
    queryFn: ({ signal }) => http.read(giftPreview, CARDS.giftPreview, { cardTypeId: id, occasion, amount: cents }, { signal }),
  });
  const targets = [key, ['cards-gift-preview'], ...invalidates];
  const add = useAction<Record<string, number>>({
    run: (v) =>
      http.post(CARDS.saveRules, {
        cardTypeId: id,
        rules: [
          {
            kind: v.kind,
            threshold: yuanToCents(v.threshold),
            giftType: v.giftType,
            giftValue: v.giftType === 1 ? yuanToCents(v.giftValue) : Math.round(v.giftValue * 100),
          },
        ],
      }),
    success: 'cards.rule.added',
    invalidates: targets,
    done: () => form.resetFields(['threshold', 'giftValue']),
  });
  const remove = useAction<number>({
    run: (ruleId) => http.del(CARDS.deleteRule(ruleId)),
    success: 'cards.rule.deleted',
    invalidates: targets,
  });
  const giftType = Form.useWatch('giftType', form) as number | undefined;
  const applied = preview.data?.ruleId ?? null;
  const appliedRule = rules.data?.find((r) => r.id === applied);
  const editable = can('cards.type.edit');

  return (
    <Drawer
      open={Boolean(cardType)}
      onClose={onClose}
      width={720}
      title={cardType ? t('cards.rule.title', { name: cardType.name }) : ''}
      destroyOnHidden
    >
      {cardType?.kind === 2 ? (
        <Alert type="info" showIcon message={t('cards.rule.qualification')} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Table<GiftRuleRow>
            size="small"
            rowKey="id"
            loading={rules.isLoading}
            dataSource={rules.data ?? []}
            pagination={false}
            locale={{ emptyText: <Empty description={t('cards.rule.none')} /> }}
            rowClassName={(r) => (r.id === applied ? 'ant-table-row-selected' : '')}
            columns={[
              { title: t('cards.rule.kind'), dataIndex: 'kind', width: 120, render: (k: 1 | 2 | 3) => pickLabel(giftRuleKindLabels[k]) },
              {
                title: t('cards.rule.threshold'),
                dataIndex: 'threshold',
                width: 130,
                render: (v: number) => t('cards.rule.from', { amount: formatMoney(v) }),
              },
              { title: t('cards.rule.giftType'), dataIndex: 'giftType', width: 110, render: (k: 1 | 2) => pickLabel(giftTypeLabels[k]) },
              { title: t('cards.rule.giftValue'), key: 'gift', width: 110, render: (_, r) => giftText(r) },
              {
                title: '',
                key: 'actions',
                width: 70,
                render: (_, r) =>
                  editable ? (
                    <Popconfirm
                      title={t('common.deleteConfirm', { name: t('cards.rule.from', { amount: formatMoney(r.threshold) }) })}
                      onConfirm={() => remove.run(r.id)}
                    >
                      <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                    </Popconfirm>
                  ) : null,
              },
            ]}
          />
          {editable ? (
            <Card size="small" title={t('cards.rule.add')}>
              <Form form={form} layout="inline" initialValues={{ kind: 2, giftType: 1 }} onFinish={(v) => add.run(v)}>
                <Form.Item name="kind" label={t('cards.rule.kind')} rules={[{ required: true }]}>
                  <Select
                    style={{ width: 120 }}
                    options={[1, 2, 3].map((k) => ({ value: k, label: pickLabel(giftRuleKindLabels[k as 1 | 2 | 3]) }))}
                  />
                </Form.Item>
                <Form.Item
                  name="threshold"
                  label={t('cards.rule.threshold')}
                  rules={[{ required: true, message: t('common.pleaseEnter', { label: t('cards.rule.threshold') }) }]}
                >
                  <InputNumber min={0} precision={2} prefix="¥" style={{ width: 130 }} aria-label={t('cards.rule.threshold')} />
                </Form.Item>
                <Form.Item name="giftType" label={t('cards.rule.giftType')}>
                  <Select
                    style={{ width: 110 }}
                    options={[1, 2].map((k) => ({ value: k, label: pickLabel(giftTypeLabels[k as 1 | 2]) }))}
                  />
                </Form.Item>
                <Form.Item
                  name="giftValue"
                  label={giftType === 2 ? t('cards.rule.percent') : t('cards.rule.amount')}
                  rules={[{ required: true, message: t('common.pleaseEnter', { label: t('cards.rule.giftValue') }) }]}
                >
                  <InputNumber
                    min={0.01}
                    max={giftType === 2 ? 100 : undefined}
                    precision={2}
                    style={{ width: 110 }}
                    aria-label={t('cards.rule.giftValue')}
                  />
                </Form.Item>
                <Form.Item>
                  <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.busy}>
                    {t('cards.rule.add')}
                  </Button>
                </Form.Item>
              </Form>
            </Card>
          ) : null}
          <Card size="small" title={t('cards.rule.preview')}>
            <Space wrap>
              <Radio.Group
                value={occasion}
                onChange={(e) => setOccasion(e.target.value)}
                options={[
                  { value: 'open', label: pickLabel(giftRuleKindLabels[1]) },
                  { value: 'recharge', label: pickLabel(giftRuleKindLabels[2]) },
                ]}
                optionType="button"
              />
              <InputNumber
                min={0}
                precision={2}
                prefix="¥"
                value={amount}
                onChange={(v) => setAmount(v)}
                placeholder={t('cards.rule.previewAmount')}
                aria-label={t('cards.rule.previewAmount')}
                style={{ width: 160 }}
              />
              {preview.data ? (
                <Typography.Text data-testid="gift-preview" type={appliedRule ? 'success' : 'secondary'}>
                  {appliedRule
                    ? t('cards.rule.applies', { threshold: formatMoney(appliedRule.threshold), gift: formatMoney(preview.data.gift) })
                    : t('cards.rule.noRule')}
                </Typography.Text>
              ) : null}
            </Space>
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
