import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { jobLeases, sessions } from '#server/db/schema.ts';
import { periodicJobs, pgliteVacuumJob } from '#server/jobs/periodic-jobs.ts';
import { runJobOnce, startScheduler, type PeriodicJob } from '#server/jobs/scheduler.ts';
import { expiredSessionsJob } from '#server/modules/auth/auth.jobs.ts';
import { openTestDatabase } from '#test/setup/database.ts';
import { insertUser } from '#test/setup/factories.ts';

const quiet = { info: () => {}, error: () => {} };
const at = (iso: string) => () => new Date(iso);

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await handle.db.delete(jobLeases);
});

function countingJob(overrides: Partial<PeriodicJob> = {}) {
  const runs: Date[] = [];
  const job: PeriodicJob = {
    name: 'conteggio',
    everyMs: 60_000,
    async run({ now }) {
      runs.push(now);
    },
    ...overrides,
  };
  return { job, runs };
}

describe('periodic jobs', () => {
  it('an exclusive job runs once when two instances race for it, and not again before its interval', async () => {
    const { job, runs } = countingJob();
    const now = at('2026-11-23T08:00:00Z');
    const ran = await Promise.all([
      runJobOnce(handle.db, job, { owner: 'a', log: quiet, clock: now }),
      runJobOnce(handle.db, job, { owner: 'b', log: quiet, clock: now }),
    ]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toHaveLength(1);

    expect(
      await runJobOnce(handle.db, job, { owner: 'b', log: quiet, clock: at('2026-11-23T08:00:59Z') }),
    ).toBe(false);
    expect(
      await runJobOnce(handle.db, job, { owner: 'b', log: quiet, clock: at('2026-11-23T08:01:00Z') }),
    ).toBe(true);
    expect(runs).toHaveLength(2);
    const [lease] = await handle.db.select().from(jobLeases).where(eq(jobLeases.name, 'conteggio'));
    expect(lease).toMatchObject({ lockedBy: 'b', lastError: null });
  });

  it('woken, an exclusive job runs before its interval once the last run finished, never beside a run in flight', async () => {
    const { job, runs } = countingJob();
    const run = (owner: string, iso: string, woken?: boolean) =>
      runJobOnce(handle.db, job, { owner, log: quiet, clock: at(iso), woken });
    expect(await run('a', '2026-11-23T08:00:00Z')).toBe(true);
    expect(await run('b', '2026-11-23T08:00:10Z')).toBe(false);
    expect(await run('b', '2026-11-23T08:00:10Z', true)).toBe(true);
    expect(runs).toHaveLength(2);
    // A run in flight (started, not finished) keeps its lease, woken or not.
    await handle.db
      .update(jobLeases)
      .set({ lastStartedAt: new Date('2026-11-23T08:00:20Z'), lockedUntil: new Date('2026-11-23T08:10:20Z') })
      .where(eq(jobLeases.name, 'conteggio'));
    expect(await run('a', '2026-11-23T08:00:30Z', true)).toBe(false);
    expect(runs).toHaveLength(2);
  });

  it('a failing run is recorded and retried at the next interval', async () => {
    let fail = true;
    const job: PeriodicJob = {
      name: 'fragile',
      everyMs: 1_000,
      async run() {
        if (fail) throw new Error('SMTP giù');
      },
    };
    expect(
      await runJobOnce(handle.db, job, { owner: 'a', log: quiet, clock: at('2026-11-23T08:00:00Z') }),
    ).toBe(true);
    const [failed] = await handle.db.select().from(jobLeases).where(eq(jobLeases.name, 'fragile'));
    expect(failed?.lastError).toBe('SMTP giù');
    fail = false;
    expect(
      await runJobOnce(handle.db, job, { owner: 'b', log: quiet, clock: at('2026-11-23T08:00:01Z') }),
    ).toBe(true);
    const [ok] = await handle.db.select().from(jobLeases).where(eq(jobLeases.name, 'fragile'));
    expect(ok?.lastError).toBeNull();
  });

  it('a lease held by an instance that died is taken over once its timeout has passed', async () => {
    const hang = countingJob({ name: 'bloccato', timeoutMs: 5 * 60_000 });
    // Instance a claims and never finishes: simulated by claiming through a run that never resolves.
    const never = new Promise<void>(() => {});
    void runJobOnce(
      handle.db,
      { ...hang.job, run: () => never },
      {
        owner: 'a',
        log: quiet,
        clock: at('2026-11-23T08:00:00Z'),
      },
    );
    await expect
      .poll(
        async () => (await handle.db.select().from(jobLeases).where(eq(jobLeases.name, 'bloccato'))).length,
      )
      .toBe(1);

    const other = { owner: 'b', log: quiet };
    expect(await runJobOnce(handle.db, hang.job, { ...other, clock: at('2026-11-23T08:04:59Z') })).toBe(
      false,
    );
    expect(await runJobOnce(handle.db, hang.job, { ...other, clock: at('2026-11-23T08:05:00Z') })).toBe(true);
    expect(hang.runs).toHaveLength(1);
  });

  it('a non-exclusive job runs on every instance without a lease', async () => {
    const { job, runs } = countingJob({ name: 'ovunque', exclusive: false });
    const now = at('2026-11-23T08:00:00Z');
    await runJobOnce(handle.db, job, { owner: 'a', log: quiet, clock: now });
    await runJobOnce(handle.db, job, { owner: 'b', log: quiet, clock: now });
    expect(runs).toHaveLength(2);
    expect(await handle.db.select().from(jobLeases)).toHaveLength(0);
  });

  it('the scheduler runs each job at start, on wake, and waits for the run in flight when stopped', async () => {
    let release: () => void = () => {};
    const runs: string[] = [];
    const job: PeriodicJob = {
      name: 'svegliabile',
      everyMs: 60_000,
      exclusive: false,
      run: () =>
        new Promise<void>((resolve) => {
          runs.push('run');
          release = resolve;
        }),
    };
    const scheduler = startScheduler(handle.db, [job], { log: quiet });
    await expect.poll(() => runs.length).toBe(1);
    scheduler.wake('svegliabile'); // still running: no second run in parallel
    const stopping = scheduler.stop().then(() => runs.push('stopped'));
    // stop() waits on promises alone: once every pending callback has run (the next turn of the
    // event loop), a stop that did not wait for the run would have resolved.
    await new Promise((r) => setImmediate(r));
    expect(runs).toEqual(['run']);
    release();
    await stopping;
    expect(runs).toEqual(['run', 'stopped']);
  });

  it('a wake during a run is not lost: one more run follows as soon as it ends, never in parallel', async () => {
    const releases: Array<() => void> = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const job: PeriodicJob = {
      name: 'coda',
      everyMs: 60 * 60_000,
      exclusive: false,
      run: () =>
        new Promise<void>((resolve) => {
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          releases.push(() => {
            inFlight--;
            resolve();
          });
        }),
    };
    const scheduler = startScheduler(handle.db, [job], { log: quiet });
    await expect.poll(() => releases.length).toBe(1);
    scheduler.wake('coda');
    scheduler.wake('coda');
    releases[0]();
    // The hourly timer is far away: only the wake can bring the second run.
    await expect.poll(() => releases.length).toBe(2);
    releases[1]();
    const stopping = scheduler.stop();
    await stopping;
    expect(releases).toHaveLength(2);
    expect(maxInFlight).toBe(1);
  });

  it('the embedded database gets a daily vacuum, PostgreSQL (with its autovacuum) does not', async () => {
    const deps = {
      storage: {} as never,
      mailer: null,
      publicBaseUrl: 'http://x',
      sessionSecret: 's'.repeat(40),
    };
    const names = (embedded: boolean) => periodicJobs({ ...deps, embedded }).map((j) => j.name);
    expect(names(true)).toContain(pgliteVacuumJob.name);
    expect(names(false)).not.toContain(pgliteVacuumJob.name);
    expect(pgliteVacuumJob.everyMs).toBe(24 * 60 * 60_000);

    // The job's VACUUM runs on the database (VACUUM cannot run inside a transaction block).
    const vacuums = async () =>
      (
        (await handle.db.execute(
          sql`select coalesce(sum(vacuum_count), 0)::int as n from pg_stat_user_tables where relname = 'job_leases'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0].n;
    const before = await vacuums();
    await runJobOnce(handle.db, pgliteVacuumJob, {
      owner: 'a',
      log: quiet,
      clock: at('2026-11-23T08:00:00Z'),
    });
    await expect.poll(vacuums).toBeGreaterThan(before);
  });

  it('removes expired sessions and keeps the valid ones', async () => {
    const user = await insertUser(handle.db, { role: 'agente' });
    await handle.db.insert(sessions).values([
      { id: 'scaduta', userId: user.id, expiresAt: new Date('2026-11-23T07:59:59Z') },
      { id: 'valida', userId: user.id, expiresAt: new Date('2026-11-23T08:00:01Z') },
    ]);
    await runJobOnce(handle.db, expiredSessionsJob, {
      owner: 'a',
      log: quiet,
      clock: at('2026-11-23T08:00:00Z'),
    });
    const left = await handle.db.select({ id: sessions.id }).from(sessions);
    expect(left.map((s) => s.id)).toEqual(['valida']);
  });
});
