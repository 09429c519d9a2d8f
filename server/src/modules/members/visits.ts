import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members } from './schema.js';

/** A member's spending (累计消费), visits (到店次数) and last visit (最近到店), as their bills make them. */
export interface VisitFigures {
  spent: number;
  visits: number;
  lastVisitAt: Date | null;
}

/**
 * Keeps a member's spending, visits and last visit in the transaction of the write that changed their
 * bills (a settle, a revoke): the member's row is locked first, so that `figures`, read after the lock,
 * sees every bill committed before it and two settles of one member never write over each other. The
 * member's version is left alone: a figure moving is no edit of the member.
 */
export async function keepVisitFigures(tx: Db, memberId: number, figures: (tx: Db) => Promise<VisitFigures>) {
  // NO KEY UPDATE, as the figures' own update takes: it waits for another settle of the member but not for
  // the key-share locks the bill's own rows referring to the member hold (FOR UPDATE would deadlock there).
  const [locked] = await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('no key update');
  if (!locked) return;
  const f = await figures(tx);
  await tx.update(members).set({ spent: f.spent, visits: f.visits, lastVisitAt: f.lastVisitAt }).where(eq(members.id, memberId));
}
