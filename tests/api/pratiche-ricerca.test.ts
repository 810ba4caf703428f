/**
 * A practices' search whose term matches more practices than its bound (SEARCH_TOTAL_BOUND,
 * docs/performance.md#totali-delle-liste): the list still shows the newest matching practices,
 * page after page by cursor; its total is a true bound; the per-status counts are not shown. A
 * narrower term or a point filter is counted exactly again. The practices' copy of their
 * customer's words follows the customer.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KO_MOTIVAZIONI, SERVIZIO_STATI } from '#shared/domain.ts';
import { SEARCH_TOTAL_BOUND } from '#shared/schemas/common.ts';
import { SERVIZI_PRINCIPALI } from '#shared/servizi-catalogo.ts';
import { insertLead, insertPratica, insertPuntoFisico } from '#test/setup/factories.ts';
import { serviceFilterByDefinition } from '#test/setup/service-filters.ts';
import { readCsvRows } from '#test/setup/spreadsheet.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
let admin: string;
const tag = randomBytes(3).toString('hex');
/** Customers 'Bruno Ampia{tag} {n}', n = 1…CUSTOMERS, one practice each (luce, inserito). */
const CUSTOMERS = SEARCH_TOTAL_BOUND + 50;
/** The point that holds practices n = 7, 500 and 1,000 of them. */
let pointId: number;

function list(query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return ctx.app.inject({ method: 'GET', url: `/api/pratiche?${qs}`, headers: { cookie: admin } });
}

/** The matching practices as the list orders them, read straight from the tables. */
/** Each status button's figure, exact. */
function exactCounts(n: Record<'inserito' | 'in_lavorazione' | 'completato' | 'ko', number>) {
  return Object.fromEntries(
    Object.entries(n).map(([stato, total]) => [stato, { total, totalIsLowerBound: false }]),
  );
}

async function expectedIds(surnameLike: string, puntoFisicoId?: number): Promise<number[]> {
  const result = await ctx.db.execute<{ id: number }>(sql`
    select p.id from pratiche p join leads l on l.id = p.lead_id
    where l.cognome like ${surnameLike}
      ${puntoFisicoId ? sql`and p.punto_fisico_id = ${puntoFisicoId}` : sql``}
    order by p.data_creazione desc, p.id desc`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}

const ids = (res: { json(): { items: Array<{ id: number }> } }) => res.json().items.map((p) => p.id);

/** The list's page `page` (1 for the first), reached by following `nextCursor` from the first. */
async function listPage(query: Record<string, string | number>, page: number) {
  let res = await list(query);
  for (let n = 1; n < page; n++) {
    const cursor = res.json().nextCursor;
    // Past the last page: no practices, the same total.
    if (!cursor) {
      const body = { ...res.json(), items: [] };
      return { json: () => body, statusCode: res.statusCode };
    }
    res = await list({ ...query, cursor });
  }
  return res;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  pointId = (await insertPuntoFisico(ctx.db, { nomeAttivita: `Bar Ampia ${tag}` })).id;
  // In bulk: one customer a minute back in time, each with one practice of the same moment.
  await ctx.db.execute(sql`
    insert into leads (nome, cognome, email, telefono, email_normalizzata, telefono_normalizzato, data_registrazione)
    select 'Bruno', ${`Ampia${tag}`} || ' ' || g, 'bruno.' || g || ${`.${tag}@esempio.it`},
      '36' || lpad(g::text, 8, '0'), 'bruno.' || g || ${`.${tag}@esempio.it`}, '36' || lpad(g::text, 8, '0'),
      now() - g * interval '1 minute'
    from generate_series(1, ${CUSTOMERS}) g`);
  await ctx.db.execute(sql`
    insert into pratiche (lead_id, punto_fisico_id, data_creazione)
    select l.id, case when split_part(l.cognome, ' ', 2) in ('7', '500', '1000') then ${pointId}::int end,
      l.data_registrazione
    from leads l where l.cognome like ${`Ampia${tag} %`}`);
  await ctx.db.execute(sql`
    insert into servizi (pratica_id, tipo_servizio, stato)
    select p.id, 'luce', 'inserito' from pratiche p join leads l on l.id = p.lead_id
    where l.cognome like ${`Ampia${tag} %`}`);
  // Newer practices of other customers, which the search must skip.
  for (let i = 0; i < 3; i++) await insertPratica(ctx.db, { puntoFisicoId: pointId });
  const other = await insertLead(ctx.db, { nome: 'Bruno', cognome: `Altro${tag}` });
  await insertPratica(ctx.db, { leadId: other.id, puntoFisicoId: null });
}, 60_000);
afterAll(async () => ctx?.close());

