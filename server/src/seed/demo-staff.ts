import type { Db } from '../db/client.js';

/** Demo employees of every shop (being built). */
export async function seedDemoStaff(_tx: Db, _tenantId: number) {}
