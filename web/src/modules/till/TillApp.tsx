import {
  type BillLineKind,
  memberCouponKindLabels,
  memberCouponRow,
  memberLookupRow,
  SERVICE_DOC,
  type ServiceBillDetail,
  serviceBillDetail,
  serviceBillRow,
  TILL_PATHS as T,
  type TillSetup,
  tillPackageLine,
  tillSetup,
  voucherChannelLabels,
} from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Badge,
  Button,
  Card,
  Empty,
  Input,
  InputNumber,
  Layout,
  List,
  Radio,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { authApi } from '../../platform/auth';
import { http, isApiError } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { LangSwitch } from '../../platform/LangSwitch';
import { useLiveConnection, useLiveEvent, useLiveResync } from '../../platform/live';
import { formatMoney } from '../../platform/money';
import { PageLoading } from '../../platform/PageLoading';
import { getAppToken, getBoardToken, setAppToken } from '../../platform/session';
import { ShopSelect, useShops } from '../../platform/shops';
import { StatusTag } from './BillView';
import { CardLineButtons, CardLineItem, isCardKind } from './CardLines';
import { type DraftPayment, PaymentRows } from './PaymentRows';
import { flushPending, pendingSettles, queueSettle, sendSettle, settleKeyOf } from './pending';
import { receiptLines } from './receipt';
import { VoucherVerifyButton } from './VoucherVerify';
import { WheelPanel } from './WheelPanel';

const CASHIER_APP_ID = 'cashier';
type Member = z.infer<typeof memberLookupRow>;
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
}

/** The cashier application at /cashier, with its own token (`ho.token.cashier`), re-logged in from the board's. */
export default function TillApp() {
  const [gate, setGate] = useState<'checking' | 'ready' | 'signin'>(() =>
    getAppToken(CASHIER_APP_ID) ? 'ready' : getBoardToken() ? 'checking' : 'signin',
  );
  const location = useLocation();
  useEffect(() => {
    if (gate !== 'checking') return;
    authApi
      .relogin(CASHIER_APP_ID)
      .then((data) => {
        setAppToken(CASHIER_APP_ID, data.access_token, data.tenantId);
        setGate('ready');
      })
      .catch((e: unknown) => setGate(isApiError(e) && e.status === 401 ? 'signin' : 'ready'));
  }, [gate]);
  if (gate === 'signin') return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  if (gate === 'checking') return <PageLoading />;
  return <Till />;
}

/** Steps of a till bill taken by head office, not at the till. */
const HEAD_OFFICE_STEPS = ['revoke', 'revise', 'adjust', 'cancel', 'delete'];

