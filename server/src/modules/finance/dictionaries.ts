import {
  bankRecord,
  cooperateRecord,
  djItemRecord,
  financeGroupRecord,
  financeItemRecord,
  financialAreaRecord,
  fundDescriptionRecord,
  landlordRecord,
  reserveSpendItemRecord,
  reserveTypeOfItemRow,
  reserveTypeRecord,
  reserveTypesOfItemPath,
  reserveTypesOfItemQuery,
  shopFinanceTypeRecord,
} from '@headoffice/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { linkedNames, type ServedRecord, serveRecord } from '../../platform/records.js';
import { route } from '../../platform/route.js';
import { branches } from '../org/public.js';
import {
  banks,
  cooperateItems,
  djItems,
  financeGroups,
  financeItems,
  financialAreas,
  fundDescriptions,
  landlords,
  reserveSpendItems,
  reserveTypes,
  shopFinanceTypes,
} from './schema.js';

defineMessages({
  itemTypeOfGroup: ['收支项目的收支类型须与一级项目「{group}」一致', 'An item books what its group "{group}" books (income or expense)'],
  itemApproverTaken: ['收支项目「{item}」已设置审批部门', 'The item "{item}" already has an approving department'],
  banknoTaken: ['银行账号 {bankno} 已属于房东「{name}」', 'The account {bankno} already belongs to the landlord "{name}"'],
});

defineLabels({
  finance_groups: ['一级收支项目', 'item groups'],
  finance_items: ['收支项目', 'income and expense items'],
  fund_descriptions: ['费用审批部门', 'item approvers'],
  financial_areas: ['财务片区', 'finance areas'],
  shop_finance_types: ['财务公司类型', 'shop company types'],
  banks: ['开户行', 'banks'],
  reserve_types: ['预留款项目', 'reserve types'],
  reserveType: ['预留款项目', 'reserve type'],
  reserve_spend_items: ['预留款支出项目', 'reserve spending items'],
  landlords: ['房东', 'landlords'],
  dj_items: ['代缴项目', 'withholding and allocation items'],
  cooperate_items: ['合作项目', 'partner projects'],
});

export const financeGroupDef = serveRecord(financeGroupRecord, { table: financeGroups });

export const financeItemDef = serveRecord(financeItemRecord, {
  table: financeItems,
  beforeSave: async (tx, value) => {
    const [group] = await tx
      .select({ name: financeGroups.name, type: financeGroups.type })
      .from(financeGroups)
      .where(eq(financeGroups.id, value.groupId as number));
    if (group && group.type !== value.type) throw fieldError('type', 'itemTypeOfGroup', { group: group.name });
  },
  decorate: linkedNames(financeGroups, 'groupId', 'groupName'),
});

export const fundDescriptionDef = serveRecord(fundDescriptionRecord, {
  table: fundDescriptions,
  // One approving department per item: a fund request of the item goes to that department's inbox.
  beforeSave: async (tx, value) => {
    const [other] = await tx
      .select({ item: financeItems.name })
      .from(fundDescriptions)
      .innerJoin(financeItems, eq(financeItems.id, fundDescriptions.itemId))
      .where(and(eq(fundDescriptions.itemId, value.itemId as number), value.id ? ne(fundDescriptions.id, value.id as number) : undefined))
      .limit(1);
    if (other) throw conflict('itemApproverTaken', { item: other.item });
  },
  decorate: async (tx, rows) =>
    linkedNames(branches, 'departmentId', 'departmentName')(tx, await linkedNames(financeItems, 'itemId', 'itemName')(tx, rows)),
});

export const reserveSpendItemDef = serveRecord(reserveSpendItemRecord, {
  table: reserveSpendItems,
  // A list of ids has no foreign key: each must be a reserve type of this chain.
  beforeSave: async (tx, value) => {
    const ids = [...new Set(value.reserveTypeIds as number[])];
    const found = await tx.select({ id: reserveTypes.id }).from(reserveTypes).where(inArray(reserveTypes.id, ids));
    if (found.length !== ids.length) throw fieldError('reserveTypeIds', 'missingReference', { field: '@reserveType' });
  },
  conditions: { reserveTypeId: (id: number) => sql`${reserveSpendItems.reserveTypeIds} @> ${JSON.stringify([id])}::jsonb` },
  decorate: linkedNames(reserveTypes, 'reserveTypeIds', 'reserveTypeNames'),
});

export const landlordDef = serveRecord(landlordRecord, {
  table: landlords,
  // An account pays one landlord: a second landlord with the same account is refused with the first named.
  beforeSave: async (tx, value) => {
    const [other] = await tx
      .select({ name: landlords.name })
      .from(landlords)
      .where(and(eq(landlords.bankno, value.bankno as string), value.id ? ne(landlords.id, value.id as number) : undefined))
      .limit(1);
    if (other) throw conflict('banknoTaken', { bankno: value.bankno as string, name: other.name });
  },
});

/** Every finance dictionary, in menu order, and the landlords. */
export const financeRecords: ServedRecord[] = [
  financeGroupDef,
  financeItemDef,
  fundDescriptionDef,
  serveRecord(financialAreaRecord, { table: financialAreas }),
  serveRecord(shopFinanceTypeRecord, { table: shopFinanceTypes }),
  serveRecord(bankRecord, { table: banks }),
  serveRecord(reserveTypeRecord, { table: reserveTypes }),
  reserveSpendItemDef,
  // The report column of a dj item is unique in the chain (the index `dj_items_tenant_colname`: 409 naming it).
  serveRecord(djItemRecord, { table: djItems }),
  serveRecord(cooperateRecord, { table: cooperateItems }),
  landlordDef,
];

/** The reserve types a spending item may be paid from (§9.4 getReserveByriid), for the spending bill's line picker. */
export function registerReserveTypesOfItem(app: FastifyInstance) {
  route(
    app,
    'GET',
    reserveTypesOfItemPath,
    {
      summary: 'The enabled reserve types a reserve spending item may be paid from (its reserve types), in the dictionary’s order',
      perm: null,
      query: reserveTypesOfItemQuery,
      response: z.array(reserveTypeOfItemRow),
    },
    async ({ tx, query }) => {
      const [item] = await tx
        .select({ typeIds: reserveSpendItems.reserveTypeIds })
        .from(reserveSpendItems)
        .where(eq(reserveSpendItems.id, query.riid));
      if (!item) throw notFound();
      return tx
        .select({ id: reserveTypes.id, code: reserveTypes.code, name: reserveTypes.name })
        .from(reserveTypes)
        .where(and(inArray(reserveTypes.id, item.typeIds.length ? item.typeIds : [0]), eq(reserveTypes.status, 1)))
        .orderBy(asc(reserveTypes.sort), asc(reserveTypes.code));
    },
  );
}
