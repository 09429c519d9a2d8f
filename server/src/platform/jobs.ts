import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { tenants } from '../db/tenants.js';
import { inTenant } from './tenancy.js';

/** What a job's handler gets: its tenant's transaction (row-level security on) and its payload. */
export type JobHandler = (
  tx: Db,
  payload: Record<string, unknown>,
  job: { id: number; tenantId: number; attempts: number },
) => Promise<void>;

const handlers = new Map<string, { handler: JobHandler; transaction: boolean }>();

/**
 * Registers the handler of a job name; modules call it once at import. With `transaction: false` the
 * handler is given the database itself, no transaction open, and opens its own short ones (`inTenant`):
 * a job that waits on the network (a push over HTTP) must hold no connection or lock while it waits.
 */
export function defineJob(name: string, handler: JobHandler, options: { transaction?: boolean } = {}) {
  if (handlers.has(name)) throw new Error(`job ${name} is defined twice`);
  handlers.set(name, { handler, transaction: options.transaction ?? true });
}

export interface NewJob {
  tenantId: number;
  name: string;
  payload?: Record<string, unknown>;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one queued or running job per tenant, name and key: enqueueing it again does nothing. */
  singletonKey?: string;
  maxAttempts?: number;
}

/** Queues a job, in the caller's transaction when given one (the job exists only if the write commits). */
export async function enqueue(db: Db, job: NewJob): Promise<void> {
  await db.execute(sql`
    insert into jobs (tenant_id, name, payload, run_at, singleton_key, max_attempts)
    values (${job.tenantId}, ${job.name}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${(job.runAt ?? new Date()).toISOString()}::timestamptz,
            ${job.singletonKey ?? null}, ${job.maxAttempts ?? 5})
    on conflict (tenant_id, name, singleton_key) where state in ('queued', 'running') do nothing`);
}

/**
 * Queues the job of a business day: it runs once `day` has begun in the tenant's time zone, one job per
 * tenant, name and day (the day is its key, and its payload's `day`).
 */
export async function enqueueAtDayStart(tx: Db, job: { tenantId: number; name: string; day: string }): Promise<void> {
  const [start] = await tx
    .select({ at: sql<number>`extract(epoch from (${job.day}::date::timestamp at time zone ${tenants.timeZone}))::float8` })
    .from(tenants)
    .where(eq(tenants.id, job.tenantId));
  if (!start) return;
  await enqueue(tx, {
    tenantId: job.tenantId,
    name: job.name,
    payload: { day: job.day },
    runAt: new Date(Number(start.at) * 1000),
    singletonKey: job.day,
  });
}

/** Seconds before the next try after `attempts` failed ones: 10 s, 20 s, 40 s … at most an hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));

interface ClaimedJob {
  id: number;
  tenant_id: number;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/**
 * Runs due jobs. Every instance runs one; a job is claimed with `for update skip locked` and a lease,
 * so it runs on one instance only; a job whose instance died is claimed again when its lease ends.
 * A failed try is retried with backoff until its attempts are spent; then the job stays `failed`,
 * with its error, until an administrator runs it again.
 */
export class JobRunner {
  readonly id = `${process.pid}-${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: {
      leaseSeconds?: number;
      batch?: number;
      onError?: (error: unknown, job: { id: number; name: string }) => void;
    } = {},
  ) {}

  /** Claims and runs the jobs due at `now` (the database's clock by default); answers how many ran. */
  async runDue(now?: Date): Promise<number> {
    const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    const claimed = rowsOf<ClaimedJob>(
      await this.db.execute(sql`
        update jobs set state = 'running', attempts = attempts + 1, locked_by = ${this.id},
               locked_until = ${at} + make_interval(secs => ${this.options.leaseSeconds ?? 300})
        where (tenant_id, id) in (
          select tenant_id, id from jobs
          where (state = 'queued' and run_at <= ${at}) or (state = 'running' and locked_until < ${at})
          order by run_at, id
          limit ${this.options.batch ?? 20}
          for update skip locked)
        returning id, tenant_id, name, payload, attempts, max_attempts`),
    );
    for (const job of claimed) await this.runOne(job, at);
    return claimed.length;
  }

  private async runOne(job: ClaimedJob, at: ReturnType<typeof sql>) {
    const tenantId = Number(job.tenant_id);
    const defined = handlers.get(job.name);
    try {
      if (!defined) throw new Error(`no handler for job ${job.name}`);
      const about = { id: Number(job.id), tenantId, attempts: job.attempts };
      if (defined.transaction) await inTenant(this.db, tenantId, (tx) => defined.handler(tx, job.payload, about));
      else await defined.handler(this.db, job.payload, about);
      await this.db.execute(sql`
        update jobs set state = 'done', finished_at = now(), locked_by = null, locked_until = null, last_error = null
        where tenant_id = ${job.tenant_id} and id = ${job.id} and locked_by = ${this.id}`);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      const spent = job.attempts >= job.max_attempts;
      await this.db.execute(sql`
        update jobs set state = ${spent ? 'failed' : 'queued'}, last_error = ${message.slice(0, 4000)},
               run_at = ${at} + make_interval(secs => ${backoffSeconds(job.attempts)}),
               locked_by = null, locked_until = null, finished_at = ${spent ? sql`now()` : null}
        where tenant_id = ${job.tenant_id} and id = ${job.id} and locked_by = ${this.id}`);
      this.options.onError?.(error, { id: Number(job.id), name: job.name });
    }
  }

  /** Polls for due jobs every `intervalMs` until stopped; one round at a time. */
  start(intervalMs = 5_000) {
    const tick = () => {
      this.running ??= this.runDue()
        .catch((error: unknown) => {
          this.options.onError?.(error, { id: 0, name: '(claim)' });
          return 0;
        })
        .finally(() => {
          this.running = undefined;
        });
    };
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.running;
  }
}

/** Finished jobs are kept a week, then removed (a bounded delete per call). */
export async function purgeFinishedJobs(db: Db) {
  await db.execute(sql`
    delete from jobs where (tenant_id, id) in (
      select tenant_id, id from jobs where state = 'done' and finished_at < now() - interval '7 days' limit 10000)`);
}
