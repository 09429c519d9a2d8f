import type { VoucherChannel } from '@headoffice/contract';

/**
 * The voucher platforms as the till sees them (Meituan and Douyin, one adapter: each request names
 * its channel): look a voucher up, consume (核销) it, revoke (撤销核销) it. `VOUCHER_PROVIDER=http` with `VOUCHER_HTTP_URL` talks to a voucher gateway over HTTP; anything
 * else (the default, and every test) is the local sandbox, which never leaves the process.
 */
export interface VoucherRequest {
  /** Which platform the voucher is of. */
  channel: VoucherChannel;
  /** The platform's shop: Meituan `openShopUuid`, Douyin `poiId`. */
  platformShopId: string;
  code: string;
  /** The Meituan account the shop is mapped under, when there is one (never for Douyin). */
  account?: string | null;
  /** The same key on a retry of the same operation, so the platform does it once. */
  requestId: string;
}

export type VoucherLookup =
  | { ok: true; productName: string; dealId: string | null; amount: number }
  | { ok: false; reason: 'used' | 'invalid' };

export interface VoucherAdapter {
  readonly name: 'sandbox' | 'http';
  lookup(req: VoucherRequest): Promise<VoucherLookup>;
  /** Consumes the voucher; answers the platform's receipt id. */
  consume(req: VoucherRequest): Promise<{ receiptId: string }>;
  revoke(req: VoucherRequest & { receiptId: string }): Promise<void>;
}

/** The platform did not answer as it should (network, a refusal of its own): the operation did not happen. */
export class VoucherPlatformError extends Error {}

/**
 * The local sandbox. Deterministic codes: the first letter says what the platform would answer
 * (`V` valid, `U` already used at the platform, anything else invalid), the digits after it the
 * voucher's value in yuan, anything after a `-` tells vouchers of the same value apart:
 * `V88-0001` is a valid voucher worth ¥88.00 for the product "沙盒团购券 ¥88" (Douyin: "沙盒抖音券 ¥88");
 * `U88-0001` was used elsewhere; `X1-1` does not exist.
 */
export const sandboxVoucherAdapter: VoucherAdapter = {
  name: 'sandbox',
  async lookup(req) {
    const m = /^([A-Za-z])(\d{1,6})(?:-[0-9A-Za-z]*)?$/.exec(req.code);
    if (!m || Number(m[2]) === 0) return { ok: false, reason: 'invalid' };
    const state = m[1].toUpperCase();
    if (state === 'U') return { ok: false, reason: 'used' };
    if (state !== 'V') return { ok: false, reason: 'invalid' };
    const yuan = Number(m[2]);
    const product = req.channel === 'douyin' ? '沙盒抖音券' : '沙盒团购券';
    return { ok: true, productName: `${product} ¥${yuan}`, dealId: `SBX-DEAL-${yuan}`, amount: yuan * 100 };
  },
  async consume(req) {
    return { receiptId: `SBX-${req.channel}-${req.code}` };
  },
  async revoke() {},
};

/**
 * The HTTP client of a voucher gateway (the service that holds the platforms' signing keys): POST
 * JSON to `<VOUCHER_HTTP_URL>/lookup`, `/consume` and `/revoke` with the request's fields (its
 * `channel` tells the gateway which platform to call), bearer
 * `VOUCHER_HTTP_TOKEN` when set; the gateway answers `{ok, productName, dealId, amount}` (amount in
 * cents, or `{ok: false, reason}`), `{receiptId}` and any 2xx. Ten seconds per call.
 */
export function httpVoucherAdapter(baseUrl: string, token?: string, fetcher: typeof fetch = fetch): VoucherAdapter {
  const url = baseUrl.replace(/\/+$/, '');
  async function call<T>(op: string, body: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetcher(`${url}/${op}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (e) {
      throw new VoucherPlatformError(`voucher gateway unreachable: ${(e as Error).message}`);
    }
    if (!res.ok) throw new VoucherPlatformError(`voucher gateway answered ${res.status} to ${op}`);
    return (await res.json()) as T;
  }
  return {
    name: 'http',
    async lookup(req) {
      const answer = await call<{ ok: boolean; productName?: string; dealId?: string; amount?: number; reason?: string }>('lookup', req);
      if (!answer.ok) return { ok: false, reason: answer.reason === 'used' ? 'used' : 'invalid' };
      if (!Number.isInteger(answer.amount) || (answer.amount ?? 0) <= 0 || !answer.productName)
        throw new VoucherPlatformError('voucher gateway answered a voucher without product or amount');
      return { ok: true, productName: answer.productName, dealId: answer.dealId ?? null, amount: answer.amount as number };
    },
    async consume(req) {
      const answer = await call<{ receiptId?: string }>('consume', req);
      if (!answer.receiptId) throw new VoucherPlatformError('voucher gateway answered no receipt');
      return { receiptId: answer.receiptId };
    },
    async revoke(req) {
      await call('revoke', req);
    },
  };
}

/** The adapter the configuration chooses. */
export function voucherAdapter(env: NodeJS.ProcessEnv = process.env): VoucherAdapter {
  return env.VOUCHER_PROVIDER === 'http' && env.VOUCHER_HTTP_URL
    ? httpVoucherAdapter(env.VOUCHER_HTTP_URL, env.VOUCHER_HTTP_TOKEN || undefined)
    : sandboxVoucherAdapter;
}
