import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { msg } from '#shared/messages.ts';
import { ROLES, type Role } from '#shared/permissions.ts';
import { TEST_ADMIN } from '#test/setup/database.ts';
import { insertPuntoFisico, insertUser } from '#test/setup/factories.ts';
import { createTestContext, login, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';
import { readAllPages, type CursorPage } from '#test/setup/cursor-pages.ts';

let ctx: TestContext;
let admin: string;
let adminId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: admin } });
  adminId = me.json().id;
});
afterAll(async () => ctx?.close());

const tag = () => randomBytes(4).toString('hex');

async function userCount() {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  return row.n;
}

async function userRow(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}

function newUserBody(overrides: Record<string, unknown> = {}) {
  const id = tag();
  return {
    firstName: 'Giulia',
    lastName: `Bianchi ${id}`,
    email: `giulia.${id}@esempio.it`,
    phone: '3401112233',
    password: 'segreta-123',
    role: 'agente',
    ...overrides,
  };
}

/** The body the edit dialog sends for this row, with changes. */
function editBody(
  row: { firstName: string; lastName: string; email: string; phone: string | null; role: Role },
  overrides: Record<string, unknown> = {},
) {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    password: '',
    isActive: true,
    ...overrides,
  };
}

async function tryLogin(email: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
}

async function isSignedIn(cookie: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
  return res.statusCode === 200;
}

