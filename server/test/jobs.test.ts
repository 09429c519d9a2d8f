import { randomBytes } from 'node:crypto';
import { jobStateLabels } from '@headoffice/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { employeeStream, jobs } from '../src/db/schema.js';
import { TRANSFER_JOB } from '../src/modules/staff/staff-transfers.js';
import { backoffSeconds, defineJob, enqueue, JobRunner } from '../src/platform/jobs.js';
import { businessDate } from '../src/platform/numbering.js';
import { build } from './helpers.js';
import { createLimitedUser } from './users.js';

const t = await build();
const a = await t.tenant({ demo: true });
const b = await t.tenant();
const owner = t.database.db;
const tag = () => randomBytes(4).toString('hex');
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const runs: Record<string, number[]> = {};
const failUntil: Record<string, number> = {};
/** A job that counts its runs and fails its first `failUntil[name]` tries. */
function countingJob(name: string) {
  runs[name] = [];
  defineJob(name, async (tx, _payload, job) => {
    await tx.execute(sql`select 1`);
    runs[name].push(job.attempts);
    if (job.attempts <= (failUntil[name] ?? 0)) throw new Error(`try ${job.attempts} of ${name} failed`);
  });
}

async function jobOf(name: string) {
  const [row] = await owner.select().from(jobs).where(eq(jobs.name, name));
  return row;
}

