import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { setCompanyZone } from './clock';
import { http } from './http';
import { clearAllTokens, currentToken, getBoardToken } from './session';

export interface LoginResult {
  access_token: string;
  tenantId: number | string;
  user: { id: number; username: string; name: string };
}
export interface AppEntry {
  appId: string;
  name: string;
  nameEn?: string | null;
  icon?: string | null;
  url?: string | null;
}
export interface AppToken {
  access_token: string;
  tenantId: number | string;
}
export interface ShopRef {
  id: number;
  code: string;
  name: string;
}
export interface Me {
  user: {
    id: number;
    username: string;
    name: string;
    tenantId: number | string;
    tenantCode: string;
    tenantName: string;
    timeZone?: string;
    appId?: string | null;
  };
  roles: { id: number; name: string }[];
  /** Holds a super role: every right, every shop and the chain's own records. */
  isSuper?: boolean;
  permissions: string[];
  loginShops: ShopRef[];
  managerShops: ShopRef[];
  /** An employee's own account: only the phone's pages (sign-in, schedule, commission). */
  selfService?: boolean;
}
export interface MenuNode {
  id: number | string;
  name: string;
  nameEn?: string | null;
  icon?: string | null;
  url?: string | null;
  sort?: number;
  permKey?: string | null;
  children?: MenuNode[];
}

export const authApi = {
  login: (body: { tenant: string; username: string; password: string }) => http.post<LoginResult>('/api-user/login', body, { token: null }),
  apps: () => http.get<AppEntry[]>('/api-user/apps'),
  /** Re-login for an application with the board's token; 4005 comes back as an ApiError, unannounced. */
  relogin: (appId: string) => http.post<AppToken>('/api-user/relogin', { appId }, { quiet: true }),
  /** Sign in to an application with its independent password. */
  appLogin: (appId: string, password: string) => http.post<AppToken>('/api-user/app-login', { appId, password }, { authRedirect: false }),
  me: () => http.get<Me>('/api-user/me'),
  menus: (appId: string) => http.get<MenuNode[]>('/api-user/menus/mine', { appId }),
};

/** Revoke the tokens this browser holds (best effort) and forget them. */
export async function logout(): Promise<void> {
  const tokens = new Set<string>();
  const cur = currentToken();
  if (cur) tokens.add(cur.token);
  const board = getBoardToken();
  if (board) tokens.add(board);
  await Promise.allSettled([...tokens].map((token) => http.post('/api-user/logout', {}, { token, quiet: true, timeout: 8000 })));
  clearAllTokens();
}

/** The signed-in user: with `useMe`, or `usePrefetchQuery(meQuery)` to ask before it is needed. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async () => {
    const me = await authApi.me();
    setCompanyZone(me.user.timeZone);
    return me;
  },
  staleTime: 5 * 60_000,
});

/** The user's menu of an application (as for `meQuery`). */
export const menusQuery = (appId: string) =>
  queryOptions({ queryKey: ['menus', appId], queryFn: () => authApi.menus(appId), staleTime: 5 * 60_000 });

export function useMe(enabled = true) {
  return useQuery({ ...meQuery, enabled });
}

export function useMenus(appId: string, enabled = true) {
  return useQuery({ ...menusQuery(appId), enabled });
}

/** `can('org.shop.edit')`: the signed-in user holds the permission ("*" grants all). */
export function usePermission() {
  const { data } = useMe();
  const perms = data?.permissions;
  return useCallback(
    (key?: string | null) => {
      if (!key) return true;
      if (!perms) return false;
      return perms.includes(key) || perms.includes('*');
    },
    [perms],
  );
}
