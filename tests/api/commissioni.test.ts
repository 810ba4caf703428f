import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissioni, commissioniFornitori } from '#server/db/schema.ts';
import { msg } from '#shared/messages.ts';
import {
  fornitoreByCodice,
  insertCommissione,
  insertCommissioneConfig,
  insertPratica,
  insertPuntoFisico,
} from '#test/setup/factories.ts';
import { readAllPages } from '#test/setup/cursor-pages.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
});
afterAll(async () => ctx?.close());

const CONFIG_PATHS = ['/api/commissioni-fornitori', '/api/commission-settings'];

function workedExampleBody(fornitoreId: number, overrides: Record<string, unknown> = {}) {
  return {
    fornitoreId,
    servizio: 'luce',
    ricavoBase: '100.00',
    bonusRid: '20',
    commissionePuntoFisico: '30.00',
    commissioneAgente: '15.00',
    commissioneAreaManager: '5.00',
    commissioneAggiuntivaPuntoFisico: '8',
    commissioneAggiuntivaAgente: '4',
    commissioneAggiuntivaAreaManager: '1.5',
    commissioneAggiuntivaRidPuntoFisico: '10.00',
    commissioneAggiuntivaRidAgente: '5.00',
    commissioneAggiuntivaRidAreaManager: '2.00',
    percentualePuntoFisico: '0',
    percentualeAgente: '0',
    percentualeAreaManager: '0',
    percentualeStruttura: '0',
    ...overrides,
  };
}

describe.each(CONFIG_PATHS)('%s (supplier commission configuration)', (path) => {
  it('creates (201), then updates (200) the configuration of one supplier and service, and lists it', async () => {
    const iren = await fornitoreByCodice(ctx.db, 'IREN');
    const servizio = path.includes('settings') ? 'gas' : 'luce';
    const created = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { cookie: admin },
      payload: workedExampleBody(iren.id, { servizio }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      fornitoreId: iren.id,
      fornitore: { codice: 'IREN', nome: 'Iren' },
      servizio,
      ricavoBase: '100.00',
      bonusRid: '20.00',
      commissioneAggiuntivaAreaManager: '1.50',
      percentualeStruttura: '0.00',
    });
    const updated = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { cookie: admin },
      payload: workedExampleBody(iren.id, { servizio, ricavoBase: '110.50' }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: created.json().id, ricavoBase: '110.50' });

    const listed = await ctx.app.inject({ method: 'GET', url: path, headers: { cookie: admin } });
    expect(listed.statusCode).toBe(200);
    const mine = listed
      .json()
      .filter(
        (c: { fornitoreId: number; servizio: string }) =>
          c.fornitoreId === iren.id && c.servizio === servizio,
      );
    expect(mine).toHaveLength(1);
    expect(mine[0].ricavoBase).toBe('110.50');
  });

  it('accepts rental percentages summing to exactly 100', async () => {
    const leasys = await fornitoreByCodice(ctx.db, 'LEASYS');
    const res = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { cookie: admin },
      payload: {
        fornitoreId: leasys.id,
        servizio: 'noleggio',
        percentualePuntoFisico: '10.25',
        percentualeAgente: '4.75',
        percentualeAreaManager: 5,
        percentualeStruttura: '80',
      },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.json()).toMatchObject({
      percentualePuntoFisico: '10.25',
      percentualeAreaManager: '5.00',
      ricavoBase: '0.00',
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'a negative amount',
      { ricavoBase: '-1' },
      'Importo non valido: usa un numero non negativo con al massimo 2 decimali',
    ],
    [
      'three decimals',
      { commissioneAgente: '1.005' },
      'Importo non valido: usa un numero non negativo con al massimo 2 decimali',
    ],
    [
      'a word as amount',
      { bonusRid: 'venti' },
      'Importo non valido: usa un numero non negativo con al massimo 2 decimali',
    ],
    ['a percentage above 100', { percentualeStruttura: '100.01' }, msg.commissione.percentInvalid],
    ['a negative percentage', { percentualeAgente: '-1' }, msg.commissione.percentInvalid],
    [
      'a word as percentage (400, not a crash of the sum check)',
      { percentualeAgente: 'dieci', percentualeStruttura: '50' },
      msg.commissione.percentInvalid,
    ],
    ['an exponent as percentage', { percentualePuntoFisico: '1e1' }, msg.commissione.percentInvalid],
    [
      'a percentage with three decimals',
      { percentualeAreaManager: '12.345' },
      msg.commissione.percentInvalid,
    ],
    [
      'percentages summing above 100',
      { percentualePuntoFisico: '50', percentualeStruttura: '50.01' },
      msg.commissione.percentSumTooHigh,
    ],
    [
      'a service the supplier does not offer',
      { servizio: 'internet' },
      'Il fornitore Edison non offre il servizio internet',
    ],
    ['an unknown service', { servizio: 'mutui' }, 'Servizio non valido'],
  ])('refuses %s and saves nothing', async (_name, overrides, message) => {
    const edison = await fornitoreByCodice(ctx.db, 'EDISON');
    const res = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { cookie: admin },
      payload: workedExampleBody(edison.id, overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(
      await ctx.db.select().from(commissioniFornitori).where(eq(commissioniFornitori.fornitoreId, edison.id)),
    ).toEqual([]);
  });

  it('refuses an unknown supplier', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { cookie: admin },
      payload: workedExampleBody(987654),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.fornitore.notFound);
  });

  it.each(['amministrazione', 'area_manager', 'agente', 'punto_fisico'] as const)(
    'refuses %s with 403',
    async (role) => {
      const { cookie } = await loginAs(ctx, role);
      const enel = await fornitoreByCodice(ctx.db, 'ENEL');
      expect((await ctx.app.inject({ method: 'GET', url: path, headers: { cookie } })).statusCode).toBe(403);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: path,
            headers: { cookie },
            payload: workedExampleBody(enel.id),
          })
        ).statusCode,
      ).toBe(403);
    },
  );
});