describe('jobs', () => {
  it('runs a due job once, even with several runners claiming at the same time', async () => {
    const name = `test.once.${tag()}`;
    countingJob(name);
    await enqueue(owner, { tenantId: a.tenantId, name });
    const runners = [new JobRunner(owner), new JobRunner(owner), new JobRunner(owner)];
    await Promise.all(runners.map((r) => r.runDue()));
    await Promise.all(runners.map((r) => r.runDue(later(60))));
    expect(runs[name]).toEqual([1]);
    expect(await jobOf(name)).toMatchObject({ state: 'done', attempts: 1, lockedBy: null });
  });

  it('does not run a job before its time, and queues one job per singleton key', async () => {
    const name = `test.later.${tag()}`;
    countingJob(name);
    for (let i = 0; i < 3; i++) await enqueue(owner, { tenantId: a.tenantId, name, runAt: later(30), singletonKey: 'day-1' });
    expect(await owner.$count(jobs, eq(jobs.name, name))).toBe(1);
    const runner = new JobRunner(owner);
    await runner.runDue();
    expect(runs[name]).toEqual([]);
    await runner.runDue(later(31));
    expect(runs[name]).toEqual([1]);
  });

  it('retries a failing job with backoff, keeps it failed with its error when tries are spent, and an administrator runs it again', async () => {
    const name = `test.retry.${tag()}`;
    countingJob(name);
    failUntil[name] = 3;
    await enqueue(owner, { tenantId: a.tenantId, name, maxAttempts: 3 });
    const runner = new JobRunner(owner);
    await runner.runDue();
    let job = await jobOf(name);
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(job.lastError).toContain('try 1');
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + (backoffSeconds(1) - 5) * 1000);
    await runner.runDue();
    expect(runs[name]).toEqual([1]);
    await runner.runDue(later(2));
    await runner.runDue(later(10));
    job = await jobOf(name);
    expect(runs[name]).toEqual([1, 2, 3]);
    expect(job).toMatchObject({ state: 'failed', attempts: 3 });
    expect(job.lastError).toContain('try 3');

    const list = await a.admin.get('/api-user/jobs', { state: 'failed', name });
    expect(list.status).toBe(200);
    expect(list.body.data.list).toHaveLength(1);
    expect(list.body.data.list[0]).toMatchObject({ id: job.id, state: 'failed', attempts: 3, maxAttempts: 3 });
    expect(list.body.data.list[0].lastError).toContain('try 3');
    // Another company's administrator sees none of it and cannot run it.
    expect((await b.admin.get('/api-user/jobs', { name })).body.data.list).toEqual([]);
    expect((await b.admin.post(`/api-user/jobs/${job.id}/rerun`)).status).toBe(404);

    failUntil[name] = 0;
    const rerun = await a.admin.post(`/api-user/jobs/${job.id}/rerun`);
    expect(rerun.status).toBe(200);
    expect(rerun.body.data).toMatchObject({ state: 'queued', attempts: 0 });
    const again = await a.admin.post(`/api-user/jobs/${job.id}/rerun`);
    expect(again.status).toBe(409);
    expect(again.body.resp_msg).toContain(jobStateLabels.queued[0]);
    await runner.runDue();
    expect(runs[name]).toEqual([1, 2, 3, 1]);
    expect(await jobOf(name)).toMatchObject({ state: 'done' });
  });

  it('claims again a job whose instance died while running it (its lease ran out)', async () => {
    const name = `test.lease.${tag()}`;
    countingJob(name);
    await enqueue(owner, { tenantId: a.tenantId, name });
    await owner
      .update(jobs)
      .set({ state: 'running', lockedBy: 'dead', lockedUntil: later(-1), attempts: 1 })
      .where(eq(jobs.name, name));
    await new JobRunner(owner).runDue();
    expect(runs[name]).toEqual([2]);
    expect(await jobOf(name)).toMatchObject({ state: 'done' });
  });

  it('needs the right to see or run jobs again', async () => {
    const viewer = await createLimitedUser(t, a, { perms: ['identity.job.view'] });
    const nobody = await createLimitedUser(t, a, { perms: ['identity.log.view'] });
    expect((await viewer.client.get('/api-user/jobs')).status).toBe(200);
    expect((await nobody.client.get('/api-user/jobs')).status).toBe(403);
    expect((await viewer.client.post('/api-user/jobs/1/rerun')).status).toBe(403);
    expect((await t.client().get('/api-user/jobs')).status).toBe(401);
    expect((await a.admin.get('/api-user/jobs', { state: 'lost' })).status).toBe(400);
    expect((await a.admin.post('/api-user/jobs/999999999/rerun')).status).toBe(404);
  });

  it("shows jobs, the whole company's work, only to those who see every shop", async () => {
    const name = `test.scope.${tag()}`;
    countingJob(name);
    failUntil[name] = 1;
    await enqueue(owner, { tenantId: a.tenantId, name, maxAttempts: 1 });
    await new JobRunner(owner).runDue();
    const job = await jobOf(name);
    expect(job).toMatchObject({ state: 'failed' });
    const shops = (await a.admin.get('/api-chain/shop', { pageSize: 200 })).body.data.list as { id: number }[];
    const rights = ['identity.job.view', 'identity.job.edit'];
    const oneShop = await createLimitedUser(t, a, { perms: rights, managerShops: [shops[0].id] });
    const everyShop = await createLimitedUser(t, a, { perms: rights, managerShops: shops.map((s) => s.id) });
    const limited = await oneShop.client.get('/api-user/jobs', { name });
    expect(limited.status).toBe(200);
    expect(limited.body.data).toMatchObject({ list: [], total: 0 });
    const refused = await oneShop.client.post(`/api-user/jobs/${job.id}/rerun`);
    expect(refused.status).toBe(404);
    expect(refused.body.resp_code).toBe('404');
    expect(await jobOf(name)).toMatchObject({ state: 'failed' });
    expect((await everyShop.client.get('/api-user/jobs', { name })).body.data.list.map((j: { id: number }) => j.id)).toEqual([job.id]);
    failUntil[name] = 0;
    expect((await everyShop.client.post(`/api-user/jobs/${job.id}/rerun`)).status).toBe(200);
  });

  it('applies a future-dated transfer through its job on its day, once', async () => {
    const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as { id: number; code: string }[];
    const positions = (await a.admin.get('/api-chain/position/list/position')).body.data as any[];
    const stylist = positions.find((p) => p.name === '发型师');
    const created = await a.admin.post('/api-chain/employee', {
      eecode: `J${tag()}`,
      name: `任务调动${tag().slice(0, 4)}`,
      shopId: shops[0].id,
      positionId: stylist.id,
      entryDate: '2025-03-01',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const day = addDays(businessDate(), 3);
    const moved = await a.admin.post('/api-chain/employee/saveTransfer', {
      employeeIds: [created.body.data.id],
      effectiveDate: day,
      shopId: shops[1].id,
    });
    expect(moved.body.data).toMatchObject({ applied: false });
    const [job] = await owner
      .select()
      .from(jobs)
      .where(and(eq(jobs.tenantId, a.tenantId), eq(jobs.name, TRANSFER_JOB), eq(jobs.singletonKey, day)));
    expect(job).toMatchObject({ state: 'queued', payload: { day } });
    // Shanghai midnight of that day.
    expect(job.runAt.toISOString()).toBe(new Date(`${day}T00:00:00+08:00`).toISOString());

    const runner = new JobRunner(owner);
    await runner.runDue();
    const pending = () =>
      owner.$count(
        employeeStream,
        and(eq(employeeStream.employeeId, created.body.data.id), eq(employeeStream.kind, 'transfer'), sql`applied_at is null`),
      );
    expect(await pending()).toBe(1);
    await runner.runDue(new Date(job.runAt.getTime() + 1000));
    expect(await pending()).toBe(0);
    expect((await a.admin.get(`/api-chain/employee/id/${created.body.data.id}`)).body.data.shopId).toBe(shops[1].id);
    expect(await owner.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, job.id))).toEqual([{ state: 'done' }]);
  });

  it('lists jobs in the OpenAPI document with the schema of their answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const answer = doc.paths['/api-user/jobs'].get.responses['200'];
    expect(JSON.stringify(answer)).toContain('lastError');
  });
});
