/**
 * A search broader than its bound answers "more than the bound"; each way a match can leave it —
 * a lead deleted or renamed, a point handed to someone else, a practice deleted or moved to
 * another customer — brings the exact total back on the very next request
 * (docs/performance.md#ricerche-ampie).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TOTAL_BOUND } from '#shared/schemas/common.ts';
import { leads, pratiche, puntiFisici } from '#server/db/schema.ts';
import { insertLead, insertPratica, insertPuntoFisico } from '#test/setup/factories.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld } from '#test/setup/world.ts';

let ctx: TestContext;
let w: Awaited<ReturnType<typeof buildTwoShopWorld>>;
const tag = randomBytes(3).toString('hex');

beforeAll(async () => {
  ctx = await createTestContext();
  w = await buildTwoShopWorld(ctx);
}, 60_000);
afterAll(async () => ctx?.close());

/** `n` customers named 'Bruno {surname} {i}' at the point, one a minute back in time; their ids. */
async function insertCustomers(surname: string, n: number, puntoFisicoId: number): Promise<number[]> {
  const result = await ctx.db.execute<{ id: number }>(sql`
    insert into leads (nome, cognome, email, telefono, email_normalizzata, telefono_normalizzato,
      punto_fisico_originale_id, data_registrazione)
    select 'Bruno', ${surname} || ' ' || g, ${surname.toLowerCase()} || '.' || g || '@esempio.it',
      '37' || lpad(g::text, 8, '0'), ${surname.toLowerCase()} || '.' || g || '@esempio.it',
      '37' || lpad(g::text, 8, '0'), ${puntoFisicoId}::int, now() - g * interval '1 minute'
    from generate_series(1, ${n}) g
    returning id`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}

async function totalOf(url: string, cookie: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ total: number; totalIsLowerBound: boolean; items: unknown[] }>();
  return { total: body.total, totalIsLowerBound: body.totalIsLowerBound, items: body.items.length };
}

const broad = { total: SEARCH_TOTAL_BOUND, totalIsLowerBound: true, items: 25 };

describe('GET /api/leads, a search broader than its bound', () => {
  const cases: Array<{
    name: string;
    role: 'admin' | 'agente';
    /** Takes exactly one of the SEARCH_TOTAL_BOUND + 1 matches away. */
    remove: (s: { surname: string; ids: number[]; extraPoint: number }) => Promise<unknown>;
  }> = [
    {
      name: 'a lead deleted',
      role: 'admin',
      remove: ({ ids }) => ctx.db.delete(leads).where(eq(leads.id, ids[0])),
    },
    {
      name: 'a lead renamed',
      role: 'admin',
      remove: ({ ids }) =>
        ctx.db
          .update(leads)
          .set({ cognome: `Altro ${tag}`, email: `altro.${ids[0]}@esempio.it` })
          .where(eq(leads.id, ids[0])),
    },
    {
      name: 'personal data erased',
      role: 'agente',
      remove: ({ ids }) =>
        ctx.db
          .update(leads)
          .set({ nome: 'Cancellato', cognome: 'Cancellato', email: `cancellato.${ids[0]}@invalid` })
          .where(eq(leads.id, ids[0])),
    },
    {
      name: 'a point handed to another agente',
      role: 'agente',
      remove: ({ extraPoint }) =>
        ctx.db.update(puntiFisici).set({ agenteId: w.agB.user.id }).where(eq(puntiFisici.id, extraPoint)),
    },
  ];

  it.each(cases)(
    '$name ($role): the very next request counts exactly again',
    async ({ name, role, remove }) => {
      const surname = `Ampio${tag}${cases.findIndex((c) => c.name === name)}`;
      // The agente's own points: all but one of the matches at A, the last at a point it may lose.
      const extraPoint = (await insertPuntoFisico(ctx.db, { agenteId: w.agA.user.id })).id;
      const ids = [
        ...(await insertCustomers(surname, SEARCH_TOTAL_BOUND, w.puntoA.id)),
        (
          await insertLead(ctx.db, {
            nome: 'Bruno',
            cognome: `${surname} ultimo`,
            puntoFisicoOriginaleId: extraPoint,
          })
        ).id,
      ];
      const url = `/api/leads?search=${surname}`;
      const cookie = w.cookies[role];
      expect(await totalOf(url, cookie)).toEqual(broad);
      // Seen broad: the same search answers the bound again.
      expect(await totalOf(url, cookie)).toEqual(broad);
      // A new match only adds.
      const added = await insertLead(ctx.db, {
        nome: 'Bruno',
        cognome: `${surname} nuovo`,
        puntoFisicoOriginaleId: w.puntoA.id,
      });
      expect(await totalOf(url, cookie)).toEqual(broad);
      await ctx.db.delete(leads).where(eq(leads.id, added.id));
      // Exactly the bound again (one taken away, by the case's kind of change): counted.
      await remove({ surname, ids, extraPoint });
      expect(await totalOf(url, cookie)).toEqual({
        total: SEARCH_TOTAL_BOUND,
        totalIsLowerBound: false,
        items: 25,
      });
    },
  );

  it('a search with another filter is counted beside its page, also after a status change', async () => {
    const surname = `Filtro${tag}`;
    const ids = await insertCustomers(surname, SEARCH_TOTAL_BOUND + 1, w.puntoA.id);
    const url = `/api/leads?search=${surname}&status=nuovo`;
    expect(await totalOf(url, w.admin)).toEqual(broad);
    expect(await totalOf(url, w.admin)).toEqual(broad);
    await ctx.db.update(leads).set({ statoContatto: 'contattato' }).where(eq(leads.id, ids[0]));
    expect(await totalOf(url, w.admin)).toEqual({
      total: SEARCH_TOTAL_BOUND,
      totalIsLowerBound: false,
      items: 25,
    });
  });
});