type UsersPage = CursorPage<{ id: number; email: string; role: string; createdAt: string }>;
const getUsers = (query: string, cookie = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/users${query}`, headers: { cookie } });

/** Every page of the list for this query, one after the other. */
const allUserPages = (query = ''): Promise<UsersPage[]> =>
  readAllPages(ctx.app, `/api/users?${query}`, admin);

describe('GET /api/users', () => {
  it('gives 25 users a page, newest first, every user once, without password hashes', async () => {
    const older = await insertUser(ctx.db, { role: 'agente' });
    const newer = await insertUser(ctx.db, { role: 'punto_fisico' });
    // Enough users for two pages whatever the other tests created.
    for (let i = 0; i < 26; i++) await insertUser(ctx.db, { role: 'punto_fisico' });
    const first = await getUsers('');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      total: await userCount(),
      totalIsLowerBound: false,
      nextCursor: expect.any(String),
    });
    expect(first.json().items).toHaveLength(25);
    const pages = await allUserPages();
    const list = pages.flatMap((p) => p.items);
    expect(list).toHaveLength(await userCount());
    const ids = list.map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(adminId);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const times = list.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.body).not.toContain('passwordHash');
    expect(first.body).not.toContain('password');
    expect(list.find((u) => u.id === older.id)).toEqual({
      id: older.id,
      firstName: older.firstName,
      lastName: older.lastName,
      email: older.email,
      phone: older.phone,
      role: 'agente',
      isActive: true,
      areaAssegnata: null,
      createdAt: older.createdAt.toISOString(),
      clienteSenzaTelefono: false,
      accessoBloccatoFino: null,
      datiCancellatiAt: null,
    });
  });

  it('filters by ?role=, with the exact total', async () => {
    const agent = await insertUser(ctx.db, { role: 'agente' });
    const manager = await insertUser(ctx.db, { role: 'area_manager' });
    const list = (await allUserPages('&role=area_manager')).flatMap((p) => p.items);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((u) => u.role === 'area_manager')).toBe(true);
    expect(list.map((u) => u.id)).toContain(manager.id);
    expect(list.map((u) => u.id)).not.toContain(agent.id);

    const [{ n }] = (await ctx.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, 'area_manager'))) as [{ n: number }];
    expect(list).toHaveLength(n);
    expect((await getUsers('?role=area_manager')).json().total).toBe(n);
  });

  describe('search', () => {
    let ada: Awaited<ReturnType<typeof insertUser>>;
    let bice: Awaited<ReturnType<typeof insertUser>>;
    beforeAll(async () => {
      ada = await insertUser(ctx.db, {
        firstName: 'Adalgisa',
        lastName: 'Vercellotti',
        email: 'ada.vercellotti@esempio.it',
        phone: '+39 347 555 0199',
        role: 'agente',
      });
      bice = await insertUser(ctx.db, {
        firstName: 'Bice',
        lastName: 'Vercellotti',
        email: 'bice.v@altro.it',
        phone: '3476660288',
        role: 'punto_fisico',
      });
    });

    // [query, who must be found (in list order: newest first)]
    const cases: Array<[string, () => number[]]> = [
      ['q=vercellotti', () => [bice.id, ada.id]],
      ['q=Adalgisa%20Vercellotti', () => [ada.id]],
      ['q=vercellotti%20bice', () => [bice.id]],
      ['q=ADA.VERCELLOTTI%40esempio', () => [ada.id]],
      ['q=347%20555', () => [ada.id]],
      ['q=3475550199', () => [ada.id]],
      ['q=666-0288', () => [bice.id]],
      ['q=vercellotti&role=punto_fisico', () => [bice.id]],
      ['q=vercellotti&role=admin', () => []],
      ['q=%25', () => []],
      ['q=_', () => []],
    ];
    it.each(cases)('?%s', async (query, expected) => {
      const pages = await allUserPages(`&${query}`);
      expect(pages.flatMap((p) => p.items).map((u) => u.id)).toEqual(expected());
      expect(pages[0].total).toBe(expected().length);
    });
  });

  it.each([
    ['role=capo', msg.user.roleFilterInvalid],
    ['cursor=due', msg.common.invalidCursor],
    ['pageSize=0', 'Numero di pagina non valido'],
    ['pageSize=201', 'Numero di pagina non valido'],
    [`q=${'x'.repeat(201)}`, 'Testo troppo lungo: al massimo 200 caratteri'],
    ['q=a%0Ab', msg.common.controlChars],
  ])('refuses ?%s with an Italian 400 and changes nothing', async (query, message) => {
    const before = await userCount();
    const res = await getUsers(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().message).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it.each<Role>(['amministrazione', 'area_manager', 'agente', 'punto_fisico'])(
    '%s may not list users (403), not even with a search',
    async (role) => {
      const { cookie } = await loginAs(ctx, role);
      for (const query of ['', '?q=rossi&pageSize=2']) {
        const res = await getUsers(query, cookie);
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toContain('@esempio.it');
      }
    },
  );

  it('answers 401 when signed out', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/users', () => {
  it('creates the user (201) and returns its public shape, never the password hash', async () => {
    const body = newUserBody({ role: 'agente' });
    const before = await userCount();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone,
      role: 'agente',
      isActive: true,
      areaAssegnata: null,
      createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain(body.password);
    expect(await userCount()).toBe(before + 1);

    const row = await userRow(created.id);
    expect(row?.passwordHash).toBeTruthy();
    expect(row?.passwordHash).not.toBe(body.password);
    expect(res.body).not.toContain(row.passwordHash);
  });

  it('lets the new user sign in with the chosen password', async () => {
    const body = newUserBody({ role: 'punto_fisico' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const signIn = await tryLogin(body.email, body.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ id: res.json().id, role: 'punto_fisico' });
  });

  it('gives a new user the default role punto_fisico when none is sent', async () => {
    const { role: _omitted, ...body } = newUserBody();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('punto_fisico');
    expect((await userRow(res.json().id))?.role).toBe('punto_fisico');
  });

  it.each(ROLES)('accepts the role %s', async (role) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin },
      payload: newUserBody({ role }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe(role);
  });

  it('stores the e-mail trimmed and lower-cased', async () => {
    const id = tag();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin },
      payload: newUserBody({ email: `  Laura.Verdi.${id}@Esempio.IT ` }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().email).toBe(`laura.verdi.${id}@esempio.it`);
    expect((await userRow(res.json().id))?.email).toBe(`laura.verdi.${id}@esempio.it`);
  });

  it('refuses a duplicate e-mail, in any case, with 409 and creates nothing', async () => {
    const id = tag();
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin },
      payload: newUserBody({ email: `doppio.${id}@esempio.it` }),
    });
    expect(first.statusCode).toBe(201);
    const before = await userCount();
    for (const email of [`doppio.${id}@esempio.it`, `DOPPIO.${id}@Esempio.it`]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie: admin },
        payload: newUserBody({ email }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Esiste già un utente con questa email');
      expect(res.json().message).toBe(msg.user.emailTaken);
    }
    expect(await userCount()).toBe(before);
  });

  const badCreates: Array<[string, Record<string, unknown>, string]> = [
    ['empty first name', { firstName: '' }, 'Nome richiesto'],
    ['blank first name', { firstName: '   ' }, 'Nome richiesto'],
    ['missing first name', { firstName: undefined }, 'Nome richiesto'],
    ['empty last name', { lastName: '' }, 'Cognome richiesto'],
    ['blank last name', { lastName: '  ' }, 'Cognome richiesto'],
    ['missing last name', { lastName: undefined }, 'Cognome richiesto'],
    ['malformed e-mail', { email: 'non-una-email' }, 'Email non valida'],
    ['e-mail without domain', { email: 'mario@' }, 'Email non valida'],
    ['empty e-mail', { email: '' }, 'Email non valida'],
    ['missing e-mail', { email: undefined }, 'Email non valida'],
    ['empty phone', { phone: '' }, 'Telefono richiesto'],
    ['blank phone', { phone: '   ' }, 'Telefono richiesto'],
    ['missing phone', { phone: undefined }, 'Telefono richiesto'],
    ['5-character password', { password: '12345' }, 'Password deve essere almeno 6 caratteri'],
    ['empty password', { password: '' }, 'Password deve essere almeno 6 caratteri'],
    ['missing password', { password: undefined }, 'Password deve essere almeno 6 caratteri'],
    ['empty role', { role: '' }, 'Ruolo richiesto'],
    ['null role', { role: null }, 'Ruolo richiesto'],
    ['unknown role', { role: 'capo' }, 'Ruolo richiesto'],
  ];

  it.each(badCreates)(
    'refuses a %s with 400 and its Italian message, creating nothing',
    async (_label, change, message) => {
      const body = newUserBody(change);
      const before = await userCount();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie: admin },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
      expect(await userCount()).toBe(before);
    },
  );
});

describe('PUT /api/users/{id}', () => {
  it('updates every field and stores the e-mail lower-cased', async () => {
    const user = await insertUser(ctx.db, { role: 'punto_fisico' });
    const id = tag();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
      payload: {
        firstName: ' Luca ',
        lastName: 'Neri',
        email: `Luca.Neri.${id}@Esempio.it`,
        phone: '3209998877',
        role: 'amministrazione',
        password: '',
        isActive: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      firstName: 'Luca',
      lastName: 'Neri',
      email: `luca.neri.${id}@esempio.it`,
      phone: '3209998877',
      role: 'amministrazione',
      isActive: true,
      areaAssegnata: null,
      createdAt: user.createdAt.toISOString(),
    });
    expect(res.body).not.toContain('password');
    const row = await userRow(user.id);
    expect(row).toMatchObject({
      firstName: 'Luca',
      lastName: 'Neri',
      email: `luca.neri.${id}@esempio.it`,
      role: 'amministrazione',
    });
  });

  it('treats phone as optional: blank or missing clears it', async () => {
    const user = await insertUser(ctx.db);
    const blank = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
      payload: editBody(user, { phone: '' }),
    });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().phone).toBeNull();
    const { phone: _omitted, ...withoutPhone } = editBody(user);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
      payload: withoutPhone,
    });
    expect(missing.statusCode).toBe(200);
    expect((await userRow(user.id))?.phone).toBeNull();
  });

  it.each([
    ['empty', { password: '' }],
    ['null', { password: null }],
    ['missing', { password: undefined }],
  ])(
    'keeps the old password when the password is %s, and keeps the user signed in',
    async (_label, change) => {
      const { user, cookie } = await loginAs(ctx, 'agente');
      const hashBefore = (await userRow(user.id)).passwordHash;
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: { cookie: admin },
        payload: editBody(user, { firstName: 'Rinominato', ...change }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().firstName).toBe('Rinominato');
      expect((await userRow(user.id)).passwordHash).toBe(hashBefore);
      expect(await isSignedIn(cookie)).toBe(true);
      const signIn = await tryLogin(user.email, 'password-di-prova');
      expect(signIn.statusCode).toBe(200);
    },
  );

  it('sets a new password that works, refuses the old one, and ends the user’s sessions', async () => {
    const { user, cookie } = await loginAs(ctx, 'punto_fisico');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
      payload: editBody(user, { password: 'nuova-password-7' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('nuova-password-7');
    expect(await isSignedIn(cookie)).toBe(false);
    expect((await tryLogin(user.email, 'password-di-prova')).statusCode).toBe(401);
    const fresh = await login(ctx.app, user.email, 'nuova-password-7');
    expect(await isSignedIn(fresh)).toBe(true);
  });

  it('ends the user’s sessions when the role changes', async () => {
    const { user, cookie } = await loginAs(ctx, 'agente');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
      payload: editBody(user, { role: 'area_manager' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('area_manager');
    expect(await isSignedIn(cookie)).toBe(false);
    const again = await tryLogin(user.email, 'password-di-prova');
    expect(again.statusCode).toBe(200);
    expect(again.json().role).toBe('area_manager');
  });

  it('deactivates a user: sessions end and sign-in is refused', async () => {
    const { user, cookie } = await loginAs(ctx, 'agente');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
      payload: editBody(user, { isActive: false }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(false);
    expect(await isSignedIn(cookie)).toBe(false);
    const signIn = await tryLogin(user.email, 'password-di-prova');
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe(msg.auth.invalidCredentials);
  });

  it('refuses an e-mail that another user already has (409), changing nothing', async () => {
    const other = await insertUser(ctx.db);
    const user = await insertUser(ctx.db);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
      payload: editBody(user, { firstName: 'Cambiato', email: other.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.user.emailTaken);
    expect(await userRow(user.id)).toEqual(user);
  });

  it('answers 404 for a missing id', async () => {
    const user = await insertUser(ctx.db);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/999999',
      headers: { cookie: admin },
      payload: editBody(user),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(msg.user.notFound);
  });

  const badEdits: Array<[string, Record<string, unknown>, string]> = [
    ['empty first name', { firstName: '' }, 'Nome è richiesto'],
    ['blank first name', { firstName: '   ' }, 'Nome è richiesto'],
    ['missing first name', { firstName: undefined }, 'Nome è richiesto'],
    ['empty last name', { lastName: '' }, 'Cognome è richiesto'],
    ['blank last name', { lastName: '  ' }, 'Cognome è richiesto'],
    ['missing last name', { lastName: undefined }, 'Cognome è richiesto'],
    ['malformed e-mail', { email: 'non-una-email' }, 'Email non valida'],
    ['empty e-mail', { email: '' }, 'Email non valida'],
    ['missing e-mail', { email: undefined }, 'Email non valida'],
    ['5-character password', { password: '12345' }, 'Password deve essere almeno 6 caratteri'],
    ['1-character password', { password: 'x' }, 'Password deve essere almeno 6 caratteri'],
    ['unknown role', { role: 'capo' }, 'Ruolo richiesto'],
  ];

  it.each(badEdits)(
    'refuses a %s with 400 and its Italian message, changing nothing',
    async (_label, change, message) => {
      const { user, cookie } = await loginAs(ctx, 'agente');
      const before = await userRow(user.id);
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: { cookie: admin },
        payload: editBody(user, {
          firstName: 'Cambiato',
          lastName: 'Cambiato',
          phone: '000',
          role: 'area_manager',
          ...change,
        }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
      expect(await userRow(user.id)).toEqual(before);
      expect(await isSignedIn(cookie)).toBe(true);
    },
  );
});

describe('PATCH /api/users/{id}/role', () => {
  it('sets the role and the assigned area, and ends the user’s sessions', async () => {
    const { user, cookie } = await loginAs(ctx, 'agente');
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/role`,
      headers: { cookie: admin },
      payload: { role: 'area_manager', areaAssegnata: ' Lombardia ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, role: 'area_manager', areaAssegnata: 'Lombardia' });
    expect(res.body).not.toContain('password');
    expect(await userRow(user.id)).toMatchObject({ role: 'area_manager', areaAssegnata: 'Lombardia' });
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it('changes only the area without ending sessions, and clears it when blank', async () => {
    const { user, cookie } = await loginAs(ctx, 'area_manager');
    const set = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/role`,
      headers: { cookie: admin },
      payload: { role: 'area_manager', areaAssegnata: 'Veneto' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().areaAssegnata).toBe('Veneto');
    expect(await isSignedIn(cookie)).toBe(true);
    const clear = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/role`,
      headers: { cookie: admin },
      payload: { role: 'area_manager', areaAssegnata: '  ' },
    });
    expect(clear.statusCode).toBe(200);
    expect(clear.json().areaAssegnata).toBeNull();
    expect((await userRow(user.id))?.areaAssegnata).toBeNull();
  });

  it('refuses an unknown role with "Ruolo richiesto", changing nothing', async () => {
    const user = await insertUser(ctx.db, { role: 'agente' });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/role`,
      headers: { cookie: admin },
      payload: { role: 'capo', areaAssegnata: 'Lazio' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: msg.user.roleRequired });
    expect(await userRow(user.id)).toEqual(user);
  });

  it('answers 404 for a missing id', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/999999/role',
      headers: { cookie: admin },
      payload: { role: 'agente' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(msg.user.notFound);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes the user (204) and ends their sessions', async () => {
    const { user, cookie } = await loginAs(ctx, 'agente');
    const before = await userCount();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await userRow(user.id)).toBeUndefined();
    expect(await userCount()).toBe(before - 1);
    expect(await isSignedIn(cookie)).toBe(false);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for a missing id', async () => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/999999',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: msg.user.notFound });
  });

  it('answers 400 for an id that is not a number', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/users/abc', headers: { cookie: admin } });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['responsible person', 'utenteResponsabileId', 'punto_fisico'],
    ['agent', 'agenteId', 'agente'],
    ['area manager', 'areaManagerId', 'area_manager'],
  ] as const)('refuses (409) to delete the %s of a point of sale', async (_label, field, role) => {
    const user = await insertUser(ctx.db, { role });
    await insertPuntoFisico(ctx.db, { [field]: user.id });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USER_REFERENCED', message: msg.user.referencedByPoint });
    expect(await userRow(user.id)).toEqual(user);
  });
});

describe('the admin’s own account', () => {
  async function adminRow() {
    return await userRow(adminId);
  }

  it('cannot be deactivated (409), and nothing changes', async () => {
    const before = await adminRow();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${adminId}`,
      headers: { cookie: admin },
      payload: editBody(before, { isActive: false }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.user.cannotDeactivateSelf);
    expect(await adminRow()).toEqual(before);
    expect(await isSignedIn(admin)).toBe(true);
  });

  it('cannot change its own role through PUT (409), and nothing changes', async () => {
    const before = await adminRow();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${adminId}`,
      headers: { cookie: admin },
      payload: editBody(before, { role: 'agente', firstName: 'Cambiato' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.user.cannotChangeOwnRole);
    expect(await adminRow()).toEqual(before);
    expect(await isSignedIn(admin)).toBe(true);
  });

  it('cannot change its own role through PATCH …/role (409), and nothing changes', async () => {
    const before = await adminRow();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${adminId}/role`,
      headers: { cookie: admin },
      payload: { role: 'amministrazione', areaAssegnata: 'Lazio' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.user.cannotChangeOwnRole);
    expect(await adminRow()).toEqual(before);
  });

  it('cannot be deleted (409)', async () => {
    const before = await adminRow();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${adminId}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.user.cannotDeleteSelf);
    expect(await adminRow()).toEqual(before);
    expect(await isSignedIn(admin)).toBe(true);
  });

  it('can still edit its own details, keeping role, status and session', async () => {
    const before = await adminRow();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${adminId}`,
      headers: { cookie: admin },
      payload: editBody(before, { phone: '0298765432' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'admin',
      isActive: true,
      phone: '0298765432',
      email: TEST_ADMIN.email,
    });
    expect(await isSignedIn(admin)).toBe(true);
  });
});

describe('GET /api/users/search', () => {
  async function search(query: string, cookie = admin) {
    return ctx.app.inject({ method: 'GET', url: `/api/users/search${query}`, headers: { cookie } });
  }

  it.each(['', '?q=', '?q=a', '?q=%20a%20'])(
    'answers [] when q is shorter than 2 characters (%s)',
    async (query) => {
      await insertUser(ctx.db, { firstName: 'Aaron' });
      const res = await search(query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    },
  );

  it('matches first name, last name, e-mail and "first last", case-insensitively, with the public shape', async () => {
    const t = tag();
    const user = await insertUser(ctx.db, {
      firstName: `Ottavio${t}`,
      lastName: `Zanetti${t}`,
      email: `ozan.${t}@posta.it`,
      role: 'agente',
    });
    for (const q of [
      `ottavio${t}`,
      `ZANETTI${t}`,
      `ozan.${t}@posta`,
      `Ottavio${t} Zanetti${t}`,
      `${t} zanetti`,
    ]) {
      const res = await search(`?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json(), q).toEqual([
        {
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          phone: user.phone,
        },
      ]);
    }
  });

  it('treats % and _ literally', async () => {
    const t = tag();
    await insertUser(ctx.db, { firstName: `Wildcard${t}` });
    for (const q of ['%%', '__', `%${t}`]) {
      const res = await search(`?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json(), q).toEqual([]);
    }
  });

  it('filters by role', async () => {
    const t = tag();
    const agent = await insertUser(ctx.db, { lastName: `Ruolo${t}`, role: 'agente' });
    const manager = await insertUser(ctx.db, { lastName: `Ruolo${t}`, role: 'area_manager' });
    const point = await insertUser(ctx.db, { lastName: `Ruolo${t}`, role: 'punto_fisico' });
    const all = await search(`?q=Ruolo${t}`);
    expect((all.json() as Array<{ id: number }>).map((u) => u.id).sort()).toEqual(
      [agent.id, manager.id, point.id].sort(),
    );
    for (const [role, expected] of [
      ['agente', agent],
      ['area_manager', manager],
      ['punto_fisico', point],
    ] as const) {
      const res = await search(`?q=Ruolo${t}&role=${role}`);
      expect(res.statusCode).toBe(200);
      expect((res.json() as Array<{ id: number }>).map((u) => u.id)).toEqual([expected.id]);
    }
  });

  it('refuses a role outside the point-of-sale people', async () => {
    const res = await search('?q=Mario&role=capo');
    expect(res.statusCode).toBe(400);
  });

  it('leaves out inactive users', async () => {
    const t = tag();
    const active = await insertUser(ctx.db, { lastName: `Attivo${t}` });
    await insertUser(ctx.db, { lastName: `Attivo${t}`, isActive: false });
    const res = await search(`?q=Attivo${t}`);
    expect((res.json() as Array<{ id: number }>).map((u) => u.id)).toEqual([active.id]);
  });

  it('returns at most 20 people, ordered by last name then first name', async () => {
    const t = tag();
    for (let i = 0; i < 25; i++) {
      await insertUser(ctx.db, {
        firstName: `Nome${String(25 - i).padStart(2, '0')}`,
        lastName: `Molti${t}`,
      });
    }
    const res = await search(`?q=Molti${t}`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ firstName: string }>;
    expect(list).toHaveLength(20);
    expect(list.map((u) => u.firstName)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Nome${String(i + 1).padStart(2, '0')}`),
    );
  });

  it('lets an area manager search', async () => {
    const t = tag();
    const user = await insertUser(ctx.db, { lastName: `Cercato${t}`, role: 'agente' });
    const { cookie } = await loginAs(ctx, 'area_manager');
    const res = await search(`?q=Cercato${t}&role=agente`, cookie);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Array<{ id: number }>).map((u) => u.id)).toEqual([user.id]);
  });
});

