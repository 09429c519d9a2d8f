import { type AbsenceRule, type Page, type StatisticsRow, statisticsPage, statisticsQuery } from '@headoffice/contract';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { listExport } from '../../platform/list-export.js';
import { addDays } from '../../platform/numbering.js';
import { keywordMatch, offsetOf, pageOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { employees, shops } from '../org/public.js';
import { factsOf, rulesOf, shopConfigOf, shopScope, todayOf } from './common.js';
import { dayTotals } from './judge.js';
import { checkRecords } from './schema.js';

type Query = z.output<typeof statisticsQuery>;

/**
 * The month's statistics, one row per employee and shop (an employee transferred in the month has a
 * row in each): days worked, late and early days, time between punches, missing punches, rest, study
 * and absence. Paged by employee; each page's days are read and totalled by `dayTotals`.
 */
export async function statistics(tx: Db, auth: Auth, query: Query): Promise<Page<StatisticsRow>> {
  const first = `${query.month}-01`;
  const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
  const where = and(
    gte(checkRecords.cdate, first),
    lte(checkRecords.cdate, last),
    shopScope(auth, checkRecords.shopId),
    query.shopid ? eq(checkRecords.shopId, query.shopid) : undefined,
    query.keyword ? keywordMatch(query.keyword, employees.eecode, employees.name) : undefined,
  );
  const groups = () =>
    tx
      .selectDistinct({ shopId: checkRecords.shopId, eeid: checkRecords.employeeId, eecode: employees.eecode })
      .from(checkRecords)
      .innerJoin(employees, eq(employees.id, checkRecords.employeeId))
      .where(where);
  const pageRows = groups()
    .orderBy(asc(checkRecords.shopId), asc(employees.eecode), asc(checkRecords.employeeId))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const result = await pageOf(tx, query, pageRows, groups);
  if (!result.list.length) return { ...result, list: [] as StatisticsRow[] };
  const days = await tx
    .select({ record: checkRecords, eecode: employees.eecode, eename: employees.name, shopName: shops.name })
    .from(checkRecords)
    .innerJoin(employees, eq(employees.id, checkRecords.employeeId))
    .innerJoin(shops, eq(shops.id, checkRecords.shopId))
    .where(
      and(
        gte(checkRecords.cdate, first),
        lte(checkRecords.cdate, last),
        inArray(checkRecords.employeeId, [...new Set(result.list.map((g) => g.eeid))]),
      ),
    );
  const shopState = new Map<number, { today: string; rules: AbsenceRule[] }>();
  for (const shopId of new Set(result.list.map((g) => g.shopId))) {
    const config = await shopConfigOf(tx, shopId);
    shopState.set(shopId, { today: (await todayOf(tx, auth, config)).today, rules: await rulesOf(tx, config) });
  }
  const list = result.list.map((g): StatisticsRow => {
    const mine = days.filter((d) => d.record.employeeId === g.eeid && d.record.shopId === g.shopId);
    const state = shopState.get(g.shopId) as { today: string; rules: AbsenceRule[] };
    const row: StatisticsRow = {
      eeid: g.eeid,
      eecode: g.eecode,
      eename: mine[0]?.eename ?? '',
      shopId: g.shopId,
      shopName: mine[0]?.shopName ?? null,
      scheduledDays: 0,
      days: 0,
      delayDays: 0,
      earlyDays: 0,
      totalTime: 0,
      uncheck: 0,
      rest: 0,
      study: 0,
      absenteeism: 0,
    };
    for (const d of mine) {
      const totals = dayTotals(factsOf(d.record), d.record.cdate < state.today, state.rules);
      if (d.record.classId !== null) row.scheduledDays++;
      row.days += totals.days;
      row.totalTime += totals.minutes;
      row.uncheck += totals.missing;
      row.rest += totals.rest;
      row.study += totals.study;
      row.absenteeism += totals.kg;
      if (d.record.onWork && d.record.delay > 0 && d.record.onStatus !== 1) row.delayDays++;
      if (d.record.offWork && d.record.zt > 0 && d.record.offStatus !== 1) row.earlyDays++;
    }
    return row;
  });
  return { ...result, list };
}

const columns: ExcelColumn<StatisticsRow>[] = [
  { key: 'shopName', title: ['门店', 'Shop'], width: 20, value: (r: StatisticsRow) => r.shopName },
  { key: 'eecode', title: ['工号', 'Code'], value: (r: StatisticsRow) => r.eecode },
  { key: 'eename', title: ['姓名', 'Name'], value: (r: StatisticsRow) => r.eename },
  { key: 'scheduledDays', title: ['应出勤天数', 'Scheduled days'], value: (r: StatisticsRow) => r.scheduledDays },
  { key: 'days', title: ['出勤天数', 'Days worked'], value: (r: StatisticsRow) => r.days },
  { key: 'delayDays', title: ['迟到天数', 'Late days'], value: (r: StatisticsRow) => r.delayDays },
  { key: 'earlyDays', title: ['早退天数', 'Early days'], value: (r: StatisticsRow) => r.earlyDays },
  { key: 'totalTime', title: ['工作时长（小时）', 'Hours worked'], value: (r: StatisticsRow) => Math.round(r.totalTime / 6) / 10 },
  { key: 'uncheck', title: ['缺卡次数', 'Missing punches'], value: (r: StatisticsRow) => r.uncheck },
  { key: 'rest', title: ['休息（天）', 'Rest (days)'], value: (r: StatisticsRow) => r.rest },
  { key: 'study', title: ['学习（天）', 'Study (days)'], value: (r: StatisticsRow) => r.study },
  { key: 'absenteeism', title: ['旷工（天）', 'Absence (days)'], value: (r: StatisticsRow) => r.absenteeism },
];

export function registerStatisticsRoutes(app: FastifyInstance) {
  const S = '/api-pers/checkchstatistics';
  route(
    app,
    'GET',
    `${S}/chstatisticsList`,
    {
      summary: "The month's attendance statistics, one row per employee and shop, paged",
      description:
        'scheduledDays (应出勤): days the schedule gives a shift; days: days with a punch, less their absence, rest and study; delayDays/earlyDays: days signed in late / out early; totalTime: minutes between sign-in and sign-out; ' +
        'uncheck: punches missing on past working days; rest, study, absenteeism: days (halves count 0.5).',
      perm: 'attendance.statistics.view',
      query: statisticsQuery,
      response: statisticsPage,
    },
    ({ tx, query, auth }) => statistics(tx, auth, query),
  );
  listExport<typeof statisticsQuery, Page<StatisticsRow>>(app, `${S}/export`, {
    perm: 'attendance.statistics.view',
    query: statisticsQuery,
    title: ['考勤统计', 'Attendance statistics'],
    columns,
    list: ({ tx, auth }, query) => statistics(tx, auth, query),
  });
}
