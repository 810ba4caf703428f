import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { puntiFisici } from '#server/db/schema.ts';
import { LANDING_CODE_PATTERN } from '#server/modules/punti-fisici/landing-code.ts';
import { msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import { startOfRomeDay, startOfRomeMonth } from '#shared/time.ts';
import {
  insertCommissione,
  insertLead,
  insertPratica,
  insertPuntoFisico,
  insertServizio,
  insertUser,
} from '#test/setup/factories.ts';
import { createTestContext, loginAs, type TestContext } from '#test/setup/test-app.ts';
import { readAllPages, type CursorPage } from '#test/setup/cursor-pages.ts';
import { buildTwoShopWorld, SCOPED_ROLES, UNSCOPED_ROLES } from '#test/setup/world.ts';

let ctx: TestContext;
let w: Awaited<ReturnType<typeof buildTwoShopWorld>>;

beforeAll(async () => {
  ctx = await createTestContext();
  w = await buildTwoShopWorld(ctx);
});
afterAll(async () => ctx?.close());

const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, payload: payload as Record<string, unknown> });

async function pointCount() {
  const [row] = await ctx.db.select({ n: count() }).from(puntiFisici);
  return row.n;
}

function body(overrides: Record<string, unknown> = {}) {
  return {
    nomeAttivita: 'Ferramenta Gamma',
    indirizzo: 'Via Dante 3, Bologna',
    utenteResponsabileId: w.pfA.user.id,
    agenteId: null,
    areaManagerId: null,
    ...overrides,
  };
}

type Page = CursorPage<{ id: number; nomeAttivita: string }>;
/** Every page of the list for this query, read one after the other. */
const allPages = (cookie: string, query = '') =>
  readAllPages<Page['items'][number]>(ctx.app, `/api/punti-fisici?${query}`, cookie);
const idsOf = (pages: Page[]) => pages.flatMap((p) => p.items.map((i) => i.id));

describe('GET /api/punti-fisici: scope by role', () => {
  it.each(UNSCOPED_ROLES)('%s sees every point', async (role) => {
    const pages = await allPages(w.cookies[role]);
    const ids = idsOf(pages);
    expect(ids).toEqual(expect.arrayContaining([w.puntoA.id, w.puntoB.id]));
    expect(ids).toHaveLength(await pointCount());
    expect(pages[0]).toMatchObject({
      total: await pointCount(),
      totalIsLowerBound: false,
    });
  });

  it.each(SCOPED_ROLES)('%s sees only its own point', async (role) => {
    const res = await get('/api/punti-fisici', w.cookies[role]);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Page).items.map((p) => p.id)).toEqual([w.puntoA.id]);
    expect(res.json()).toMatchObject({ total: 1, totalIsLowerBound: false });
  });

  it('a user with no point sees an empty list', async () => {
    const { cookie } = await loginAs(ctx, 'punto_fisico');
    const res = await get('/api/punti-fisici', cookie);
    expect(res.json()).toEqual({
      items: [],
      total: 0,
      totalIsLowerBound: false,
      nextCursor: null,
    });
  });

  it('carries urlLanding, qrCode, counts and the expanded people', async () => {
    // Lead 1 came in at A; lead 2 came in at B and came back through A: both are A's leads.
    const l1 = await insertLead(ctx.db, { puntoFisicoOriginaleId: w.puntoA.id });
    await insertPratica(ctx.db, { leadId: l1.id, puntoFisicoId: w.puntoA.id });
    const l2 = await insertLead(ctx.db, { puntoFisicoOriginaleId: w.puntoB.id });
    await insertPratica(ctx.db, { leadId: l2.id, puntoFisicoId: w.puntoB.id });
    await insertPratica(ctx.db, { leadId: l2.id, puntoFisicoId: w.puntoA.id });

    const res = await get(`/api/punti-fisici/${w.puntoA.id}`, w.admin);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      id: w.puntoA.id,
      nomeAttivita: 'Bar Centrale Alfa',
      indirizzo: 'Via Garibaldi 10, Torino',
      landingCode: w.puntoA.landingCode,
      urlLanding: `http://localhost:5000/landing/${w.puntoA.landingCode}`,
      qrCode: `/api/punti-fisici/${w.puntoA.id}/qr.svg?v=${w.puntoA.landingCode}`,
      leadCount: 2,
      praticheCount: 2,
      utenteResponsabile: {
        id: w.pfA.user.id,
        firstName: w.pfA.user.firstName,
        lastName: w.pfA.user.lastName,
        email: w.pfA.user.email,
        phone: w.pfA.user.phone,
      },
      agente: { id: w.agA.user.id, email: w.agA.user.email },
      areaManager: { id: w.amA.user.id, email: w.amA.user.email },
    });
    const b = (await get(`/api/punti-fisici/${w.puntoB.id}`, w.admin)).json();
    expect(b).toMatchObject({ leadCount: 1, praticheCount: 1 });
    // The lists count the same way, over every point (admin) or over one's own (punto fisico).
    const all = (await allPages(w.admin)).flatMap((p) => p.items);
    expect(all.find((x) => x.id === w.puntoA.id)).toMatchObject({ leadCount: 2, praticheCount: 2 });
    expect(all.find((x) => x.id === w.puntoB.id)).toMatchObject({ leadCount: 1, praticheCount: 1 });
    const own = (await get('/api/punti-fisici', w.pfA.cookie)).json() as Page;
    expect(own.items.find((x) => x.id === w.puntoA.id)).toMatchObject({ leadCount: 2, praticheCount: 2 });
  });
});

