import { depositRow, memberCardRow, packageLineRow, REFUND_PICKS } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Col, Empty, Form, type FormInstance, InputNumber, Space, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { http } from '../../../platform/http';
import { centsToYuan, formatMoney } from '../../../platform/money';

type Line = Record<string, unknown>;
/** A line's asset: one card bucket, package line or deposit is refunded on one line at most. */
const keyOf = (l: Line) =>
  l.kind === 'card' ? `card:${l.cardId}:${l.bucketShopId}` : l.kind === 'package' ? `package:${l.packageLineId}` : `product:${l.depositId}`;

interface Pick {
  key: string;
  /** The line when picked whole: the bucket's principal and gift, the count left. */
  line: Line;
  name: ReactNode;
  left: string;
  /** The line's inputs: field → most it may take (yuan for money). */
  inputs: [field: string, max: number][];
}

function useRefundable<T extends z.ZodType>(url: string, row: T, memid: unknown, shopid: unknown) {
  const params = { memid, shopid };
  return useQuery({
    queryKey: [url, params],
    queryFn: () => http.read(z.array(row), url, params),
    enabled: typeof memid === 'number',
  });
}

/**
 * The member's refundable assets (the head's member, the bill's shop), picked into the refund's lines:
 * card buckets (principal ≤ the bucket's, gift ≤ its gift), package lines and deposited products
 * (counts ≤ what is left). A picked asset starts whole; the lines below show what will be saved.
 */
export function RefundAssets({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const memberId = Form.useWatch('memberId', { form, preserve: true });
  const shopId = Form.useWatch('shopId', { form, preserve: true });
  const lines = (Form.useWatch('lines', { form, preserve: true }) ?? []) as Line[];
  const cards = useRefundable(REFUND_PICKS.cards, memberCardRow, memberId, shopId);
  const packages = useRefundable(REFUND_PICKS.packages, packageLineRow, memberId, shopId);
  const products = useRefundable(REFUND_PICKS.products, depositRow, memberId, shopId);
  const picked = new Map(lines.map((l) => [keyOf(l), l]));
  const setLines = (next: Line[]) => form.setFieldValue('lines', next);

  const picks: Pick[] = [
    ...(cards.data ?? []).flatMap((c) =>
      c.buckets.map((b) => ({
        key: `card:${c.id}:${b.shopId}`,
        line: { kind: 'card', cardId: c.id, bucketShopId: b.shopId, tkje: centsToYuan(b.principal), tzje: centsToYuan(b.gift) },
        name: `${c.cardNo} ${c.cardTypeName} · ${b.shopName}`,
        left: t('finance.refunds.bucketLeft', { principal: formatMoney(b.principal), gift: formatMoney(b.gift) }),
        inputs: [
          ['tkje', centsToYuan(b.principal) ?? 0],
          ['tzje', centsToYuan(b.gift) ?? 0],
        ] as [string, number][],
      })),
    ),
    ...(packages.data ?? []).map((p) => ({
      key: `package:${p.id}`,
      line: { kind: 'package', packageLineId: p.id, num: p.snum },
      name: `${p.mpname} · ${p.servname}`,
      left: t('finance.refunds.countLeft', { count: p.snum, price: formatMoney(p.isGift ? 0 : p.singlePrice) }),
      inputs: [['num', p.snum]] as [string, number][],
    })),
    ...(products.data ?? []).map((d) => ({
      key: `product:${d.id}`,
      line: { kind: 'product', depositId: d.id, num: d.checknum },
      name: `${d.pname} · ${d.shopName}`,
      left: t('finance.refunds.countLeft', { count: d.checknum, price: formatMoney(d.price) }),
      inputs: [['num', d.checknum]] as [string, number][],
    })),
  ];

  // The form's lines as they are now: two changes before a render both count.
  const now = () => (form.getFieldValue('lines') ?? []) as Line[];
  const toggle = (p: Pick, on: boolean) => setLines([...now().filter((l) => keyOf(l) !== p.key), ...(on ? [p.line] : [])]);
  const change = (key: string, field: string, value: number | null) =>
    setLines(now().map((l) => (keyOf(l) === key ? { ...l, [field]: value ?? 0 } : l)));
  const loading = cards.isFetching || packages.isFetching || products.isFetching;

  return (
    <Col span={24} className="ho-refund-assets">
      <Typography.Text strong>{t('finance.refunds.assets')}</Typography.Text>
      {typeof memberId !== 'number' ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('finance.refunds.pickMember')} />
      ) : (
        <Table<Pick>
          rowKey="key"
          size="small"
          pagination={false}
          loading={loading}
          dataSource={picks}
          scroll={{ y: 240 }}
          style={{ margin: '8px 0 16px' }}
          locale={{ emptyText: t('finance.refunds.nothing') }}
          columns={[
            {
              title: '',
              width: 40,
              render: (_, p) => (
                <Checkbox aria-label={String(p.name)} checked={picked.has(p.key)} onChange={(e) => toggle(p, e.target.checked)} />
              ),
            },
            { title: t('finance.refunds.asset'), dataIndex: 'name', ellipsis: true },
            { title: t('finance.refunds.left'), dataIndex: 'left', width: 240 },
            {
              title: t('finance.refunds.refund'),
              width: 260,
              render: (_, p) => (
                <Space size={6}>
                  {p.inputs.map(([field, max]) => (
                    <InputNumber
                      key={field}
                      size="small"
                      aria-label={`${p.name} ${t(`finance.refunds.field.${field}`)}`}
                      prefix={field === 'num' ? undefined : '¥'}
                      placeholder={t(`finance.refunds.field.${field}`)}
                      precision={field === 'num' ? 0 : 2}
                      min={0}
                      max={max}
                      disabled={!picked.has(p.key)}
                      value={(picked.get(p.key)?.[field] as number | undefined) ?? null}
                      onChange={(v) => change(p.key, field, v)}
                      style={{ width: field === 'num' ? 80 : 110 }}
                    />
                  ))}
                </Space>
              ),
            },
          ]}
        />
      )}
    </Col>
  );
}
