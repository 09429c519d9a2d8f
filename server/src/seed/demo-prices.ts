import type { Db } from '../db/client.js';

/** Demo prices of every shop (being built). */
export async function seedDemoPrices(_tx: Db, _tenantId: number) {}