function Till() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { shops } = useShops();
  const [shopId, setShopId] = useState<number | null>(null);
  const [billId, setBillId] = useState<number | null>(null);
  const [pending, setPending] = useState(pendingSettles());
  const navigate = useNavigate();
  const wheel = useLocation().pathname.startsWith('/cashier/wheel');
  useEffect(() => {
    if (!shopId && shops.length) setShopId(shops[0].id);
  }, [shops, shopId]);
  const setup = useQuery({
    queryKey: ['till-setup', shopId],
    queryFn: () => http.read(tillSetup, T.setup, { shopid: shopId }),
    enabled: !!shopId,
  });
  const today = useQuery({
    queryKey: ['till-today', shopId],
    queryFn: () => http.read(z.array(serviceBillRow), T.today, { shopid: shopId }),
    enabled: !!shopId,
  });
  const refresh = useCallback(() => {
    void qc.invalidateQueries({ queryKey: ['till-today'] });
    void qc.invalidateQueries({ queryKey: ['till-bill'] });
    void qc.invalidateQueries({ queryKey: ['till-setup'] });
  }, [qc]);
  // A bill of the shop changed elsewhere (head office revoked or revised it, another till settled it):
  // today's list refetches, and a bill head office changed is read again.
  useLiveConnection();
  useLiveEvent<{ docType: string; id: number; shopId: number | null; action: string }>('bill.changed', ({ payload }) => {
    if (payload.docType !== SERVICE_DOC || payload.shopId !== shopId) return;
    void qc.invalidateQueries({ queryKey: ['till-today'] });
    if (HEAD_OFFICE_STEPS.includes(payload.action)) void qc.invalidateQueries({ queryKey: ['till-bill', payload.id] });
  });
  useLiveResync(() => void qc.invalidateQueries({ queryKey: ['till-today'] }));
  // Pending settles go out when the network returns (and every 10 s while any wait).
  useEffect(() => {
    const sync = () => setPending(pendingSettles());
    const flush = async () => {
      if (!pendingSettles().length) return;
      const sent = await flushPending(T.settle);
      sync();
      if (sent) {
        message.success(t('till.pendingSent'));
        refresh();
      }
    };
    window.addEventListener('ho-till-pending', sync);
    window.addEventListener('online', flush);
    const timer = window.setInterval(flush, 10_000);
    void flush();
    return () => {
      window.removeEventListener('ho-till-pending', sync);
      window.removeEventListener('online', flush);
      window.clearInterval(timer);
    };
  }, [message, t, refresh]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, paddingInline: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('till.app')}
        </Typography.Title>
        <ShopSelect
          value={shopId}
          onChange={(v) => {
            setShopId(v);
            setBillId(null);
          }}
          placeholder={t('till.chooseShop')}
          style={{ width: 200 }}
        />
        <Segmented
          value={wheel ? 'wheel' : 'checkout'}
          onChange={(v) => navigate(v === 'wheel' ? '/cashier/wheel' : '/cashier')}
          options={[
            { value: 'checkout', label: t('till.wheel.checkout') },
            { value: 'wheel', label: <span data-testid="till-wheel-tab">{t('till.wheel.title')}</span> },
          ]}
        />
        <span style={{ flex: 1 }} />
        {pending.length > 0 && (
          <Badge count={pending.length}>
            <Tag color="orange" data-testid="till-pending">
              {t('till.pending')}
            </Tag>
          </Badge>
        )}
        <LangSwitch />
      </Layout.Header>
      {wheel && shopId && <WheelPanel key={shopId} shopId={shopId} />}
      <Layout style={wheel ? { display: 'none' } : undefined}>
        <Layout.Sider width={280} theme="light" style={{ padding: 12, overflow: 'auto' }}>
          <Button type="primary" block onClick={() => setBillId(null)} style={{ marginBottom: 12 }}>
            {t('till.newBill')}
          </Button>
          <Typography.Text strong>{t('till.today')}</Typography.Text>
          <List
            size="small"
            dataSource={today.data ?? []}
            renderItem={(b) => {
              const waiting = pending.some((p) => p.billId === b.id);
              return (
                <List.Item
                  onClick={() => setBillId(b.id)}
                  style={{ cursor: 'pointer', background: b.id === billId ? '#e6f4ff' : undefined, paddingInline: 8 }}
                  data-testid={`till-bill-${b.billNo}`}
                >
                  <Space direction="vertical" size={0} style={{ width: '100%' }}>
                    <Space>
                      <Tag>#{b.handTag}</Tag>
                      {waiting ? <Tag color="orange">{t('till.pending')}</Tag> : <StatusTag status={b.status} isHc={b.isHc} />}
                    </Space>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {b.billNo} · {b.memberName ?? t('till.walkIn')} · {formatMoney(b.amount)}
                    </Typography.Text>
                  </Space>
                </List.Item>
              );
            }}
          />
        </Layout.Sider>
        <Layout.Content style={{ padding: 12, overflow: 'auto' }}>
          {!shopId || !setup.data ? (
            <PageLoading />
          ) : billId === null ? (
            <OpenBill
              setup={setup.data}
              onOpened={(b) => {
                setBillId(b.id);
                refresh();
              }}
            />
          ) : (
            <BillEditor
              key={billId}
              billId={billId}
              setup={setup.data}
              waiting={pending.some((p) => p.billId === billId)}
              onChanged={refresh}
            />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** 开单: find the member (or a walk-in), pick the card whose prices apply, a hand tag (or the next free one). */
function OpenBill({ setup, onOpened }: { setup: TillSetup; onOpened: (bill: ServiceBillDetail) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Member[] | null>(null);
  const [member, setMember] = useState<Member | null>(null);
  const [cardId, setCardId] = useState<number | null>(null);
  const [handTag, setHandTag] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const find = async (value: string) => {
    const rows = await http.read(z.array(memberLookupRow), T.member, { shopid: setup.shopId, q: value });
    setFound(rows);
    setMember(rows[0] ?? null);
    setCardId(rows[0]?.cards[0]?.cardId ?? null);
  };
  const open = async () => {
    setBusy(true);
    try {
      const bill = await http.send(serviceBillDetail, T.open, {
        shopId: setup.shopId,
        memberId: member?.memberId,
        cardId: cardId ?? undefined,
        handTag: handTag ?? undefined,
      });
      settleKeyOf(bill.id);
      message.success(t('till.opened', { tag: bill.handTag }));
      onOpened(bill);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('till.open')} style={{ maxWidth: 720 }}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Input.Search
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('till.findMember')}
          enterButton={t('till.find')}
          onSearch={(v) => v.trim().length >= 4 && find(v.trim())}
          data-testid="till-member-search"
        />
        {found && !found.length && <Typography.Text type="secondary">{t('till.noMember')}</Typography.Text>}
        {member && (
          <Card size="small" title={`${member.name} · ${member.mobile}`}>
            <Radio.Group value={cardId} onChange={(e) => setCardId(e.target.value)}>
              <Space direction="vertical">
                {member.cards.map((c) => (
                  <Radio key={c.cardId} value={c.cardId}>
                    {c.cardNo} {c.cardTypeName} · {t('till.balance', { principal: formatMoney(c.principal), gift: formatMoney(c.gift) })}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Card>
        )}
        <Space>
          {t('till.handTag')}
          <InputNumber
            min={1}
            max={9999}
            value={handTag}
            onChange={setHandTag}
            placeholder={setup.handTags.isAutoNo ? t('till.handTagAuto') : ''}
          />
          <Button type="primary" loading={busy} onClick={open} data-testid="till-open">
            {t('till.open')}
          </Button>
          {member && (
            <Button
              onClick={() => {
                setMember(null);
                setFound(null);
                setCardId(null);
              }}
            >
              {t('till.walkIn')}
            </Button>
          )}
        </Space>
      </Space>
    </Card>
  );
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
    ...(isCardKind(l.kind as BillLineKind) ? { amount: l.price } : {}),
  }));

/** One bill: its lines and staff while open, the payments and the settle, then the receipt. */
function BillEditor({ billId, setup, waiting, onChanged }: { billId: number; setup: TillSetup; waiting: boolean; onChanged: () => void }) {
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
  /** What money must pay: the lines paid with package counts are paid by the package. */
  const toPay = data ? data.amount - data.lines.filter((l) => l.packageLineId !== null).reduce((s, l) => s + l.amount, 0) : 0;
  useEffect(() => {
    if (!data) return;
    setLines(draftOf(data));
    const cash = setup.payTypes.find((p) => p.code === '01');
    setPayments([
      {
        uid: crypto.randomUUID(),
        target: data.cardId ? `card:${data.cardId}` : `pay:${cash?.payTypeId ?? setup.payTypes[0]?.payTypeId}`,
        amount: data.amount - data.lines.filter((l) => l.packageLineId !== null).reduce((s, l) => s + l.amount, 0),
      },
    ]);
  }, [data, setup.payTypes]);
  const payOptions = useMemo(
    () => [
      ...(data?.cardId && !data.lines.some((l) => isCardKind(l.kind as BillLineKind))
        ? [{ value: `card:${data.cardId}`, label: `${t('till.payCard')} ${data.cardNo ?? ''}` }]
        : []),
      ...setup.payTypes.filter((p) => !p.kind).map((p) => ({ value: `pay:${p.payTypeId}`, label: `${p.code} ${p.name}` })),
      ...vouchers.map((v) => ({ value: `voucher:${v.id}`, label: v.label })),
      ...(couponsHeld.data ?? []).map((c) => ({
        value: `coupon:${c.id}`,
        label: `${pickLabel(memberCouponKindLabels[c.kind])} ${c.definitionName} ${formatMoney(c.remaining)} · ${c.code}`,
      })),
    ],
    [data, setup.payTypes, t, vouchers, couponsHeld.data],
  );
  /**
   * Choosing a coupon or red envelope for a row pays with it as much as it has left (at most the bill),
   * taken off the first cash-like row so the payments still add up; it never pays more than it has left.
   */
  const changePayments = (next: DraftPayment[]) => {
    const heldFor = (p: DraftPayment) =>
      p.target.startsWith('coupon:') ? couponsHeld.data?.find((c) => c.id === Number(p.target.slice(7))) : undefined;
    const before = (p: DraftPayment) => payments.find((x) => x.uid === p.uid);
    let rows = next.map((p) => {
      const held = heldFor(p);
      if (!held) return p;
      if (before(p)?.target !== p.target) return { ...p, amount: Math.min(held.remaining, toPay) };
      return p.amount > held.remaining ? { ...p, amount: held.remaining } : p;
    });
    const chosen = rows.find((p) => heldFor(p) && before(p)?.target !== p.target);
    if (chosen) {
      const grown = chosen.amount - (before(chosen)?.amount ?? 0);
      const payer = rows.find((p) => p.uid !== chosen.uid && p.target.startsWith('pay:'));
      if (payer) rows = rows.map((p) => (p.uid === payer.uid ? { ...p, amount: Math.max(0, p.amount - grown) } : p));
    }
    setPayments(rows);
  };
  if (!data) return <PageLoading />;
  const isOpen = data.status === 1 && !waiting;
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
  const paid = payments.reduce((s, p) => s + (p.amount || 0), 0);
  const settle = async () => {
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
        // The member's package counts and coupons moved: the next bill offers what is left.
        void qc.invalidateQueries({ queryKey: ['till-packages'] });
        void qc.invalidateQueries({ queryKey: ['till-coupons'] });
        message.success(t('till.settled'));
      }
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  const voidBill = async () => {
    await http.post(T.void, { id: data.id, reason: t('till.voidBill') });
    onChanged();
  };
  const labels = {
    billNo: t('till.billNo'),
    handTag: t('till.handTag'),
    member: t('till.member'),
    listTotal: t('till.listTotal'),
    discountTotal: t('till.discountTotal'),
    amount: t('till.amount'),
  };
  const linePrice = (l: DraftLine) => data.lines.find((x) => x.itemId === l.itemId && x.kind === l.kind);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space>
            <Tag color="blue">#{data.handTag}</Tag>
            {data.billNo}
            <StatusTag status={data.status} isHc={data.isHc} />
            {waiting && <Tag color="orange">{t('till.pending')}</Tag>}
            <span>{data.memberName ?? t('till.walkIn')}</span>
          </Space>
        }
        extra={
          isOpen && (
            <Button danger onClick={voidBill}>
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
                    disabled={!isOpen}
                    style={{ width: 220 }}
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
                    disabled={!isOpen}
                    style={{ width: 220 }}
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
              width: 80,
              render: (_, l, i) => (
                <InputNumber
                  disabled={!isOpen || isCardKind(l.kind)}
                  min={1}
                  max={999}
                  value={l.num}
                  onChange={(v) => update(i, { num: v ?? 1 })}
                />
              ),
            },
            {
              title: t('till.employee1'),
              render: (_, l, i) => (
                <Space>
                  <Select
                    disabled={!isOpen}
                    allowClear
                    style={{ width: 150 }}
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
                  style={{ width: 150 }}
                  value={l.station2}
                  onChange={(v) => update(i, { station2: v ?? null })}
                  showSearch
                  optionFilterProp="label"
                  options={staffOptions}
                  data-testid={`till-line-s2-${i}`}
                />
              ),
            },
            { title: t('till.amount'), width: 100, render: (_, l) => (linePrice(l) ? formatMoney(linePrice(l)?.amount) : '-') },
            ...(isOpen
              ? [
                  {
                    title: '',
                    width: 60,
                    render: (_: unknown, __: DraftLine, i: number) => (
                      <Button type="link" size="small" onClick={() => setLines(lines.filter((_x, j) => j !== i))}>
                        {t('till.remove')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
        {isOpen && (
          <Space style={{ marginTop: 8 }}>
            <Button
              onClick={() =>
                setLines([
                  ...lines,
                  { kind: 'service', itemId: null, num: 1, station1: null, appointed: false, station2: null, packageLineId: null },
                ])
              }
              data-testid="till-add-service"
            >
              {t('till.addService')}
            </Button>
            <Button
              onClick={() =>
                setLines([
                  ...lines,
                  { kind: 'product', itemId: null, num: 1, station1: null, appointed: false, station2: null, packageLineId: null },
                ])
              }
              data-testid="till-add-product"
            >
              {t('till.addProduct')}
            </Button>
            {data.memberId && (
              <Button
                onClick={() =>
                  setLines([
                    ...lines,
                    { kind: 'package', itemId: null, num: 1, station1: null, appointed: false, station2: null, packageLineId: null },
                  ])
                }
                data-testid="till-add-package"
              >
                {t('till.addPackage')}
              </Button>
            )}
            {data.memberId && (
              <CardLineButtons
                onAdd={(kind) =>
                  setLines([
                    ...lines,
                    { kind, itemId: null, num: 1, station1: null, appointed: false, station2: null, packageLineId: null },
                  ])
                }
              />
            )}
            {data.memberId && (held.data?.length ?? 0) > 0 && (
              <Button
                onClick={() =>
                  setLines([
                    ...lines,
                    { kind: 'service', itemId: null, num: 1, station1: null, appointed: false, station2: null, packageLineId: 0 },
                  ])
                }
                data-testid="till-use-package"
              >
                {t('till.usePackage')}
              </Button>
            )}
            <Button type="primary" ghost loading={busy} onClick={saveLines} data-testid="till-save-lines">
              {t('till.saveLines')}
            </Button>
          </Space>
        )}
      </Card>
      {isOpen && data.lines.length > 0 && (
        <Card size="small" title={`${t('till.pay')} · ${t('till.toPay', { amount: formatMoney(toPay) })}`}>
          <PaymentRows
            payments={payments}
            options={payOptions}
            toPay={toPay}
            onChange={changePayments}
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
            <Button type="primary" disabled={paid !== toPay} loading={busy} onClick={settle} data-testid="till-settle">
              {t('till.settle')}
            </Button>
          </PaymentRows>
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
              <Button onClick={() => window.print()}>{t('till.print')}</Button>
            </Space>
          }
        >
          <pre data-testid="till-receipt" className="ho-receipt">
            {receiptLines(data, setup.shopName, paper, labels).join('\n')}
          </pre>
        </Card>
      )}
      {data.status !== 1 && data.status !== 4 && <Empty description={t(`till.statuses.${data.status}`)} />}
    </Space>
  );
}
