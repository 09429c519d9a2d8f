import type { BuildExtraConfigColumns } from 'drizzle-orm';
import { type PgColumnBuilderBase, type PgTableExtraConfigValue, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { memo, sort, status, tenantKeys, tenantPrimaryKey, versionedTimestamps } from './columns.js';

const dictionaryColumns = () => ({
  ...tenantKeys(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  sort: sort(),
  status: status(),
  memo: memo(),
  ...versionedTimestamps(),
});

type DictionaryColumns<TExtra> = ReturnType<typeof dictionaryColumns> & TExtra;

/**
 * A table with the shape every dictionary shares (code, name, sort, status, memo) plus its own
 * columns; `references` gives the foreign keys of those columns (`tenantReference`).
 */
export function dictionaryTable<TName extends string, TExtra extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  extra: TExtra,
  references?: (t: BuildExtraConfigColumns<TName, DictionaryColumns<TExtra>, 'pg'>) => PgTableExtraConfigValue[],
) {
  return pgTable(name, { ...dictionaryColumns(), ...extra } as DictionaryColumns<TExtra>, (t) => [
    tenantPrimaryKey(t),
    uniqueIndex(`${name}_tenant_code`).on(t.tenantId, t.code),
    ...(references?.(t) ?? []),
  ]);
}
