import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Outlet, Route, Routes, useNavigate } from 'react-router';
import { menusQuery, meQuery } from '../platform/auth';
import { EmptyState } from '../platform/Empty';
import { isApiError } from '../platform/http';
import { loadModuleTexts } from '../platform/i18n';
import { bindNotify } from '../platform/notify';
import { PageLoading } from '../platform/PageLoading';
import { preloadPage } from '../platform/pages';
import { appIdForPath, getAppToken } from '../platform/session';

const LoginPage = lazy(() => import('./login/LoginPage'));
const BoardPage = lazy(() => import('./board/BoardPage'));

/** A lazy page of these modules: its code and the modules' texts (in the language shown) fetched together. */
const withTexts = (modules: string[], load: () => Promise<{ default: ComponentType }>) =>
  lazy(() => Promise.all([load(), loadModuleTexts(modules)]).then(([m]) => m));

/** The phone's pages (the sign-in opened from a shop's QR code, the employee's schedule and commission), outside the applications. */
const PhoneApp = withTexts(['attendance', 'royalty'], () => import('./phone/PhoneApp'));
/** A shop's online booking page and the customer's booking (no sign-in), outside the applications. */
const OnlineBooking = withTexts(['bookings'], () => import('../modules/bookings/OnlineBooking'));
const ADMIN = 'admin'; // the admin application's id (ADMIN_APP_ID, not imported: its module lists every page)
const loadAdmin = () => import('./admin/AdminApp');
const AdminApp = lazy(loadAdmin);
/** The cashier application (the board's 收银 app), with its own token; it shows bills' cards, vouchers and gifts too. */
const TillApp = withTexts(['till', 'cashier', 'vouchers', 'assets', 'bookings'], () => import('../modules/till/TillApp'));
const ForbiddenPage = lazy(() => import('../platform/results').then((m) => ({ default: m.ForbiddenPage })));
const NotFoundPage = lazy(() => import('../platform/results').then((m) => ({ default: m.NotFoundPage })));

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // client errors (4xx) will not get better by asking again
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 0,
    },
    mutations: { retry: false },
  },
});

/**
 * Opened on an admin page (a link, a reload), what its first screen waits for is asked for at once, side
 * by side, rather than each when the one before has rendered: the shell's code, the page list and through
 * it the page's code and texts (AdminApp would ask only once its own code is there), and with the app's
 * token the user and the menus the shell asks for first. The entry calls it once the texts can be fetched.
 */
export function startEarly(pathname = typeof window === 'undefined' ? '' : window.location.pathname): void {
  if (appIdForPath(pathname) !== ADMIN) return;
  if (getAppToken(ADMIN)) {
    void queryClient.prefetchQuery(meQuery);
    void queryClient.prefetchQuery(menusQuery(ADMIN));
  }
  // The code after the two requests: a browser sends at most six requests to a server at once, and the
  // shell's and the page's code is dozens of files; asked first, it held the user and the menus back
  // by half a second (bench:web, "sent at").
  setTimeout(() => {
    loadAdmin().catch(() => undefined);
    import('./admin/pages').then(({ adminPages }) => preloadPage(adminPages, pathname)).catch(() => undefined);
  }, 0);
}

/** Who asked their system for less motion gets none: dialogs, drawers and menus appear and go at once. */
const reducedMotion = typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

const theme: ThemeConfig = {
  token: {
    motion: !reducedMotion,
    colorPrimary: '#2f54eb',
    borderRadius: 6,
    fontSize: 14,
  },
  components: {
    Layout: { siderBg: '#001529', headerBg: '#fff' },
    Table: { headerBg: '#fafbfc' },
  },
};

/** Lets the HTTP client use the context-aware message API and the router. */
function NotifyBinder() {
  const { message, modal } = AntApp.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    bindNotify({ message, modal, navigate: (to) => navigate(to) });
  }, [message, modal, navigate]);
  return null;
}

/** The routing shell: renders only the nested routed view. */
function Shell() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route path="/" element={<BoardPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/m/*" element={<PhoneApp />} />
        <Route path="/book/*" element={<OnlineBooking />} />
        <Route path="/403" element={<ForbiddenPage />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="/cashier/*" element={<TillApp />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function Root() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  return (
    <ConfigProvider locale={en ? enUS : zhCN} theme={theme} renderEmpty={(name) => <EmptyState compact={name !== 'Table'} />}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <NotifyBinder />
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
