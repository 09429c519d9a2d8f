import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { sort, tenantKeys, tenantPrimaryKey, tenantReference } from './columns.js';

/**
 * The photos of a bill (receipts, deposit slips): uploaded files' addresses in order, gone with
 * their bill. `bills` is the bill table (`tenantReference` on `bill_id`, index `<name>_tenant_bill`).
 */
export function billPhotosTable<TName extends string>(name: TName, bills: Parameters<typeof tenantReference>[2]) {
  return pgTable(
    name,
    {
      ...tenantKeys(),
      billId: bigint('bill_id', { mode: 'number' }).notNull(),
      url: text('url').notNull(),
      sort: sort(),
    },
    (t) => [
      tenantPrimaryKey(t),
      index(`${name}_tenant_bill`).on(t.tenantId, t.billId),
      tenantReference(t, t.billId, bills).onDelete('cascade'),
    ],
  );
}
