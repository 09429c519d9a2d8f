import type { RecordDef } from '@headoffice/contract';
import { createElement } from 'react';
import { pickLabel } from '../i18n';
import { lazyPage, type PageDef } from '../pages';

/** The pages of record types: each at its definition's `page` URL, shown by the generic record page. */
export function recordPages(records: RecordDef[]): PageDef[] {
  return records
    .filter((record) => record.page)
    .map((record) => ({
      path: record.page as string,
      title: () => pickLabel(record.label),
      component: lazyPage(() => import('./RecordPage').then((m) => ({ default: () => createElement(m.RecordPage, { record }) }))),
    }));
}
