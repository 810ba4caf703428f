import { and, asc, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import { auditLog, totpRecoveryCodes, userTotp, users } from '#server/db/schema.ts';
import { TEST_ADMIN } from '#test/setup/database.ts';
import { insertUser } from '#test/setup/factories.ts';
import { createTestContext, loginAsAdmin, sessionCookie, type TestContext } from '#test/setup/test-app.ts';

// The second factor: docs/security.md#verifica-in-due-passaggi

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const PASSWORD = 'password-di-prova';
/** The middle of a 30-second step, so that ±1 step is unambiguous. */
const T0 = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
let clock = T0;
const setClock = (ms: number) => {
  clock = ms;
  vi.setSystemTime(ms);
};
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  setClock(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

let ipSeq = 1;
/** Each test its own address, so that the per-address lockout of one never touches another. */
const nextIp = () => `10.13.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

async function passwordStep(email: string, ip: string, password = PASSWORD) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

async function secondStep(challenge: string, method: 'totp' | 'recovery', code: string, ip: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/login/second-factor',
    payload: { challenge, method, code },
    remoteAddress: ip,
  });
}

const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A user of that role with the second factor on; returns the secret and the recovery codes. */
async function enrolledUser(role: Role = 'admin') {
  const user = await insertUser(ctx.db, { role, password: PASSWORD });
  const ip = nextIp();
  const cookie = sessionCookie(await passwordStep(user.email, ip));
  const start = await post('/api/account/totp/enrol', cookie);
  expect(start.statusCode).toBe(200);
  const { secret } = start.json<{ secret: string }>();
  const confirm = await post('/api/account/totp/confirm', cookie, { code: await codeAt(secret, clock) });
  expect(confirm.statusCode).toBe(200);
  // Later steps from here on: the enrolment's own code is spent.
  setClock(clock + 5 * 30_000);
  return {
    user,
    secret,
    cookie,
    ip,
    recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes,
  };
}

async function challengeFor(email: string, ip: string) {
  const res = await passwordStep(email, ip);
  expect(res.statusCode).toBe(202);
  expect(res.cookies.find((c) => c.name === 'ws_session')).toBeUndefined();
  return res.json<{ challenge: string; secondFactor: string }>();
}

describe('enrolment', () => {
  it('shows a QR code and a key once, confirms with a code, then gives ten recovery codes', async () => {
    const user = await insertUser(ctx.db, { role: 'amministrazione', password: PASSWORD });
    const cookie = sessionCookie(await passwordStep(user.email, nextIp()));
    expect((await get('/api/account/totp', cookie)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });

    const start = await post('/api/account/totp/enrol', cookie);
    expect(start.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = start.json<{
      secret: string;
      otpauthUri: string;
      qrCode: string;
    }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain('otpauth://totp/WINSOLUTION:');
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    // Not on until confirmed: the password alone still signs in.
    expect((await passwordStep(user.email, nextIp())).statusCode).toBe(200);

    const wrong = await post('/api/account/totp/confirm', cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: msg.totp.invalidCode });
    expect((await get('/api/account/totp', cookie)).json()).toMatchObject({ enabled: false });

    const ok = await post('/api/account/totp/confirm', cookie, { code: await codeAt(secret, clock) });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = (await get('/api/account/totp', cookie)).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status)).not.toContain(secret);
    expect((await post('/api/account/totp/enrol', cookie)).statusCode).toBe(409);

    // At rest: the secret sealed, the recovery codes hashed.
    const [row] = await ctx.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(row.secretEncrypted).not.toContain(secret);
    expect(row.secretEncrypted).toMatch(/^v1\./);
    const stored = await ctx.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const r of stored) for (const c of codes) expect(r.codeHash).not.toContain(c.replace('-', ''));
  });

  it('refuses a code that is not six digits with an Italian message', async () => {
    const user = await insertUser(ctx.db, { role: 'admin', password: PASSWORD });
    const cookie = sessionCookie(await passwordStep(user.email, nextIp()));
    await post('/api/account/totp/enrol', cookie);
    for (const code of ['12345', 'abcdef', '1234567', '']) {
      const res = await post('/api/account/totp/confirm', cookie, { code });
      expect(res.statusCode, code).toBe(400);
      expect([msg.totp.codeFormat, msg.totp.codeRequired]).toContain(res.json().message);
    }
  });
});

describe('sign-in with the second factor', () => {
  it('answers "second factor needed" with a challenge, not a session', async () => {
    const { user } = await enrolledUser();
    const res = await passwordStep(user.email, nextIp());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ secondFactor: 'totp', challenge: expect.any(String) });
    expect(res.cookies).toEqual([]);
  });

  it.each([
    { offsetSteps: -2, accepted: false },
    { offsetSteps: -1, accepted: true },
    { offsetSteps: 0, accepted: true },
    { offsetSteps: 1, accepted: true },
    { offsetSteps: 2, accepted: false },
  ])('a code $offsetSteps step(s) from now: accepted $accepted', async ({ offsetSteps, accepted }) => {
    const { user, secret } = await enrolledUser();
    const ip = nextIp();
    const { challenge } = await challengeFor(user.email, ip);
    const res = await secondStep(challenge, 'totp', await codeAt(secret, clock + offsetSteps * 30_000), ip);
    expect(res.statusCode).toBe(accepted ? 200 : 401);
    if (accepted) {
      expect(res.json()).toMatchObject({ email: user.email });
      expect((await get('/api/user', sessionCookie(res))).statusCode).toBe(200);
    } else {
      expect(res.json()).toEqual({ code: 'INVALID_CODE', message: msg.totp.invalidCode });
    }
  });

  it('refuses a code already used in the same step, and an older one after a newer', async () => {
    const { user, secret } = await enrolledUser();
    const ip = nextIp();
    const now = await codeAt(secret, clock);
    const first = await challengeFor(user.email, ip);
    expect((await secondStep(first.challenge, 'totp', now, ip)).statusCode).toBe(200);
    const again = await challengeFor(user.email, ip);
    expect((await secondStep(again.challenge, 'totp', now, ip)).statusCode).toBe(401);
    const previous = await codeAt(secret, clock - 30_000);
    expect((await secondStep(again.challenge, 'totp', previous, ip)).statusCode).toBe(401);
    // The next step's code is new: accepted.
    setClock(clock + 30_000);
    expect((await secondStep(again.challenge, 'totp', await codeAt(secret, clock), ip)).statusCode).toBe(200);
  });

  it('takes each recovery code once, in any case and with or without the dash', async () => {
    const { user, recoveryCodes } = await enrolledUser();
    const ip = nextIp();
    const [a, b] = recoveryCodes;
    const one = await challengeFor(user.email, ip);
    const ok = await secondStep(one.challenge, 'recovery', a.toUpperCase(), ip);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: user.email, recoveryCodesLeft: 9 });
    const two = await challengeFor(user.email, ip);
    const reused = await secondStep(two.challenge, 'recovery', a, ip);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ message: msg.totp.invalidRecoveryCode });
    expect((await secondStep(two.challenge, 'recovery', ` ${b.replace('-', '')} `, ip)).statusCode).toBe(200);
    const status = (await get('/api/account/totp', sessionCookie(ok))).json();
    expect(status).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('counts wrong codes in the lockout per account and address; the owner elsewhere still gets in', async () => {
    const { user, secret } = await enrolledUser();
    const attacker = nextIp();
    const { challenge } = await challengeFor(user.email, attacker);
    for (let i = 0; i < 5; i += 1)
      expect((await secondStep(challenge, 'totp', '000000', attacker)).statusCode).toBe(401);
    // The challenge is spent after five wrong codes: the password is needed again, and from this
    // address the account is now locked like after five wrong passwords.
    const spent = await secondStep(challenge, 'totp', await codeAt(secret, clock), attacker);
    expect(spent.statusCode).toBe(401);
    expect(spent.json()).toMatchObject({ code: 'CHALLENGE_EXPIRED', message: msg.totp.challengeExpired });
    const locked = await passwordStep(user.email, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ message: msg.auth.tooManyAttempts });

    const owner = nextIp();
    const mine = await challengeFor(user.email, owner);
    expect((await secondStep(mine.challenge, 'totp', await codeAt(secret, clock), owner)).statusCode).toBe(
      200,
    );
  });

  it('lets the challenge expire after five minutes and never accepts it twice', async () => {
    const { user, secret } = await enrolledUser();
    const ip = nextIp();
    const { challenge } = await challengeFor(user.email, ip);
    setClock(clock + 5 * 60_000 + 1000);
    const late = await secondStep(challenge, 'totp', await codeAt(secret, clock), ip);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'CHALLENGE_EXPIRED' });

    const fresh = await challengeFor(user.email, ip);
    expect((await secondStep(fresh.challenge, 'totp', await codeAt(secret, clock), ip)).statusCode).toBe(200);
    setClock(clock + 30_000);
    expect((await secondStep(fresh.challenge, 'totp', await codeAt(secret, clock), ip)).statusCode).toBe(401);
  });

  it('refuses an enrolment step with a code challenge, and a deactivated user mid-way', async () => {
    const { user, secret } = await enrolledUser('amministrazione');
    const ip = nextIp();
    const { challenge } = await challengeFor(user.email, ip);
    const wrongKind = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/enrol',
      payload: { challenge },
      remoteAddress: ip,
    });
    expect(wrongKind.statusCode).toBe(401);
    const again = await challengeFor(user.email, ip);
    const admin = await loginAsAdmin(ctx.app);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
      payload: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: user.role,
        isActive: false,
      },
    });
    expect((await secondStep(again.challenge, 'totp', await codeAt(secret, clock), ip)).statusCode).toBe(401);
  });
});

describe('turning it off', () => {
  it('needs the password and a code (or a recovery code); then the password alone signs in', async () => {
    const { user, secret, cookie, recoveryCodes } = await enrolledUser('amministrazione');
    const code = await codeAt(secret, clock);
    const wrongPassword = await post('/api/account/totp/disable', cookie, { password: 'sbagliata', code });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ message: msg.totp.wrongPassword });
    const wrongCode = await post('/api/account/totp/disable', cookie, { password: PASSWORD, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect((await get('/api/account/totp', cookie)).json()).toMatchObject({ enabled: true });

    const ok = await post('/api/account/totp/disable', cookie, {
      password: PASSWORD,
      code: recoveryCodes[0],
    });
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/account/totp', cookie)).json()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await passwordStep(user.email, nextIp())).statusCode).toBe(200);
  });

  it('regenerates the recovery codes with a code of the app: the old ones stop working', async () => {
    const { user, secret, cookie, recoveryCodes } = await enrolledUser();
    expect((await post('/api/account/totp/recovery-codes', cookie, { code: '000000' })).statusCode).toBe(400);
    const res = await post('/api/account/totp/recovery-codes', cookie, { code: await codeAt(secret, clock) });
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    const ip = nextIp();
    const { challenge } = await challengeFor(user.email, ip);
    expect((await secondStep(challenge, 'recovery', recoveryCodes[0], ip)).statusCode).toBe(401);
    expect((await secondStep(challenge, 'recovery', fresh[0], ip)).statusCode).toBe(200);
  });
});

describe('every credential change ends the other sessions', () => {
  type Change = {
    name: string;
    /** Makes the change from session `mine`; `admin` is an admin's session. */
    run: (
      u: Awaited<ReturnType<typeof enrolledUser>>,
      mine: string,
      admin: string,
    ) => Promise<{ statusCode: number }>;
    /** Whether the session that made the change stays (a change by the user themselves). */
    keepsOwn: boolean;
  };
  const changes: Change[] = [
    {
      name: 'own password change',
      keepsOwn: true,
      run: (_u, mine) =>
        post('/api/account/password', mine, {
          currentPassword: PASSWORD,
          newPassword: 'una-nuova-password-lunga',
          confirmPassword: 'una-nuova-password-lunga',
        }),
    },
    {
      name: 'second factor turned off',
      keepsOwn: true,
      run: async (u, mine) =>
        post('/api/account/totp/disable', mine, { password: PASSWORD, code: u.recoveryCodes[1] }),
    },
    {
      name: 'recovery codes regenerated',
      keepsOwn: true,
      run: async (u, mine) =>
        post('/api/account/totp/recovery-codes', mine, { code: await codeAt(u.secret, clock) }),
    },
    {
      name: 'admin resets the password',
      keepsOwn: false,
      run: (u, _mine, admin) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/users/${u.user.id}`,
          headers: { cookie: admin },
          payload: {
            firstName: u.user.firstName,
            lastName: u.user.lastName,
            email: u.user.email,
            role: u.user.role,
            isActive: true,
            password: 'password-nuova-admin',
          },
        }),
    },
    {
      name: 'admin resets the second factor',
      keepsOwn: false,
      run: (u, _mine, admin) =>
        ctx.app.inject({ method: 'DELETE', url: `/api/users/${u.user.id}/totp`, headers: { cookie: admin } }),
    },
  ];

  it.each(changes)('$name', async ({ run, keepsOwn }) => {
    const u = await enrolledUser('amministrazione');
    const ip = nextIp();
    // A second session of the same user (another device).
    const other = await challengeFor(u.user.email, ip);
    const second = sessionCookie(await secondStep(other.challenge, 'recovery', u.recoveryCodes[9], ip));
    expect((await get('/api/user', second)).statusCode).toBe(200);
    const admin = await loginAsAdmin(ctx.app);

    const res = await run(u, u.cookie, admin);
    expect([200, 204]).toContain(res.statusCode);
    if ('json' in res && res.statusCode === 200 && keepsOwn)
      expect((res as { json: () => { otherSessionsEnded: number } }).json().otherSessionsEnded).toBe(1);
    expect((await get('/api/user', second)).statusCode).toBe(401);
    expect((await get('/api/user', u.cookie)).statusCode).toBe(keepsOwn ? 200 : 401);
    expect((await get('/api/user', admin)).statusCode).toBe(200);
  });

  it('enrolment ends the other sessions too', async () => {
    const user = await insertUser(ctx.db, { role: 'admin', password: PASSWORD });
    const mine = sessionCookie(await passwordStep(user.email, nextIp()));
    const other = sessionCookie(await passwordStep(user.email, nextIp()));
    const { secret } = (await post('/api/account/totp/enrol', mine)).json<{ secret: string }>();
    const res = await post('/api/account/totp/confirm', mine, { code: await codeAt(secret, clock) });
    expect(res.json()).toMatchObject({ otherSessionsEnded: 1 });
    expect((await get('/api/user', other)).statusCode).toBe(401);
    expect((await get('/api/user', mine)).statusCode).toBe(200);
  });

  it('an admin changing their own password keeps the session they use', async () => {
    const admin = await insertUser(ctx.db, { role: 'admin', password: PASSWORD });
    const mine = sessionCookie(await passwordStep(admin.email, nextIp()));
    const other = sessionCookie(await passwordStep(admin.email, nextIp()));
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.id}`,
      headers: { cookie: mine },
      payload: {
        firstName: admin.firstName,
        lastName: admin.lastName,
        email: admin.email,
        role: 'admin',
        isActive: true,
        password: 'password-nuova-mia',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/user', other)).statusCode).toBe(401);
    expect((await get('/api/user', mine)).statusCode).toBe(200);
  });
});

describe('own password change', () => {
  it.each([
    {
      name: 'wrong current',
      body: {
        currentPassword: 'sbagliata',
        newPassword: 'una-nuova-lunga',
        confirmPassword: 'una-nuova-lunga',
      },
      message: msg.password.wrongCurrent,
    },
    {
      name: 'mismatch',
      body: { currentPassword: PASSWORD, newPassword: 'una-nuova-lunga', confirmPassword: 'altra' },
      message: msg.password.mismatch,
    },
    {
      name: 'too short',
      body: { currentPassword: PASSWORD, newPassword: 'abc', confirmPassword: 'abc' },
      message: msg.user.passwordMin,
    },
    {
      name: 'common',
      body: { currentPassword: PASSWORD, newPassword: 'password', confirmPassword: 'password' },
      message: msg.user.passwordCommon,
    },
    {
      name: 'same',
      body: { currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD },
      message: msg.password.sameAsCurrent,
    },
  ])('refuses: $name', async ({ body, message }) => {
    const user = await insertUser(ctx.db, { role: 'agente', password: PASSWORD });
    const cookie = sessionCookie(await passwordStep(user.email, nextIp()));
    const res = await post('/api/account/password', cookie, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect((await passwordStep(user.email, nextIp())).statusCode).toBe(200);
  });
});

describe('the admin requires the second factor for a role', () => {
  it.each(['amministrazione', 'area_manager', 'agente', 'punto_fisico'] as const)(
    '%s may not read or change the rule (403)',
    async (role) => {
      const user = await insertUser(ctx.db, { role, password: PASSWORD });
      const cookie = sessionCookie(await passwordStep(user.email, nextIp()));
      expect((await get('/api/security/roles', cookie)).statusCode).toBe(403);
      const put = await ctx.app.inject({
        method: 'PUT',
        url: '/api/security/roles/agente',
        headers: { cookie },
        payload: { totpRequired: true },
      });
      expect(put.statusCode).toBe(403);
      const reset = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/users/${user.id}/totp`,
        headers: { cookie },
      });
      expect(reset.statusCode).toBe(403);
    },
  );

  it('makes a user of that role without it enrol right after the password, and keeps them from turning it off', async () => {
    const admin = await loginAsAdmin(ctx.app);
    const user = await insertUser(ctx.db, { role: 'punto_fisico', password: PASSWORD });
    const before = sessionCookie(await passwordStep(user.email, nextIp()));
    const enrolled = await enrolledUser('punto_fisico');

    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/security/roles/punto_fisico',
      headers: { cookie: admin },
      payload: { totpRequired: true },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ role: 'punto_fisico', totpRequired: true });
    // This user's session and any other punto_fisico's without the second factor (other tests').
    expect(put.json<{ sessionsEnded: number }>().sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await get('/api/security/roles', admin)).json()).toContainEqual({
      role: 'punto_fisico',
      totpRequired: true,
    });
    // Their session ended: they must enrol at the next sign-in. An enrolled one keeps theirs.
    expect((await get('/api/user', before)).statusCode).toBe(401);
    expect((await get('/api/user', enrolled.cookie)).statusCode).toBe(200);

    const ip = nextIp();
    const misused = await passwordStep(user.email, ip);
    expect(misused.statusCode).toBe(202);
    expect(misused.json()).toMatchObject({ secondFactor: 'enrol' });
    // An enrolment challenge does not sign in with a code; misused, it is gone.
    const wrongStep = await secondStep(misused.json<{ challenge: string }>().challenge, 'totp', '123456', ip);
    expect(wrongStep.statusCode).toBe(401);
    const res = await passwordStep(user.email, ip);
    expect(res.statusCode).toBe(202);
    const { challenge } = res.json<{ challenge: string }>();
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/enrol',
      payload: { challenge },
      remoteAddress: ip,
    });
    expect(start.statusCode).toBe(200);
    const { secret } = start.json<{ secret: string }>();
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/enrol/confirm',
      payload: { challenge, code: await codeAt(secret, clock) },
      remoteAddress: ip,
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ user: { email: user.email }, recoveryCodes: expect.any(Array) });
    const cookie = sessionCookie(confirm);
    expect((await get('/api/account/totp', cookie)).json()).toMatchObject({ enabled: true, required: true });
    // The enrolment at sign-in is the user's own act, from where they signed in.
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tipo, 'secondo_fattore_attivato'), eq(auditLog.oggettoId, user.id)));
    expect(entry).toMatchObject({
      utenteId: user.id,
      ip,
      oggettoTipo: 'utente',
      dettagli: { userId: user.id, otherSessionsEnded: expect.any(Number) },
    });

    const off = await post('/api/account/totp/disable', cookie, { password: PASSWORD, code: '123456' });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ message: msg.totp.requiredCannotDisable });

    await ctx.app.inject({
      method: 'PUT',
      url: '/api/security/roles/punto_fisico',
      headers: { cookie: admin },
      payload: { totpRequired: false },
    });
  });

  it('does not let the admin require it for their own role before enrolling themselves', async () => {
    const admin = await loginAsAdmin(ctx.app);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/security/roles/admin',
      headers: { cookie: admin },
      payload: { totpRequired: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: msg.totp.enableOwnFirst });
    expect((await get('/api/user', admin)).statusCode).toBe(200);
  });

  it('refuses an unknown role', async () => {
    const admin = await loginAsAdmin(ctx.app);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/security/roles/superuser',
      headers: { cookie: admin },
      payload: { totpRequired: true },
    });
    expect(res.statusCode).toBe(400);
  });
});