describe('GET /api/punti-fisici: pages and search', () => {
  // A chain of its own: 30 points of one area manager (names in pairs, so that the id breaks
  // ties), 12 of them with one agent and 1 with one shop owner; 6 look-alikes of another manager.
  let am: Awaited<ReturnType<typeof loginAs>>;
  let other: Awaited<ReturnType<typeof loginAs>>;
  let ag: Awaited<ReturnType<typeof loginAs>>;
  let pf: Awaited<ReturnType<typeof loginAs>>;
  let mine: Array<typeof puntiFisici.$inferSelect>;
  let theirs: Array<typeof puntiFisici.$inferSelect>;

  beforeAll(async () => {
    am = await loginAs(ctx, 'area_manager', { firstName: 'Ornella', lastName: 'Quaglia' });
    other = await loginAs(ctx, 'area_manager');
    ag = await loginAs(ctx, 'agente', { firstName: 'Teodoro', lastName: 'Zanchetta' });
    pf = await loginAs(ctx, 'punto_fisico', { firstName: 'Filiberto', lastName: 'Ughetti' });
    mine = [];
    for (let i = 0; i < 30; i++) {
      mine.push(
        await insertPuntoFisico(ctx.db, {
          nomeAttivita: `Paginato ${String(Math.floor(i / 2)).padStart(2, '0')}`,
          indirizzo:
            i === 7 ? 'Piazza Sordello 4, Mantova' : i === 9 ? 'Corso Città 2, Lodi' : 'Via Roma 1, Milano',
          areaManagerId: am.user.id,
          agenteId: i < 12 ? ag.user.id : null,
          ...(i === 3 ? { utenteResponsabileId: pf.user.id } : {}),
        }),
      );
    }
    theirs = [];
    for (let i = 0; i < 6; i++)
      theirs.push(
        await insertPuntoFisico(ctx.db, {
          nomeAttivita: `Paginato ${String(i).padStart(2, '0')}`,
          indirizzo: 'Piazza Sordello 9, Mantova',
          areaManagerId: other.user.id,
        }),
      );
  });

  const ordered = (rows: Array<typeof puntiFisici.$inferSelect>) =>
    [...rows]
      .sort((a, b) =>
        a.nomeAttivita < b.nomeAttivita ? -1 : a.nomeAttivita > b.nomeAttivita ? 1 : a.id - b.id,
      )
      .map((r) => r.id);

  it('25 a page, then the rest: every point once, by name then id, with the exact total', async () => {
    const pages = await allPages(am.cookie);
    expect(pages.map((p) => p.items.length)).toEqual([25, 5]);
    expect(pages.map((p) => p.total)).toEqual([30, 30]);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, true]);
    expect(idsOf(pages)).toEqual(ordered(mine));
  });

  it('a point added between two pages neither repeats nor hides one', async () => {
    const first = (await get('/api/punti-fisici?pageSize=10', am.cookie)).json() as Page;
    // Sorts before every point of the next page: it is not on it, and nothing shifts.
    const early = await insertPuntoFisico(ctx.db, { nomeAttivita: 'Paginato 00', areaManagerId: am.user.id });
    const rest = await readAllPages<Page['items'][number]>(
      ctx.app,
      '/api/punti-fisici?pageSize=10',
      am.cookie,
      first.nextCursor,
    ).finally(() => ctx.db.delete(puntiFisici).where(eq(puntiFisici.id, early.id)));
    expect([...first.items.map((i) => i.id), ...idsOf(rest)]).toEqual(ordered(mine));
  });

  // [case, who, the term (a function for one point's landing code, known once the points exist),
  // the points expected]
  const code = () => mine[11].landingCode;
  const cases: Array<
    [string, () => string, string | (() => string), () => Array<typeof puntiFisici.$inferSelect>]
  > = [
    ['area manager, by name', () => am.cookie, 'paginato', () => mine],
    ['area manager, by address', () => am.cookie, 'sordello', () => [mine[7]]],
    ['area manager, by landing code', () => am.cookie, () => code().toLowerCase(), () => [mine[11]]],
    [
      'area manager, by landing code in capitals',
      () => am.cookie,
      () => code().toUpperCase(),
      () => [mine[11]],
    ],
    ['area manager, by address in capitals, with an accent', () => am.cookie, 'CORSO CITTÀ', () => [mine[9]]],
    [
      "area manager, by the agent's name in capitals",
      () => am.cookie,
      'ZANCHETTA TEODORO',
      () => mine.slice(0, 12),
    ],
    ["area manager, by the agent's surname", () => am.cookie, 'zanchetta', () => mine.slice(0, 12)],
    ["area manager, by the agent's full name", () => am.cookie, 'Teodoro Zanchetta', () => mine.slice(0, 12)],
    ["area manager, by the shop owner's name", () => am.cookie, 'ughetti filiberto', () => [mine[3]]],
    ['area manager, by its own name', () => am.cookie, 'Quaglia', () => mine],
    ['agent, by name: only its 12', () => ag.cookie, 'Paginato', () => mine.slice(0, 12)],
    ['shop owner, by address of another point', () => pf.cookie, 'sordello', () => []],
    ['area manager, a wildcard taken literally', () => am.cookie, '%', () => []],
    ['area manager, no match', () => am.cookie, 'nessunnegozio', () => []],
    ['admin, by address: both chains', () => w.admin, 'Piazza Sordello', () => [mine[7], ...theirs]],
  ];

  it.each(cases)('search: %s', async (_label, cookie, q, expected) => {
    const term = typeof q === 'string' ? q : q();
    const pages = await allPages(cookie(), `&q=${encodeURIComponent(term)}`);
    expect(idsOf(pages)).toEqual(ordered(expected()));
    expect(pages[0].total).toBe(expected().length);
  });

  it("never returns another area manager's points, on any page of any search", async () => {
    const theirIds = new Set(theirs.map((t) => t.id));
    for (const q of ['', 'Paginato', 'Mantova', 'Paginato 0'])
      expect(
        idsOf(await allPages(am.cookie, `&q=${encodeURIComponent(q)}`)).some((id) => theirIds.has(id)),
      ).toBe(false);
  });

  it.each([
    ['cursor=abc', msg.common.invalidCursor],
    [`cursor=${Buffer.from('[1,2]').toString('base64url')}`, msg.common.invalidCursor],
    ['pageSize=0', 'Numero di pagina non valido'],
    ['pageSize=500', 'Numero di pagina non valido'],
    [`q=${'x'.repeat(201)}`, 'Testo troppo lungo: al massimo 200 caratteri'],
    ['q=a%00b', msg.common.controlChars],
  ])('%s is refused with an Italian 400, and nothing changes', async (query, message) => {
    const before = await pointCount();
    const res = await get(`/api/punti-fisici?${query}`, w.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await pointCount()).toBe(before);
  });
});

