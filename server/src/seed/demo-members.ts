import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { nextMemberCodes } from '../modules/members/members.js';
import { members } from '../modules/members/schema.js';
import { channels, employees, memberGrades, shops } from '../modules/org/schema.js';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '欧阳', '林', '郭'];
const GIVEN = ['思雨', '欣怡', '梓涵', '雨桐', '可馨', '嘉怡', '子轩', '浩然', '诗涵', '梦琪', '晓彤', '佳琪', '一诺', '若曦', '俊杰'];

/**
 * A few dozen members spread over the demo shops, with grades, sources, advisors from their shop and
 * points, one frozen. Stored value, spending and visits stay 0: they come only from the card ledger and
 * the till's bills (docs/DECISIONS.md, "A member's visits and spending").
 */
export async function seedDemoMembers(tx: Db, tenantId: number) {
  const shopRows = await tx.select({ id: shops.id }).from(shops).orderBy(asc(shops.code));
  const gradeRows = await tx.select({ id: memberGrades.id }).from(memberGrades).orderBy(asc(memberGrades.code));
  const channelRows = await tx.select({ id: channels.id }).from(channels).orderBy(asc(channels.code));
  const staff = await tx.select({ id: employees.id, shopId: employees.shopId }).from(employees).where(eq(employees.status, 1));
  if (!shopRows.length) return;
  const count = 48;
  const codes = await nextMemberCodes(tx, tenantId, count);
  const now = Date.now();
  await tx.insert(members).values(
    codes.map((code, i) => {
      const shopId = shopRows[i % shopRows.length].id;
      const advisors = staff.filter((e) => e.shopId === shopId);
      return {
        tenantId,
        code,
        name: `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 4) % GIVEN.length]}`,
        // 5381 is coprime with 10^8: distinct i give distinct numbers.
        mobile: `1${['38', '39', '58', '86', '37'][i % 5]}${String((i * 5381 + 61_234_567) % 100_000_000).padStart(8, '0')}`,
        gender: i % 5 === 0 ? 1 : 2,
        birthday: `${1975 + (i % 30)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
        registeredOn: new Date(now - (i * 11 + 3) * 86_400_000).toISOString().slice(0, 10),
        shopId,
        channelId: channelRows.length ? channelRows[i % channelRows.length].id : null,
        gradeId: gradeRows.length ? gradeRows[(i * 3) % gradeRows.length].id : null,
        advisorId: advisors.length && i % 4 !== 3 ? advisors[i % advisors.length].id : null,
        status: i === 7 ? 2 : 1,
        freezeMemo: i === 7 ? '顾客卡片遗失，暂停使用' : null,
        points: ((i * 7) % 23) * 10,
      };
    }),
  );
}
