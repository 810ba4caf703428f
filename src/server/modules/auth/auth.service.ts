import { eq } from 'drizzle-orm';
import { msg } from '#shared/messages.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '#server/lib/password.ts';
import { createLimiter } from '#server/plugins/rate-limit.ts';

/**
 * The user for these credentials, or null. Unknown e-mail, wrong password and a deactivated
 * account take the same path and the same time, so the answer reveals neither which e-mails
 * exist nor whether a deactivated account's password was right.
 */
export async function authenticate(db: Database, email: string, password: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  return user && ok && user.isActive ? user : null;
}

export const LOGIN_LIMITS = {
  perEmail: { max: 5, windowMs: 15 * 60 * 1000 },
  perIp: { max: 30, windowMs: 15 * 60 * 1000 },
};

/** Failed logins limited per e-mail (guessing one password) and per IP (spraying many accounts). */
export function createLoginGuard(limits = LOGIN_LIMITS) {
  const byEmail = createLimiter(limits.perEmail);
  const byIp = createLimiter(limits.perIp);
  return {
    assertAllowed(ip: string, email: string) {
      const e = byEmail.check(email.toLowerCase());
      const i = byIp.check(ip);
      if (e.limited || i.limited) {
        throw AppError.tooManyRequests(
          msg.auth.tooManyAttempts,
          Math.max(e.retryAfterSeconds, i.retryAfterSeconds),
        );
      }
    },
    recordFailure(ip: string, email: string) {
      byEmail.hit(email.toLowerCase());
      byIp.hit(ip);
    },
    recordSuccess(email: string) {
      byEmail.reset(email.toLowerCase());
    },
  };
}