describe('GET /api/pratiche, a search matching many customers', () => {
  it('lists the newest matching practices first, page after page; the total is a bound; no per-status counts', async () => {
    const all = await expectedIds(`Ampia${tag} %`);
    expect(all).toHaveLength(CUSTOMERS);
    const first = await list({ search: `ampia${tag}` });
    expect(first.statusCode).toBe(200);
    expect(ids(first)).toEqual(all.slice(0, 25));
    expect(first.json()).toMatchObject({
      total: SEARCH_TOTAL_BOUND,
      totalIsLowerBound: true,
      countsByStato: null,
    });
    const third = await listPage({ search: `ampia${tag}` }, 3);
    expect(ids(third)).toEqual(all.slice(50, 75));
  });

  it('with a point filter, counts the few practices left exactly, per status too', async () => {
    const res = await list({ search: `Ampia${tag}`, puntoFisicoId: pointId });
    expect(ids(res)).toEqual(await expectedIds(`Ampia${tag} %`, pointId));
    expect(res.json()).toMatchObject({
      total: 3,
      totalIsLowerBound: false,
      countsByStato: exactCounts({ inserito: 3, in_lavorazione: 0, completato: 0, ko: 0 }),
    });
  });

  it('a narrower term is gathered and counted exactly, per status too', async () => {
    // 'Ampia{tag} 17' is customer 17 and 170–179: 11 practices.
    const res = await list({ search: `Ampia${tag} 17` });
    expect(res.json()).toMatchObject({
      total: 11,
      totalIsLowerBound: false,
      countsByStato: exactCounts({ inserito: 11, in_lavorazione: 0, completato: 0, ko: 0 }),
    });
    expect(ids(res)).toEqual((await expectedIds(`Ampia${tag} 17%`)).slice(0, 25));
  });

  it('with a service or status filter, lists exactly the newest practices holding such a service', async () => {
    // The oldest customers with an even number, 1,002 to 1,050: a KO gas service instead.
    const moved = sql`from pratiche p join leads l on l.id = p.lead_id
      where s.pratica_id = p.id and l.cognome like ${`Ampia${tag} %`}
        and split_part(l.cognome, ' ', 2)::int > 1000 and split_part(l.cognome, ' ', 2)::int % 2 = 0`;
    await ctx.db.execute(sql`update servizi s set tipo_servizio = 'gas', stato = 'ko' ${moved}`);
    try {
      const all = await expectedIds(`Ampia${tag} %`);
      const gasKo = all.filter((_, i) => i + 1 > 1000 && (i + 1) % 2 === 0);
      expect(gasKo).toHaveLength(25);
      const filters: Array<Record<string, string>> = [
        { stato: 'ko' },
        { servizio: 'gas' },
        { servizio: 'gas', stato: 'ko' },
      ];
      for (const filter of filters) {
        const res = await list({ search: `ampia${tag}`, ...filter });
        expect(ids(res), JSON.stringify(filter)).toEqual(gasKo);
        expect(res.json()).toMatchObject({ total: 25, totalIsLowerBound: false });
      }
      const none = await list({ search: `ampia${tag}`, servizio: 'luce', stato: 'ko' });
      expect(none.json()).toMatchObject({ items: [], total: 0 });
      const inserted = await listPage({ search: `ampia${tag}`, stato: 'inserito' }, 2);
      expect(ids(inserted)).toEqual(all.filter((id) => !gasKo.includes(id)).slice(25, 50));
    } finally {
      await ctx.db.execute(sql`update servizi s set tipo_servizio = 'luce', stato = 'inserito' ${moved}`);
    }
  });

  it('with any service, status and KO-reason filters, lists and bounds the total as the tables read afresh', async () => {
    // The 60 oldest customers get 0 to 2 random services; the others keep their luce 'inserito'.
    const oldest = sql`select p.id from pratiche p join leads l on l.id = p.lead_id
      where l.cognome like ${`Ampia${tag} %`} and split_part(l.cognome, ' ', 2)::int > ${CUSTOMERS - 60}`;
    const service = fc.record({
      tipo: fc.constantFrom(...SERVIZI_PRINCIPALI),
      stato: fc.constantFrom(...SERVIZIO_STATI),
      reason: fc.constantFrom(...KO_MOTIVAZIONI.slice(0, 2)),
    });
    const targets = ((await ctx.db.execute(oldest)) as unknown as { rows: Array<{ id: number }> }).rows;
    const drawn = fc.sample(fc.array(service, { maxLength: 2 }), { numRuns: targets.length, seed: 11 });
    await ctx.db.execute(sql`delete from servizi where pratica_id in (${oldest})`);
    try {
      for (const [i, { id }] of targets.entries()) {
        for (const s of drawn[i]) {
          await ctx.db.execute(sql`insert into servizi (pratica_id, tipo_servizio, stato, ko_motivazione)
            values (${id}, ${s.tipo}, ${s.stato}, ${s.stato === 'ko' ? s.reason : null})`);
        }
      }
      const filters = fc.record({
        servizio: fc.option(fc.constantFrom(...SERVIZI_PRINCIPALI), { nil: undefined }),
        stato: fc.subarray([...SERVIZIO_STATI]),
        koMotivazione: fc.option(fc.constantFrom(...KO_MOTIVAZIONI.slice(0, 2)), { freq: 3, nil: undefined }),
        page: fc.integer({ min: 1, max: 3 }),
        pageSize: fc.constantFrom(5, 25),
      });
      await fc.assert(
        fc.asyncProperty(filters, async (f) => {
          const expected = (
            (await ctx.db.execute(sql`
              select p.id from pratiche p join leads l on l.id = p.lead_id
              where l.cognome like ${`Ampia${tag} %`}
                ${serviceFilterByDefinition(f)}
              order by p.data_creazione desc, p.id desc`)) as unknown as { rows: Array<{ id: number }> }
          ).rows.map((r) => Number(r.id));
          const res = await listPage(
            {
              search: `ampia${tag}`,
              pageSize: f.pageSize,
              ...(f.servizio ? { servizio: f.servizio } : {}),
              ...(f.stato.length ? { stato: f.stato.join(',') } : {}),
              ...(f.koMotivazione ? { koMotivazione: f.koMotivazione } : {}),
            },
            f.page,
          );
          expect(res.statusCode).toBe(200);
          const start = (f.page - 1) * f.pageSize;
          expect(ids(res)).toEqual(expected.slice(start, start + f.pageSize));
          expect(res.json()).toMatchObject(
            expected.length > SEARCH_TOTAL_BOUND
              ? { total: SEARCH_TOTAL_BOUND, totalIsLowerBound: true }
              : { total: expected.length, totalIsLowerBound: false },
          );
        }),
        { numRuns: 30, seed: 5 },
      );
    } finally {
      await ctx.db.execute(sql`delete from servizi where pratica_id in (${oldest})`);
      await ctx.db.execute(
        sql`insert into servizi (pratica_id, tipo_servizio, stato) select id, 'luce', 'inserito' from (${oldest}) o`,
      );
    }
  }, 60_000);

  it("finds a practice by its customer's new name, phone and e-mail after an edit, no longer by the old ones", async () => {
    const lead = await insertLead(ctx.db, { nome: 'Carla', cognome: `Prima${tag}`, telefono: '3471112233' });
    const pratica = await insertPratica(ctx.db, { leadId: lead.id });
    expect(ids(await list({ search: `prima${tag}` }))).toEqual([pratica.id]);
    await ctx.db.execute(sql`update leads set cognome = ${`Dopo${tag}`}, telefono = '3479998877',
      telefono_normalizzato = '3479998877', email = ${`carla.${tag}@nuovo.it`} where id = ${lead.id}`);
    expect(ids(await list({ search: `prima${tag}` }))).toEqual([]);
    for (const term of [`Carla Dopo${tag}`, '347 999 8877', `carla.${tag}@nuovo`])
      expect(ids(await list({ search: term })), term).toContain(pratica.id);
  });

  it('exports every matching practice, however many', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/pratiche/export?format=csv&search=ampia${tag}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const exported = readCsvRows(res.rawPayload)
      .slice(1)
      .map((r) => Number(r[0]));
    expect(exported).toEqual(await expectedIds(`Ampia${tag} %`));
  });
});

