import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '#shared/messages.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
});
afterAll(async () => ctx?.close());

const get = (url: string, cookie = admin) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

describe('GET /api/fornitori', () => {
  it('lists the seeded suppliers with their services', async () => {
    const res = await get('/api/fornitori');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((f: { codice: string }) => f.codice)
        .sort(),
    ).toEqual(
      [
        'A2A',
        'AYVENS',
        'EDISON',
        'ENEL',
        'FASTWEB',
        'IREN',
        'LEASYS',
        'SORGENIA',
        'TIM',
        'VODAFONE',
        'WINDTRE',
      ].sort(),
    );
    expect(res.json().find((f: { codice: string }) => f.codice === 'ENEL')).toMatchObject({
      nome: 'Enel Energia',
      serviziSupportati: ['luce', 'gas'],
      isActive: true,
    });
  });

  it.each([
    ['luce', ['A2A', 'EDISON', 'ENEL', 'IREN', 'SORGENIA']],
    ['internet', ['FASTWEB', 'TIM', 'VODAFONE', 'WINDTRE']],
    ['noleggio', ['AYVENS', 'LEASYS']],
  ])('with servizio=%s lists only the suppliers offering it', async (servizio, codici) => {
    const res = await get(`/api/fornitori?servizio=${servizio}`);
    expect(
      res
        .json()
        .map((f: { codice: string }) => f.codice)
        .sort(),
    ).toEqual(codici);
  });

  it('lets amministrazione read, refuses the other roles', async () => {
    expect((await get('/api/fornitori', (await loginAs(ctx, 'amministrazione')).cookie)).statusCode).toBe(
      200,
    );
    for (const role of ['agente', 'area_manager', 'punto_fisico'] as const) {
      expect((await get('/api/fornitori', (await loginAs(ctx, role)).cookie)).statusCode, role).toBe(403);
    }
  });
});

describe('POST and PUT /api/fornitori (admin)', () => {
  it('creates a supplier, edits its services, and an inactive one leaves the dialog list', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/fornitori',
      headers: { cookie: admin },
      payload: { codice: 'hera', nome: 'Hera Comm', serviziSupportati: ['luce'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      codice: 'HERA',
      nome: 'Hera Comm',
      serviziSupportati: ['luce'],
      isActive: true,
    });
    const id = created.json().id;
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/fornitori/${id}`,
      headers: { cookie: admin },
      payload: { codice: 'HERA', nome: 'Hera Comm', serviziSupportati: ['luce', 'gas', 'gas'] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().serviziSupportati).toEqual(['luce', 'gas']);
    expect(
      (await get('/api/fornitori?servizio=gas')).json().map((f: { codice: string }) => f.codice),
    ).toContain('HERA');
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/fornitori/${id}`,
      headers: { cookie: admin },
      payload: { codice: 'HERA', nome: 'Hera Comm', serviziSupportati: ['luce', 'gas'], isActive: false },
    });
    expect(
      (await get('/api/fornitori?servizio=gas')).json().map((f: { codice: string }) => f.codice),
    ).not.toContain('HERA');
  });

  it.each<[Record<string, unknown>, string]>([
    [{ nome: 'X', serviziSupportati: ['luce'] }, msg.fornitore.codiceRequired],
    [{ codice: 'a b', nome: 'X', serviziSupportati: ['luce'] }, msg.fornitore.codiceInvalid],
    [{ codice: 'NUOVO', nome: ' ', serviziSupportati: ['luce'] }, msg.fornitore.nomeRequired],
    [{ codice: 'NUOVO', nome: 'Nuovo', serviziSupportati: [] }, msg.fornitore.serviziRequired],
    [{ codice: 'NUOVO', nome: 'Nuovo', serviziSupportati: ['pizza'] }, msg.fornitore.serviziRequired],
  ])('refuses %j', async (payload, message) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/fornitori',
      headers: { cookie: admin },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a duplicate code with 409, and an unknown id with 404', async () => {
    const dup = await ctx.app.inject({
      method: 'POST',
      url: '/api/fornitori',
      headers: { cookie: admin },
      payload: { codice: 'ENEL', nome: 'Altro', serviziSupportati: ['luce'] },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(msg.fornitore.codiceTaken);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/fornitori/987654',
      headers: { cookie: admin },
      payload: { codice: 'ZZZ', nome: 'Z', serviziSupportati: ['luce'] },
    });
    expect(missing.statusCode).toBe(404);
  });

  it.each(['amministrazione', 'agente', 'area_manager', 'punto_fisico'] as const)(
    'refuses %s with 403',
    async (role) => {
      const { cookie } = await loginAs(ctx, role);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/fornitori',
        headers: { cookie },
        payload: { codice: 'NOPE', nome: 'No', serviziSupportati: ['luce'] },
      });
      expect(res.statusCode).toBe(403);
    },
  );
});
