import type { PeriodicJob } from '#server/jobs/scheduler.ts';
import { runRetention, type PrivacyDeps } from '#server/modules/privacy/privacy.service.ts';

/** Anonymises the unconverted leads past the retention period, once a day (docs/privacy.md#conservazione). */
export function retentionJob(deps: PrivacyDeps): PeriodicJob {
  return {
    name: 'conservazione-lead',
    everyMs: 24 * 60 * 60_000,
    timeoutMs: 60 * 60_000,
    async run({ db, now, log }) {
      const { anonimizzati, mesi } = await runRetention(db, deps, now);
      if (anonimizzati) log.info({ anonimizzati, mesi }, 'conservazione: lead anonimizzati');
    },
  };
}
