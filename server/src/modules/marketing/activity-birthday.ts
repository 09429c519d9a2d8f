import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { defineJob, enqueueAtDayStart } from '../../platform/jobs.js';
import { rowsOf } from '../../platform/ledger.js';
import { addDays, tenantToday } from '../../platform/numbering.js';
import { inTenant } from '../../platform/tenancy.js';
import { members } from '../members/public.js';
import { candidatesFor, chooseActivities, type Giving, issueGivings, itemGiftsOf } from './activity-gifts.js';
import { activities, activityBirthdayGifts } from './schema.js';

// Birthday activities (kind 1): a daily job per tenant gives their coupons and red envelopes to the
// members whose birthday is that day, once a year per member and activity. See DECISIONS.md,
// "Marketing activities at the till", birthday gifts.

export const BIRTHDAY_JOB = 'marketing.birthdayGifts';

/** Members are read and given their gifts this many at a time (one query of year rows per chunk). */
const CHUNK = 500;

/** The birthdays (month × 100 + day) honoured on a day: 28 Feb of a year without 29 Feb also honours 29 Feb. */
export function birthdaysOn(day: string): number[] {
  const [, month, date] = day.split('-').map(Number);
  const md = month * 100 + date;
  return md === 228 && addDays(day, 1).endsWith('-03-01') ? [228, 229] : [md];
}

/**
 * Gives the birthday gifts of `day` in the transaction's tenant: to every normal member (not frozen,
 * not cancelled) born on that day whose home shop is among a running birthday activity's shops, at
 * the home shop. Of a member's activities (by priority; `timesPerMember` counts the years given) the
 * first alone applies when it is not combinable, else every combinable one, as at the till. A row per
 * activity, member and year is inserted before the items: one already there (an earlier run, or
 * another instance running at the same time) means that gift was given, so running a day again
 * gives nothing more. Answers how many activity gifts were given.
 */
export async function giveBirthdayGifts(tx: Db, tenantId: number, day: string): Promise<number> {
  const givings: Giving[] = [];
  for (const activity of await candidatesFor(tx, { day, kinds: [1] })) {
    const gifts = itemGiftsOf(activity.rules.filter((r) => r.condition.type === 'birthday'));
    if (gifts.length) givings.push({ activity, gifts });
  }
  const shopIds = [...new Set(givings.flatMap((g) => g.activity.shopIds))];
  if (!shopIds.length) return 0;
  // One indexed query (members_tenant_birthday): the day's members, never the whole chain.
  const born = await tx
    .select({ id: members.id, shopId: members.shopId })
    .from(members)
    .where(and(inArray(members.birthdayDay, birthdaysOn(day)), eq(members.status, 1), inArray(members.shopId, shopIds)))
    .orderBy(asc(members.id));
  const year = Number(day.slice(0, 4));
  const activityIds = givings.map((g) => g.activity.id);
  let given = 0;
  for (let i = 0; i < born.length; i += CHUNK) {
    const chunk = born.slice(i, i + CHUNK);
    const earlier = await tx
      .select({ activityId: activityBirthdayGifts.activityId, memberId: activityBirthdayGifts.memberId, year: activityBirthdayGifts.year })
      .from(activityBirthdayGifts)
      .where(
        and(
          inArray(activityBirthdayGifts.activityId, activityIds),
          inArray(
            activityBirthdayGifts.memberId,
            chunk.map((m) => m.id),
          ),
        ),
      );
    for (const member of chunk) {
      const mine = earlier.filter((r) => r.memberId === member.id);
      const thisYear = (g: Giving) => mine.some((r) => r.activityId === g.activity.id && r.year === year);
      const times = (g: Giving) => mine.filter((r) => r.activityId === g.activity.id).length;
      // An activity given this year stays in the choice, so that a second run chooses as the first did.
      const open = givings.filter(
        (g) =>
          g.activity.shopIds.includes(member.shopId) &&
          (thisYear(g) || g.activity.timesPerMember === null || times(g) < g.activity.timesPerMember),
      );
      for (const giving of chooseActivities(open)) {
        if (thisYear(giving)) continue;
        const [row] = await tx
          .insert(activityBirthdayGifts)
          .values({ tenantId, activityId: giving.activity.id, memberId: member.id, year, giftDate: day, shopId: member.shopId })
          .onConflictDoNothing()
          .returning({ memberId: activityBirthdayGifts.memberId });
        if (!row) continue;
        await issueGivings(tx, { tenantId, userId: null, memberId: member.id, shopId: member.shopId, today: day }, [giving], null);
        given++;
      }
    }
  }
  return given;
}

/**
 * Queues the birthday job of `day` (default: today in the company's time zone), to run at the start of
 * that day there; one job per tenant and day.
 */
export async function scheduleBirthdayGifts(tx: Db, tenantId: number, day?: string) {
  await enqueueAtDayStart(tx, { tenantId, name: BIRTHDAY_JOB, day: day ?? (await tenantToday(tx, tenantId)) });
}

/** Is a birthday activity running (or to run) on `day` or later: the job goes on while one is. */
async function birthdaysAhead(tx: Db, day: string) {
  const rows = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.kind, 1), eq(activities.status, 2), gte(activities.endDate, day)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The job of a day: gives that day's birthday gifts, then queues the next day's while a birthday
 * activity is running; starting or resuming one queues today's again (`scheduleBirthdayGifts`). A day
 * run late (the server was down) still gives that day's gifts, and the next days follow one by one.
 */
export async function runBirthdayDay(tx: Db, tenantId: number, day: string) {
  await giveBirthdayGifts(tx, tenantId, day);
  const next = addDays(day, 1);
  if (await birthdaysAhead(tx, next)) await scheduleBirthdayGifts(tx, tenantId, next);
}

defineJob(BIRTHDAY_JOB, (tx, payload, job) => runBirthdayDay(tx, job.tenantId, String(payload.day)));

/**
 * At start: queues today's birthday job of every tenant with a running birthday activity and no
 * birthday job queued or running (the job then queues itself day after day).
 */
export async function scheduleBirthdayJobs(db: Db) {
  const rows = await db.execute(sql`
    select distinct a.tenant_id from mkt_activities a
    where a.kind = 1 and a.status = 2
      and not exists (select 1 from jobs j where j.tenant_id = a.tenant_id and j.name = ${BIRTHDAY_JOB} and j.state in ('queued', 'running'))`);
  for (const { tenant_id } of rowsOf<{ tenant_id: number | string }>(rows)) {
    const tenantId = Number(tenant_id);
    await inTenant(db, tenantId, (tx) => scheduleBirthdayGifts(tx, tenantId));
  }
}