describe('GET /api/pratiche, a search broader than its bound', () => {
  const cases: Array<{ name: string; remove: (praticaId: number) => Promise<unknown> }> = [
    { name: 'a practice deleted', remove: (id) => ctx.db.delete(pratiche).where(eq(pratiche.id, id)) },
    {
      name: 'a practice moved to another customer',
      remove: async (id) => {
        const other = await insertLead(ctx.db, { nome: 'Carla', cognome: `Diversa ${tag}` });
        await ctx.db.update(pratiche).set({ leadId: other.id }).where(eq(pratiche.id, id));
      },
    },
  ];

  it.each(cases)(
    '$name: the very next request gathers and counts exactly again',
    async ({ name, remove }) => {
      const surname = `Ampia${tag}${cases.findIndex((c) => c.name === name)}`;
      const leadIds = await insertCustomers(surname, SEARCH_TOTAL_BOUND + 1, w.puntoA.id);
      await ctx.db.execute(sql`
      insert into pratiche (lead_id, punto_fisico_id, data_creazione)
      select l.id, l.punto_fisico_originale_id, l.data_registrazione from leads l
      where l.id = any(${`{${leadIds.join(',')}}`}::int[])`);
      const url = `/api/pratiche?search=${surname}`;
      const countsOf = async (u: string) =>
        (await ctx.app.inject({ method: 'GET', url: u, headers: { cookie: w.admin } })).json().countsByStato;
      expect(await totalOf(url, w.admin)).toEqual(broad);
      const { nextCursor } = (
        await ctx.app.inject({ method: 'GET', url, headers: { cookie: w.admin } })
      ).json<{ nextCursor: string }>();
      expect(await totalOf(`${url}&cursor=${nextCursor}`, w.admin)).toEqual(broad);
      expect(await countsOf(url)).toBeNull();
      const added = await insertPratica(ctx.db, { leadId: leadIds[5], puntoFisicoId: w.puntoA.id });
      expect(await totalOf(url, w.admin)).toEqual(broad);
      const [oldest] = await ctx.db
        .select({ id: pratiche.id })
        .from(pratiche)
        .where(eq(pratiche.leadId, leadIds[leadIds.length - 1]));
      await ctx.db.delete(pratiche).where(eq(pratiche.id, added.id));
      await remove(oldest.id);
      // SEARCH_TOTAL_BOUND left: counted exactly, so the status buttons show their counts again
      // (a broad search shows none).
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: w.admin } });
      expect(res.json()).toMatchObject({ total: SEARCH_TOTAL_BOUND, totalIsLowerBound: false });
      const zero = { total: 0, totalIsLowerBound: false };
      expect(res.json().countsByStato).toEqual({
        inserito: zero,
        in_lavorazione: zero,
        completato: zero,
        ko: zero,
      });
    },
  );
});
