import type { Db } from '../db/client.js';

/** Demo catalogue and prices (being built). */
export async function seedDemoCatalog(_tx: Db, _tenantId: number) {}