describe('GET /api/pratiche, the per-status counts of a search', () => {
  /** Customers 'Dora Misti{tag} n', n = 1…40: luce in one of four statuses; every third also gas, KO. */
  const MIXED = 40;
  const STATI = ['inserito', 'in_lavorazione', 'completato', 'ko'] as const;

  beforeAll(async () => {
    await ctx.db.execute(sql`
      insert into leads (nome, cognome, email, telefono, email_normalizzata, telefono_normalizzato)
      select 'Dora', ${`Misti${tag}`} || ' ' || g, 'dora.' || g || ${`.${tag}@esempio.it`},
        '37' || lpad(g::text, 8, '0'), 'dora.' || g || ${`.${tag}@esempio.it`}, '37' || lpad(g::text, 8, '0')
      from generate_series(1, ${MIXED}) g`);
    await ctx.db.execute(sql`
      insert into pratiche (lead_id, punto_fisico_id)
      select l.id, case when split_part(l.cognome, ' ', 2)::int % 5 = 0 then ${pointId}::int end
      from leads l where l.cognome like ${`Misti${tag} %`}`);
    await ctx.db.execute(sql`
      with m as (
        select p.id, split_part(l.cognome, ' ', 2)::int as n
        from pratiche p join leads l on l.id = p.lead_id where l.cognome like ${`Misti${tag} %`}
      )
      insert into servizi (pratica_id, tipo_servizio, stato, ko_motivazione)
      select id, 'luce', (array['inserito', 'in_lavorazione', 'completato', 'ko'])[n % 4 + 1],
        case when n % 4 = 3 then 'dati_errati' end
      from m
      union all
      select id, 'gas', 'ko', case when n % 2 = 0 then 'altro' else 'dati_errati' end from m where n % 3 = 0`);
  });

  type Filters = { servizio?: string; koMotivazione?: string; stato?: string; puntoFisicoId?: number };

  /**
   * Per status, the matching practices holding a service (of the chosen type) in it, counted
   * afresh. The status toggles and the KO reason, which refines the 'ko' status, are not applied:
   * the buttons count as they do without a search.
   */
  async function freshCounts({ servizio, puntoFisicoId }: Filters) {
    const ofType = (alias: string) =>
      servizio ? sql`and ${sql.raw(alias)}.tipo_servizio = ${servizio}` : sql``;
    const counts: Record<string, { total: number; totalIsLowerBound: boolean }> = {};
    for (const stato of STATI) {
      const result = await ctx.db.execute<{ n: number }>(sql`
        select count(*)::int as n from pratiche p join leads l on l.id = p.lead_id
        where l.cognome like ${`Misti${tag} %`}
          ${puntoFisicoId ? sql`and p.punto_fisico_id = ${puntoFisicoId}` : sql``}
          and exists (select 1 from servizi s where s.pratica_id = p.id and s.stato = ${stato} ${ofType('s')})`);
      const n = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
      counts[stato] = { total: n, totalIsLowerBound: false };
    }
    return counts;
  }

  it.each<[string, () => Filters]>([
    ['no other filter', () => ({})],
    ['a service type', () => ({ servizio: 'gas' })],
    ['a KO reason', () => ({ koMotivazione: 'dati_errati' })],
    ['a type and a KO reason', () => ({ servizio: 'gas', koMotivazione: 'altro' })],
    ['a status toggle', () => ({ stato: 'ko' })],
    ['a point', () => ({ puntoFisicoId: pointId })],
  ])('with %s, equal a fresh count', async (_label, filters) => {
    const res = await list({ search: `misti${tag}`, ...filters() });
    expect(res.statusCode).toBe(200);
    const expected = await freshCounts(filters());
    expect(Object.values(expected).some((n) => n.total > 0)).toBe(true);
    expect(res.json().countsByStato).toEqual(expected);
  });

  it("for the office, by the point's name: the total and the counts are those of the point's practices", async () => {
    const { cookie } = await loginAs(ctx, 'amministrazione');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/pratiche?search=misti${tag}&puntoFisico=${encodeURIComponent(`Bar Ampia ${tag}`)}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const expected = await freshCounts({ puntoFisicoId: pointId });
    // Every fifth of the 40 customers bought at the point; the others elsewhere or nowhere.
    expect(res.json()).toMatchObject({ total: MIXED / 5, totalIsLowerBound: false, countsByStato: expected });
    expect(res.json().items).toHaveLength(MIXED / 5);
  });
});
