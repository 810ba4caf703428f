import { expiredSessionsJob } from '#server/modules/auth/auth.jobs.ts';
import type { Mailer } from '#server/modules/notifiche/mailer.ts';
import { emailOutboxJob, emailRetentionJob, riepilogoJob } from '#server/modules/notifiche/notifiche.jobs.ts';
import type { PeriodicJob } from './scheduler';

export interface PeriodicJobsDeps {
  /** The SMTP mailer, or null when mail is not configured (the outbox still fills). */
  mailer: Mailer | null;
  publicBaseUrl: string;
}

/** Every periodic job of the server, as app.ts lists every module: one place to see them all. */
export function periodicJobs(deps: PeriodicJobsDeps): PeriodicJob[] {
  return [
    expiredSessionsJob,
    emailOutboxJob(deps.mailer),
    riepilogoJob({ publicBaseUrl: deps.publicBaseUrl }),
    emailRetentionJob,
  ];
}
