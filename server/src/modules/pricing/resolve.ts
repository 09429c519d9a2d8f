import type { PriceKind, PriceSource, ResolvedPrice } from '@headoffice/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { DEFAULT_ZONE, dayIn } from '../../platform/numbering.js';
import { products, services } from '../catalog/public.js';
import { shops } from '../org/public.js';
import { productShopPrices, serviceCardPrices, serviceShopPrices, serviceSpecials } from './schema.js';

/**
 * Everything that decides what a shop charges for one item. Specials and card prices may hold rows
 * of other shops or levels/cards: the function picks only those that match the question.
 */
export interface PriceFacts {
  /** The item is enabled and not deleted (and, for a product, sold at retail). */
  active: boolean;
  /** The chain base price (services.base_price, products.retail_price): shown, never a fallback. */
  basePrice: number;
  /** The shop's price row; null when the shop does not list the item. */
  shop: { price: number; status: number } | null;
  /** Employee-level specials: shopId null is the chain default. */
  specials: { levelId: number; shopId: number | null; price: number }[];
  /** Card prices: shopId null is the chain default. */
  cards: { cardTypeId: number; shopId: number | null; price: number }[];
}

export interface PriceQuestion {
  shopId: number;
  cardTypeId?: number | null;
  levelId?: number | null;
}

export interface PriceAnswer {
  price: number | null;
  source: PriceSource | null;
  reason: 'inactive' | 'not-listed' | 'not-sold' | null;
}

const none = (reason: PriceAnswer['reason']): PriceAnswer => ({ price: null, source: null, reason });
const found = (price: number, source: PriceSource): PriceAnswer => ({ price, source, reason: null });

/**
 * What does shop S charge for item X, for a customer paying with card type C, served by an employee
 * of level L? Precedence, first match wins:
 *
 * 1. item disabled or deleted → null (`inactive`);
 * 2. the shop does not list the item → null (`not-listed`); listed with status 0 → null (`not-sold`);
 * 3. paying with card type C and C has a price: the shop's card price, else the chain's (`card-*`);
 * 4. served by level L and L has a special: the shop's special, else the chain's (`special-*`);
 * 5. the shop's price (`shop`).
 *
 * The base price is never a fallback: a shop sells what it lists, and listing (addServs, a template,
 * switching the status on) writes the price the shop then charges, so changing the chain base price
 * does not silently change every till. A card price wins over a level special (the card holder's
 * agreed price does not depend on who serves). Price dates are not effective-dated yet: the same facts
 * give the same price on any date.
 */
export function resolvePrice(facts: PriceFacts, question: PriceQuestion): PriceAnswer {
  if (!facts.active) return none('inactive');
  if (!facts.shop) return none('not-listed');
  if (facts.shop.status !== 1) return none('not-sold');
  const { shopId, cardTypeId, levelId } = question;
  if (cardTypeId != null) {
    const shopCard = facts.cards.find((c) => c.cardTypeId === cardTypeId && c.shopId === shopId);
    if (shopCard) return found(shopCard.price, 'card-shop');
    const chainCard = facts.cards.find((c) => c.cardTypeId === cardTypeId && c.shopId === null);
    if (chainCard) return found(chainCard.price, 'card-chain');
  }
  if (levelId != null) {
    const shopSpecial = facts.specials.find((s) => s.levelId === levelId && s.shopId === shopId);
    if (shopSpecial) return found(shopSpecial.price, 'special-shop');
    const chainSpecial = facts.specials.find((s) => s.levelId === levelId && s.shopId === null);
    if (chainSpecial) return found(chainSpecial.price, 'special-chain');
  }
  return found(facts.shop.price, 'shop');
}

export interface PriceOfInput {
  shopId: number;
  kind: PriceKind;
  itemId: number;
  cardTypeId?: number | null;
  levelId?: number | null;
  /** YYYY-MM-DD; today in the tenant's time zone when absent. */
  date?: string;
}

export interface PriceOfResult extends ResolvedPrice {
  basePrice: number;
  facts: PriceFacts;
}

