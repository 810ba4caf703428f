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

/**
 * The sign-in limits (docs/security.md#limiti-di-accesso). They stop guessing, not staff: a shop
 * whose tablets share one connection keeps signing in while someone types wrong passwords there.
 */
export const LOGIN_LIMITS = {
  /**
   * Wrong passwords for one account from one address. From the `after`-th on, that pair waits
   * before its next attempt, `baseDelayMs` doubled at each further failure up to `maxDelayMs`
   * (30 s, 1 min, 2 min … 15 min): a progressive delay, not a flat wall.
   */
  perAccountAndIp: { after: 5, windowMs: 60 * 60 * 1000, baseDelayMs: 30_000, maxDelayMs: 15 * 60 * 1000 },
  /**
   * Wrong passwords from one address across all accounts (spraying). Past `after`, every attempt
   * from it waits `delayMs` more per failure (at most `maxDelayMs`) and a wrong password answers
   * 429; a right password still signs in, unless that account is locked.
   */
  perIp: { after: 30, windowMs: 15 * 60 * 1000, delayMs: 1000, maxDelayMs: 5000 },
  /**
   * Wrong passwords for one account from anywhere. Past `after`, every attempt on it waits
   * `delayMs` more per failure (at most `maxDelayMs`); at `lockAfter` the account is locked for
   * `lockMs`, right password or not, until the lock ends or an admin lifts it.
   */
  perAccount: {
    after: 10,
    windowMs: 15 * 60 * 1000,
    delayMs: 1000,
    maxDelayMs: 5000,
    lockAfter: 50,
    lockMs: 60 * 60 * 1000,
  },
};

/** Requests of any outcome to POST /api/login per address (a flood guard, before any password check). */
export const LOGIN_REQUEST_LIMIT = { max: 60, windowMs: 60 * 1000 };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const accountOf = (email: string) => email.trim().toLowerCase();

/** The counter that holds an account's sign-in lock (any e-mail, known or not: nothing to learn). */
const lockKey = (email: string) => `login:lock:${accountOf(email)}`;

const retryAfter = (counter: Counter) => Math.max(1, Math.ceil((counter.resetAt - Date.now()) / 1000));

/** Until when each of these accounts' sign-in is locked (absent: not locked). */
export async function signInLocks(counters: CounterStore, emails: string[]): Promise<Map<string, Date>> {
  const found = await counters.peekMany(emails.map(lockKey));
  const locks = new Map<string, Date>();
  for (const email of emails) {
    const lock = found.get(lockKey(email));
    if (lock) locks.set(accountOf(email), new Date(lock.resetAt));
  }
  return locks;
}

/** An admin lifts an account's lock: its failures from anywhere are forgotten too. */
export async function liftSignInLock(counters: CounterStore, email: string): Promise<void> {
  await Promise.all([
    counters.reset(lockKey(email)),
    counters.reset(`login:fail-account:${accountOf(email)}`),
  ]);
}

/**
 * The sign-in guard (docs/security.md#limiti-di-accesso): failures are counted per account and
 * address together (that pair waits, progressively), per address (slowed, but a right password
 * still gets in) and per account (slowed, then locked). Counted in the shared counters: behind N
 * instances an attacker gets the same budget as against one.
 */
export function createLoginGuard(
  counters: CounterStore,
  options: { limits?: typeof LOGIN_LIMITS; sleep?: (ms: number) => Promise<void> } = {},
) {
  const limits = options.limits ?? LOGIN_LIMITS;
  const sleep = options.sleep ?? wait;
  const keys = (ip: string, email: string) => {
    const account = accountOf(email);
    return {
      pair: `login:fail:${account}|${ip}`,
      pairWait: `login:wait:${account}|${ip}`,
      ip: `login:fail-ip:${ip}`,
      account: `login:fail-account:${account}`,
      lock: lockKey(email),
    };
  };
  const refuse = (counter: Counter) =>
    AppError.tooManyRequests(msg.auth.tooManyAttempts, retryAfter(counter));
  const delay = (count: number, after: number, step: number, max: number) =>
    count >= after ? Math.min((count - after + 1) * step, max) : 0;
  return {
    /**
     * Before checking the password: refuses a locked account or a pair still waiting, slows an
     * address that sprays or an account under attack. Returns the address's state, for afterFailure.
     */
    async beforeAttempt(ip: string, email: string): Promise<{ addressThrottled: Counter | null }> {
      const k = keys(ip, email);
      const [lock, pairWait, byIp, account] = await Promise.all([
        counters.peek(k.lock),
        counters.peek(k.pairWait),
        counters.peek(k.ip),
        counters.peek(k.account),
      ]);
      if (lock) throw AppError.tooManyRequests(msg.auth.accountLocked, retryAfter(lock), 'ACCOUNT_LOCKED');
      if (pairWait) throw refuse(pairWait);
      const ms = Math.max(
        delay(
          account?.count ?? 0,
          limits.perAccount.after,
          limits.perAccount.delayMs,
          limits.perAccount.maxDelayMs,
        ),
        delay(byIp?.count ?? 0, limits.perIp.after, limits.perIp.delayMs, limits.perIp.maxDelayMs),
      );
      if (ms > 0) await sleep(ms);
      return { addressThrottled: byIp && byIp.count >= limits.perIp.after ? byIp : null };
    },
    /** A wrong password or code: counted; the error to answer when the address is throttled. */
    async recordFailure(ip: string, email: string): Promise<AppError | null> {
      const k = keys(ip, email);
      const [pair, byIp, account] = await Promise.all([
        counters.hit(k.pair, limits.perAccountAndIp.windowMs),
        counters.hit(k.ip, limits.perIp.windowMs),
        counters.hit(k.account, limits.perAccount.windowMs),
      ]);
      const p = limits.perAccountAndIp;
      if (pair.count >= p.after) {
        const ms = Math.min(p.baseDelayMs * 2 ** (pair.count - p.after), p.maxDelayMs);
        // A new wait each time: the window starts again with the longer delay.
        await counters.reset(k.pairWait);
        await counters.hit(k.pairWait, ms);
      }
      if (account.count >= limits.perAccount.lockAfter) await counters.hit(k.lock, limits.perAccount.lockMs);
      return byIp.count > limits.perIp.after ? refuse(byIp) : null;
    },
    /** The owner got in from here: their own earlier typos no longer count against this address. */
    async recordSuccess(ip: string, email: string) {
      const k = keys(ip, email);
      await Promise.all([counters.reset(k.pair), counters.reset(k.pairWait)]);
    },
  };
}
