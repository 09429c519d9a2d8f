import type { Db } from '../../db/client.js';
import { candidatesFor } from './activity-gifts.js';

/** A service's activity price: the running activity that gives it and its rate on the shop's price (basis points). */
export interface ActivityPrice {
  activityId: number;
  activityName: string;
  rate: number;
}

/**
 * The activity prices (活动价) of services at a shop on a day: a running service-bill activity (kind 4)
 * of the shop whose rule names the service (`items`) and gives a discount. The first such activity by
 * priority sets a service's rate. A `spend` rule's discount needs the whole bill and gives no line its
 * price (DECISIONS.md, "Activity prices at the till").
 */
export async function activityPrices(tx: Db, on: { shopId: number; day: string }): Promise<Map<number, ActivityPrice>> {
  const prices = new Map<number, ActivityPrice>();
  for (const a of await candidatesFor(tx, { day: on.day, kinds: [4], shopId: on.shopId }))
    for (const rule of a.rules) {
      if (rule.condition.type !== 'items') continue;
      const discount = rule.gifts.find((g) => g.type === 'discount');
      if (discount?.type !== 'discount') continue;
      for (const serviceId of rule.condition.serviceIds)
        if (!prices.has(serviceId)) prices.set(serviceId, { activityId: a.id, activityName: a.name, rate: discount.rate });
    }
  return prices;
}
