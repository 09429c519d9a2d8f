import { integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, status, tenantColumn, tenantPrimaryKey, updatedAt } from '../../db/columns.js';

/**
 * Card types (会员卡项) a member can hold, which card prices are set for. Only what prices need for now;
 * the members module adds the rest of a card type (rules, validity, amounts) with its own migration.
 */
export const cardTypes = pgTable(
  'card_types',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** Three digits: 001, 002… */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 1 stored value (储值卡), 2 qualification (资格卡). */
    kind: smallint('kind').notNull(),
    /** 1 issued (正常), 2 no longer issued (停办). */
    status: status(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('card_types_tenant_code').on(t.tenantId, t.code)],
);
