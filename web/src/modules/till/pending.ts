import { baseHeaders } from '../../platform/http';
import { currentToken, readKey, writeKey } from '../../platform/session';

/**
 * Settles that could not reach the server wait here, in the browser's storage, until the network
 * returns. Each carries the key generated when its bill was opened, so sending it again settles once.
 */
export interface PendingSettle {
  billId: number;
  billNo: string;
  key: string;
  body: unknown;
}

const PENDING_KEY = 'ho.till.pending';
const KEYS_KEY = 'ho.till.keys';

export function pendingSettles(): PendingSettle[] {
  try {
    return JSON.parse(readKey(PENDING_KEY) ?? '[]') as PendingSettle[];
  } catch {
    return [];
  }
}

function savePending(list: PendingSettle[]) {
  writeKey(PENDING_KEY, JSON.stringify(list));
  window.dispatchEvent(new Event('ho-till-pending'));
}

/** The settle key of a bill: made when the bill is opened (or first needed) and kept with it. */
export function settleKeyOf(billId: number): string {
  let keys: Record<string, string> = {};
  try {
    keys = JSON.parse(readKey(KEYS_KEY) ?? '{}');
  } catch {
    keys = {};
  }
  if (!keys[billId]) {
    keys[billId] = `till-${billId}-${crypto.randomUUID()}`;
    writeKey(KEYS_KEY, JSON.stringify(keys));
  }
  return keys[billId];
}

export type SettleOutcome = { kind: 'done'; data: unknown } | { kind: 'failed'; message: string; status: number } | { kind: 'offline' };

/** Sends one settle with its key; a request that never reached the server is `offline`. */
export async function sendSettle(url: string, key: string, body: unknown): Promise<SettleOutcome> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { ...baseHeaders(currentToken()?.token ?? null), 'Content-Type': 'application/json;charset=UTF-8', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'offline' };
  }
  const payload = (await res.json().catch(() => null)) as { resp_code?: string; resp_msg?: string; data?: unknown } | null;
  if (res.ok && payload?.resp_code === '200') return { kind: 'done', data: payload.data };
  if (res.status >= 502 && res.status <= 504) return { kind: 'offline' };
  return { kind: 'failed', message: payload?.resp_msg ?? String(res.status), status: res.status };
}

export function queueSettle(p: PendingSettle) {
  savePending([...pendingSettles().filter((x) => x.billId !== p.billId), p]);
}

/** Sends every waiting settle in order; stops at the first that still cannot reach the server. Answers how many were sent. */
export async function flushPending(url: string): Promise<number> {
  let sent = 0;
  for (const p of pendingSettles()) {
    const outcome = await sendSettle(url, p.key, p.body);
    if (outcome.kind === 'offline') break;
    // Settled now, or refused for good (e.g. settled before): either way it no longer waits.
    savePending(pendingSettles().filter((x) => x.billId !== p.billId));
    sent++;
  }
  return sent;
}
