import {
  type BillLineKind,
  memberCouponKindLabels,
  memberCouponRow,
  type ServiceBillDetail,
  serviceBillDetail,
  TILL_PATHS as T,
  type TillSetup,
  tillMemberCards,
  tillPackageLine,
  voucherChannelLabels,
} from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Empty, InputNumber, Segmented, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type DraftPayment, keyLabel, nextPayment, PaymentRows } from '../../platform/bills/PaymentRows';
import { http } from '../../platform/http';
import { currentLang, pickLabel } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';
import { PageLoading } from '../../platform/PageLoading';
import { StatusTag } from './BillView';
import { CardLineButtons, CardLineItem, isCardKind } from './CardLines';
import { TILL_KEYS, useHotkey } from './hotkeys';
import { queueSettle, sendSettle, settleKeyOf } from './pending';
import { billPrices, lineSaving, priceSourceText } from './prices';
import { type ReceiptWords, receiptLines } from './receipt';
import { VoucherVerifyButton } from './VoucherVerify';

interface DraftLine {
  kind: BillLineKind;
  itemId: number | null;
  num: number;
  station1: number | null;
  appointed: boolean;
  station2: number | null;
  /** 套餐消费: paid with counts of this member package line. */
  packageLineId: number | null;
  /** Card lines: the money paid into the card. */
  amount?: number;
  /** Product lines: 内购 (sold to staff). */
  staffPurchase: boolean;
}

const draftOf = (bill: ServiceBillDetail): DraftLine[] =>
  bill.lines.map((l) => ({
    kind: l.kind as BillLineKind,
    itemId: l.itemId,
    num: l.num,
    station1: l.staff.find((s) => s.station === 1)?.employeeId ?? null,
    appointed: l.staff.find((s) => s.station === 1)?.appointed ?? false,
    station2: l.staff.find((s) => s.station === 2)?.employeeId ?? null,
    packageLineId: l.packageLineId,
    staffPurchase: l.staffPurchase,
    ...(isCardKind(l.kind as BillLineKind) ? { amount: l.price } : {}),
  }));
const emptyLine = (kind: BillLineKind, packageLineId: number | null = null): DraftLine => ({
  kind,
  itemId: null,
  num: 1,
  station1: null,
  appointed: false,
  station2: null,
  packageLineId,
  staffPurchase: false,
});
type MemberCard = z.infer<typeof tillMemberCards>[number];

/**
 * One bill at the till, worked by keyboard: lines (a line added takes the focus in its item picker),
 * their staff, the payments (each card payment with the card's balance beside it) and 结账, in that tab
 * order; F3 adds a service, F4 a payment, F9 settles, F8 prints. Each line shows 原价, where its price
 * comes from, 优惠 and 实收, priced live for what the bill's card pays: the card's price goes with what
 * the card pays, so a card payment taken away puts the shop's price back on screen.
 */
