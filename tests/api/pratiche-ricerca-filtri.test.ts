/**
 * A search that finds a few practices, with any service, status, KO-reason and point filters:
 * the list must equal the tables read afresh, the same practices in the same order, page after
 * page by cursor, the same total and per-status counts (docs/product/screens.md#pratiche).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KO_MOTIVAZIONI,
  SERVIZIO_STATI,
  SERVIZIO_TIPI,
  type ServizioStato,
  type ServizioTipo,
} from '#shared/domain.ts';
import { SERVIZI_PRINCIPALI } from '#shared/servizi-catalogo.ts';
import { insertLead, insertPratica, insertPuntoFisico } from '#test/setup/factories.ts';
import { serviceFilterByDefinition } from '#test/setup/service-filters.ts';
import { createTestContext, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
let admin: string;
let puntoId: number;
const tag = randomBytes(3).toString('hex');
const surname = `Stati${tag}`;

type Rows<T> = { rows: T[] };
async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.db.execute(query)) as unknown as Rows<T>).rows;
}

const servizio = fc.record({
  tipo: fc.constantFrom(...SERVIZIO_TIPI),
  stato: fc.constantFrom(...SERVIZIO_STATI),
  reason: fc.constantFrom(...KO_MOTIVAZIONI.slice(0, 2)),
});
const practice = fc.record({
  servizi: fc.array(servizio, { maxLength: 3 }),
  atPoint: fc.boolean(),
  // Minutes back in time, few values: practices of the same instant are ordered by id.
  minutesAgo: fc.integer({ min: 0, max: 6 }),
  // Microseconds past that minute: apart within one millisecond too.
  micros: fc.constantFrom(0, 0, 1, 999),
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  puntoId = (await insertPuntoFisico(ctx.db)).id;
  const lead = await insertLead(ctx.db, { nome: 'Lia', cognome: surname });
  for (const p of fc.sample(practice, { numRuns: 45, seed: 42 })) {
    const pratica = await insertPratica(ctx.db, {
      leadId: lead.id,
      puntoFisicoId: p.atPoint ? puntoId : null,
      servizi: p.servizi.map((s) => ({
        tipoServizio: s.tipo,
        stato: s.stato,
        koMotivazione: s.stato === 'ko' ? s.reason : null,
      })),
    });
    await ctx.db.execute(sql`update pratiche
      set data_creazione = date_trunc('minute', now()) - ${p.minutesAgo} * interval '1 minute' + ${p.micros} * interval '1 microsecond'
      where id = ${pratica.id}`);
  }
}, 60_000);
afterAll(async () => ctx?.close());

type Filters = {
  servizio?: ServizioTipo;
  stato: ServizioStato[];
  koMotivazione?: string;
  atPoint: boolean;
  page: number;
  pageSize: number;
};

/** The list by its definition, read afresh: ids in order, and the counts per status. */
async function fresh(f: Filters) {
  const point = f.atPoint ? sql`and p.punto_fisico_id = ${puntoId}` : sql``;
  const ofType = f.servizio ? sql`and s.tipo_servizio = ${f.servizio}` : sql``;
  const ids = await rowsOf<{ id: number }>(sql`
    select p.id from pratiche p join leads l on l.id = p.lead_id
    where l.cognome = ${surname} ${point} ${serviceFilterByDefinition(f)}
    order by p.data_creazione desc, p.id desc`);
  const counts: Record<string, { total: number; totalIsLowerBound: boolean }> = {};
  for (const stato of SERVIZIO_STATI) {
    const [row] = await rowsOf<{ n: number }>(sql`
      select count(*)::int as n from pratiche p join leads l on l.id = p.lead_id
      where l.cognome = ${surname} ${point}
        and exists (select 1 from servizi s where s.pratica_id = p.id and s.stato = ${stato} ${ofType})`);
    counts[stato] = { total: Number(row.n), totalIsLowerBound: false };
  }
  return { ids: ids.map((r) => Number(r.id)), counts };
}

const filters = fc.record({
  servizio: fc.option(fc.constantFrom(...SERVIZI_PRINCIPALI), { nil: undefined }),
  stato: fc.subarray([...SERVIZIO_STATI]),
  koMotivazione: fc.option(fc.constantFrom(...KO_MOTIVAZIONI.slice(0, 2)), { freq: 4, nil: undefined }),
  atPoint: fc.boolean(),
  page: fc.integer({ min: 1, max: 4 }),
  pageSize: fc.constantFrom(5, 7, 25),
}) as fc.Arbitrary<Filters>;

describe('GET /api/pratiche, a search that finds a few practices', () => {
  it('lists, totals and counts them as the tables read afresh, whatever the filters', async () => {
    await fc.assert(
      fc.asyncProperty(filters, async (f) => {
        const query: Record<string, string> = {
          search: surname.toLowerCase(),
          pageSize: String(f.pageSize),
          ...(f.servizio ? { servizio: f.servizio } : {}),
          ...(f.stato.length ? { stato: f.stato.join(',') } : {}),
          ...(f.koMotivazione ? { koMotivazione: f.koMotivazione } : {}),
          ...(f.atPoint ? { puntoFisicoId: String(puntoId) } : {}),
        };
        // Page `f.page`, reached by following each page's cursor from the first.
        let body: { items: Array<{ id: number }>; nextCursor: string | null; countsByStato?: unknown } = {
          items: [],
          nextCursor: null,
        };
        let cursor: string | undefined;
        for (let page = 1; page <= f.page; page++) {
          const qs = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
          const res = await ctx.app.inject({
            method: 'GET',
            url: `/api/pratiche?${qs}`,
            headers: { cookie: admin },
          });
          expect(res.statusCode).toBe(200);
          body = res.json();
          if (!body.nextCursor) {
            if (page < f.page) body = { ...body, items: [] };
            break;
          }
          cursor = body.nextCursor;
        }
        const expected = await fresh(f);
        const start = (f.page - 1) * f.pageSize;
        expect(body.items.map((p: { id: number }) => p.id)).toEqual(
          expected.ids.slice(start, start + f.pageSize),
        );
        expect(body).toMatchObject({ total: expected.ids.length, totalIsLowerBound: false });
        expect(body.countsByStato).toEqual(expected.counts);
      }),
      { numRuns: 40, seed: 7 },
    );
  });

  it('after a service changes status, lists and counts the practice by its new status', async () => {
    const [target] = await rowsOf<{ id: number; pratica_id: number }>(sql`
      select s.id, s.pratica_id from servizi s join pratiche p on p.id = s.pratica_id join leads l on l.id = p.lead_id
      where l.cognome = ${surname} and s.stato = 'inserito' and s.tipo_servizio = 'luce' limit 1`);
    await ctx.db.execute(sql`update servizi set stato = 'completato' where id = ${target.id}`);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/pratiche?search=${surname}&servizio=luce&stato=completato&pageSize=200`,
      headers: { cookie: admin },
    });
    const expected = await fresh({
      servizio: 'luce',
      stato: ['completato'],
      atPoint: false,
      page: 1,
      pageSize: 200,
    });
    expect(expected.ids).toContain(Number(target.pratica_id));
    expect(res.json().items.map((p: { id: number }) => p.id)).toEqual(expected.ids);
    expect(res.json().countsByStato).toEqual(expected.counts);
  });
});
