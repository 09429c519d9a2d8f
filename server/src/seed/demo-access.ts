import type { Db } from '../db/client.js';

/** Demo roles and users beyond the admin (being built). */
export async function seedDemoAccess(_tx: Db, _tenantId: number) {}
