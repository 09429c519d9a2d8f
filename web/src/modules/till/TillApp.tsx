import { SERVICE_DOC, serviceBillRow, TILL_PATHS as T, tillSetup } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Layout, List, Segmented, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { authApi } from '../../platform/auth';
import { keyLabel } from '../../platform/bills/PaymentRows';
import { http, isApiError } from '../../platform/http';
import { LangSwitch } from '../../platform/LangSwitch';
import { useLiveConnection, useLiveEvent, useLiveResync } from '../../platform/live';
import { formatMoney } from '../../platform/money';
import { PageLoading } from '../../platform/PageLoading';
import { getAppToken, getBoardToken, setAppToken } from '../../platform/session';
import { ShopSelect, useShops } from '../../platform/shops';
import { BillEditor } from './BillEditor';
import { StatusTag } from './BillView';
import { DayPanel } from './DayPanel';
import { TILL_KEYS, useHotkey } from './hotkeys';
import { OpenBill } from './OpenBill';
import { flushPending, pendingSettles } from './pending';
import { WheelPanel } from './WheelPanel';

const CASHIER_APP_ID = 'cashier';
/** The day's bookings: the calendar's code loads when the till first shows it. */
const BookingsPanel = lazy(() => import('./BookingsPanel'));
/** The till's views, by the path under /cashier. */
const VIEWS = { checkout: '/cashier', wheel: '/cashier/wheel', bookings: '/cashier/bookings' } as const;
type View = keyof typeof VIEWS;

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
  const [dayOpen, setDayOpen] = useState(false);
  const navigate = useNavigate();
  const pathname = useLocation().pathname;
  const view: View = pathname.startsWith(VIEWS.wheel) ? 'wheel' : pathname.startsWith(VIEWS.bookings) ? 'bookings' : 'checkout';
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
    void qc.invalidateQueries({ queryKey: ['till-day'] });
  }, [qc]);
  useHotkey(TILL_KEYS.newBill, view === 'checkout' ? () => setBillId(null) : null);
  // A bill of the shop changed elsewhere (head office revoked or revised it, another till settled it):
  // today's list and total refetch, and a bill head office changed is read again.
  useLiveConnection();
  useLiveEvent<{ docType: string; id: number; shopId: number | null; action: string }>('bill.changed', ({ payload }) => {
    if (payload.docType !== SERVICE_DOC || payload.shopId !== shopId) return;
    void qc.invalidateQueries({ queryKey: ['till-today'] });
    void qc.invalidateQueries({ queryKey: ['till-day'] });
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
          value={view}
          onChange={(v) => navigate(VIEWS[v as View])}
          options={[
            { value: 'checkout', label: t('till.wheel.checkout') },
            { value: 'wheel', label: <span data-testid="till-wheel-tab">{t('till.wheel.title')}</span> },
            { value: 'bookings', label: <span data-testid="till-bookings-tab">{t('till.bookings.title')}</span> },
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
      {view === 'wheel' && shopId && <WheelPanel key={shopId} shopId={shopId} />}
      {view === 'bookings' && shopId && (
        <Suspense fallback={<PageLoading />}>
          <BookingsPanel
            key={shopId}
            shopId={shopId}
            onOpenBill={(id) => {
              setBillId(id);
              refresh();
              navigate(VIEWS.checkout);
            }}
          />
        </Suspense>
      )}
      <Layout style={view === 'checkout' ? undefined : { display: 'none' }}>
        <Layout.Sider width={240} theme="light" style={{ padding: 12, overflow: 'auto' }}>
          <Button type="primary" block onClick={() => setBillId(null)} style={{ marginBottom: 12 }}>
            {keyLabel(t('till.newBill'), TILL_KEYS.newBill)}
          </Button>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text strong>{t('till.today')}</Typography.Text>
            <Button size="small" tabIndex={-1} onClick={() => setDayOpen(true)} data-testid="till-day-open">
              {t('till.day.button')}
            </Button>
          </Space>
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
                  <Space orientation="vertical" size={0} style={{ width: '100%' }}>
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
      {shopId && <DayPanel shopId={shopId} open={dayOpen} onClose={() => setDayOpen(false)} />}
    </Layout>
  );
}
