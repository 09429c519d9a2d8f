import type { Lang } from '../platform/i18n';
import { assetsEn, assetsZh } from './assets';
import { attendanceEn, attendanceZh } from './attendance';
import { cardsEn, cardsZh } from './cards';
import { cashierEn, cashierZh } from './cashier';
import { catalogEn, catalogZh } from './catalog';
import { financeEn, financeZh } from './finance';
import { homeEn, homeZh } from './home';
import { inboxEn, inboxZh } from './inbox';
import { marketingEn, marketingZh } from './marketing';
import { membersEn, membersZh } from './members';
import { pricingEn, pricingZh } from './pricing';
import { royaltyEn, royaltyZh } from './royalty';
import { stockEn, stockZh } from './stock';
import { tillEn, tillZh } from './till';
import { vouchersEn, vouchersZh } from './vouchers';

/**
 * Every module's texts, under its name (`catalog.import...`), taken from each module's face: apart from
 * the page list (`index.ts` here), so that what needs only the words (every web test file's setup) builds
 * no page list.
 */
const moduleLocales: Record<string, Record<Lang, object>> = {
  home: { 'zh-CN': homeZh, 'en-US': homeEn },
  catalog: { 'zh-CN': catalogZh, 'en-US': catalogEn },
  pricing: { 'zh-CN': pricingZh, 'en-US': pricingEn },
  members: { 'zh-CN': membersZh, 'en-US': membersEn },
  cards: { 'zh-CN': cardsZh, 'en-US': cardsEn },
  marketing: { 'zh-CN': marketingZh, 'en-US': marketingEn },
  assets: { 'zh-CN': assetsZh, 'en-US': assetsEn },
  stock: { 'zh-CN': stockZh, 'en-US': stockEn },
  attendance: { 'zh-CN': attendanceZh, 'en-US': attendanceEn },
  royalty: { 'zh-CN': royaltyZh, 'en-US': royaltyEn },
  finance: { 'zh-CN': financeZh, 'en-US': financeEn },
  inbox: { 'zh-CN': inboxZh, 'en-US': inboxEn },
  cashier: { 'zh-CN': cashierZh, 'en-US': cashierEn },
  till: { 'zh-CN': tillZh, 'en-US': tillEn },
  vouchers: { 'zh-CN': vouchersZh, 'en-US': vouchersEn },
};

/** The modules' texts in one language, each under its module's name. */
export function moduleTexts(lang: Lang): Record<string, object> {
  return Object.fromEntries(Object.entries(moduleLocales).map(([name, locale]) => [name, locale[lang]]));
}
