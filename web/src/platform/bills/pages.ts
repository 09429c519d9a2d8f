import type { BillDef } from '@headoffice/contract';
import type { ComponentType } from 'react';
import { currentLang } from '../i18n';
import { lazyPage, type PageDef } from '../pages';
import { pickLabel } from './labels';

const numeric = (p: Record<string, string>) => /^\d+$/.test(p.id ?? '');

const defined = new Map<string, BillDef>();

/** The definition of a bill type whose pages are registered (the approvals inbox shows its columns). */
export const billDefOf = (docType: string): BillDef | undefined => defined.get(docType);

/** A bill type's two pages at its `webPath`: the list, and one bill at `/:id` (granted by the list's menu entry). */
export function billPages(def: BillDef, load: () => Promise<{ list: ComponentType; detail: ComponentType }>): PageDef[] {
  const title = () => pickLabel(def.label, currentLang());
  // several pages may list one type's bills (the till's service, package and card bills): the first names it
  if (!defined.has(def.docType)) defined.set(def.docType, def);
  return [
    { path: def.webPath, title, component: lazyPage(() => load().then((m) => ({ default: m.list }))) },
    {
      path: `${def.webPath}/:id`,
      title,
      component: lazyPage(() => load().then((m) => ({ default: m.detail }))),
      menuUrl: () => def.webPath,
      validate: numeric,
    },
  ];
}
