import {
  type AbsenceRule,
  absenceRuleTypeLabels,
  checkRuleRow,
  checkRuleSave,
  shiftColorRow,
  shiftColors,
  shiftRecord,
  shopConfig,
  shopConfigQuery,
  shopConfigSave,
} from '@headoffice/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conflict, duplicate, fieldError } from '../../platform/errors.js';
import { lockFor } from '../../platform/locks.js';
import { listRecords, registerRecord, serveRecord } from '../../platform/records.js';
import { route } from '../../platform/route.js';
import { shops } from '../org/public.js';
import { chainRules, shopConfigOf, shopOf } from './common.js';
import { attendanceConfigs, checkClasses, checkRules } from './schema.js';

/** Two rules of one type over the same minutes (a missing-punch rule once) would contradict each other. */
function checkDuplicates(rules: AbsenceRule[], field: string) {
  const seen = new Set<string>();
  for (const r of rules) {
    const key = r.type === 3 ? '3' : `${r.type}:${r.value}`;
    if (seen.has(key)) throw fieldError(field, 'duplicateRule', { type: absenceRuleTypeLabels[r.type][0], value: r.value });
    seen.add(key);
  }
}

export const shiftDef = serveRecord(shiftRecord, {
  table: checkClasses,
  shopField: 'shopId',
  // A shop's shifts are told apart by name in the schedule grid and its pickers: a name is the shop's once (409 on
  // the name). Saves of one shop's shifts wait for each other, so two saves at once cannot both find it free.
  beforeSave: async (tx, value) => {
    const shopId = value.shopId as number;
    const name = value.name as string;
    await lockFor(tx, 'shiftName', shopId);
    const [taken] = await tx
      .select({ id: checkClasses.id })
      .from(checkClasses)
      .where(
        and(eq(checkClasses.shopId, shopId), eq(checkClasses.name, name), ...(value.id ? [ne(checkClasses.id, value.id as number)] : [])),
      )
      .limit(1);
    if (taken) throw duplicate('name', 'name', name);
  },
  decorate: async (tx, rows) => {
    const ids = [...new Set(rows.map((r) => r.shopId as number))];
    const names = ids.length ? await tx.select({ id: shops.id, name: shops.name }).from(shops).where(inArray(shops.id, ids)) : [];
    return rows.map((r) => ({ ...r, shopName: names.find((s) => s.id === r.shopId)?.name ?? null }));
  },
});

