import type { Lang } from '../platform/i18n';
import type { PageDef } from '../platform/pages';
import { assetsPages } from './assets';
import { assetsEn, assetsZh } from './assets/locale';
import { catalogPages } from './catalog';
import { catalogEn, catalogZh } from './catalog/locale';
import { identityPages } from './identity';
import { inboxPages } from './inbox';
import { orgPages } from './org';
import { pricingPages } from './pricing';
import { pricingEn, pricingZh } from './pricing/locale';
import { staffPages } from './staff';
import { stockPages } from './stock';
import { stockEn, stockZh } from './stock/locale';

/** What a module brings to the web: its pages (routed by their menu URLs) and its texts, under its name. */
export interface WebModule {
  name: string;
  pages: PageDef[];
  locale?: Record<Lang, object>;
}

/** Every module of the admin application: the one place a module is added. */
export const webModules: WebModule[] = [
  { name: 'org', pages: orgPages },
  { name: 'staff', pages: staffPages },
  { name: 'identity', pages: identityPages },
  { name: 'catalog', pages: catalogPages, locale: { 'zh-CN': catalogZh, 'en-US': catalogEn } },
  { name: 'pricing', pages: pricingPages, locale: { 'zh-CN': pricingZh, 'en-US': pricingEn } },
  { name: 'assets', pages: assetsPages, locale: { 'zh-CN': assetsZh, 'en-US': assetsEn } },
  { name: 'stock', pages: stockPages, locale: { 'zh-CN': stockZh, 'en-US': stockEn } },
  { name: 'inbox', pages: inboxPages },
];

/** The modules' texts in one language, each under its module's name (`catalog.import...`). */
export function moduleTexts(lang: Lang): Record<string, object> {
  return Object.fromEntries(webModules.flatMap((m) => (m.locale ? [[m.name, m.locale[lang]]] : [])));
}
