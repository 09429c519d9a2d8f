import { randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.js';
import { platformSettings } from '../db/tenants.js';
import { forbidden, unauthorized } from './errors.js';
import { defineProvider } from './hooks.js';

const TOKEN_TTL_SECONDS = 12 * 60 * 60;

export interface TokenClaims {
  userId: number;
  tenantId: number;
  appId: string;
  tokenVersion: number;
  jti: string;
  exp: number;
}

export interface Auth extends TokenClaims {
  username: string;
  name: string;
  isSuper: boolean;
  permissions: Set<string>;
  loginShops: number[];
  managerShops: number[];
  /**
   * An employee's own account (员工自助账号): it holds no right and reaches only the routes declared
   * `self` (its sign-in, schedule and commission); every other route answers 403.
   */
  selfService?: boolean;
}

/** argon2id at the library's defaults (19 MiB, two passes); a hash names its own cost, so verifying follows it. */
let hashCost: { memoryCost?: number; timeCost?: number } = {};
export const hashPassword = (password: string) => hash(password, { algorithm: 2, ...hashCost });
/**
 * Tests only: a cheaper argon2id for the passwords hashed from now on (the defaults take about 50 ms a
 * hash, thousands of times over in the test suite). The product never calls it.
 */
export function setPasswordHashCost(cost: { memoryCost: number; timeCost: number }) {
  hashCost = cost;
}
export const verifyPassword = (hashed: string, password: string) => verify(hashed, password).catch(() => false);

/** The signing secret: from configuration, else generated once and kept in the database for every instance. */
export async function loadSecret(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const generated = randomBytes(48).toString('base64url');
  await db.insert(platformSettings).values({ key: 'jwt_secret', value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, 'jwt_secret'));
  return new TextEncoder().encode(row.value);
}

export async function signToken(secret: Uint8Array, claims: Omit<TokenClaims, 'jti' | 'exp'>): Promise<string> {
  return new SignJWT({ tid: claims.tenantId, app: claims.appId, tv: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
    .sign(secret);
}

/** The token of an `Authorization: Bearer …` header; 401 without one. */
export function bearerToken(header: string | undefined): string {
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw unauthorized();
  return token;
}

const positiveId = (value: unknown) => (typeof value === 'string' || typeof value === 'number') && /^[1-9]\d{0,15}$/.test(String(value));

/** A token signed by us but missing a claim, or holding a claim of the wrong kind, is refused like an expired one. */
export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims> {
  const payload = await jwtVerify(token, secret, { algorithms: ['HS256'] }).then(
    (verified) => verified.payload,
    () => undefined,
  );
  if (
    !payload ||
    !positiveId(payload.sub) ||
    !positiveId(payload.tid) ||
    typeof payload.app !== 'string' ||
    !Number.isSafeInteger(payload.tv) ||
    typeof payload.jti !== 'string' ||
    typeof payload.exp !== 'number'
  )
    throw unauthorized('tokenExpired');
  return {
    userId: Number(payload.sub),
    tenantId: Number(payload.tid),
    appId: payload.app,
    tokenVersion: payload.tv as number,
    jti: payload.jti,
    exp: payload.exp,
  };
}

/** What a signed-in user may do, read from identity's users and roles (identity provides it at start). */
export type AccessOf = Omit<Auth, keyof TokenClaims>;
export const accessLoader = defineProvider<(tx: Db, claims: TokenClaims) => Promise<AccessOf>>('the access loader');

/** Loads what the signed-in user may do now; a disabled user, a revoked or outdated token is refused. */
export async function loadAuth(tx: Db, claims: TokenClaims): Promise<Auth> {
  return { ...claims, ...(await accessLoader.call(tx, claims)) };
}

export function can(auth: Auth, permission: string): boolean {
  return auth.isSuper || auth.permissions.has(permission);
}

/** Shops whose data the user may see, or `undefined` for every shop of the tenant. */
export function visibleShops(auth: Auth): number[] | undefined {
  if (auth.isSuper) return undefined;
  return [...new Set([...auth.loginShops, ...auth.managerShops])];
}

/** A shop the user names (a filter, a body's shop) must be one of theirs: 403 otherwise. */
export function assertShopVisible(auth: Auth, shopId: number | null | undefined) {
  if (shopId === undefined) return;
  const visible = visibleShops(auth);
  if (visible && (shopId === null || !visible.includes(shopId))) throw forbidden('shopForbidden');
}

/** Rows of the shops the user sees (`column` holds the shop): none narrowed for head office. */
export function inVisibleShops(auth: Auth, column: PgColumn): SQL | undefined {
  const visible = visibleShops(auth);
  return visible ? inArray(column, visible.length ? visible : [0]) : undefined;
}
