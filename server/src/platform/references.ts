import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { type ForeignKey, getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { conflict } from './errors.js';
import { installedModules } from './modules.js';
import * as platformTables from './schema.js';

interface Referrer {
  table: PgTable;
  column: PgColumn;
}

/** The table's column a foreign key refers with (references between tenant tables also carry tenant_id). */
function referringColumn(table: PgTable, fk: ForeignKey): PgColumn | undefined {
  const name = fk.reference().columns.find((c) => c.name !== 'tenant_id')?.name;
  return Object.values(getTableColumns(table) as Record<string, PgColumn>).find((c) => c.name === name);
}

/** For each table, the columns of other tables whose foreign keys point at it (read once from the schema). */
let referrersByTable: Map<string, Referrer[]> | undefined;
function referrersOf(tableName: string): Referrer[] {
  referrersByTable ??= readReferrers();
  return referrersByTable.get(tableName) ?? [];
}

function readReferrers() {
  const referrers = new Map<string, Referrer[]>();
  for (const value of [platformTables, ...installedModules().map((m) => m.tables ?? {})].flatMap((tables) => Object.values(tables))) {
    if (!(value instanceof PgTable)) continue;
    for (const fk of getTableConfig(value).foreignKeys) {
      const ref = fk.reference();
      const target = getTableName(ref.foreignTable);
      const column = referringColumn(value, fk);
      if (target === 'tenants' || !column) continue;
      const list = referrers.get(target) ?? [];
      list.push({ table: value, column });
      referrers.set(target, list);
    }
  }
  return referrers;
}

/**
 * Refuses to delete a record that other records use: answers 409 naming the first user found, e.g.
 * «不能删除：正被门店“静安旗舰店”使用». Cascading links (images of a shop) do not count.
 */
export async function assertUnreferenced(tx: Db, table: PgTable, id: number, ignore: PgTable[] = []) {
  for (const { table: referrer, column } of referrersOf(getTableName(table))) {
    if (ignore.includes(referrer)) continue;
    const fk = getTableConfig(referrer).foreignKeys.find((f) => referringColumn(referrer, f) === column);
    if (fk?.onDelete === 'cascade') continue;
    const columns = getTableColumns(referrer) as Record<string, PgColumn>;
    const nameColumn = columns.name ?? columns.code;
    const [row] = await tx
      .select({ name: nameColumn ?? sql<string>`''` })
      .from(referrer)
      .where(eq(column, id))
      .limit(1);
    if (row) {
      const entity = `@${getTableName(referrer)}`;
      throw row.name ? conflict('referencedBy', { entity, name: String(row.name) }) : conflict('referenced', { entity });
    }
  }
}