describe('own vs other point, every read endpoint', () => {
  const endpoints = ['', '/stats', '/qr.svg', '/locandina.pdf'];
  const cases = SCOPED_ROLES.flatMap((role) => endpoints.map((suffix) => [role, suffix] as [Role, string]));

  it.each(cases)('%s: %s of its own point 200, of another point 404', async (role, suffix) => {
    const own = await get(`/api/punti-fisici/${w.puntoA.id}${suffix}`, w.cookies[role]);
    expect(own.statusCode).toBe(200);
    const other = await get(`/api/punti-fisici/${w.puntoB.id}${suffix}`, w.cookies[role]);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(msg.puntoFisico.notFound);
  });

  it.each(UNSCOPED_ROLES.flatMap((role) => endpoints.map((suffix) => [role, suffix] as [Role, string])))(
    '%s: %s of any point 200',
    async (role, suffix) => {
      expect((await get(`/api/punti-fisici/${w.puntoB.id}${suffix}`, w.cookies[role])).statusCode).toBe(200);
    },
  );

  it('an unknown id is 404 for admin too', async () => {
    expect((await get('/api/punti-fisici/987654', w.admin)).statusCode).toBe(404);
  });
});

describe('POST /api/punti-fisici', () => {
  it('admin creates a point with a fresh WE- code and the chosen people', async () => {
    const before = await pointCount();
    const res = await send(
      'POST',
      '/api/punti-fisici',
      w.admin,
      body({ agenteId: w.agB.user.id, areaManagerId: w.amB.user.id }),
    );
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p.landingCode).toMatch(LANDING_CODE_PATTERN);
    expect(p.urlLanding).toBe(`http://localhost:5000/landing/${p.landingCode}`);
    expect(p).toMatchObject({
      nomeAttivita: 'Ferramenta Gamma',
      agenteId: w.agB.user.id,
      areaManagerId: w.amB.user.id,
      leadCount: 0,
      praticheCount: 0,
    });
    expect(await pointCount()).toBe(before + 1);
  });

  it("an area manager's new point is always its own, whatever it sends", async () => {
    const res = await send('POST', '/api/punti-fisici', w.amA.cookie, body({ areaManagerId: w.amB.user.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json().areaManagerId).toBe(w.amA.user.id);
    expect(idsOf(await allPages(w.amA.cookie))).toContain(res.json().id);
  });

  it.each<[Role]>([['agente'], ['punto_fisico'], ['amministrazione']])(
    '%s may not create (403)',
    async (role) => {
      const before = await pointCount();
      const res = await send('POST', '/api/punti-fisici', w.cookies[role], body());
      expect(res.statusCode).toBe(403);
      expect(await pointCount()).toBe(before);
    },
  );

  const badCreates: Array<[string, Record<string, unknown>, string]> = [
    ['empty name', { nomeAttivita: '' }, 'Nome attività richiesto'],
    ['blank name', { nomeAttivita: '   ' }, 'Nome attività richiesto'],
    ['missing name', { nomeAttivita: undefined }, 'Nome attività richiesto'],
    ['empty address', { indirizzo: '' }, 'Indirizzo richiesto'],
    ['missing address', { indirizzo: undefined }, 'Indirizzo richiesto'],
    ['no responsible', { utenteResponsabileId: undefined }, 'Responsabile richiesto'],
    ['null responsible', { utenteResponsabileId: null }, 'Responsabile richiesto'],
    ['responsible 0', { utenteResponsabileId: 0 }, 'Responsabile richiesto'],
  ];
  it.each(badCreates)('refuses %s with "%s" and creates nothing', async (_label, overrides, message) => {
    const before = await pointCount();
    const res = await send('POST', '/api/punti-fisici', w.admin, body(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await pointCount()).toBe(before);
  });

  it.each<[string, () => Promise<Record<string, unknown>>, string, number]>([
    [
      'a responsible who does not exist',
      async () => ({ utenteResponsabileId: 987654 }),
      msg.puntoFisico.responsabileInvalid,
      404,
    ],
    [
      'an inactive responsible',
      async () => ({
        utenteResponsabileId: (await insertUser(ctx.db, { role: 'punto_fisico', isActive: false })).id,
      }),
      msg.puntoFisico.responsabileInvalid,
      400,
    ],
    [
      'an agent as responsible',
      async () => ({ utenteResponsabileId: w.agA.user.id }),
      msg.puntoFisico.responsabileRole,
      400,
    ],
    ['a point user as agent', async () => ({ agenteId: w.pfB.user.id }), msg.puntoFisico.agenteRole, 400],
    [
      'an agent as area manager',
      async () => ({ areaManagerId: w.agA.user.id }),
      msg.puntoFisico.areaManagerRole,
      400,
    ],
    [
      'an unknown area manager (404, like any id that does not exist)',
      async () => ({ areaManagerId: 987654 }),
      msg.puntoFisico.areaManagerInvalid,
      404,
    ],
  ])('refuses %s with a clear message', async (_label, overrides, message, status) => {
    const before = await pointCount();
    const res = await send('POST', '/api/punti-fisici', w.admin, body(await overrides()));
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await pointCount()).toBe(before);
  });
});

describe('PUT /api/punti-fisici/:id', () => {
  it('admin edits any point', async () => {
    const p = await insertPuntoFisico(ctx.db, { utenteResponsabileId: w.pfB.user.id });
    const res = await send(
      'PUT',
      `/api/punti-fisici/${p.id}`,
      w.admin,
      body({ nomeAttivita: 'Nuovo nome', utenteResponsabileId: w.pfB.user.id, agenteId: w.agA.user.id }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nomeAttivita: 'Nuovo nome',
      agenteId: w.agA.user.id,
      landingCode: p.landingCode,
    });
  });

  it('an area manager edits its own point (200) but not another (404)', async () => {
    const own = await insertPuntoFisico(ctx.db, {
      utenteResponsabileId: w.pfA.user.id,
      areaManagerId: w.amA.user.id,
    });
    const ok = await send(
      'PUT',
      `/api/punti-fisici/${own.id}`,
      w.amA.cookie,
      body({ nomeAttivita: 'Mio', areaManagerId: null }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ nomeAttivita: 'Mio', areaManagerId: w.amA.user.id });
    const other = await send(
      'PUT',
      `/api/punti-fisici/${w.puntoB.id}`,
      w.amA.cookie,
      body({ nomeAttivita: 'Preso' }),
    );
    expect(other.statusCode).toBe(404);
    const [row] = await ctx.db.select().from(puntiFisici).where(eq(puntiFisici.id, w.puntoB.id));
    expect(row.nomeAttivita).toBe('Tabaccheria Beta');
  });

  it.each<[Role]>([['agente'], ['punto_fisico'], ['amministrazione']])(
    '%s may not edit (403)',
    async (role) => {
      expect(
        (await send('PUT', `/api/punti-fisici/${w.puntoA.id}`, w.cookies[role], body())).statusCode,
      ).toBe(403);
    },
  );

  const badEdits: Array<[string, Record<string, unknown>, string]> = [
    ['empty name', { nomeAttivita: '' }, 'Nome attività è obbligatorio'],
    ['empty address', { indirizzo: ' ' }, 'Indirizzo è obbligatorio'],
    ['no responsible', { utenteResponsabileId: null }, 'Responsabile è obbligatorio'],
  ];
  it.each(badEdits)('refuses %s with "%s" and changes nothing', async (_label, overrides, message) => {
    const res = await send(
      'PUT',
      `/api/punti-fisici/${w.puntoA.id}`,
      w.admin,
      body({ nomeAttivita: 'Cambiato', ...overrides }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [row] = await ctx.db.select().from(puntiFisici).where(eq(puntiFisici.id, w.puntoA.id));
    expect(row.nomeAttivita).toBe('Bar Centrale Alfa');
  });
});

describe('DELETE /api/punti-fisici/:id', () => {
  it.each<[Role]>([['area_manager'], ['agente'], ['punto_fisico'], ['amministrazione']])(
    '%s may not delete (403)',
    async (role) => {
      expect((await send('DELETE', `/api/punti-fisici/${w.puntoA.id}`, w.cookies[role])).statusCode).toBe(
        403,
      );
    },
  );

  it('admin deletes a point with an unpaid commission; its leads stay', async () => {
    const p = await insertPuntoFisico(ctx.db, { utenteResponsabileId: w.pfB.user.id });
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: p.id });
    const servizio = await insertServizio(ctx.db, { praticaId: pratica.id });
    await insertCommissione(ctx.db, { praticaId: pratica.id, servizioId: servizio.id, puntoFisicoId: p.id });
    const res = await send('DELETE', `/api/punti-fisici/${p.id}`, w.admin);
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.select().from(puntiFisici).where(eq(puntiFisici.id, p.id))).toEqual([]);
    expect((await get(`/api/leads/${pratica.leadId}`, w.admin)).statusCode).toBe(200);
  });

  it('refuses (409, Italian message) a point with a paid commission, and keeps it', async () => {
    const p = await insertPuntoFisico(ctx.db, { utenteResponsabileId: w.pfB.user.id });
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: p.id });
    const servizio = await insertServizio(ctx.db, { praticaId: pratica.id });
    await insertCommissione(ctx.db, {
      praticaId: pratica.id,
      servizioId: servizio.id,
      puntoFisicoId: p.id,
      statoPagamento: 'pagato',
    });
    const res = await send('DELETE', `/api/punti-fisici/${p.id}`, w.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.puntoFisico.hasPaidCommissions);
    expect(await ctx.db.select().from(puntiFisici).where(eq(puntiFisici.id, p.id))).toHaveLength(1);
  });

  it('404 for an unknown point', async () => {
    expect((await send('DELETE', '/api/punti-fisici/987654', w.admin)).statusCode).toBe(404);
  });
});

