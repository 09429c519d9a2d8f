import { type CardBillAnswer, type MemberAssets as MemberAssetsData, type MemberCardRow, memberAssetsAnswer } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationSelect } from '../../platform/bills/pickers';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { formatMoney, yuanToCents } from '../../platform/money';
import { notify } from '../../platform/notify';
import { ASSETS } from './api';
import { CardRecords } from './CardRecords';
import { MemberCoupons } from './MemberCoupons';
import { MemberPackages } from './packages/MemberPackages';

const money = (v: number) => formatMoney(v);
const toCents = (v: unknown) => yuanToCents(v as number) ?? 0;
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

/** A modal with one form whose submit runs `submit`; errors are shown by the HTTP client. */
export function FormModal(props: {
  title: string;
  onClose: () => void;
  submit: (values: Record<string, unknown>) => Promise<void>;
  children: React.ReactNode;
  okText?: string;
  className?: string;
}) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={props.title}
      onCancel={props.onClose}
      okText={props.okText}
      confirmLoading={busy}
      className={props.className}
      onOk={async () => {
        const values = await form.validateFields();
        setBusy(true);
        try {
          await props.submit(values);
          props.onClose();
        } catch {
          // shown by the HTTP client
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        {props.children}
      </Form>
    </Modal>
  );
}

function useRefresh(memberId: number) {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: assetsKey(memberId) }), qc.invalidateQueries({ queryKey: ['card-records'] })]);
}