describe('GET /api/commissioni: role scope and role-specific amounts', () => {
  const people = {} as Record<
    'pf' | 'ag' | 'am' | 'otherAg' | 'office',
    { user: { id: number }; cookie: string }
  >;
  let mine: { luce: number; gas: number; storno: number; paid: number };
  let foreignId: number;

  beforeAll(async () => {
    people.pf = await loginAs(ctx, 'punto_fisico');
    people.ag = await loginAs(ctx, 'agente');
    people.am = await loginAs(ctx, 'area_manager');
    people.otherAg = await loginAs(ctx, 'agente');
    people.office = await loginAs(ctx, 'amministrazione');
    await insertCommissioneConfig(ctx.db, { codice: 'A2A', servizio: 'luce' });
    // A2A gas pays the agent nothing: the agent must not see those rows.
    await insertCommissioneConfig(ctx.db, {
      codice: 'A2A',
      servizio: 'gas',
      commissioneAgente: '0',
      commissioneAggiuntivaAgente: '0',
      commissioneAggiuntivaRidAgente: '0',
    });
    const point = await insertPuntoFisico(ctx.db, {
      utenteResponsabileId: people.pf.user.id,
      agenteId: people.ag.user.id,
      areaManagerId: people.am.user.id,
    });
    const pratica = await insertPratica(ctx.db, {
      puntoFisicoId: point.id,
      servizi: [{ tipoServizio: 'luce' }, { tipoServizio: 'gas' }, { tipoServizio: 'luce' }],
    });
    const put = (id: number, payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/servizi/${id}/status`,
        headers: { cookie: admin },
        payload,
      });
    await put(pratica.servizi[0].id, {
      stato: 'completato',
      fornitore: 'A2A',
      ridPresente: true,
      numeroForniture: 2,
      bonusAgente: '3',
    });
    await put(pratica.servizi[1].id, { stato: 'completato', fornitore: 'A2A', numeroForniture: 1 });
    await put(pratica.servizi[2].id, { stato: 'completato', fornitore: 'A2A', numeroForniture: 1 });
    const [third] = await ctx.db
      .select()
      .from(commissioni)
      .where(eq(commissioni.servizioId, pratica.servizi[2].id));
    await ctx.db.update(commissioni).set({ statoPagamento: 'pagato' }).where(eq(commissioni.id, third.id));
    await put(pratica.servizi[2].id, { stato: 'ko', koMotivazione: 'altro' });
    const rows = await ctx.db
      .select()
      .from(commissioni)
      .where(eq(commissioni.praticaId, pratica.id))
      .orderBy(commissioni.id);
    mine = { luce: rows[0].id, gas: rows[1].id, paid: rows[2].id, storno: rows[3].id };

    const elsewhere = await insertPuntoFisico(ctx.db, { agenteId: people.otherAg.user.id });
    const other = await insertPratica(ctx.db, {
      puntoFisicoId: elsewhere.id,
      servizi: [{ tipoServizio: 'luce' }],
    });
    await put(other.servizi[0].id, { stato: 'completato', fornitore: 'A2A', numeroForniture: 1 });
    [{ id: foreignId }] = await ctx.db
      .select({ id: commissioni.id })
      .from(commissioni)
      .where(eq(commissioni.praticaId, other.id));
  });

  const get = (cookie: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/commissioni${query}`, headers: { cookie } });

  it('admin sees every commission with all four amounts', async () => {
    const res = await get(admin, '?pageSize=200');
    expect(res.statusCode).toBe(200);
    const item = res.json().items.find((c: { id: number }) => c.id === mine.luce);
    expect(item).toMatchObject({
      importoPuntoFisico: '40.00',
      importoAgente: '23.00',
      importoAreaManager: '7.00',
      importoAmministrazione: '170.00',
      hasBonus: true,
      bonusApplicati: { puntoFisico: '0.00', agente: '3.00', areaManager: '0.00' },
      tipoServizio: 'luce',
      fornitore: 'A2A',
      statoPagamento: 'non_pagato',
    });
    expect(res.json().items.map((c: { id: number }) => c.id)).toContain(foreignId);
  });

  it('the agent sees only its own rows with an amount ≠ 0 (storno included), and only its own amount', async () => {
    const res = await get(people.ag.cookie);
    const items = res.json().items as Array<Record<string, unknown>>;
    expect(items.map((c) => c.id).sort()).toEqual([mine.luce, mine.paid, mine.storno].sort());
    for (const item of items) {
      expect(Object.keys(item)).not.toContain('importoPuntoFisico');
      expect(Object.keys(item)).not.toContain('importoAreaManager');
      expect(Object.keys(item)).not.toContain('importoAmministrazione');
      expect(Object.keys(item.bonusApplicati as object)).toEqual(['agente']);
    }
    expect(items.find((c) => c.id === mine.luce)).toMatchObject({ importoAgente: '23.00', hasBonus: true });
    // The third service was an additional unit of the practice (4.00 to the agent), paid, then clawed back.
    expect(items.find((c) => c.id === mine.storno)).toMatchObject({
      importoAgente: '-4.00',
      stornoOfId: mine.paid,
    });
    // Totals use the own amount and include the storno: 23 + 4 − 4; the storno is also its own line.
    expect(res.json().summary).toEqual({
      totale: '23.00',
      daIncassare: '19.00',
      incassate: '4.00',
      storni: { totale: '-4.00', daIncassare: '-4.00', incassate: '0.00' },
      // Completed just now, luce is still in its window; the paid one is settled by its storno
      // (docs/product/commissions.md#maturazione).
      maturazione: { inMaturazione: '23.00', anticipi: '0.00' },
    });
  });

  it('the point of sale and the area manager see only their own amount', async () => {
    const pf = (await get(people.pf.cookie)).json().items.find((c: { id: number }) => c.id === mine.luce);
    expect(pf.importoPuntoFisico).toBe('40.00');
    expect(Object.keys(pf)).not.toContain('importoAgente');
    const am = (await get(people.am.cookie)).json();
    expect(am.items.map((c: { id: number }) => c.id).sort()).toEqual(
      [mine.luce, mine.gas, mine.paid, mine.storno].sort(),
    );
    expect(am.items.find((c: { id: number }) => c.id === mine.gas).importoAreaManager).toBe('1.50');
    expect(Object.keys(am.items[0])).not.toContain('importoAmministrazione');
  });

  it('amministrazione sees rows with importoAmministrazione ≠ 0 and all four amounts', async () => {
    const res = await get(people.office.cookie, '?pageSize=200');
    const item = res.json().items.find((c: { id: number }) => c.id === mine.gas);
    // Gas came second in the practice: one additional unit without RID.
    expect(item).toMatchObject({
      importoPuntoFisico: '8.00',
      importoAgente: '0.00',
      importoAreaManager: '1.50',
      importoAmministrazione: '90.50',
    });
  });

  it('another agent sees none of them, and a foreign id answers 404', async () => {
    const items = (await get(people.otherAg.cookie)).json().items.map((c: { id: number }) => c.id);
    expect(items).toEqual([foreignId]);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/commissioni/${mine.luce}`,
      headers: { cookie: people.otherAg.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(msg.commissione.notFound);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/commissioni/${mine.luce}`,
      headers: { cookie: people.ag.cookie },
    });
    expect(own.statusCode).toBe(200);
  });

  it('filters by payment status and by Europe/Rome days', async () => {
    expect(
      (await get(people.ag.cookie, '?status=pagato')).json().items.map((c: { id: number }) => c.id),
    ).toEqual([mine.paid]);
    // 22:30 UTC on 31 March is 00:30 on 1 April in Rome.
    await ctx.db
      .update(commissioni)
      .set({ dataCompletamento: new Date('2026-03-31T22:30:00Z') })
      .where(eq(commissioni.id, mine.luce));
    await ctx.db
      .update(commissioni)
      .set({ dataCompletamento: new Date('2026-03-31T21:30:00Z') })
      .where(eq(commissioni.id, mine.paid));
    const april = (await get(people.ag.cookie, '?dataInizio=2026-04-01&dataFine=2026-04-01'))
      .json()
      .items.map((c: { id: number }) => c.id);
    expect(april).toEqual([mine.luce]);
    const march = (await get(people.ag.cookie, '?dataInizio=2026-03-01&dataFine=2026-03-31'))
      .json()
      .items.map((c: { id: number }) => c.id);
    expect(march).toEqual([mine.paid]);
  });

  it.each([
    ['?dataInizio=2026-13-01', msg.commissione.dateInvalid],
    ['?dataFine=01/04/2026', msg.commissione.dateInvalid],
    ['?dataInizio=2026-04-02&dataFine=2026-04-01', msg.commissione.dateRangeInvalid],
    ['?status=forse', 'Stato di pagamento non valido'],
  ])('refuses %s', async (query, message) => {
    const res = await get(admin, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('GET /api/commissioni: pages by cursor', () => {
  let pf: { user: { id: number }; cookie: string };
  /** The payee's commissions, newest first as the list orders them: completion instant, then id. */
  let newestFirst: number[];
  const period = 'dataInizio=2019-05-10&dataFine=2019-05-12';

  beforeAll(async () => {
    pf = await loginAs(ctx, 'punto_fisico');
    const point = await insertPuntoFisico(ctx.db, { utenteResponsabileId: pf.user.id });
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: point.id, servizi: ['luce'] });
    const base = Date.parse('2019-05-10T10:00:00Z');
    const rows = [];
    for (let i = 0; i < 7; i++)
      rows.push(
        await insertCommissione(ctx.db, {
          praticaId: pratica.id,
          servizioId: pratica.servizi[0].id,
          puntoFisicoId: point.id,
          payeePuntoFisicoId: pf.user.id,
          // Pairs share an instant, across two Rome days: the id breaks the tie.
          dataCompletamento: new Date(base + Math.floor(i / 2) * 10 * 3_600_000),
          ...(i === 3 ? { statoPagamento: 'pagato' as const } : {}),
        }),
      );
    newestFirst = rows
      .sort((a, b) => b.dataCompletamento.getTime() - a.dataCompletamento.getTime() || b.id - a.id)
      .map((r) => r.id);
  });

  const get = (cookie: string, query: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/commissioni?${query}`, headers: { cookie } });

  /** Every page, following `nextCursor`: the ids in order and each page's body. */
  async function walk(cookie: string, query: string) {
    const pages = await readAllPages<{ id: number }>(ctx.app, `/api/commissioni?${query}`, cookie);
    const bodies = pages as Array<(typeof pages)[number] & { summary: Record<string, unknown> }>;
    return { ids: bodies.flatMap((b) => b.items.map((c) => c.id)), bodies };
  }

  it('walks every page once, no duplicates or gaps, the last without a next cursor, totals and sums exact on each', async () => {
    for (const [cookie, query] of [
      [pf.cookie, 'pageSize=3'],
      // The admin sees every commission: the period keeps the walk to these.
      [admin, `pageSize=3&${period}`],
    ] as const) {
      const { ids, bodies } = await walk(cookie, query);
      expect(ids, query).toEqual(newestFirst);
      expect(bodies.map((b) => b.items.length)).toEqual([3, 3, 1]);
      expect(bodies.map((b) => b.nextCursor === null)).toEqual([false, false, true]);
      for (const body of bodies) {
        expect(body).toMatchObject({ total: 7, totalIsLowerBound: false });
        expect(body).not.toHaveProperty('page');
        expect(body).not.toHaveProperty('fino');
      }
      // The sums are of every filtered row, not of the page: the same on each page.
      const amount = cookie === admin ? '70.00' : '30.00';
      const each = (Number(amount) * 7).toFixed(2);
      const paid = Number(amount).toFixed(2);
      for (const body of bodies)
        expect(body.summary).toMatchObject({
          totale: each,
          incassate: paid,
          daIncassare: (Number(each) - Number(paid)).toFixed(2),
        });
    }
  });

  it('a filter pages within itself: the unpaid ones, by cursor', async () => {
    const { ids, bodies } = await walk(pf.cookie, 'pageSize=2&status=non_pagato');
    const paid = newestFirst[3];
    expect(ids).toEqual(newestFirst.filter((id) => id !== paid));
    expect(bodies.at(-1)!.nextCursor).toBeNull();
    expect(bodies[0]).toMatchObject({ total: 6, totalIsLowerBound: false });
  });

  it('an old page number jumps nowhere: it is the first page', async () => {
    const res = await get(pf.cookie, 'pageSize=3&page=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((c: { id: number }) => c.id)).toEqual(newestFirst.slice(0, 3));
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['another shape', Buffer.from(JSON.stringify([1, 2, 3])).toString('base64url')],
    ['a date where the id goes', Buffer.from(JSON.stringify(['2019-05-10', 'x'])).toString('base64url')],
    ['too long', 'a'.repeat(601)],
  ])('refuses a cursor that is %s with 400 and an Italian message', async (_label, cursor) => {
    const res = await get(pf.cookie, `cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.common.invalidCursor);
  });

  it('refuses a cursor whose date is not a date with 400, in Italian', async () => {
    const cursor = Buffer.from(JSON.stringify(['ieri', 5])).toString('base64url');
    const res = await get(pf.cookie, `cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.common.invalidData);
  });

  it("another role's cursor shows only the caller's own rows; no session, no list", async () => {
    const first = (await get(pf.cookie, 'pageSize=3')).json();
    const agent = await loginAs(ctx, 'agente');
    const theirs = await get(agent.cookie, `pageSize=3&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ items: [], total: 0, nextCursor: null });
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/commissioni?cursor=${encodeURIComponent(first.nextCursor)}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('payment status and deletion (admin)', () => {
  async function completedCommission() {
    await insertCommissioneConfig(ctx.db, { codice: 'SORGENIA', servizio: 'luce' }).catch(() => undefined);
    const pratica = await insertPratica(ctx.db, {
      puntoFisicoId: (await insertPuntoFisico(ctx.db)).id,
      servizi: [{ tipoServizio: 'luce' }],
    });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/servizi/${pratica.servizi[0].id}/status`,
      headers: { cookie: admin },
      payload: { stato: 'completato', fornitore: 'SORGENIA', numeroForniture: 1 },
    });
    const [row] = await ctx.db.select().from(commissioni).where(eq(commissioni.praticaId, pratica.id));
    return { row, servizioId: pratica.servizi[0].id };
  }

  it.each(['PUT', 'PATCH'] as const)(
    '%s /api/commissioni/{id}/payment sets status and note',
    async (method) => {
      const { row } = await completedCommission();
      const res = await ctx.app.inject({
        method,
        url: `/api/commissioni/${row.id}/payment`,
        headers: { cookie: admin },
        payload: { status: 'pagato', note: 'Bonifico del 5 aprile' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ statoPagamento: 'pagato', notePagamento: 'Bonifico del 5 aprile' });
      expect(res.json().dataPagamento).not.toBeNull();
      const back = await ctx.app.inject({
        method,
        url: `/api/commissioni/${row.id}/payment`,
        headers: { cookie: admin },
        payload: { status: 'non_pagato' },
      });
      expect(back.json()).toMatchObject({
        statoPagamento: 'non_pagato',
        dataPagamento: null,
        notePagamento: 'Bonifico del 5 aprile',
      });
    },
  );

  it('refuses a bad status, an unknown id, and other roles', async () => {
    const { row } = await completedCommission();
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/commissioni/${row.id}/payment`,
      headers: { cookie: admin },
      payload: { status: 'forse' },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/commissioni/987654/payment',
      headers: { cookie: admin },
      payload: { status: 'pagato' },
    });
    expect(missing.statusCode).toBe(404);
    for (const role of ['amministrazione', 'agente', 'area_manager', 'punto_fisico'] as const) {
      const { cookie } = await loginAs(ctx, role);
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/commissioni/${row.id}/payment`,
        headers: { cookie },
        payload: { status: 'pagato' },
      });
      expect(res.statusCode, role).toBe(403);
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/commissioni/${row.id}`,
        headers: { cookie },
      });
      expect(del.statusCode, role).toBe(403);
    }
    const [after] = await ctx.db.select().from(commissioni).where(eq(commissioni.id, row.id));
    expect(after.statoPagamento).toBe('non_pagato');
  });

  it('DELETE removes a commission, but not a paid one with a storno', async () => {
    const { row } = await completedCommission();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/commissioni/${row.id}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.select().from(commissioni).where(eq(commissioni.id, row.id))).toEqual([]);

    const paid = await completedCommission();
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/commissioni/${paid.row.id}/payment`,
      headers: { cookie: admin },
      payload: { status: 'pagato' },
    });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/servizi/${paid.servizioId}/status`,
      headers: { cookie: admin },
      payload: { stato: 'ko', koMotivazione: 'altro' },
    });
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/commissioni/${paid.row.id}`,
      headers: { cookie: admin },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(msg.commissione.hasStorno);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/commissioni/987654', headers: { cookie: admin } }))
        .statusCode,
    ).toBe(404);
  });

  it('changing the configuration does not rewrite existing commissions', async () => {
    const { row } = await completedCommission();
    const sorgenia = await fornitoreByCodice(ctx.db, 'SORGENIA');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/commissioni-fornitori',
      headers: { cookie: admin },
      payload: workedExampleBody(sorgenia.id, { commissionePuntoFisico: '99.00' }),
    });
    expect(res.statusCode).toBe(200);
    const [after] = await ctx.db.select().from(commissioni).where(eq(commissioni.id, row.id));
    expect(after.importoPuntoFisico).toBe(row.importoPuntoFisico);
  });
});