describe('GET /api/punti-fisici/:id/stats', () => {
  it('sums each role its own share, with Rome today and this month', async () => {
    const pf = await insertUser(ctx.db, { role: 'punto_fisico' });
    const people = {
      pf: await loginAs(ctx, 'punto_fisico'),
      ag: await loginAs(ctx, 'agente'),
      am: await loginAs(ctx, 'area_manager'),
    };
    const p = await insertPuntoFisico(ctx.db, {
      utenteResponsabileId: people.pf.user.id,
      agenteId: people.ag.user.id,
      areaManagerId: people.am.user.id,
    });
    const now = new Date();
    const todayStart = startOfRomeDay(now);
    const monthStart = startOfRomeMonth(now);
    const earlierThisMonth = new Date(todayStart.getTime() - 1000);
    const earlierCountsInMonth = earlierThisMonth >= monthStart;
    const lastMonth = new Date(monthStart.getTime() - 24 * 3600 * 1000);
    const payees = {
      payeePuntoFisicoId: people.pf.user.id,
      payeeAgenteId: people.ag.user.id,
      payeeAreaManagerId: people.am.user.id,
    };
    for (const dataCompletamento of [now, earlierThisMonth, lastMonth]) {
      const pratica = await insertPratica(ctx.db, { puntoFisicoId: p.id });
      const servizio = await insertServizio(ctx.db, { praticaId: pratica.id });
      await insertCommissione(ctx.db, {
        praticaId: pratica.id,
        servizioId: servizio.id,
        puntoFisicoId: p.id,
        dataCompletamento,
        ...payees,
      });
    }
    // Computed when someone else was the point's responsible: not this person's money.
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: p.id });
    const servizio = await insertServizio(ctx.db, { praticaId: pratica.id });
    await insertCommissione(ctx.db, {
      praticaId: pratica.id,
      servizioId: servizio.id,
      puntoFisicoId: p.id,
      ...payees,
      payeePuntoFisicoId: pf.id,
    });

    const month = earlierCountsInMonth ? 2 : 1;
    const expected: Array<[string, string, number]> = [
      // [who, cookie, cents per row]; admin: importoAmministrazione; amministrazione: all four.
      ['punto_fisico', people.pf.cookie, 3000],
      ['agente', people.ag.cookie, 1500],
      ['area_manager', people.am.cookie, 500],
    ];
    const euros = (cents: number) => (cents / 100).toFixed(2);
    for (const [who, cookie, cents] of expected) {
      const rowsSeen = who === 'punto_fisico' ? 3 : 4;
      const monthRows = who === 'punto_fisico' ? month : month + 1;
      const res = await get(`/api/punti-fisici/${p.id}/stats`, cookie);
      expect(res.statusCode, who).toBe(200);
      expect(res.json(), who).toEqual({
        totalLeads: 4,
        totalCommissions: euros(rowsSeen * cents),
        commissionsToday: euros((who === 'punto_fisico' ? 1 : 2) * cents),
        commissionsThisMonth: euros(monthRows * cents),
      });
    }
    const admin = (await get(`/api/punti-fisici/${p.id}/stats`, w.admin)).json();
    expect(admin).toEqual({
      totalLeads: 4,
      totalCommissions: euros(4 * 7000),
      commissionsToday: euros(2 * 7000),
      commissionsThisMonth: euros((month + 1) * 7000),
    });
    const office = (await get(`/api/punti-fisici/${p.id}/stats`, w.amministrazione.cookie)).json();
    expect(office.totalCommissions).toBe(euros(4 * 12000));
  });
});

