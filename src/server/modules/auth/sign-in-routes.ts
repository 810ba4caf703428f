import type { FastifyInstance } from 'fastify';
import { msg } from '#shared/messages.ts';
import type { Database } from '#server/db/client.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { routeRateLimit } from '#server/plugins/rate-limit.ts';
import { createLoginGuard, LOGIN_REQUEST_LIMIT } from '#server/modules/auth/auth.service.ts';

/** What the sign-in route files (password, second factor, enrolment) are registered with. */
export interface SignInRoutesOptions {
  db: Database;
  box: SecretBox;
  sessionSecret: string;
}

/**
 * What those files share: their options as the challenge functions take them, the guard against
 * guessing (its counters live in the shared store, so every file's guard sees the same failures)
 * and the per-route request limit.
 */
export function signInRouteContext(app: FastifyInstance, deps: SignInRoutesOptions) {
  return {
    deps,
    guard: createLoginGuard(app.counters),
    loginRateLimit: routeRateLimit(LOGIN_REQUEST_LIMIT, msg.auth.tooManyAttempts),
  };
}
