import type { Lang } from '../platform/i18n';
import { assetsEn, assetsZh } from './assets/locale';
import { attendanceEn, attendanceZh } from './attendance/locale';
import { cardsEn, cardsZh } from './cards/locale';
import { cashierEn, cashierZh } from './cashier/locale';
import { catalogEn, catalogZh } from './catalog/locale';
import { financeEn, financeZh } from './finance/locale';
import { homeEn, homeZh } from './home/locale';
import { inboxEn, inboxZh } from './inbox/locale';
import { marketingEn, marketingZh } from './marketing/locale';
import { membersEn, membersZh } from './members/locale';
import { pricingEn, pricingZh } from './pricing/locale';
import { royaltyEn, royaltyZh } from './royalty/locale';
import { stockEn, stockZh } from './stock/locale';
import { tillEn, tillZh } from './till/locale';
import { vouchersEn, vouchersZh } from './vouchers/locale';

/**
 * Every module's texts, under its name (`catalog.import...`): apart from the pages (`index.ts`), so
 * that what needs only the words (the test setup of every web test file) loads no page.
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