describe('GET /api/punti-fisici/suggest', () => {
  it('lists the first 10 with no text, else starts at 2 characters, matches name or address case-insensitively, at most 10, in scope', async () => {
    for (let i = 0; i < 12; i++)
      await insertPuntoFisico(ctx.db, {
        nomeAttivita: `Zeta Bottega ${i}`,
        utenteResponsabileId: w.pfB.user.id,
      });
    expect((await get('/api/punti-fisici/suggest?q=z', w.admin)).json()).toEqual([]);
    // No text: the first 10 by name, as the chooser opens; still in scope.
    const first = (await get('/api/punti-fisici/suggest', w.admin)).json() as Array<{ nomeAttivita: string }>;
    expect(first).toHaveLength(10);
    const names = first.map((p) => p.nomeAttivita);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const mine = (await get('/api/punti-fisici/suggest?q=', w.pfA.cookie)).json() as Array<{
      id: number;
      nomeAttivita: string;
    }>;
    expect(mine.map((p) => p.id)).toContain(w.puntoA.id);
    expect(mine.filter((p) => p.nomeAttivita.startsWith('Zeta Bottega'))).toEqual([]);
    const many = (await get('/api/punti-fisici/suggest?q=zETA', w.admin)).json() as unknown[];
    expect(many).toHaveLength(10);
    const byAddress = (await get('/api/punti-fisici/suggest?q=garibaldi', w.admin)).json() as Array<{
      id: number;
    }>;
    expect(byAddress.map((s) => s.id)).toContain(w.puntoA.id);
    expect((await get('/api/punti-fisici/suggest?q=beta', w.pfA.cookie)).json()).toEqual([]);
    expect((await get('/api/punti-fisici/suggest?q=alfa', w.pfA.cookie)).json()).toEqual([
      { id: w.puntoA.id, nomeAttivita: 'Bar Centrale Alfa', indirizzo: 'Via Garibaldi 10, Torino' },
    ]);
    // LIKE wildcards are text, not patterns.
    expect((await get('/api/punti-fisici/suggest?q=%25%25', w.admin)).json()).toEqual([]);
  });
});

