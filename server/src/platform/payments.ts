/**
 * Online payments: the chain's purchases from the product (SMS packages) and customers' booking
 * deposits, paid and refunded. `PAYMENT_PROVIDER=http` with `PAYMENT_HTTP_URL` POSTs
 * `{orderNo, amount, payType, subject}` to `<url>/pay` and `{tradeNo, amount}` to `<url>/refund`
 * (bearer `PAYMENT_HTTP_TOKEN` when set) and reads `{ok, tradeNo}` or `{ok: false, reason}`; anything
 * else (the default, and every test) is the local sandbox, which pays and refunds every order at once.
 */
export interface PaymentRequest {
  orderNo: string;
  /** Cents. */
  amount: number;
  /** 1 WeChat Pay, 2 Alipay. */
  payType: number;
  subject: string;
}

export type PaymentResult = { ok: true; tradeNo: string } | { ok: false; reason: string };

export interface RefundRequest {
  /** The trade number the payment answered. */
  tradeNo: string;
  /** Cents. */
  amount: number;
}

export interface PaymentAdapter {
  readonly name: 'sandbox' | 'http';
  pay(req: PaymentRequest): Promise<PaymentResult>;
  refund(req: RefundRequest): Promise<PaymentResult>;
}

export const sandboxPaymentAdapter: PaymentAdapter = {
  name: 'sandbox',
  async pay(req) {
    return { ok: true, tradeNo: `SBX-PAY-${req.orderNo}` };
  },
  async refund(req) {
    return { ok: true, tradeNo: `SBX-REFUND-${req.tradeNo}` };
  },
};

export function httpPaymentAdapter(baseUrl: string, token?: string, fetcher: typeof fetch = fetch): PaymentAdapter {
  const post = async (path: string, body: unknown): Promise<PaymentResult> => {
    let res: Response;
    try {
      res = await fetcher(`${baseUrl.replace(/\/+$/, '')}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (e) {
      return { ok: false, reason: `payment gateway unreachable: ${(e as Error).message}` };
    }
    if (!res.ok) return { ok: false, reason: `payment gateway answered ${res.status}` };
    const answer = (await res.json()) as { ok?: boolean; tradeNo?: string; reason?: string };
    return answer.ok && answer.tradeNo ? { ok: true, tradeNo: answer.tradeNo } : { ok: false, reason: answer.reason ?? 'refused' };
  };
  return { name: 'http', pay: (req) => post('pay', req), refund: (req) => post('refund', req) };
}

/** The adapter the configuration chooses. */
export function paymentAdapter(env: NodeJS.ProcessEnv = process.env): PaymentAdapter {
  return env.PAYMENT_PROVIDER === 'http' && env.PAYMENT_HTTP_URL
    ? httpPaymentAdapter(env.PAYMENT_HTTP_URL, env.PAYMENT_HTTP_TOKEN || undefined)
    : sandboxPaymentAdapter;
}
