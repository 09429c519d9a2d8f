import {
  type CardBillAnswer,
  cardOpenSetup,
  type MemberAssets as MemberAssetsData,
  type MemberCardRow,
  memberAssetsAnswer,
  openGiftAnswer,
} from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DraftPayment, PaymentRows } from '../../platform/bills/PaymentRows';
import { LocationSelect } from '../../platform/bills/pickers';
import { type DraftStaff, StaffRows, staffOf } from '../../platform/bills/StaffRows';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { FormDialog } from '../../platform/list/FormDialog';
import { formatMoney, yuanToCents } from '../../platform/money';
import { notify } from '../../platform/notify';
import { invalidate } from '../../platform/resource/invalidate';
import { ASSETS } from './api';
import { CardRecords } from './CardRecords';
import { MemberCoupons } from './MemberCoupons';
import { MemberPackages } from './packages/MemberPackages';

const money = (v: number) => formatMoney(v);
const toCents = (v: number | undefined) => yuanToCents(v) ?? 0;
const assetsKey = (memberId: number) => ['member-assets', memberId];

type Dialog = { kind: 'open' } | { kind: 'recharge' | 'adjust' | 'transfer' | 'refund' | 'records'; card: MemberCardRow } | null;

/** A member's cards with their money per shop, and the actions on them: open, recharge, adjust, transfer, refund, ledger. */
export default function MemberAssets({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const q = useQuery({
    queryKey: assetsKey(memberId),
    queryFn: ({ signal }) => http.read(memberAssetsAnswer, ASSETS.assets, { memberId }, { signal }),
  });
  const data = q.data;
  const close = () => setDialog(null);
  return (
    <Card
      className="ho-member-assets"
      loading={q.isLoading}
      title={
        data ? (
          <Space>
            <span>
              {data.memberName} {data.mobile}
            </span>
            <Typography.Text type="secondary">
              {t('assets.memberTotals', { principal: money(data.principal), gift: money(data.gift), pkg: money(data.packageValue) })}
            </Typography.Text>
          </Space>
        ) : null
      }
      extra={
        <Button type="primary" onClick={() => setDialog({ kind: 'open' })}>
          {t('assets.openCard')}
        </Button>
      }
    >
      <Table<MemberCardRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={data?.cards ?? []}
        locale={{ emptyText: <EmptyState compact description={t('assets.noCards')} /> }}
        scroll={{ x: 1350 }}
        columns={[
          { title: t('assets.cardNo'), dataIndex: 'cardNo', width: 150 },
          { title: t('assets.cardType'), dataIndex: 'cardTypeName', width: 130 },
          { title: t('assets.openShop'), dataIndex: 'shopName', width: 130 },
          { title: t('assets.expiresOn'), dataIndex: 'expiresOn', width: 100, render: (v: string | null) => v ?? t('assets.never') },
          {
            title: t('assets.status'),
            dataIndex: 'status',
            width: 80,
            render: (v: number) => <Tag color={v === 1 ? 'green' : 'default'}>{t(`assets.cardStatus.${v}`)}</Tag>,
          },
          { title: t('assets.principal'), dataIndex: 'principal', width: 110, align: 'right', render: money },
          { title: t('assets.gift'), dataIndex: 'gift', width: 100, align: 'right', render: money },
          {
            title: t('assets.buckets'),
            dataIndex: 'buckets',
            width: 240,
            render: (_: unknown, r) => (
              <Space direction="vertical" size={0}>
                {r.buckets.map((b) => (
                  <Typography.Text key={b.shopId} className="ho-bucket">
                    {b.shopName}: {money(b.principal)} + {money(b.gift)}
                  </Typography.Text>
                ))}
              </Space>
            ),
          },
          {
            title: '',
            key: 'actions',
            width: 260,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Space size={4} wrap>
                <Button size="small" type="link" disabled={r.status !== 1} onClick={() => setDialog({ kind: 'recharge', card: r })}>
                  {t('assets.recharge')}
                </Button>
                <Button size="small" type="link" disabled={r.status !== 1} onClick={() => setDialog({ kind: 'adjust', card: r })}>
                  {t('assets.adjust')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  disabled={r.status !== 1 || !r.transferable}
                  onClick={() => setDialog({ kind: 'transfer', card: r })}
                >
                  {t('assets.transfer')}
                </Button>
                <Button size="small" type="link" disabled={!r.principal && !r.gift} onClick={() => setDialog({ kind: 'refund', card: r })}>
                  {t('assets.refund')}
                </Button>
                <Button size="small" type="link" onClick={() => setDialog({ kind: 'records', card: r })}>
                  {t('assets.records')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <MemberPackages memberId={memberId} />
      <MemberCoupons memberId={memberId} />
      {dialog?.kind === 'open' ? <OpenCardModal memberId={memberId} onClose={close} /> : null}
      {dialog?.kind === 'recharge' ? <RechargeModal memberId={memberId} card={dialog.card} onClose={close} /> : null}
      {dialog?.kind === 'adjust' ? <AdjustModal memberId={memberId} card={dialog.card} onClose={close} /> : null}
      {dialog?.kind === 'transfer' && data ? <TransferModal member={data} card={dialog.card} onClose={close} /> : null}
      {dialog?.kind === 'refund' ? <RefundModal memberId={memberId} card={dialog.card} onClose={close} /> : null}
      {dialog?.kind === 'records' ? (
        <Modal open width={1000} footer={null} onCancel={close} title={`${t('assets.records')} ${dialog.card.cardNo}`}>
          <CardRecords cardId={dialog.card.id} compact />
        </Modal>
      ) : null}
    </Card>
  );
}

/** What a write to a member's card changes: the member's cards and any card ledger shown. */
// The member page's summary (its money) reads the member apart from the cards.
const refetched = (memberId: number) => [assetsKey(memberId), ['card-records'], ['member-detail', memberId]];

interface OpenCardForm {
  cardTypeId: number;
  shopId: number;
  amount: number;
  cardNo?: string;
}

/**
 * 开卡 as the till sells a card: at a shop, paid with its pay types (adding up to the amount, shown
 * live) and credited to its sellers (开卡业绩) by station; the gift the card type gives (opening gift
 * and 充值赠送 rule) shown before saving.
 */
export function OpenCardModal({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OpenCardForm>();
  const shopId = Form.useWatch('shopId', form);
  const cardTypeId = Form.useWatch('cardTypeId', form);
  const amount = toCents(Form.useWatch('amount', form));
  const [pays, setPays] = useState<DraftPayment[]>([]);
  const [staff, setStaff] = useState<DraftStaff[]>([]);
  const setup = useQuery({
    queryKey: ['card-open-setup', shopId],
    queryFn: () => http.read(cardOpenSetup, ASSETS.openSetup, { shopid: shopId }),
    enabled: Boolean(shopId),
  });
  const gift = useQuery({
    queryKey: ['card-open-gift', cardTypeId, amount],
    queryFn: ({ signal }) => http.read(openGiftAnswer, ASSETS.openGift, { cardTypeId, amount }, { signal }),
    enabled: Boolean(cardTypeId),
  });
  const payOptions = (setup.data?.payTypes ?? []).map((p) => ({ value: `pay:${p.payTypeId}`, label: p.name }));
  const shown = pays.length ? pays : [{ uid: 'first', target: payOptions[0]?.value ?? '', amount }];
  const required = [{ required: true, message: t('assets.required') }];
  return (
    <FormDialog<OpenCardForm, CardBillAnswer>
      open
      width={760}
      form={form}
      title={t('assets.openCard')}
      className="ho-open-card"
      initialValues={{}}
      send={(v) =>
        http.post<CardBillAnswer>(
          ASSETS.open,
          {
            memberId,
            cardTypeId: v.cardTypeId,
            shopId: v.shopId,
            amount: toCents(v.amount),
            cardNo: v.cardNo || undefined,
            pays: shown.filter((p) => p.amount > 0).map((p) => ({ payTypeId: Number(p.target.slice(4)), amount: p.amount })),
            yjs: staffOf(staff),
          },
          { once: true },
        )
      }
      success={(bill) => t('assets.opened', { cardNo: bill.cardNo, gift: money(bill.giftChange) })}
      invalidates={refetched(memberId)}
      onClose={onClose}
    >
      <Form.Item name="shopId" label={t('assets.shop')} rules={required}>
        <LocationSelect
          withWarehouse={false}
          onChange={() => {
            form.setFieldValue('cardTypeId', undefined);
            setPays([]);
            setStaff([]);
          }}
        />
      </Form.Item>
      <Form.Item name="cardTypeId" label={t('assets.cardType')} rules={required}>
        <Select
          loading={setup.isLoading}
          disabled={!shopId}
          showSearch={{ optionFilterProp: 'label' }}
          options={(setup.data?.cardTypes ?? []).map((x) => ({ value: x.id, label: `${x.name}（${x.code}）` }))}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('assets.amount')}
        rules={required}
        extra={gift.data ? <span data-testid="open-card-gift">{t('assets.giftPreview', { gift: money(gift.data.gift) })}</span> : null}
      >
        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="cardNo" label={t('assets.cardNo')}>
        <Input maxLength={32} />
      </Form.Item>
      {setup.data && (
        <>
          <Form.Item label={t('assets.pays')}>
            <PaymentRows payments={shown} options={payOptions} toPay={amount} onChange={setPays} />
          </Form.Item>
          <Form.Item label={t('assets.sellers')}>
            <StaffRows rows={staff} employees={setup.data.employees} onChange={setStaff} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

interface RechargeForm {
  shopId: number;
  amount: number;
}

function RechargeModal({ memberId, card, onClose }: { memberId: number; card: MemberCardRow; onClose: () => void }) {
  const { t } = useTranslation();
  const required = [{ required: true, message: t('assets.required') }];
  return (
    <FormDialog<RechargeForm, CardBillAnswer>
      open
      title={`${t('assets.recharge')} ${card.cardNo}`}
      initialValues={{ shopId: card.shopId }}
      send={(v) =>
        http.post<CardBillAnswer>(ASSETS.recharge, { cardId: card.id, shopId: v.shopId, amount: toCents(v.amount) }, { once: true })
      }
      success={(bill) => t('assets.recharged', { gift: money(bill.giftChange) })}
      invalidates={refetched(memberId)}
      onClose={onClose}
    >
      <Form.Item name="shopId" label={t('assets.shop')} rules={required}>
        <LocationSelect withWarehouse={false} />
      </Form.Item>
      <Form.Item name="amount" label={t('assets.amount')} rules={required}>
        <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}

interface AdjustForm {
  shopId: number;
  principal: number;
  gift: number;
  reason: string;
}

function AdjustModal({ memberId, card, onClose }: { memberId: number; card: MemberCardRow; onClose: () => void }) {
  const { t } = useTranslation();
  const required = [{ required: true, message: t('assets.required') }];
  const [shopId, setShopId] = useState<number | undefined>(card.buckets[0]?.shopId ?? card.shopId);
  const bucket = card.buckets.find((b) => b.shopId === shopId);
  // The amounts start from the first shop's; choosing another shop shows its amounts above them.
  const [initial] = useState(() => ({ shopId, principal: (bucket?.principal ?? 0) / 100, gift: (bucket?.gift ?? 0) / 100 }));
  return (
    <FormDialog<AdjustForm>
      open
      title={`${t('assets.adjust')} ${card.cardNo}`}
      className="ho-adjust"
      initialValues={initial}
      send={(v) =>
        http.post(
          ASSETS.adjust,
          { cardId: card.id, buckets: [{ shopId: v.shopId, principal: toCents(v.principal), gift: toCents(v.gift) }], reason: v.reason },
          { once: true },
        )
      }
      success="assets.adjusted"
      invalidates={refetched(memberId)}
      onClose={onClose}
    >
      <Form.Item name="shopId" label={t('assets.shop')} rules={required}>
        <LocationSelect withWarehouse={false} onChange={(v) => setShopId(v)} />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        {t('assets.principal')} {money(bucket?.principal ?? 0)} · {t('assets.gift')} {money(bucket?.gift ?? 0)}
      </Typography.Paragraph>
      <Form.Item name="principal" label={t('assets.newPrincipal')} rules={required}>
        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="gift" label={t('assets.newGift')} rules={required}>
        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reason" label={t('assets.reason')} rules={[{ required: true, whitespace: true, message: t('assets.required') }]}>
        <Input maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}

function TransferModal({ member, card, onClose }: { member: MemberAssetsData; card: MemberCardRow; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [mobile, setMobile] = useState('');
  const [target, setTarget] = useState<{ memid: number; memname: string; mobile: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const find = async () => {
    setTarget(await http.get(ASSETS.memberByMobile, { mobile, memid: member.memberId }));
  };
  const send = async () => {
    if (!target) return;
    await http.post(ASSETS.sendCode, { mobile: target.mobile });
    notify.message.success(t('assets.codeSent', { mobile: target.mobile }));
  };
  return (
    <Modal
      open
      className="ho-transfer"
      title={`${t('assets.transfer')} ${card.cardNo}`}
      onCancel={onClose}
      okButtonProps={{ disabled: !target || code.length !== 6 }}
      confirmLoading={busy}
      onOk={async () => {
        if (!target) return;
        setBusy(true);
        try {
          await http.get(ASSETS.checkCard, { cardno: card.cardNo });
          await http.post(ASSETS.checkCode, { mobile: target.mobile, code });
          await http.post(ASSETS.changeCard, { cardno: card.cardNo, omemid: member.memberId, memid: target.memid }, { once: true });
          notify.message.success(t('assets.transferred'));
          await invalidate(qc, refetched(member.memberId));
          onClose();
        } catch {
          // shown by the HTTP client
        } finally {
          setBusy(false);
        }
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input placeholder={t('assets.targetMobile')} value={mobile} maxLength={11} onChange={(e) => setMobile(e.target.value.trim())} />
          <Button onClick={() => find().catch(() => undefined)} disabled={mobile.length !== 11}>
            {t('assets.findTarget')}
          </Button>
        </Space.Compact>
        {target ? (
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[{ key: 't', label: t('assets.target'), children: `${target.memname} ${target.mobile}` }]}
          />
        ) : null}
        <Space.Compact style={{ width: '100%' }}>
          <Input placeholder={t('assets.code')} value={code} maxLength={6} onChange={(e) => setCode(e.target.value.trim())} />
          <Button onClick={() => send().catch(() => undefined)} disabled={!target}>
            {t('assets.sendCode')}
          </Button>
        </Space.Compact>
      </Space>
    </Modal>
  );
}

interface RefundForm {
  shopId: number;
  tkje: number;
  tzje: number;
  freeCard?: number;
  autokcard: boolean;
  memo?: string;
}

function RefundModal({ memberId, card, onClose }: { memberId: number; card: MemberCardRow; onClose: () => void }) {
  const { t } = useTranslation();
  const required = [{ required: true, message: t('assets.required') }];
  const [shopId, setShopId] = useState<number | undefined>(card.buckets[0]?.shopId);
  const bucket = card.buckets.find((b) => b.shopId === shopId);
  return (
    <FormDialog<RefundForm, { billNo: string; cardJe: number }>
      open
      title={`${t('assets.refund')} ${card.cardNo}`}
      className="ho-refund"
      initialValues={{ shopId: card.buckets[0]?.shopId, tkje: 0, tzje: 0, freeCard: 0, autokcard: false }}
      send={(v) =>
        http.post<{ billNo: string; cardJe: number }>(
          ASSETS.saveRefund,
          {
            memid: memberId,
            cards: [{ cardid: card.id, shopId: v.shopId, tkje: toCents(v.tkje), tzje: toCents(v.tzje) }],
            freeCard: toCents(v.freeCard),
            autokcard: Boolean(v.autokcard),
            memo: v.memo || undefined,
          },
          { once: true },
        )
      }
      success={(saved) => t('assets.refunded', { billNo: saved.billNo, amount: money(saved.cardJe) })}
      invalidates={refetched(memberId)}
      onClose={onClose}
    >
      <Form.Item name="shopId" label={t('assets.shop')} rules={required}>
        <Select options={card.buckets.map((b) => ({ value: b.shopId, label: b.shopName }))} onChange={(v) => setShopId(v)} />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        {t('assets.principal')} {money(bucket?.principal ?? 0)} · {t('assets.gift')} {money(bucket?.gift ?? 0)}
      </Typography.Paragraph>
      <Form.Item name="tkje" label={t('assets.refundPrincipal')} rules={required}>
        <InputNumber min={0} max={(bucket?.principal ?? 0) / 100} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="tzje" label={t('assets.refundGift')} rules={required}>
        <InputNumber min={0} max={(bucket?.gift ?? 0) / 100} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="freeCard" label={t('assets.fee')}>
        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="autokcard" valuePropName="checked">
        <Checkbox>{t('assets.closeAtZero')}</Checkbox>
      </Form.Item>
      <Form.Item name="memo" label={t('assets.memo')}>
        <Input maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