describe('QR code and poster', () => {
  it('the SVG encodes PUBLIC_BASE_URL/landing/{code}', async () => {
    const res = await get(`/api/punti-fisici/${w.puntoA.id}/qr.svg`, w.pfA.cookie);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body.startsWith('<svg')).toBe(true);
    const expected = await QRCode.toString(`http://localhost:5000/landing/${w.puntoA.landingCode}`, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
      color: { dark: '#000000', light: '#ffffff' },
    });
    expect(res.body).toBe(expected);
  });

  it('the poster is a one-page A4 PDF named after the shop', async () => {
    const res = await get(`/api/punti-fisici/${w.puntoA.id}/locandina.pdf`, w.pfA.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="locandina-bar-centrale-alfa.pdf"');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(pdf.getTitle()).toBe('Locandina Bar Centrale Alfa');
    expect(pdf.getSubject()).toBe(`http://localhost:5000/landing/${w.puntoA.landingCode}`);
  });

  it('a shop name outside the PDF fonts still gives a poster', async () => {
    const p = await insertPuntoFisico(ctx.db, {
      nomeAttivita: 'Caffè Łódź ☕ «Più»',
      utenteResponsabileId: w.pfB.user.id,
    });
    const res = await get(`/api/punti-fisici/${p.id}/locandina.pdf`, w.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="locandina-caffe-odz-piu.pdf"');
  });
});

describe('POST /api/admin/update-qr-codes', () => {
  it.each<[Role]>([['area_manager'], ['agente'], ['punto_fisico'], ['amministrazione']])(
    '%s may not (403)',
    async (role) => {
      expect((await send('POST', '/api/admin/update-qr-codes', w.cookies[role])).statusCode).toBe(403);
    },
  );

  it('gives legacy codes a new WE- code, keeps good ones, and answers with a message', async () => {
    const legacy = await insertPuntoFisico(ctx.db, {
      landingCode: 'vecchio-codice',
      utenteResponsabileId: w.pfB.user.id,
    });
    const res = await send('POST', '/api/admin/update-qr-codes', w.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(
      /^QR codes aggiornati per \d+ punti fisici: puntano a http:\/\/localhost:5000\/landing\/\{codice\} \(1 nuovo codice assegnato\)$/,
    );
    const [row] = await ctx.db.select().from(puntiFisici).where(eq(puntiFisici.id, legacy.id));
    expect(row.landingCode).toMatch(LANDING_CODE_PATTERN);
    const [a] = await ctx.db.select().from(puntiFisici).where(eq(puntiFisici.id, w.puntoA.id));
    expect(a.landingCode).toBe(w.puntoA.landingCode);
  });
});