it('the first admin signs in with the password alone until they enrol', async () => {
  expect((await passwordStep(TEST_ADMIN.email, nextIp(), TEST_ADMIN.password)).statusCode).toBe(200);
});

describe('credential changes in the audit log (docs/privacy.md#registro-delle-attività)', () => {
  const eventsAbout = async (userId: number) =>
    (
      await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.oggettoTipo, 'utente'), eq(auditLog.oggettoId, userId)))
        .orderBy(asc(auditLog.id))
    ).map((row) => ({ tipo: row.tipo, utenteId: row.utenteId, ip: row.ip }));

  it(
    'enrolment, a recovery code at sign-in, new codes, own password change and turning it off: each with who and where',
    { timeout: 60_000 },
    async () => {
      const { user, secret, cookie, recoveryCodes } = await enrolledUser('amministrazione');
      // Requests made with the session come from app.inject's default address.
      const ip = '127.0.0.1';
      const signInIp = nextIp();
      const { challenge } = await challengeFor(user.email, signInIp);
      expect((await secondStep(challenge, 'recovery', recoveryCodes[0], signInIp)).statusCode).toBe(200);
      const regenerated = await post('/api/account/totp/recovery-codes', cookie, {
        code: await codeAt(secret, clock),
      });
      expect(regenerated.statusCode).toBe(200);
      const changed = await post('/api/account/password', cookie, {
        currentPassword: PASSWORD,
        newPassword: 'una-nuova-lunga',
        confirmPassword: 'una-nuova-lunga',
      });
      expect(changed.statusCode).toBe(200);
      setClock(clock + 5 * 30_000);
      const off = await post('/api/account/totp/disable', cookie, {
        password: 'una-nuova-lunga',
        code: await codeAt(secret, clock),
      });
      expect(off.statusCode).toBe(200);

      expect(await eventsAbout(user.id)).toEqual([
        { tipo: 'secondo_fattore_attivato', utenteId: user.id, ip },
        { tipo: 'codice_recupero_usato', utenteId: user.id, ip: signInIp },
        { tipo: 'codici_recupero_rigenerati', utenteId: user.id, ip },
        { tipo: 'password_modificata', utenteId: user.id, ip },
        { tipo: 'secondo_fattore_disattivato', utenteId: user.id, ip },
      ]);
    },
  );

  it('a refused change writes no entry; a made one records counts, never the password or a code', async () => {
    const { user, secret, cookie } = await enrolledUser('amministrazione');
    const before = await eventsAbout(user.id);
    const wrongCurrent = await post('/api/account/password', cookie, {
      currentPassword: 'non-è-questa',
      newPassword: 'una-nuova-lunga',
      confirmPassword: 'una-nuova-lunga',
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json()).toMatchObject({ message: msg.password.wrongCurrent });
    const wrongPassword = await post('/api/account/totp/disable', cookie, {
      password: 'non-è-questa',
      code: await codeAt(secret, clock),
    });
    expect(wrongPassword.statusCode).toBe(400);
    const wrongCode = await post('/api/account/totp/recovery-codes', cookie, { code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    const signInIp = nextIp();
    const { challenge } = await challengeFor(user.email, signInIp);
    expect((await secondStep(challenge, 'recovery', 'aaaaa-aaaaa', signInIp)).statusCode).toBe(401);
    expect(await eventsAbout(user.id)).toEqual(before);

    const changed = await post('/api/account/password', cookie, {
      currentPassword: PASSWORD,
      newPassword: 'una-nuova-lunga',
      confirmPassword: 'una-nuova-lunga',
    });
    expect(changed.statusCode).toBe(200);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tipo, 'password_modificata'), eq(auditLog.oggettoId, user.id)));
    expect(entry.dettagli).toEqual({ userId: user.id, otherSessionsEnded: 0 });
  });

  it("the admin's reset of someone's second factor and the per-role requirement are recorded as the admin's acts", async () => {
    const { user } = await enrolledUser('agente');
    const admin = await loginAsAdmin(ctx.app);
    const reset = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}/totp`,
      headers: { cookie: admin },
    });
    expect(reset.statusCode).toBe(204);
    const [adminUser] = await ctx.db.select().from(users).where(eq(users.email, TEST_ADMIN.email));
    expect(await eventsAbout(user.id)).toEqual([
      { tipo: 'secondo_fattore_attivato', utenteId: user.id, ip: expect.any(String) },
      { tipo: 'secondo_fattore_azzerato', utenteId: adminUser.id, ip: expect.any(String) },
    ]);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/security/roles/area_manager',
      headers: { cookie: admin },
      payload: { totpRequired: false },
    });
    expect(put.statusCode).toBe(200);
    const [setting] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tipo, 'impostazioni_modificate'), eq(auditLog.oggettoTipo, 'ruolo')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(setting).toMatchObject({
      utenteId: adminUser.id,
      dettagli: { role: 'area_manager', totpRequired: false },
    });
  });
});