function OpenCardModal({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh(memberId);
  const types = useQuery({
    queryKey: ['card-types'],
    queryFn: () => http.get<{ id: number; code: string; name: string; kind: number; status: number }[]>(ASSETS.cardTypes),
  });
  const required = [{ required: true, message: t('assets.required') }];
  return (
    <FormModal
      title={t('assets.openCard')}
      onClose={onClose}
      className="ho-open-card"
      submit={async (v) => {
        const bill = await http.post<CardBillAnswer>(
          ASSETS.open,
          { memberId, cardTypeId: v.cardTypeId, shopId: v.shopId, amount: toCents(v.amount), cardNo: v.cardNo || undefined },
          { once: true },
        );
        notify.message.success(t('assets.opened', { cardNo: bill.cardNo, gift: money(bill.giftChange) }));
        await refresh();
      }}
    >
      <Form.Item name="cardTypeId" label={t('assets.cardType')} rules={required}>
        <Select
          loading={types.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(types.data ?? [])
            .filter((x) => x.kind === 1 && x.status === 1)
            .map((x) => ({ value: x.id, label: `${x.name}（${x.code}）` }))}
        />
      </Form.Item>
      <Form.Item name="shopId" label={t('assets.shop')} rules={required}>
        <LocationSelect withWarehouse={false} />
      </Form.Item>
      <Form.Item name="amount" label={t('assets.amount')} rules={required}>
        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="cardNo" label={t('assets.cardNo')}>
        <Input maxLength={32} />
      </Form.Item>
    </FormModal>
  );
}

function RechargeModal({ memberId, card, onClose }: { memberId: number; card: MemberCardRow; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh(memberId);
  const required = [{ required: true, message: t('assets.required') }];
  return (
    <FormModal
      title={`${t('assets.recharge')} ${card.cardNo}`}
      onClose={onClose}
      submit={async (v) => {
        const bill = await http.post<CardBillAnswer>(
          ASSETS.recharge,
          { cardId: card.id, shopId: v.shopId, amount: toCents(v.amount) },
          { once: true },
        );
        notify.message.success(t('assets.recharged', { gift: money(bill.giftChange) }));
        await refresh();
      }}
    >
      <Form.Item name="shopId" label={t('assets.shop')} rules={required} initialValue={card.shopId}>
        <LocationSelect withWarehouse={false} />
      </Form.Item>
      <Form.Item name="amount" label={t('assets.amount')} rules={required}>
        <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}

function AdjustModal({ memberId, card, onClose }: { memberId: number; card: MemberCardRow; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh(memberId);
  const required = [{ required: true, message: t('assets.required') }];
  const [shopId, setShopId] = useState<number | undefined>(card.buckets[0]?.shopId ?? card.shopId);
  const bucket = card.buckets.find((b) => b.shopId === shopId);
  return (
    <FormModal
      title={`${t('assets.adjust')} ${card.cardNo}`}
      onClose={onClose}
      className="ho-adjust"
      submit={async (v) => {
        await http.post(
          ASSETS.adjust,
          { cardId: card.id, buckets: [{ shopId: v.shopId, principal: toCents(v.principal), gift: toCents(v.gift) }], reason: v.reason },
          { once: true },
        );
        notify.message.success(t('assets.adjusted'));
        await refresh();
      }}
    >
      <Form.Item name="shopId" label={t('assets.shop')} rules={required} initialValue={shopId}>
        <LocationSelect withWarehouse={false} onChange={(v) => setShopId(v)} />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        {t('assets.principal')} {money(bucket?.principal ?? 0)} · {t('assets.gift')} {money(bucket?.gift ?? 0)}
      </Typography.Paragraph>
      <Form.Item name="principal" label={t('assets.newPrincipal')} rules={required} initialValue={(bucket?.principal ?? 0) / 100}>
        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="gift" label={t('assets.newGift')} rules={required} initialValue={(bucket?.gift ?? 0) / 100}>
        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reason" label={t('assets.reason')} rules={[{ required: true, whitespace: true, message: t('assets.required') }]}>
        <Input maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}

function TransferModal({ member, card, onClose }: { member: MemberAssetsData; card: MemberCardRow; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh(member.memberId);
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
          await refresh();
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

function RefundModal({ memberId, card, onClose }: { memberId: number; card: MemberCardRow; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh(memberId);
  const required = [{ required: true, message: t('assets.required') }];
  const [shopId, setShopId] = useState<number | undefined>(card.buckets[0]?.shopId);
  const bucket = card.buckets.find((b) => b.shopId === shopId);
  return (
    <FormModal
      title={`${t('assets.refund')} ${card.cardNo}`}
      onClose={onClose}
      className="ho-refund"
      submit={async (v) => {
        const saved = await http.post<{ billNo: string; cardJe: number }>(
          ASSETS.saveRefund,
          {
            memid: memberId,
            cards: [{ cardid: card.id, shopId: v.shopId, tkje: toCents(v.tkje), tzje: toCents(v.tzje) }],
            freeCard: toCents(v.freeCard),
            autokcard: Boolean(v.autokcard),
            memo: v.memo || undefined,
          },
          { once: true },
        );
        notify.message.success(t('assets.refunded', { billNo: saved.billNo, amount: money(saved.cardJe) }));
        await refresh();
      }}
    >
      <Form.Item name="shopId" label={t('assets.shop')} rules={required} initialValue={shopId}>
        <Select options={card.buckets.map((b) => ({ value: b.shopId, label: b.shopName }))} onChange={(v) => setShopId(v)} />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        {t('assets.principal')} {money(bucket?.principal ?? 0)} · {t('assets.gift')} {money(bucket?.gift ?? 0)}
      </Typography.Paragraph>
      <Form.Item name="tkje" label={t('assets.refundPrincipal')} rules={required} initialValue={0}>
        <InputNumber min={0} max={(bucket?.principal ?? 0) / 100} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="tzje" label={t('assets.refundGift')} rules={required} initialValue={0}>
        <InputNumber min={0} max={(bucket?.gift ?? 0) / 100} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="freeCard" label={t('assets.fee')} initialValue={0}>
        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="autokcard" valuePropName="checked" initialValue={false}>
        <Checkbox>{t('assets.closeAtZero')}</Checkbox>
      </Form.Item>
      <Form.Item name="memo" label={t('assets.memo')}>
        <Input maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}
