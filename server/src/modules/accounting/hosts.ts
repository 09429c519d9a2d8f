import { defineMessages } from '../../platform/i18n.js';

defineMessages({
  accountingHttpOff: [
    '服务器未允许推送到外部地址，请选择文件方式',
    'The server does not allow the HTTP adapter (ACCOUNTING_HTTP_HOSTS is not set): choose the file adapter',
  ],
  accountingHostNotAllowed: [
    '地址的主机 {host} 不在服务器允许的列表中',
    'The host {host} is not on the server’s list of accounting hosts (ACCOUNTING_HTTP_HOSTS)',
  ],
});

/**
 * The hosts the HTTP adapter may reach (`ACCOUNTING_HTTP_HOSTS`, host[:port] each), set when the module's
 * routes are registered: the URL is a chain administrator's, and without a list it could aim the server at
 * its own network. An entry without a port allows the scheme's default port only. No list: no HTTP adapter.
 */
let allowedHosts: readonly string[] = [];
export const setAccountingHosts = (hosts: readonly string[]) => {
  allowedHosts = hosts.map((h) => h.trim().toLowerCase()).filter(Boolean);
};

/** Why the server refuses to push to a URL (a message key and its host), or undefined when it may. */
export function urlRefusal(url: string | null): { key: 'accountingHttpOff' | 'accountingHostNotAllowed'; host: string } | undefined {
  if (!allowedHosts.length) return { key: 'accountingHttpOff', host: '' };
  let parsed: URL;
  try {
    parsed = new URL(url ?? '');
  } catch {
    return { key: 'accountingHostNotAllowed', host: String(url) };
  }
  const host = parsed.host.toLowerCase();
  if (!/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password || !allowedHosts.includes(host))
    return { key: 'accountingHostNotAllowed', host };
  return undefined;
}
