import { expiredSessionsJob } from '#server/modules/auth/auth.jobs.ts';
import type { PeriodicJob } from './scheduler';

/** Every periodic job of the server, as app.ts lists every module: one place to see them all. */
export function periodicJobs(): PeriodicJob[] {
  return [expiredSessionsJob];
}
