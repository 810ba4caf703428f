import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, scryptSync } from 'node:crypto';
import { sessions, users } from '#server/db/schema.ts';
import { hashPassword, needsRehash } from '#server/lib/password.ts';
import { msg } from '#shared/messages.ts';
import { TEST_ADMIN } from '#test/setup/database.ts';
import { insertUser } from '#test/setup/factories.ts';
import { createLoginGuard, LOGIN_REQUEST_LIMIT } from '#server/modules/auth/auth.service.ts';
import { createMemoryCounters } from '#server/plugins/rate-limit.ts';
import type { AppError } from '#server/lib/app-error.ts';
import {
  createTestContext,
  login,
  loginAsAdmin,
  sessionCookie,
  type TestContext,
} from '#test/setup/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('sign-in', () => {
  it('answers 401 to GET /api/user when signed out', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: msg.auth.notAuthenticated });
  });

  it('signs the admin in with an httpOnly, SameSite=Lax session cookie and returns the user', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: TEST_ADMIN });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: TEST_ADMIN.email, role: 'admin', firstName: 'Amministratore' });
    expect(res.json()).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'ws_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: sessionCookie(res) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: TEST_ADMIN.email, role: 'admin' });
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: `  ${TEST_ADMIN.email.toUpperCase()} `, password: TEST_ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nessuno@esempio.it', password: 'qualcosa' },
      remoteAddress: '10.0.0.2',
    });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: TEST_ADMIN.email, password: 'sbagliata' },
      remoteAddress: '10.0.0.2',
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ message: 'Credenziali non valide', code: 'UNAUTHORIZED' });
  });

  it('renews the session id at login, so a planted cookie never becomes a session', async () => {
    const first = await loginAsAdmin(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: TEST_ADMIN,
      headers: { cookie: first },
    });
    const second = sessionCookie(res);
    expect(second).not.toBe(first);
    const old = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: first } });
    expect(old.statusCode).toBe(401);
  });

  it('answers a deactivated account exactly like a wrong password, with no cookie', async () => {
    const user = await insertUser(ctx.db, { isActive: false, password: 'password-di-prova' });
    const login = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password } });
    const right = await login('password-di-prova');
    const wrong = await login('password-sbagliata');
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual(wrong.json());
    expect(right.json().message).toBe(msg.auth.invalidCredentials);
    expect(right.cookies.find((c) => c.name === 'ws_session')).toBeUndefined();
  });

  it('replaces a hash made at a lower cost when the user signs in, and the password still works', async () => {
    const user = await insertUser(ctx.db, { password: 'costo-basso-1' });
    // The same password hashed at a quarter of today's cost, as an older setting would have left it.
    const [, n, r, p] = (await hashPassword('x')).split('$');
    const salt = randomBytes(16);
    const key = scryptSync('costo-basso-1'.normalize('NFKC'), salt, 32, { N: Number(n) / 4, r: +r!, p: +p! });
    const cheap = `scrypt$${Number(n) / 4}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
    await ctx.db.update(users).set({ passwordHash: cheap }).where(eq(users.id, user.id));
    const storedHash = async () =>
      (await ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, user.id)))[0]!.h;
    expect(needsRehash(await storedHash())).toBe(true);

    const signIn = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password } });
    expect((await signIn('costo-basso-1')).statusCode).toBe(200);
    const upgraded = await storedHash();
    expect(upgraded.split('$')[1]).toBe(n);
    expect(needsRehash(upgraded)).toBe(false);
    expect((await signIn('costo-basso-1')).statusCode).toBe(200);
    expect((await signIn('sbagliata-123')).statusCode).toBe(401);
  });

  it('rejects a malformed login body with a validation error', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'non-una-email' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Email non valida' });
  });
});

describe('logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const cookie = await loginAsAdmin(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'ws_session')?.value).toBe('');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe('sessions live in the database', () => {
  it('survive a restart of the app and work on a second instance', async () => {
    const cookie = await loginAsAdmin(ctx.app);
    const restarted = await ctx.rebuild();
    const res = await restarted.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(TEST_ADMIN.email);
  });

  it('end at once when the user is deactivated', async () => {
    const user = await insertUser(ctx.db, { role: 'agente', password: 'password-di-prova' });
    const userCookie = await login(ctx.app, user.email, 'password-di-prova');
    const admin = await loginAsAdmin(ctx.app);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
      payload: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: 'agente',
        isActive: false,
      },
    });
    expect(put.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: userCookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe('session timeouts (docs/security.md#sessioni)', () => {
  const HOUR = 60 * 60 * 1000;
  async function signedInAgent() {
    const user = await insertUser(ctx.db, { role: 'agente', password: 'password-di-prova' });
    const cookie = await login(ctx.app, user.email, 'password-di-prova');
    return { user, cookie };
  }
  /** The clock moves on by `ms` for this user's sessions: their times move back. */
  async function timePasses(userId: number, ms: number) {
    await ctx.db
      .update(sessions)
      .set({
        createdAt: sql`${sessions.createdAt} - make_interval(secs => ${ms / 1000})`,
        expiresAt: sql`${sessions.expiresAt} - make_interval(secs => ${ms / 1000})`,
      })
      .where(eq(sessions.userId, userId));
  }
  const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
  const deadlineOf = async (userId: number) =>
    (await ctx.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!.expiresAt.getTime();

  it('ends after 12 hours without use, with the sign-in message', async () => {
    const { user, cookie } = await signedInAgent();
    await timePasses(user.id, 12 * HOUR + 60_000);
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(msg.auth.notAuthenticated);
  });

  it('use keeps it alive: 11 hours idle, a request, then 11 more hours', async () => {
    const { user, cookie } = await signedInAgent();
    await timePasses(user.id, 11 * HOUR);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await deadlineOf(user.id)).toBeGreaterThan(Date.now() + 11.9 * HOUR);
    await timePasses(user.id, 11 * HOUR);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('ends 7 days after sign-in however much it is used', async () => {
    const { user, cookie } = await signedInAgent();
    // Used every 11 hours: never idle long enough, 165 hours in after 15 uses.
    for (let use = 0; use < 15; use++) {
      await timePasses(user.id, 11 * HOUR);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    // The idle deadline stops at the seventh day (3 hours away), not 12 hours from now.
    expect(await deadlineOf(user.id)).toBeLessThanOrEqual(Date.now() + 3 * HOUR + 60_000);
    await timePasses(user.id, 2 * HOUR);
    expect((await me(cookie)).statusCode).toBe(200);
    await timePasses(user.id, 1 * HOUR + 60_000);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('requests close together do not write the session each time', async () => {
    const { user, cookie } = await signedInAgent();
    await timePasses(user.id, 60_000);
    const before = await deadlineOf(user.id);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await deadlineOf(user.id)).toBe(before);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from a foreign Origin', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: TEST_ADMIN,
      headers: { origin: 'https://sito-malevolo.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(msg.auth.foreignOrigin);
  });

  it('accepts the app’s own origin', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: TEST_ADMIN,
      headers: { origin: 'http://localhost:5000' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('login rate limit', () => {
  it('after 5 failures for one account from one address, that address waits (429, Retry-After) and the owner elsewhere signs in', async () => {
    const user = await insertUser(ctx.db, { password: 'password-giusta' });
    const attempt = (password: string, ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`sbagliata-${i}`, '10.1.0.1')).statusCode).toBe(401);
    const blocked = await attempt('password-giusta', '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(msg.auth.tooManyAttempts);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // The attacker cannot lock the owner out: from the owner's own address the right password works.
    const owner = await attempt('password-giusta', '10.1.0.99');
    expect(owner.statusCode).toBe(200);
  });

  it('a success forgives the earlier typos of that address only', async () => {
    const user = await insertUser(ctx.db, { password: 'password-giusta' });
    const attempt = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password },
        remoteAddress: '10.1.1.1',
      });
    for (let i = 0; i < 4; i++) expect((await attempt('sbagliata')).statusCode).toBe(401);
    expect((await attempt('password-giusta')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('sbagliata')).statusCode).toBe(401);
    expect((await attempt('password-giusta')).statusCode).toBe(200);
  });

  it('the shared-connection shop: 30 wrong passwords from one address do not stop a colleague’s right one', async () => {
    const colleague = await insertUser(ctx.db, { password: 'password-del-collega' });
    const shop = '10.9.9.9';
    const attempt = (email: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password },
        remoteAddress: shop,
      });
    for (let i = 0; i < 30; i++) expect((await attempt(`spray${i}@esempio.it`, 'x')).statusCode).toBe(401);
    // The address is throttled now: a wrong password answers 429 with Retry-After …
    const wrong = await attempt('spray-altro@esempio.it', 'x');
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json()).toMatchObject({ code: 'RATE_LIMITED', message: msg.auth.tooManyAttempts });
    expect(Number(wrong.headers['retry-after'])).toBeGreaterThan(0);
    // … but the colleague at the next tablet, same connection, signs in.
    const right = await attempt(colleague.email, 'password-del-collega');
    expect(right.statusCode).toBe(200);
    // 33 password checks and the throttle's short waits: longer than the default timeout.
  }, 120_000);
});

describe('login guard: progressive delays and the account lock', () => {
  const recorded = () => {
    const waits: number[] = [];
    const counters = createMemoryCounters();
    const guard = createLoginGuard(counters, { sleep: async (ms) => void waits.push(ms) });
    return { waits, counters, guard };
  };

  it.each([
    [4, null],
    [5, 30],
    [6, 60],
    [7, 120],
    [9, 480],
    [12, 900],
  ])('after %i failures of one account from one address, that pair waits %s s', async (failures, seconds) => {
    const { guard } = recorded();
    for (let i = 0; i < failures; i++) await guard.recordFailure('10.6.0.1', 'titolare@esempio.it');
    const attempt = guard.beforeAttempt('10.6.0.1', 'titolare@esempio.it');
    if (seconds == null) return expect(attempt).resolves.toBeDefined();
    const refused = await attempt.then(
      () => null,
      (error: AppError) => error,
    );
    expect(refused?.code).toBe('RATE_LIMITED');
    const wait = Number(refused?.headers['retry-after']);
    expect(wait).toBeLessThanOrEqual(seconds);
    expect(wait).toBeGreaterThan(seconds - 2);
    // Another address, another account from this one: no wait.
    await expect(guard.beforeAttempt('10.6.0.2', 'titolare@esempio.it')).resolves.toBeDefined();
    await expect(guard.beforeAttempt('10.6.0.1', 'collega@esempio.it')).resolves.toBeDefined();
  });

  it.each([
    [29, null],
    [30, 1000],
    [33, 4000],
    [60, 5000],
  ])(
    'after %i failures from one address on many accounts, its next attempt waits %s ms',
    async (failures, ms) => {
      const { guard, waits } = recorded();
      for (let i = 0; i < failures; i++) await guard.recordFailure('10.7.0.1', `spray${i}@esempio.it`);
      const state = await guard.beforeAttempt('10.7.0.1', 'collega@esempio.it');
      expect(waits).toEqual(ms == null ? [] : [ms]);
      expect(state.addressThrottled != null).toBe(ms != null);
    },
  );

  it('50 failures on one account from anywhere lock it, right password or not, until an admin lifts it', async () => {
    const user = await insertUser(ctx.db, { password: 'password-giusta' });
    // 50 failures from 50 addresses, through the guard as the routes count them.
    const guard = createLoginGuard(ctx.app.counters, { sleep: async () => {} });
    for (let i = 0; i < 50; i++) await guard.recordFailure(`10.8.${i}.1`, user.email);

    const signIn = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'password-giusta' },
        remoteAddress: '10.8.200.1',
      });
    const locked = await signIn();
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: msg.auth.accountLocked });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(55 * 60);

    // The admin sees the lock in the user list …
    const admin = await loginAsAdmin(ctx.app);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/users?q=${encodeURIComponent(user.email)}`,
      headers: { cookie: admin },
    });
    const row = list.json<{ items: Array<{ id: number; accessoBloccatoFino: string | null }> }>().items[0];
    expect(row.id).toBe(user.id);
    expect(Date.parse(row.accessoBloccatoFino!)).toBeGreaterThan(Date.now() + 55 * 60_000);

    // … lifts it (recorded in the audit log), and the owner signs in.
    const lift = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/sblocca-accesso`,
      headers: { cookie: admin },
    });
    expect(lift.statusCode).toBe(204);
    const [audit] = await ctx.db
      .execute(
        sql`select tipo, oggetto_id from audit_log where tipo = 'accesso_sbloccato' order by id desc limit 1`,
      )
      .then((r) => (r as unknown as { rows: Array<{ tipo: string; oggetto_id: number }> }).rows);
    expect(audit).toEqual({ tipo: 'accesso_sbloccato', oggetto_id: user.id });
    expect((await signIn()).statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/users?q=${encodeURIComponent(user.email)}`,
      headers: { cookie: admin },
    });
    expect(after.json().items[0].accessoBloccatoFino).toBeNull();
  });

  it('an unknown e-mail locks the same way: the lock tells nobody which accounts exist', async () => {
    const { guard } = recorded();
    for (let i = 0; i < 50; i++) await guard.recordFailure(`10.10.${i}.1`, 'nessuno@esempio.it');
    await expect(guard.beforeAttempt('10.10.200.1', 'nessuno@esempio.it')).rejects.toMatchObject({
      code: 'ACCOUNT_LOCKED',
    });
  });
});

