import { lte } from 'drizzle-orm';
import { sessions } from '#server/db/schema.ts';
import type { PeriodicJob } from '#server/jobs/scheduler.ts';

/** Expired sessions are useless and only grow the table: removed every hour. */
export const expiredSessionsJob: PeriodicJob = {
  name: 'sessioni-scadute',
  everyMs: 60 * 60_000,
  async run({ db, now }) {
    await db.delete(sessions).where(lte(sessions.expiresAt, now));
  },
};