/** Shifts (checkclass), the shop's settings (shopconfig) and the chain's rules (checkrule). */
export function registerSettingsRoutes(app: FastifyInstance) {
  registerRecord(app, shiftDef);
  const C = '/api-pers/checkclass';
  route(
    app,
    'GET',
    `${C}/getCheckClassList`,
    {
      summary: "A shop's shifts, paged (the original's list for the shift page)",
      description: 'The same list as `list`, for one shop when `shopId` is given; a user limited to some shops sees only theirs.',
      perm: 'attendance.shift.view',
      query: shiftRecord.listQuery,
    },
    ({ tx, query, auth }) => listRecords(tx, shiftDef, query, [], auth),
  );
  const usedColors = async (tx: Parameters<typeof shopOf>[0], shopId: number) =>
    new Set((await tx.select({ color: checkClasses.color }).from(checkClasses).where(eq(checkClasses.shopId, shopId))).map((r) => r.color));
  route(
    app,
    'GET',
    `${C}/getColorList`,
    {
      summary: "The shift colours, each with whether the shop's shifts use it",
      perm: 'attendance.shift.view',
      query: shopConfigQuery,
      response: z.array(shiftColorRow),
    },
    async ({ tx, query, auth }) => {
      await shopOf(tx, auth, query.shopid);
      const used = await usedColors(tx, query.shopid);
      return shiftColors.map((c) => ({ value: c.value, used: used.has(c.value) }));
    },
  );
  route(
    app,
    'GET',
    `${C}/getMaxColor`,
    {
      summary: 'The colour proposed for a new shift of the shop: the first one its shifts do not use',
      description: 'When every colour is taken, the one used by the fewest shifts.',
      perm: 'attendance.shift.view',
      query: shopConfigQuery,
      response: z.string(),
    },
    async ({ tx, query, auth }) => {
      await shopOf(tx, auth, query.shopid);
      const rows = await tx
        .select({ color: checkClasses.color, n: sql<number>`count(*)::int` })
        .from(checkClasses)
        .where(eq(checkClasses.shopId, query.shopid))
        .groupBy(checkClasses.color);
      const free = shiftColors.find((c) => !rows.some((r) => r.color === c.value));
      if (free) return free.value;
      return [...shiftColors].sort(
        (a, b) => (rows.find((r) => r.color === a.value)?.n ?? 0) - (rows.find((r) => r.color === b.value)?.n ?? 0),
      )[0].value;
    },
  );

  const S = '/api-pers/shopconfig';
  route(
    app,
    'GET',
    `${S}/list`,
    {
      summary: "A shop's attendance settings (the defaults when never saved: saved=false)",
      perm: 'attendance.config.view',
      query: shopConfigQuery,
      response: shopConfig,
    },
    async ({ tx, query, auth }) => {
      await shopOf(tx, auth, query.shopid);
      return shopConfigOf(tx, query.shopid);
    },
  );
  route(
    app,
    'POST',
    `${S}/save`,
    {
      summary: "Save a shop's attendance settings",
      description:
        'The seed names this call without a method (GET by its document default); it is a save with a JSON body, served as POST. ' +
        "Fields not sent keep their value. `version` (the one read) refuses a save over someone else's change with 409.",
      perm: 'attendance.config.edit',
      body: shopConfigSave,
      entity: 'shopconfig',
      response: shopConfig,
    },
    async ({ tx, body, auth }) => {
      await shopOf(tx, auth, body.shopid);
      const current = await shopConfigOf(tx, body.shopid);
      if (body.version !== undefined && body.version !== current.version) throw conflict('staleVersion');
      const { shopid, version: _v, ...fields } = body;
      if (fields.rules) checkDuplicates(fields.rules, 'rules');
      if (fields.isAddress && !(fields.places ?? current.places).length) throw fieldError('places', 'placesRequired');
      if (fields.isWifi && !(fields.wifis ?? current.wifis).length) throw fieldError('wifis', 'wifisRequired');
      const values = { ...fields, shopId: shopid, tenantId: auth.tenantId };
      await tx
        .insert(attendanceConfigs)
        .values(values)
        .onConflictDoUpdate({
          target: [attendanceConfigs.tenantId, attendanceConfigs.shopId],
          set: { ...fields, version: sql`${attendanceConfigs.version} + 1`, updatedAt: new Date() },
        });
      return shopConfigOf(tx, shopid);
    },
  );

  const R = '/api-pers/checkrule';
  route(
    app,
    'GET',
    `${R}/list/all`,
    {
      summary: "The chain's absence rules (late / early over N minutes, a missing punch: 0, 0.5 or 1 day)",
      perm: 'attendance.config.view',
      response: z.array(checkRuleRow),
    },
    async ({ tx }) => {
      const rows = await tx.select().from(checkRules).orderBy(asc(checkRules.type), asc(checkRules.value));
      return rows.map((r) => ({ id: r.id, type: r.type as 1 | 2 | 3, value: r.value, kgDays: r.kgDays as 0 | 0.5 | 1 }));
    },
  );
  route(
    app,
    'POST',
    `${R}/save`,
    {
      summary: "Save the chain's absence rules (the list replaces the previous one)",
      description: 'Shops that keep their own rules (shopconfig `ownRules`) are not affected. Days already judged keep their judgement.',
      perm: 'attendance.config.edit',
      body: checkRuleSave,
      entity: 'checkrule',
      response: z.array(checkRuleRow.omit({ id: true })),
    },
    async ({ tx, body, auth }) => {
      checkDuplicates(body.rules, 'rules');
      await tx.delete(checkRules);
      if (body.rules.length) await tx.insert(checkRules).values(body.rules.map((r) => ({ ...r, tenantId: auth.tenantId })));
      return chainRules(tx);
    },
  );
}
