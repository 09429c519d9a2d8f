import { integer, type PgColumnBuilderBase, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, memo, status, tenantColumn, updatedAt, version } from './columns.js';

/** A table with the shape every dictionary shares (code, name, sort, status, memo) plus its own columns. */
export function dictionaryTable<TExtra extends Record<string, PgColumnBuilderBase>>(name: string, extra: TExtra) {
  return pgTable(
    name,
    {
      id: idColumn(),
      tenantId: tenantColumn(),
      code: text('code').notNull(),
      name: text('name').notNull(),
      sort: integer('sort').notNull().default(0),
      status: status(),
      memo: memo(),
      version: version(),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
      ...extra,
    },
    (t) => [uniqueIndex(`${name}_tenant_code`).on(t.tenantId, t.code)],
  );
}
