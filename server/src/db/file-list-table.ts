import { type AnyPgColumn, index, pgTable, text } from 'drizzle-orm/pg-core';
import { refId, sort, tenantKeys, tenantPrimaryKey, tenantReference } from './columns.js';

const ownerColumn = (name: string) => refId(name).notNull();

/**
 * Uploaded files of one owner row, in order (a bill's receipts, a shop's images): `{ id, tenantId,
 * <key>, url, sort }`, gone with their owner. `key` names the owner column (`billId` → `bill_id`,
 * a `tenantReference` to `owner`); the index is `<name>_tenant_<owner>` (`fund_bill_photos_tenant_bill`).
 */
export function fileListTable<TName extends string, TKey extends string>(
  name: TName,
  key: TKey,
  owner: Parameters<typeof tenantReference>[2],
) {
  const column = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const ownerKey = { [key]: ownerColumn(column) } as { [K in TKey]: ReturnType<typeof ownerColumn> };
  return pgTable(name, { ...tenantKeys(), ...ownerKey, url: text('url').notNull(), sort: sort() }, (t) => {
    const ownerId = (t as unknown as Record<TKey, AnyPgColumn>)[key];
    return [
      tenantPrimaryKey(t),
      index(`${name}_tenant_${column.replace(/_id$/, '')}`).on(t.tenantId, ownerId),
      tenantReference(t, ownerId, owner).onDelete('cascade'),
    ];
  });
}
