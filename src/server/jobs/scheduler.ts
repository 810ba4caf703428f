import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { jobLeases } from '#server/db/schema.ts';
import { safeErrorMessage } from '#server/lib/log-safety.ts';

/**
 * Periodic work of the server (cleanups, the e-mail outbox, digests, retention), run by every
 * instance's scheduler. An exclusive job runs on one instance at a time and at most once per
 * `everyMs` across all of them, through a lease row in `job_leases`; a non-exclusive job runs on
 * every instance (its own queries must then share the work, e.g. `FOR UPDATE SKIP LOCKED`).
 * See docs/architecture.md#lavori-periodici.
 */
export interface PeriodicJob {
  /** Unique, stable: the lease key. */
  name: string;
  /** Least time between two starts (across all instances when exclusive). */
  everyMs: number;
  /** Default true: one instance at a time, through the lease. */
  exclusive?: boolean;
  /** How long a run may hold the lease before another instance assumes it died. Default 10 min. */
  timeoutMs?: number;
  run(context: JobContext): Promise<void>;
}

export interface JobContext {
  db: Database;
  now: Date;
  log: JobLogger;
}

export interface JobLogger {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/** This process's name in `job_leases.locked_by`: readable by an operator, unique per start. */
export function schedulerOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/**
 * Takes the job's lease when nobody holds it (or the holder's lease ran out). One statement, so
 * two instances racing for it cannot both win.
 */
export async function claimJob(
  db: Database,
  job: Pick<PeriodicJob, 'name' | 'timeoutMs'>,
  owner: string,
  now: Date,
  /** Woken: take the lease as soon as no run holds it, even before the next start is due. */
  woken = false,
): Promise<boolean> {
  const until = new Date(now.getTime() + (job.timeoutMs ?? DEFAULT_TIMEOUT_MS));
  // A finished run leaves the lease until its next start (finishJob); its finish time then
  // follows its start time, which a run in flight (or one whose process died) never has.
  const free = woken
    ? sql` or (${jobLeases.lastFinishedAt} is not null and ${jobLeases.lastFinishedAt} >= ${jobLeases.lastStartedAt})`
    : sql``;
  const claimed = await db
    .insert(jobLeases)
    .values({ name: job.name, lockedUntil: until, lockedBy: owner, lastStartedAt: now })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { lockedUntil: until, lockedBy: owner, lastStartedAt: now },
      setWhere: sql`${jobLeases.lockedUntil} <= ${now.toISOString()}::timestamptz${free}`,
    })
    .returning({ name: jobLeases.name });
  return claimed.length === 1;
}

/** Ends a run: the lease now lasts until the next start is due, so no instance repeats it sooner. */
export async function finishJob(
  db: Database,
  job: Pick<PeriodicJob, 'name' | 'everyMs'>,
  owner: string,
  startedAt: Date,
  finishedAt: Date,
  error: string | null,
): Promise<void> {
  await db
    .update(jobLeases)
    .set({
      lockedUntil: new Date(startedAt.getTime() + job.everyMs),
      lastFinishedAt: finishedAt,
      lastError: error,
    })
    .where(and(eq(jobLeases.name, job.name), eq(jobLeases.lockedBy, owner)));
}

/**
 * Records a job as just done by someone else than the scheduler (the demo loader's own VACUUM is
 * the daily maintenance): its next run is due one interval from now, whoever held its lease.
 */
export async function recordJobDone(
  db: Database,
  job: Pick<PeriodicJob, 'name' | 'everyMs'>,
  by: string,
  at: Date,
): Promise<void> {
  const row = {
    lockedUntil: new Date(at.getTime() + job.everyMs),
    lockedBy: by,
    lastStartedAt: at,
    lastFinishedAt: at,
    lastError: null,
  };
  await db
    .insert(jobLeases)
    .values({ name: job.name, ...row })
    .onConflictDoUpdate({ target: jobLeases.name, set: row });
}

export interface RunOptions {
  owner: string;
  log: JobLogger;
  clock?: () => Date;
  /** Woken after a commit that queued work: an exclusive job runs if free, due or not. */
  woken?: boolean;
}

/**
 * Runs one job if it is due: claims its lease (exclusive jobs), runs it, records the outcome.
 * Answers whether it ran. A failing job is logged, never thrown: the next attempt comes at its
 * next interval.
 */
export async function runJobOnce(db: Database, job: PeriodicJob, options: RunOptions): Promise<boolean> {
  const clock = options.clock ?? (() => new Date());
  const exclusive = job.exclusive ?? true;
  const startedAt = clock();
  if (exclusive && !(await claimJob(db, job, options.owner, startedAt, options.woken))) return false;
  let failure: string | null = null;
  try {
    await job.run({ db, now: startedAt, log: options.log });
  } catch (error) {
    // The stored reason must not carry a query's parameters (personal data).
    failure = safeErrorMessage(error);
    options.log.error({ job: job.name, err: error }, 'lavoro periodico non riuscito');
  }
  if (exclusive) await finishJob(db, job, options.owner, startedAt, clock(), failure);
  return true;
}

export interface Scheduler {
  /**
   * Runs a job now instead of waiting for its timer, e.g. after a commit that queued its work:
   * an exclusive one as soon as no instance runs it, even before its interval has passed.
   */
  wake(name: string): void;
  /** Stops the timers and waits for the runs in flight. */
  stop(): Promise<void>;
}

/** Starts a timer per job. Timers are unref'd: they never keep the process alive on their own. */
export function startScheduler(
  db: Database,
  jobs: readonly PeriodicJob[],
  options: Partial<RunOptions> & { log: JobLogger },
): Scheduler {
  const owner = options.owner ?? schedulerOwner();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  // Woken while running: the run may have read its work before the wake's commit, so one more
  // run follows right after (e.g. an e-mail queued while the worker was sending others).
  const wokenWhileRunning = new Set<string>();
  let stopped = false;

  const attempt = (job: PeriodicJob, woken = false) => {
    if (stopped) return;
    if (running.has(job.name)) {
      wokenWhileRunning.add(job.name);
      return;
    }
    // The run schedules the next one when it ends.
    clearTimeout(timers.get(job.name));
    const run = runJobOnce(db, job, { owner, log: options.log, clock: options.clock, woken })
      .then(() => undefined)
      .catch((error: unknown) => {
        // The lease queries themselves failed (database away): try again at the next interval.
        options.log.error({ job: job.name, err: error }, 'lavoro periodico non avviato');
      })
      .finally(() => {
        running.delete(job.name);
        const again = wokenWhileRunning.delete(job.name);
        if (again) attempt(job, true);
        else schedule(job);
      });
    running.set(job.name, run);
  };
  const schedule = (job: PeriodicJob, delayMs = job.everyMs) => {
    if (stopped) return;
    clearTimeout(timers.get(job.name));
    // A little jitter so that instances started together do not query in lockstep.
    const timer = setTimeout(() => attempt(job), delayMs + Math.floor(Math.random() * 250));
    timer.unref();
    timers.set(job.name, timer);
  };

  for (const job of jobs) schedule(job, 0);
  return {
    wake(name) {
      const job = jobs.find((j) => j.name === name);
      if (job) attempt(job, true);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}
