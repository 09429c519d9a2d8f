import { smsProvider } from '../../platform/sms.js';

/**
 * Where campaign and automatic texts go. With the platform's `SMS_PROVIDER=http` (and
 * `SMS_HTTP_URL`), each text is POSTed as `{mobile, text}` like a verification code; otherwise the
 * local sandbox delivers every text except to a number ending in 0000, which it reports
 * unreachable (so a failed delivery can be seen and tried).
 */
export interface SmsAdapter {
  readonly name: 'sandbox' | 'http';
  send(message: { mobile: string; text: string }): Promise<{ ok: true } | { ok: false; error: string }>;
}

export const sandboxSmsAdapter: SmsAdapter = {
  name: 'sandbox',
  async send({ mobile }) {
    return mobile.endsWith('0000') ? { ok: false, error: 'sandbox: unreachable number' } : { ok: true };
  },
};

export function httpSmsAdapter(url: string, token?: string, fetcher: typeof fetch = fetch): SmsAdapter {
  return {
    name: 'http',
    async send(message) {
      try {
        const res = await fetcher(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(10_000),
        });
        return res.ok ? { ok: true } : { ok: false, error: `HTTP ${res.status}` };
      } catch (e) {
        return { ok: false, error: (e as Error).message };
      }
    },
  };
}

export function smsAdapter(env: NodeJS.ProcessEnv = process.env): SmsAdapter {
  return smsProvider(env) === 'http' ? httpSmsAdapter(env.SMS_HTTP_URL as string, env.SMS_HTTP_TOKEN || undefined) : sandboxSmsAdapter;
}
