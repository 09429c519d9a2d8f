import type { Db } from '../../db/client.js';
import { getSetting, setSetting } from '../../platform/settings.js';
import { payClasses, payTypes, stations } from './schema.js';

const SEEDED_KEY = 'cashier.seeded';

/** The pay classes every tenant starts with (editable). */
const classes: [code: string, name: string][] = [
  ['01', '现金类'],
  ['02', '赠送类'],
  ['03', '储值卡类'],
  ['04', '套餐类'],
  ['05', '团购类'],
  ['06', '券类'],
];

/** The usual pay types (DOMAIN-DETAIL §4.1): code, name, class, fee and performance rates (bp), system kind. */
const types: [code: string, name: string, cls: string, fee: number, perf: number, kind: string | null][] = [
  ['01', '人民币', '01', 0, 10000, null],
  ['07', '银联POS', '01', 60, 10000, null],
  ['23', '微信', '01', 60, 10000, null],
  ['52', '银联通', '01', 30, 10000, null],
  ['33', '工行爱购', '01', 30, 10000, null],
  ['02', '储值卡卡金', '03', 0, 10000, 'cardPrincipal'],
  ['03', '储值卡赠送', '02', 0, 0, 'cardGift'],
  ['09', '老卡', '03', 0, 10000, null],
  ['11', '生日赠送', '02', 0, 0, null],
  ['29', '红包', '02', 0, 0, 'redEnvelope'],
  ['06', '套餐', '04', 0, 10000, 'package'],
  ['30', '优惠券', '06', 0, 0, 'coupon'],
  ['27', '美团', '05', 0, 10000, 'voucher'],
  ['18', '团购拨款', '05', 0, 10000, null],
  ['35', '骁骁网', '05', 0, 10000, null],
  ['36', '抖音', '05', 0, 10000, 'voucher'],
];

/** Stations per business type: 美发 three stations, 美容 two, 综合 three. */
const stationDefaults: [code: string, name: string, businessType: number, count: number][] = [
  ['01', '美发', 1, 3],
  ['02', '美容', 2, 2],
  ['03', '综合', 3, 3],
];
const postNames = ['第一工位', '第二工位', '第三工位'];

/**
 * Gives a tenant the shipped pay classes, pay types and stations once (the first time any of the
 * till settings is read); from then on they are the tenant's to edit, and a deleted entry stays deleted.
 */
export async function ensureCashierDefaults(tx: Db, tenantId: number) {
  if (await getSetting<boolean>(tx, SEEDED_KEY, false)) return;
  const classRows = await tx
    .insert(payClasses)
    .values(classes.map(([code, name], i) => ({ tenantId, code, name, sort: i + 1 })))
    .onConflictDoNothing()
    .returning({ id: payClasses.id, code: payClasses.code });
  const all =
    classRows.length === classes.length ? classRows : await tx.select({ id: payClasses.id, code: payClasses.code }).from(payClasses);
  const classId = new Map(all.map((c) => [c.code, c.id]));
  await tx
    .insert(payTypes)
    .values(
      types.map(([code, name, cls, feeRate, perfRate, kind], i) => ({
        tenantId,
        code,
        name,
        classId: classId.get(cls) as number,
        feeRate,
        perfRate,
        kind,
        sort: i + 1,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(stations)
    .values(
      stationDefaults.map(([code, name, businessType, count]) => ({
        tenantId,
        code,
        name,
        businessType,
        rows: postNames.slice(0, count).map((post, i) => ({ postion: i + 1, name: post, positionIds: [] })),
      })),
    )
    .onConflictDoNothing();
  await setSetting(tx, tenantId, SEEDED_KEY, true);
}
