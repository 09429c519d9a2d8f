import { idParam, jobListQuery, jobPage, jobRow } from '@headoffice/contract';
import { and, desc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { conflict, notFound } from '../../platform/errors.js';
import { offsetOf, pageOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { jobs } from '../../platform/schema.js';
import { shops } from '../org/public.js';
import './messages.js';

const jobColumns = {
  id: jobs.id,
  name: jobs.name,
  state: jobs.state,
  payload: jobs.payload,
  runAt: jobs.runAt,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  lastError: jobs.lastError,
  createdAt: jobs.createdAt,
  finishedAt: jobs.finishedAt,
};

type Row = Pick<typeof jobs.$inferSelect, keyof typeof jobColumns>;
const shown = (r: Row) =>
  jobRow.parse({
    ...r,
    runAt: r.runAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  });

/**
 * Jobs are the company's work, not a shop's: a day's staff transfers across the chain, the chain's
 * birthday gifts, text messages; their payloads and errors name records of any shop. They are
 * watched and run again by those who see every shop.
 */
async function seesJobs(tx: Db, auth: Auth) {
  const visible = visibleShops(auth);
  if (!visible) return true;
  const [unseen] = await tx
    .select({ id: shops.id })
    .from(shops)
    .where(notInArray(shops.id, visible.length ? visible : [0]))
    .limit(1);
  return !unseen;
}

async function listJobs(tx: Db, auth: Auth, q: z.output<typeof jobListQuery>) {
  const where: SQL[] = (await seesJobs(tx, auth)) ? [] : [sql`false`];
  if (q.state) where.push(eq(jobs.state, q.state));
  if (q.name) where.push(eq(jobs.name, q.name));
  const page = await pageOf(
    tx,
    q,
    tx
      .select(jobColumns)
      .from(jobs)
      .where(and(...where))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    () =>
      tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(...where)),
  );
  return { ...page, list: page.list.map(shown) };
}

/** A failed job goes back to the queue with its tries reset; it runs at the next round of any instance. */
async function rerunJob(tx: Db, auth: Auth, id: number) {
  if (!(await seesJobs(tx, auth))) throw notFound();
  const [job] = await tx.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, id)).for('update');
  if (!job) throw notFound();
  if (job.state !== 'failed') throw conflict('jobNotFailed', { state: `@job.state.${job.state}` });
  const [row] = await tx
    .update(jobs)
    .set({ state: 'queued', attempts: 0, runAt: new Date(), finishedAt: null })
    .where(eq(jobs.id, id))
    .returning(jobColumns);
  return shown(row);
}

export function registerJobRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    '/api-user/jobs',
    {
      summary: 'Background jobs of the company, newest first (state, name)',
      description:
        "A failed job keeps its last error until it is run again. Jobs are the whole company's work: a user who does not " +
        'see every shop sees none (an empty list) and runs none again (404).',
      perm: 'identity.job.view',
      query: jobListQuery,
      response: jobPage,
    },
    ({ tx, auth, query }) => listJobs(tx, auth, query),
  );
  route(
    app,
    'POST',
    '/api-user/jobs/:id/rerun',
    {
      summary: 'Run a failed job again (409 unless it failed)',
      description: 'A user who does not see every shop sees no job (404), as in the list.',
      perm: 'identity.job.edit',
      params: idParam,
      entity: 'job',
      response: jobRow,
    },
    ({ tx, auth, params }) => rerunJob(tx, auth, params.id),
  );
}
