import type { Lang } from '../platform/i18n';
import type { PageDef } from '../platform/pages';
import { assetsPages } from './assets';
import { assetsEn, assetsZh } from './assets/locale';
import { attendancePages } from './attendance';
import { attendanceEn, attendanceZh } from './attendance/locale';
import { cardsPages } from './cards';
import { cardsEn, cardsZh } from './cards/locale';
import { cashierPages } from './cashier';
import { cashierEn, cashierZh } from './cashier/locale';
import { catalogPages } from './catalog';
import { catalogEn, catalogZh } from './catalog/locale';
import { financePages } from './finance';
import { financeEn, financeZh } from './finance/locale';
import { homePages } from './home';
import { homeEn, homeZh } from './home/locale';
import { identityPages } from './identity';
import { inboxPages } from './inbox';
import { inboxEn, inboxZh } from './inbox/locale';
import { marketingPages } from './marketing';
import { marketingEn, marketingZh } from './marketing/locale';
import { membersPages } from './members';
import { membersEn, membersZh } from './members/locale';
import { orgPages } from './org';
import { pricingPages } from './pricing';
import { pricingEn, pricingZh } from './pricing/locale';
import { royaltyPages } from './royalty';
import { royaltyEn, royaltyZh } from './royalty/locale';
import { staffPages } from './staff';
import { stockPages } from './stock';
import { stockEn, stockZh } from './stock/locale';
import { tillPages } from './till';
import { tillEn, tillZh } from './till/locale';
import { vouchersPages } from './vouchers';
import { vouchersEn, vouchersZh } from './vouchers/locale';

/** What a module brings to the web: its pages (routed by their menu URLs) and its texts, under its name. */
export interface WebModule {
  name: string;
  pages: PageDef[];
  locale?: Record<Lang, object>;
}

/** Every module of the admin application: the one place a module is added. */
export const webModules: WebModule[] = [
  { name: 'home', pages: homePages, locale: { 'zh-CN': homeZh, 'en-US': homeEn } },
  { name: 'org', pages: orgPages },
  { name: 'staff', pages: staffPages },
  { name: 'identity', pages: identityPages },
  { name: 'catalog', pages: catalogPages, locale: { 'zh-CN': catalogZh, 'en-US': catalogEn } },
  { name: 'pricing', pages: pricingPages, locale: { 'zh-CN': pricingZh, 'en-US': pricingEn } },
  { name: 'members', pages: membersPages, locale: { 'zh-CN': membersZh, 'en-US': membersEn } },
  { name: 'cards', pages: cardsPages, locale: { 'zh-CN': cardsZh, 'en-US': cardsEn } },
  { name: 'marketing', pages: marketingPages, locale: { 'zh-CN': marketingZh, 'en-US': marketingEn } },
  { name: 'assets', pages: assetsPages, locale: { 'zh-CN': assetsZh, 'en-US': assetsEn } },
  { name: 'stock', pages: stockPages, locale: { 'zh-CN': stockZh, 'en-US': stockEn } },
  { name: 'attendance', pages: attendancePages, locale: { 'zh-CN': attendanceZh, 'en-US': attendanceEn } },
  { name: 'royalty', pages: royaltyPages, locale: { 'zh-CN': royaltyZh, 'en-US': royaltyEn } },
  { name: 'finance', pages: financePages, locale: { 'zh-CN': financeZh, 'en-US': financeEn } },
  { name: 'inbox', pages: inboxPages, locale: { 'zh-CN': inboxZh, 'en-US': inboxEn } },
  { name: 'cashier', pages: cashierPages, locale: { 'zh-CN': cashierZh, 'en-US': cashierEn } },
  { name: 'till', pages: tillPages, locale: { 'zh-CN': tillZh, 'en-US': tillEn } },
  { name: 'vouchers', pages: vouchersPages, locale: { 'zh-CN': vouchersZh, 'en-US': vouchersEn } },
];

/** The modules' texts in one language, each under its module's name (`catalog.import...`). */
export function moduleTexts(lang: Lang): Record<string, object> {
  return Object.fromEntries(webModules.flatMap((m) => (m.locale ? [[m.name, m.locale[lang]]] : [])));
}
