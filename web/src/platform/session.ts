/**
 * Where tokens live. The board signs in once (`ho.token`); opening an application re-logs in for that
 * application and keeps its own token (`ho.token.<appId>`), so an admin tab and a cashier tab can hold
 * different sessions (DESIGN §1). Each application's routes start with its own prefix.
 */
export const BOARD_TOKEN_KEY = 'ho.token';
export const TENANT_KEY = 'ho.tenantId';
export const appTokenKey = (appId: string) => `${BOARD_TOKEN_KEY}.${appId}`;

/** Route prefix → appId of the applications served by this web app. */
const APP_PREFIXES: [prefix: string, appId: string][] = [
  ['/admin', 'admin'],
  ['/cashier', 'cashier'],
];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readKey(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeKey(key: string, value: string | null): void {
  try {
    const s = storage();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    /* storage full or disabled: the session simply does not persist */
  }
}

/** The application a route belongs to (`/admin/...` → `admin`), or null for the board and sign-in. */
export function appIdForPath(pathname: string): string | null {
  for (const [prefix, appId] of APP_PREFIXES) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return appId;
  }
  return null;
}

function currentPath(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

/** The token a request from this page should carry: the app-scoped one when present, else the board's. */
export function currentToken(pathname: string = currentPath()): { key: string; token: string } | null {
  const appId = appIdForPath(pathname);
  if (appId) {
    const t = readKey(appTokenKey(appId));
    if (t) return { key: appTokenKey(appId), token: t };
  }
  const board = readKey(BOARD_TOKEN_KEY);
  return board ? { key: BOARD_TOKEN_KEY, token: board } : null;
}

export const getBoardToken = () => readKey(BOARD_TOKEN_KEY);
export const getAppToken = (appId: string) => readKey(appTokenKey(appId));

export function setBoardToken(token: string, tenantId?: string | number | null): void {
  writeKey(BOARD_TOKEN_KEY, token);
  if (tenantId !== undefined && tenantId !== null) writeKey(TENANT_KEY, String(tenantId));
}

export function setAppToken(appId: string, token: string, tenantId?: string | number | null): void {
  writeKey(appTokenKey(appId), token);
  if (tenantId !== undefined && tenantId !== null) writeKey(TENANT_KEY, String(tenantId));
}

export function clearToken(key: string): void {
  writeKey(key, null);
}

/** Sign out everywhere in this browser: the board token and every app-scoped token. */
export function clearAllTokens(): void {
  const s = storage();
  if (!s) return;
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k && (k === BOARD_TOKEN_KEY || k.startsWith(`${BOARD_TOKEN_KEY}.`) || k === TENANT_KEY)) keys.push(k);
  }
  for (const k of keys) writeKey(k, null);
}

/** Only same-site paths are accepted as a post-sign-in destination. */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return fallback;
  return value;
}
