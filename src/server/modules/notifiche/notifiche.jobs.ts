import { and, inArray, lt } from 'drizzle-orm';
import { emailOutbox } from '#server/db/schema.ts';
import type { PeriodicJob } from '#server/jobs/scheduler.ts';
import type { NotificheLinks } from '#server/modules/notifiche/links.ts';
import type { Mailer } from '#server/modules/notifiche/mailer.ts';
import { processOutbox } from '#server/modules/notifiche/outbox.ts';
import { RIEPILOGO_JOB, runRiepilogo } from '#server/modules/notifiche/riepilogo.ts';

export const EMAIL_OUTBOX_JOB = 'email-outbox';

/**
 * The outbox worker: on every instance, every 15 seconds and at once when a commit queued mail
 * (scheduler.wake). Instances share the rows through FOR UPDATE SKIP LOCKED.
 */
export function emailOutboxJob(mailer: Mailer | null): PeriodicJob {
  return {
    name: EMAIL_OUTBOX_JOB,
    everyMs: 15_000,
    exclusive: false,
    async run({ db, now, log }) {
      const result = await processOutbox(db, mailer, { now, log });
      if (result.inviati + result.falliti + result.scaduti > 0) log.info({ ...result }, 'coda e-mail');
    },
  };
}

/** The morning digest: checked every 5 minutes, done once per working day from 08:00 Rome. */
export function riepilogoJob(base: NotificheLinks): PeriodicJob {
  return {
    name: RIEPILOGO_JOB,
    everyMs: 5 * 60_000,
    async run({ db, now, log }) {
      const outcome = await runRiepilogo(db, { now, ...base });
      if (outcome.esito === 'fatto') log.info({ ...outcome }, 'riepilogo lead in attesa accodato');
    },
  };
}

/** Messages sent, failed or expired are kept 90 days for the admin's log, then deleted. */
export const EMAIL_RETENTION_DAYS = 90;

export const emailRetentionJob: PeriodicJob = {
  name: 'email-outbox-pulizia',
  everyMs: 6 * 60 * 60_000,
  async run({ db, now }) {
    await db
      .delete(emailOutbox)
      .where(
        and(
          inArray(emailOutbox.stato, ['inviato', 'fallito', 'scaduto']),
          lt(emailOutbox.createdAt, new Date(now.getTime() - EMAIL_RETENTION_DAYS * 24 * 60 * 60_000)),
        ),
      );
  },
};
