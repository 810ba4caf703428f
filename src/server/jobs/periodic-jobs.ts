import { lt, sql } from 'drizzle-orm';
import { idempotencyKeys } from '#server/db/schema.ts';
import { expiredSessionsJob } from '#server/modules/auth/auth.jobs.ts';
import { purgeExpiredCounters } from '#server/plugins/rate-limit.ts';
import { orphanDocumentsJob } from '#server/storage/storage.jobs.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import type { Mailer } from '#server/modules/notifiche/mailer.ts';
import { consentKeyFrom } from '#server/modules/privacy/anonymise.ts';
import { retentionJob } from '#server/modules/privacy/privacy.jobs.ts';
import { emailOutboxJob, emailRetentionJob, riepilogoJob } from '#server/modules/notifiche/notifiche.jobs.ts';
import type { PeriodicJob } from '#server/jobs/scheduler.ts';
import { lettureBolletteJob } from '#server/modules/letture-bollette/letture.jobs.ts';

/** Rate-limit windows that are over: only the shared counters on PostgreSQL have rows. */
export const expiredRateLimitsJob: PeriodicJob = {
  name: 'limiti-scaduti',
  everyMs: 10 * 60_000,
  async run({ db, now }) {
    await purgeExpiredCounters(db, now);
  },
};

/**
 * How long a submission's idempotency key is kept: the wizard retries within minutes; a week
 * covers a phone that comes back online days later, and the table stays small.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 7 * 24 * 60 * 60_000;

export const oldIdempotencyKeysJob: PeriodicJob = {
  name: 'chiavi-idempotenza-vecchie',
  everyMs: 60 * 60_000,
  async run({ db, now }) {
    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)));
  },
};

/**
 * The embedded database's autovacuum: PGlite runs no background workers, so dead row versions and
 * the visibility map (which index-only scans need) are left to this daily VACUUM. On PostgreSQL
 * autovacuum does it. See docs/performance.md#pglite-senza-autovacuum
 */
export const pgliteVacuumJob: PeriodicJob = {
  name: 'manutenzione-pglite',
  everyMs: 24 * 60 * 60_000,
  async run({ db }) {
    await db.execute(sql`vacuum (analyze)`);
  },
};

/** Every periodic job of the server, as app.ts lists every module: one place to see them all. */
export interface PeriodicJobsDeps {
  storage: DocumentStorage;
  /** The SMTP mailer, or null when mail is not configured (the outbox still fills). */
  mailer: Mailer | null;
  publicBaseUrl: string;
  /** The server secret: keys the pseudonymised consent proof of the leads the retention erases. */
  sessionSecret: string;
  /** The embedded database (PGlite), which needs its own vacuum. */
  embedded: boolean;
}

/** Every periodic job of the server, as app.ts lists every module: one place to see them all. */
export function periodicJobs(deps: PeriodicJobsDeps): PeriodicJob[] {
  return [
    expiredSessionsJob,
    expiredRateLimitsJob,
    oldIdempotencyKeysJob,
    orphanDocumentsJob(deps.storage),
    lettureBolletteJob({ storage: deps.storage }),
    emailOutboxJob(deps.mailer),
    riepilogoJob({ publicBaseUrl: deps.publicBaseUrl }),
    emailRetentionJob,
    retentionJob({ storage: deps.storage, consentKey: consentKeyFrom(deps.sessionSecret) }),
    ...(deps.embedded ? [pgliteVacuumJob] : []),
  ];
}
