import type { SmsAudienceFilter } from '@headoffice/contract';
import { and, asc, count, eq, gt, gte, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { withinDays } from '../../platform/numbering.js';
import { members } from './schema.js';

/**
 * A campaign's audience (findConditionSms, DOMAIN-DETAIL §8.1): normal members matching every
 * condition given, within `shops` (the shops the sender sees; undefined: every shop). No condition
 * is every member, as the original says ("发送对象为空时默认为全部会员").
 */
export interface SmsAudience {
  filter: SmsAudienceFilter;
  shops?: number[];
  zone: string;
}

function audienceWhere({ filter: f, shops, zone }: SmsAudience): SQL | undefined {
  return and(
    eq(members.status, 1),
    shops ? inArray(members.shopId, shops.length ? shops : [0]) : undefined,
    f.shopid ? eq(members.shopId, f.shopid) : undefined,
    f.gender !== undefined ? eq(members.gender, f.gender) : undefined,
    f.gradeId ? eq(members.gradeId, f.gradeId) : undefined,
    f.advisorId ? eq(members.advisorId, f.advisorId) : undefined,
    f.minVisits ? gte(members.visits, f.minVisits) : undefined,
    f.minSpent ? gte(members.spent, f.minSpent) : undefined,
    f.hasBalance === true ? gt(members.balance, 0) : f.hasBalance === false ? eq(members.balance, 0) : undefined,
    ...withinDays(members.lastVisitAt, zone, f.visitFrom, f.visitTo),
  );
}

export async function countSmsAudience(tx: Db, audience: SmsAudience): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(members).where(audienceWhere(audience));
  return Number(row.n);
}

/** The next `limit` members of the audience after member id `after`, by id (a batch of a campaign, or a page). */
export function smsAudienceAfter(tx: Db, audience: SmsAudience, after: number, limit: number, offset = 0) {
  return tx
    .select({ id: members.id, code: members.code, name: members.name, mobile: members.mobile, shopId: members.shopId })
    .from(members)
    .where(and(audienceWhere(audience), gt(members.id, after)))
    .orderBy(asc(members.id))
    .limit(limit)
    .offset(offset);
}