const jsonList = <T>(value: unknown): T[] => (typeof value === 'string' ? JSON.parse(value) : ((value as T[] | null) ?? []));

/**
 * Loads the facts of one (shop, item, card, level) with ONE query and resolves them.
 * Answers undefined when the shop or the item is not this tenant's (row-level security hides them).
 */
export async function priceOf(tx: Db, input: PriceOfInput): Promise<PriceOfResult | undefined> {
  const { shopId, kind, itemId } = input;
  const cardTypeId = input.cardTypeId ?? null;
  const levelId = input.levelId ?? null;
  const shopExists = sql<boolean>`exists(select 1 from ${shops} where ${shops.id} = ${shopId})`;
  const timeZone = sql<string>`(select time_zone from tenants limit 1)`;
  let row:
    | {
        active: boolean;
        basePrice: number;
        price: number | null;
        status: number | null;
        shopExists: boolean;
        timeZone: string | null;
        specials: unknown;
        cards: unknown;
      }
    | undefined;
  if (kind === 'service') {
    const specials =
      levelId === null
        ? sql`'[]'::json`
        : sql`(select coalesce(json_agg(json_build_object('levelId', sp.level_id, 'shopId', sp.shop_id, 'price', sp.price)), '[]'::json)
             from ${serviceSpecials} sp where sp.tenant_id = ${services.tenantId} and sp.service_id = ${services.id}
             and sp.level_id = ${levelId} and (sp.shop_id is null or sp.shop_id = ${shopId}))`;
    const cards =
      cardTypeId === null
        ? sql`'[]'::json`
        : sql`(select coalesce(json_agg(json_build_object('cardTypeId', cp.card_type_id, 'shopId', cp.shop_id, 'price', cp.price)), '[]'::json)
             from ${serviceCardPrices} cp where cp.tenant_id = ${services.tenantId} and cp.service_id = ${services.id}
             and cp.card_type_id = ${cardTypeId} and (cp.shop_id is null or cp.shop_id = ${shopId}))`;
    [row] = await tx
      .select({
        active: sql<boolean>`(${services.status} = 1 and ${services.isDel} = 0)`,
        basePrice: services.basePrice,
        price: serviceShopPrices.price,
        status: serviceShopPrices.status,
        shopExists,
        timeZone,
        specials,
        cards,
      })
      .from(services)
      .leftJoin(
        serviceShopPrices,
        and(
          eq(serviceShopPrices.tenantId, services.tenantId),
          eq(serviceShopPrices.shopId, shopId),
          eq(serviceShopPrices.serviceId, services.id),
        ),
      )
      .where(eq(services.id, itemId));
  } else {
    [row] = await tx
      .select({
        active: sql<boolean>`(${products.status} = 1 and ${products.isDel} = 0 and ${products.usage} = 1)`,
        basePrice: products.retailPrice,
        price: productShopPrices.price,
        status: productShopPrices.status,
        shopExists,
        timeZone,
        specials: sql`'[]'::json`,
        cards: sql`'[]'::json`,
      })
      .from(products)
      .leftJoin(
        productShopPrices,
        and(
          eq(productShopPrices.tenantId, products.tenantId),
          eq(productShopPrices.shopId, shopId),
          eq(productShopPrices.productId, products.id),
        ),
      )
      .where(eq(products.id, itemId));
  }
  if (!row?.shopExists) return undefined;
  const facts: PriceFacts = {
    active: Boolean(row.active),
    basePrice: row.basePrice,
    shop: row.price === null || row.status === null ? null : { price: row.price, status: row.status },
    specials: jsonList(row.specials),
    cards: jsonList(row.cards),
  };
  const answer = resolvePrice(facts, { shopId, cardTypeId, levelId });
  return {
    ...answer,
    shopId,
    kind,
    itemId,
    cardTypeId,
    levelId,
    date: input.date ?? dayIn(row.timeZone ?? DEFAULT_ZONE),
    basePrice: row.basePrice,
    facts,
  };
}
