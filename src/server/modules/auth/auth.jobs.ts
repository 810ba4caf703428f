import { lte } from 'drizzle-orm';
import { loginChallenges, sessions } from '#server/db/schema.ts';
import type { PeriodicJob } from '#server/jobs/scheduler.ts';

/** Expired sessions are useless and only grow the table: removed every hour. */
export const expiredSessionsJob: PeriodicJob = {
  name: 'sessioni-scadute',
  everyMs: 60 * 60_000,
  async run({ db, now }) {
    await db.delete(sessions).where(lte(sessions.expiresAt, now));
    // Sign-ins left half done (password right, second step never taken) last minutes at most.
    await db.delete(loginChallenges).where(lte(loginChallenges.expiresAt, now));
  },
};