describe('non-admin roles', () => {
  const others = ROLES.filter((r) => r !== 'admin');
  const cookies = {} as Record<Role, string>;

  beforeAll(async () => {
    for (const role of others) cookies[role] = (await loginAs(ctx, role)).cookie;
  });

  it.each(others)('%s gets 403 on every users route but search, and nothing changes', async (role) => {
    const target = await insertUser(ctx.db, { role: 'agente' });
    const before = await userCount();
    const cookie = cookies[role];
    const calls = [
      { method: 'GET', url: '/api/users' },
      { method: 'GET', url: '/api/users?role=agente' },
      { method: 'POST', url: '/api/users', payload: newUserBody() },
      {
        method: 'PUT',
        url: `/api/users/${target.id}`,
        payload: editBody(target, { firstName: 'Hackerato', isActive: false }),
      },
      { method: 'PATCH', url: `/api/users/${target.id}/role`, payload: { role: 'admin' } },
      { method: 'DELETE', url: `/api/users/${target.id}` },
    ] as const;
    for (const call of calls) {
      const res = await ctx.app.inject({ ...call, headers: { cookie } });
      expect(res.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
      expect(res.json().message).toBe(msg.auth.forbidden);
    }
    expect(await userCount()).toBe(before);
    expect(await userRow(target.id)).toEqual(target);
  });

  it.each(others)('search: area_manager allowed, the others 403 (%s)', async (role) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/search?q=Mario',
      headers: { cookie: cookies[role] },
    });
    if (role === 'area_manager') expect(res.statusCode).toBe(200);
    else {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(msg.auth.forbidden);
    }
  });
});