export function BillEditor({
  billId,
  setup,
  waiting,
  onChanged,
}: {
  billId: number;
  setup: TillSetup;
  waiting: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const bill = useQuery({ queryKey: ['till-bill', billId], queryFn: () => http.read(serviceBillDetail, T.bill(billId)) });
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [payments, setPayments] = useState<DraftPayment[]>([]);
  /** Platform vouchers verified for this bill: each pays as `voucher:<id>`. */
  const [vouchers, setVouchers] = useState<{ id: number; label: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [paper, setPaper] = useState<58 | 80>(80);
  /** The line whose item picker takes the focus (the one just added), the payment row whose amount does. */
  const [focusLine, setFocusLine] = useState<number | null>(null);
  const [focusPayment, setFocusPayment] = useState<string | undefined>();
  const pickers = useRef(new Map<number, { focus: () => void }>());
  const addServiceButton = useRef<HTMLButtonElement>(null);
  /** Settled here with the shop's 结账后自动打印小票 on: the receipt prints once it is on screen. */
  const [printWhenShown, setPrintWhenShown] = useState(false);
  const data = bill.data;
  const memberId = data?.memberId ?? null;
  const couponsHeld = useQuery({
    queryKey: ['till-coupons', memberId],
    queryFn: () => http.read(z.array(memberCouponRow), T.memberCoupons, { memberId }),
    enabled: memberId !== null,
  });
  const held = useQuery({
    queryKey: ['till-packages', memberId],
    queryFn: () => http.read(z.array(tillPackageLine), T.memberPackages, { memberId }),
    enabled: memberId !== null,
  });
  const cards = useQuery({
    queryKey: ['till-cards', memberId],
    queryFn: () => http.read(tillMemberCards, T.memberCards, { memberId }),
    enabled: memberId !== null,
  });
  const cardsReady = memberId === null || cards.isFetched;
  const payCards: MemberCard[] = useMemo(() => {
    if (!data || data.lines.some((l) => isCardKind(l.kind as BillLineKind))) return [];
    const usable = (cards.data ?? []).filter((c) => c.status === 1);
    // The bill's card first: its payments get its prices.
    return [...usable.filter((c) => c.cardId === data.cardId), ...usable.filter((c) => c.cardId !== data.cardId)];
  }, [data, cards.data]);
  const cardPays = payments.reduce((s, p) => s + (data?.cardId && p.target === `card:${data.cardId}` ? p.amount || 0 : 0), 0);
  const prices = data ? billPrices(data, setup, cardPays) : undefined;
  /** What the payments must add up to: the lines paid with package counts are paid by the package. */
  const toPay = prices ? prices.amount - prices.byPackage : 0;
  useEffect(() => {
    if (!data || !cardsReady) return;
    setLines(draftOf(data));
    // The bill's card pays what it can (at its prices), cash the rest.
    const card = payCards.find((c) => c.cardId === data.cardId);
    const byCard = card ? Math.min(card.principal + card.gift, billPrices(data, setup, Number.MAX_SAFE_INTEGER).cardMax) : 0;
    const rest = billPrices(data, setup, byCard);
    const cash = setup.payTypes.find((p) => p.code === '01') ?? setup.payTypes.find((p) => !p.kind);
    setPayments([
      ...(byCard > 0 ? [{ uid: crypto.randomUUID(), target: `card:${data.cardId}`, amount: byCard }] : []),
      ...(rest.otherPays > 0 || byCard === 0
        ? [{ uid: crypto.randomUUID(), target: `pay:${cash?.payTypeId}`, amount: rest.otherPays }]
        : []),
    ]);
  }, [data, cardsReady, payCards, setup]);
  useEffect(() => {
    if (focusLine === null) return;
    pickers.current.get(focusLine)?.focus();
    setFocusLine(null);
  }, [focusLine]);
  const isOpen = data?.status === 1 && !waiting;
  // A new bill: the focus waits on 添加项目.
  useEffect(() => {
    if (isOpen && data?.lines.length === 0) addServiceButton.current?.focus();
  }, [isOpen, data?.lines.length]);
  const payOptions = useMemo(
    () => [
      ...payCards.map((c) => ({ value: `card:${c.cardId}`, label: `${t('till.payCard')} ${c.cardNo} ${c.cardTypeName}` })),
      ...setup.payTypes.filter((p) => !p.kind).map((p) => ({ value: `pay:${p.payTypeId}`, label: p.name })),
      ...vouchers.map((v) => ({ value: `voucher:${v.id}`, label: v.label })),
      ...(couponsHeld.data ?? []).map((c) => ({
        value: `coupon:${c.id}`,
        label: `${pickLabel(memberCouponKindLabels[c.kind])} ${c.definitionName} ${formatMoney(c.remaining)} · ${c.code}`,
      })),
    ],
    [payCards, setup.payTypes, t, vouchers, couponsHeld.data],
  );
  const dirty = data ? JSON.stringify(lines) !== JSON.stringify(draftOf(data)) : false;
  const paid = payments.reduce((s, p) => s + (p.amount || 0), 0);
  const canSettle = Boolean(isOpen && data?.lines.length && !dirty && paid === toPay && !busy);
  const add = (line: DraftLine) => {
    setLines([...lines, line]);
    setFocusLine(lines.length);
  };
  const addPayment = () => {
    const added = nextPayment(payments, payOptions, toPay);
    setPayments([...payments, added]);
    setFocusPayment(added.uid);
  };
  useHotkey(TILL_KEYS.addService, isOpen ? () => add(emptyLine('service')) : null);
  useHotkey(TILL_KEYS.addPayment, isOpen && data?.lines.length && !dirty ? addPayment : null);
  useHotkey(TILL_KEYS.settle, canSettle ? () => void settle() : null);
  useHotkey(TILL_KEYS.print, data?.status === 4 ? () => window.print() : null);
  useEffect(() => {
    if (!printWhenShown || data?.status !== 4) return;
    setPrintWhenShown(false);
    window.print();
  }, [printWhenShown, data?.status]);
  if (!data || !prices) return <PageLoading />;

  /**
   * Choosing a coupon or red envelope for a row pays with it as much as it has left (at most the bill),
   * taken off the first cash-like row so the payments still add up; it never pays more than it has left.
   */
  const changePayments = (next: DraftPayment[], added?: DraftPayment) => {
    if (added) setFocusPayment(added.uid);
    const heldFor = (p: DraftPayment) =>
      p.target.startsWith('coupon:') ? couponsHeld.data?.find((c) => c.id === Number(p.target.slice(7))) : undefined;
    const before = (p: DraftPayment) => payments.find((x) => x.uid === p.uid);
    let rows = next.map((p) => {
      const coupon = heldFor(p);
      if (!coupon) return p;
      if (before(p)?.target !== p.target) return { ...p, amount: Math.min(coupon.remaining, toPay) };
      return p.amount > coupon.remaining ? { ...p, amount: coupon.remaining } : p;
    });
    const chosen = rows.find((p) => heldFor(p) && before(p)?.target !== p.target);
    if (chosen) {
      const grown = chosen.amount - (before(chosen)?.amount ?? 0);
      const payer = rows.find((p) => p.uid !== chosen.uid && p.target.startsWith('pay:'));
      if (payer) rows = rows.map((p) => (p.uid === payer.uid ? { ...p, amount: Math.max(0, p.amount - grown) } : p));
    }
    setPayments(rows);
  };
  const staffOptions = setup.employees.map((e) => ({ value: e.id, label: `${e.code} ${e.name}` }));
  const update = (i: number, patch: Partial<DraftLine>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const saveLines = async () => {
    setBusy(true);
    try {
      const saved = await http.send(serviceBillDetail, T.lines, {
        id: data.id,
        version: data.version,
        lines: lines
          .filter((l) => l.itemId)
          .map((l) => ({
            kind: l.kind,
            itemId: l.itemId,
            num: l.num,
            ...(l.packageLineId ? { packageLineId: l.packageLineId } : {}),
            ...(l.amount !== undefined ? { amount: l.amount } : {}),
            ...(l.kind === 'product' && l.staffPurchase ? { staffPurchase: true } : {}),
            staff: [
              ...(l.station1 ? [{ employeeId: l.station1, station: 1, appointed: l.appointed }] : []),
              ...(l.station2 ? [{ employeeId: l.station2, station: 2, appointed: false }] : []),
            ],
          })),
      });
      qc.setQueryData(['till-bill', billId], saved);
      message.success(t('till.linesSaved'));
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  async function settle() {
    if (!data) return;
    const body = {
      id: data.id,
      version: data.version,
      payments: payments
        .filter((p) => p.amount > 0)
        .map((p) =>
          p.target.startsWith('card:')
            ? { cardId: Number(p.target.slice(5)), amount: p.amount }
            : p.target.startsWith('voucher:')
              ? { voucherId: Number(p.target.slice(8)), amount: p.amount }
              : p.target.startsWith('coupon:')
                ? { memberCouponId: Number(p.target.slice(7)), amount: p.amount }
                : { payTypeId: Number(p.target.slice(4)), amount: p.amount },
        ),
    };
    const key = settleKeyOf(data.id);
    setBusy(true);
    try {
      const outcome = await sendSettle(T.settle, key, body);
      if (outcome.kind === 'offline') {
        queueSettle({ billId: data.id, billNo: data.billNo, key, body });
        message.warning(t('till.pendingHelp'));
      } else if (outcome.kind === 'failed') message.error(outcome.message);
      else {
        qc.setQueryData(['till-bill', billId], serviceBillDetail.parse(outcome.data));
        // The member's cards, package counts and coupons moved: the next bill offers what is left.
        void qc.invalidateQueries({ queryKey: ['till-packages'] });
        void qc.invalidateQueries({ queryKey: ['till-coupons'] });
        void qc.invalidateQueries({ queryKey: ['till-cards'] });
        message.success(t('till.settled'));
        if (setup.isAutoPrint) setPrintWhenShown(true);
      }
      onChanged();
    } finally {
      setBusy(false);
    }
  }
  const voidBill = async () => {
    await http.post(T.void, { id: data.id, reason: t('till.voidBill') });
    onChanged();
  };
  const lang = currentLang() === 'en-US' ? 'en' : 'zh';
  /** The saved line a draft row stands for, with its prices; none while the rows are not saved. */
  const savedAt = (i: number) => (dirty ? undefined : data.lines[i] && { line: data.lines[i], priced: prices.lines[i] });
  const money = (render: (at: NonNullable<ReturnType<typeof savedAt>>) => ReactNode) => (_: unknown, __: DraftLine, i: number) => {
    const at = savedAt(i);
    return at ? render(at) : '-';
  };
  const balance = (p: DraftPayment) => {
    if (!p.target.startsWith('card:')) return null;
    const card = payCards.find((c) => `card:${c.cardId}` === p.target);
    if (!card) return null;
    const short = p.amount > card.principal + card.gift;
    return (
      <Typography.Text type={short ? 'danger' : 'secondary'} data-testid="till-card-balance">
        {t('till.balance', { principal: formatMoney(card.principal), gift: formatMoney(card.gift) })}
        {card.cardId !== data.cardId ? ` · ${t('till.otherCard')}` : ''}
      </Typography.Text>
    );
  };
  const words: ReceiptWords = {
    lang,
    address: t('till.receiptWords.address'),
    phone: t('till.receiptWords.phone'),
    billNo: t('till.billNo'),
    handTag: t('till.handTag'),
    time: t('till.receiptWords.time'),
    cashier: t('till.receiptWords.cashier'),
    member: t('till.member'),
    cardNo: t('till.cardNo'),
    listPrice: t('till.listPrice'),
    saving: t('till.saving'),
    listTotal: t('till.listTotal'),
    discountTotal: t('till.discountTotal'),
    roundOff: t('till.roundOff'),
    amount: t('till.amount'),
    appointed: t('till.appointed'),
    cardBalance: t('till.receiptWords.cardBalance'),
    principal: t('till.cardBill.principal'),
    gift: t('till.cardBill.gift'),
    signature: t('till.receiptWords.signature'),
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space>
            <Tag color="blue">#{data.handTag}</Tag>
            {data.billNo}
            <StatusTag status={data.status} isHc={data.isHc} />
            {waiting && <Tag color="orange">{t('till.pending')}</Tag>}
            <span>{data.memberName ?? t('till.walkIn')}</span>
            {data.cardNo && <Typography.Text type="secondary">{data.cardNo}</Typography.Text>}
          </Space>
        }
        extra={
          isOpen && (
            // Out of the tab order: the work never lands on 作废.
            <Button danger tabIndex={-1} onClick={voidBill}>
              {t('till.voidBill')}
            </Button>
          )
        }
      >
        <Table
          size="small"
          rowKey={(_, i) => String(i)}
          pagination={false}
          dataSource={lines}
          locale={{ emptyText: t('till.noLines') }}
          columns={[
            {
              title: t('till.item'),
              render: (_, l, i) =>
                isCardKind(l.kind) ? (
                  <CardLineItem
                    kind={l.kind}
                    itemId={l.itemId}
                    amount={l.amount}
                    setup={setup}
                    mobile={data.mobile}
                    disabled={!isOpen}
                    index={i}
                    onChange={(patch) => update(i, patch)}
                  />
                ) : l.packageLineId !== null ? (
                  <Select
                    ref={(r) => {
                      if (r) pickers.current.set(i, r);
                    }}
                    disabled={!isOpen}
                    style={{ width: 190 }}
                    value={l.packageLineId || null}
                    placeholder={t('till.byPackage')}
                    onChange={(v) => {
                      const found = held.data?.find((h) => h.id === v);
                      if (found) update(i, { packageLineId: v, itemId: found.itemId, kind: found.kind });
                    }}
                    options={(held.data ?? []).map((h) => ({
                      value: h.id,
                      label: `${h.packageName} · ${h.name} ×${h.remaining}`,
                    }))}
                    data-testid={`till-line-package-${i}`}
                  />
                ) : (
                  <Select
                    ref={(r) => {
                      if (r) pickers.current.set(i, r);
                    }}
                    disabled={!isOpen}
                    style={{ width: 190 }}
                    showSearch
                    optionFilterProp="label"
                    value={l.itemId}
                    onChange={(v) => update(i, { itemId: v })}
                    options={(l.kind === 'service' ? setup.services : l.kind === 'product' ? setup.products : setup.packages).map((s) => ({
                      value: s.id,
                      label: `${l.kind === 'package' ? `${t('till.kind.package')} ` : ''}${s.name} ${formatMoney(s.price)}`,
                    }))}
                    data-testid={`till-line-item-${i}`}
                  />
                ),
            },
            {
              title: t('till.num'),
              width: 64,
              render: (_, l, i) => (
                <Space size={4}>
                  <InputNumber
                    disabled={!isOpen || isCardKind(l.kind)}
                    min={1}
                    max={999}
                    style={{ width: 56 }}
                    value={l.num}
                    onChange={(v) => update(i, { num: v ?? 1 })}
                  />
                  {l.kind === 'product' ? (
                    <Checkbox
                      disabled={!isOpen}
                      checked={l.staffPurchase}
                      onChange={(e) => update(i, { staffPurchase: e.target.checked })}
                      data-testid={`till-line-staff-${i}`}
                    >
                      {t('till.staffPurchase')}
                    </Checkbox>
                  ) : null}
                </Space>
              ),
            },
            {
              title: t('till.employee1'),
              render: (_, l, i) => (
                <Space size={4}>
                  <Select
                    disabled={!isOpen}
                    allowClear
                    style={{ width: 120 }}
                    value={l.station1}
                    onChange={(v) => update(i, { station1: v ?? null })}
                    showSearch
                    optionFilterProp="label"
                    options={staffOptions}
                    data-testid={`till-line-s1-${i}`}
                  />
                  <Switch
                    disabled={!isOpen}
                    size="small"
                    checked={l.appointed}
                    onChange={(v) => update(i, { appointed: v })}
                    checkedChildren={t('till.appointed')}
                    unCheckedChildren={t('till.notAppointed')}
                  />
                </Space>
              ),
            },
            {
              title: t('till.employee2'),
              render: (_, l, i) => (
                <Select
                  disabled={!isOpen}
                  allowClear
                  style={{ width: 120 }}
                  value={l.station2}
                  onChange={(v) => update(i, { station2: v ?? null })}
                  showSearch
                  optionFilterProp="label"
                  options={staffOptions}
                  data-testid={`till-line-s2-${i}`}
                />
              ),
            },
            {
              title: t('till.listPrice'),
              width: 86,
              align: 'right',
              render: money(({ line }) => formatMoney(line.listAmount + line.additional)),
            },
            {
              title: t('till.priceFrom'),
              width: 104,
              render: money(({ line, priced }) => (
                <Typography.Text type={priced.cardDiscount > 0 ? 'success' : undefined} data-testid="till-price-source">
                  {priceSourceText(line, priced, lang)}
                </Typography.Text>
              )),
            },
            {
              title: t('till.saving'),
              width: 80,
              align: 'right',
              render: money(({ line, priced }) => formatMoney(lineSaving(line, priced))),
            },
            {
              title: t('till.amount'),
              width: 90,
              align: 'right',
              render: money(({ priced }) => <Typography.Text strong>{formatMoney(priced.amount)}</Typography.Text>),
            },
            ...(isOpen
              ? [
                  {
                    title: '',
                    width: 44,
                    render: (_: unknown, __: DraftLine, i: number) => (
                      <Button type="link" size="small" tabIndex={-1} onClick={() => setLines(lines.filter((_x, j) => j !== i))}>
                        {t('bill.pay.remove')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
          summary={() =>
            data.lines.length > 0 && !dirty ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={isOpen ? 9 : 8}>
                  <Typography.Text data-testid="till-totals">
                    {t('till.totals', {
                      list: formatMoney(prices.listTotal),
                      saving: formatMoney(prices.discountTotal - prices.roundOff),
                      amount: formatMoney(prices.amount),
                    })}
                    {prices.roundOff > 0 && ` · ${t('till.roundOff')} ${formatMoney(prices.roundOff)}`}
                  </Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
        {isOpen && (
          <Space style={{ marginTop: 8 }} wrap>
            <Button ref={addServiceButton} onClick={() => add(emptyLine('service'))} data-testid="till-add-service">
              {keyLabel(t('till.addService'), TILL_KEYS.addService)}
            </Button>
            <Button onClick={() => add(emptyLine('product'))} data-testid="till-add-product">
              {t('till.addProduct')}
            </Button>
            {data.memberId && (
              <Button onClick={() => add(emptyLine('package'))} data-testid="till-add-package">
                {t('till.addPackage')}
              </Button>
            )}
            {data.memberId && <CardLineButtons onAdd={(kind) => add(emptyLine(kind))} />}
            {data.memberId && (held.data?.length ?? 0) > 0 && (
              <Button onClick={() => add(emptyLine('service', 0))} data-testid="till-use-package">
                {t('till.usePackage')}
              </Button>
            )}
            <Button type="primary" ghost loading={busy} onClick={saveLines} data-testid="till-save-lines">
              {t('till.saveLines')}
            </Button>
            {dirty && <Typography.Text type="warning">{t('till.unsaved')}</Typography.Text>}
          </Space>
        )}
      </Card>
      {isOpen && data.lines.length > 0 && (
        <Card size="small" title={`${t('till.pay')} · ${t('till.toPay', { amount: formatMoney(toPay) })}`}>
          {!cardsReady ? (
            <PageLoading />
          ) : (
            <PaymentRows
              payments={payments}
              options={payOptions}
              toPay={toPay}
              onChange={changePayments}
              beside={balance}
              focusUid={focusPayment}
              addKey={TILL_KEYS.addPayment}
              actions={
                <VoucherVerifyButton
                  shopId={data.shopId}
                  channels={setup.voucherChannels}
                  onVerified={(v) => {
                    const payLabel = t('vouchers.payLabel', { channel: pickLabel(voucherChannelLabels[v.channel]) });
                    setVouchers([...vouchers, { id: v.id, label: `${payLabel} ${v.code} ${formatMoney(v.amount)}` }]);
                    // The voucher takes its value off the first payment, so the payments still add up to the bill.
                    const rest = payments.map((x, j) =>
                      j === 0 && !x.target.startsWith('voucher:') ? { ...x, amount: Math.max(0, x.amount - v.amount) } : x,
                    );
                    setPayments([...rest, { uid: crypto.randomUUID(), target: `voucher:${v.id}`, amount: v.amount }]);
                  }}
                />
              }
            >
              {prices.roundOff > 0 && (
                <Typography.Text type="secondary" data-testid="till-round-off">
                  {t('till.roundOff')} {formatMoney(prices.roundOff)}
                </Typography.Text>
              )}
              <Button type="primary" disabled={!canSettle} loading={busy} onClick={settle} data-testid="till-settle">
                {keyLabel(t('till.settle'), TILL_KEYS.settle)}
              </Button>
            </PaymentRows>
          )}
        </Card>
      )}
      {data.status === 4 && (
        <Card
          size="small"
          title={t('till.receipt')}
          extra={
            <Space>
              <Segmented<58 | 80>
                value={paper}
                onChange={setPaper}
                options={[
                  { value: 58, label: '58mm' },
                  { value: 80, label: '80mm' },
                ]}
              />
              <Button onClick={() => window.print()} data-testid="till-print">
                {keyLabel(t('till.print'), TILL_KEYS.print)}
              </Button>
            </Space>
          }
        >
          <pre data-testid="till-receipt" className="ho-receipt" data-paper={paper}>
            {receiptLines(
              data,
              prices,
              { name: setup.shopName, address: setup.shopAddress, phone: setup.shopPhone, needSign: setup.isNeedSign },
              paper,
              words,
            ).join('\n')}
          </pre>
        </Card>
      )}
      {data.status !== 1 && data.status !== 4 && <Empty description={t(`till.statuses.${data.status}`)} />}
    </Space>
  );
}