describe('login limits across instances', () => {
  it('failures made on one instance count on another when the counters are in the database', async () => {
    const { buildApp } = await import('#server/app.ts');
    const { createLocalStorage } = await import('#server/storage/storage.ts');
    const { TEST_SESSION_SECRET } = await import('#test/setup/test-app.ts');
    const make = () =>
      buildApp({
        db: ctx.db,
        config: ctx.config,
        sessionSecret: TEST_SESSION_SECRET,
        storage: createLocalStorage(ctx.uploadDir),
        databaseKind: 'postgres',
      });
    const [a, b] = [await make(), await make()];
    try {
      const user = await insertUser(ctx.db, { password: 'password-giusta' });
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? a : b;
        const r = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: 'sbagliata' },
          remoteAddress: '10.2.0.1',
        });
        expect(r.statusCode).toBe(401);
      }
      for (const app of [a, b]) {
        const r = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: 'password-giusta' },
          remoteAddress: '10.2.0.1',
        });
        expect(r.statusCode).toBe(429);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('POST /api/login flood guard', () => {
  it('answers 429 in Italian with Retry-After past 60 requests a minute from one address, whatever their outcome', async () => {
    let last;
    for (let i = 0; i < LOGIN_REQUEST_LIMIT.max + 1; i++) {
      last = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        // Malformed bodies count too: the guard runs before anything else.
        payload: { email: 'non-una-email', password: '' },
        remoteAddress: '10.3.0.1',
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json().message).toBe(msg.auth.tooManyAttempts);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.headers['x-ratelimit-remaining']).toBeUndefined();
  });
});

describe('login guard: an account targeted from many addresses is slowed down before any lock', () => {
  it.each([
    [9, null],
    [10, 1000],
    [12, 3000],
    [30, 5000],
  ])(
    'after %i failures from different addresses the next attempt waits %s ms',
    async (failures, expected) => {
      const waits: number[] = [];
      const guard = createLoginGuard(createMemoryCounters(), {
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      for (let i = 0; i < failures; i++) await guard.recordFailure(`10.4.${i}.1`, 'Titolare@Esempio.it');
      await expect(guard.beforeAttempt('10.5.0.1', 'titolare@esempio.it')).resolves.toEqual({
        addressThrottled: null,
      });
      expect(waits).toEqual(expected == null ? [] : [expected]);
    },
  );
});
