import { eq } from 'drizzle-orm';
import { msg } from '#shared/messages.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from '#server/lib/password.ts';
import type { Counter, CounterStore } from '#server/plugins/rate-limit.ts';

/**
 * The user for these credentials, or null. Unknown e-mail, wrong password and a deactivated
 * account take the same path and the same time, so the answer reveals neither which e-mails
 * exist nor whether a deactivated account's password was right.
 */
export async function authenticate(db: Database, email: string, password: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !ok || !user.isActive) return null;
  // A hash made with a lower cost (an older setting) is replaced while the password is at hand.
  if (needsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(password);
    await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    return { ...user, passwordHash };
  }
  return user;
}

export const LOGIN_LIMITS = {
  /** Wrong passwords for one account from one address: then that pair waits (429). */
  perAccountAndIp: { max: 5, windowMs: 15 * 60 * 1000 },
  /** Wrong passwords from one address across all accounts (spraying): then the address waits. */
  perIp: { max: 30, windowMs: 15 * 60 * 1000 },
  /**
   * Wrong passwords for one account from anywhere. Past `after`, every attempt on it waits
   * `delayMs` more per failure (at most `maxDelayMs`) instead of being refused: an attacker with
   * many addresses is slowed down, and the owner can still sign in.
   */
  perAccount: { after: 10, windowMs: 15 * 60 * 1000, delayMs: 1000, maxDelayMs: 5000 },
};

/** Requests of any outcome to POST /api/login per address (a flood guard, before any password check). */
export const LOGIN_REQUEST_LIMIT = { max: 60, windowMs: 60 * 1000 };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The login lockout (docs/decisions/010-multiple-instances.md): failures are counted per account
 * and address together, so nobody can lock the owner out from elsewhere; per address, against
 * spraying many accounts; and per account, which only slows attempts down. Counted in the shared
 * counters: behind N instances an attacker gets the same budget as against one.
 */
export function createLoginGuard(
  counters: CounterStore,
  options: { limits?: typeof LOGIN_LIMITS; sleep?: (ms: number) => Promise<void> } = {},
) {
  const limits = options.limits ?? LOGIN_LIMITS;
  const sleep = options.sleep ?? wait;
  const keys = (ip: string, email: string) => {
    const account = email.trim().toLowerCase();
    return {
      pair: `login:fail:${account}|${ip}`,
      ip: `login:fail-ip:${ip}`,
      account: `login:fail-account:${account}`,
    };
  };
  const refuse = (counter: Counter) =>
    AppError.tooManyRequests(
      msg.auth.tooManyAttempts,
      Math.max(1, Math.ceil((counter.resetAt - Date.now()) / 1000)),
    );
  return {
    /** Before checking the password: refuses a locked pair or address, slows a targeted account. */
    async beforeAttempt(ip: string, email: string) {
      const k = keys(ip, email);
      const [pair, byIp, account] = await Promise.all([
        counters.peek(k.pair),
        counters.peek(k.ip),
        counters.peek(k.account),
      ]);
      if (pair && pair.count >= limits.perAccountAndIp.max) throw refuse(pair);
      if (byIp && byIp.count >= limits.perIp.max) throw refuse(byIp);
      const over = (account?.count ?? 0) - limits.perAccount.after;
      if (over >= 0)
        await sleep(Math.min((over + 1) * limits.perAccount.delayMs, limits.perAccount.maxDelayMs));
    },
    async recordFailure(ip: string, email: string) {
      const k = keys(ip, email);
      await Promise.all([
        counters.hit(k.pair, limits.perAccountAndIp.windowMs),
        counters.hit(k.ip, limits.perIp.windowMs),
        counters.hit(k.account, limits.perAccount.windowMs),
      ]);
    },
    /** The owner got in from here: their own earlier typos no longer count against this address. */
    async recordSuccess(ip: string, email: string) {
      await counters.reset(keys(ip, email).pair);
    },
  };
}
