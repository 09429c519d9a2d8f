import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { tenantSettings } from './schema.js';

/** A tenant setting (row-level security picks the tenant), or the fallback when never saved. */
export async function getSetting<T>(tx: Db, key: string, fallback: T): Promise<T> {
  const [row] = await tx.select({ value: tenantSettings.value }).from(tenantSettings).where(eq(tenantSettings.key, key));
  return row ? (row.value as T) : fallback;
}

export async function setSetting(tx: Db, tenantId: number, key: string, value: unknown) {
  await tx
    .insert(tenantSettings)
    .values({ tenantId, key, value })
    .onConflictDoUpdate({ target: [tenantSettings.tenantId, tenantSettings.key], set: { value, updatedAt: new Date() } });
}
