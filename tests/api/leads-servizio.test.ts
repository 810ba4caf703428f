import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#shared/permissions.ts';
import { SERVICE_FILTER_TOTAL_BOUND } from '#shared/schemas/common.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica } from '#test/setup/world.ts';
import { markAltroPunto } from '#server/modules/punti-fisici/scope.ts';

/**
 * The leads list's service filter (docs/performance.md#lista-dei-lead) pages by walking
 * the list and counts the type's leads from servizi_elenco: both must give the
 * leads, order, pages and total a plain reading of the tables gives, for every role.
 */

let ctx: TestContext;
let w: Awaited<ReturnType<typeof buildTwoShopWorld>>;
let returning: number;

const SCOPE_COLUMN: Partial<Record<Role, string>> = {
  punto_fisico: 'utente_responsabile_id',
  agente: 'agente_id',
  area_manager: 'area_manager_id',
};

/**
 * `count` leads at a point, each with `practices` practices holding `tipi`, registered a minute
 * apart before `start` minutes ago, their contact status by turns.
 */
async function bulkLeads(puntoId: number, count: number, practices: number, tipi: string[], start: number) {
  const t = randomBytes(4).toString('hex');
  await ctx.db.execute(sql`
    insert into leads (nome, cognome, email, telefono, email_normalizzata, telefono_normalizzato,
      punto_fisico_originale_id, stato_contatto, data_registrazione)
    select 'Cliente', 'Servizio' || ${t}, 'c' || i || '.' || ${t} || '@esempio.it', '3' || lpad((${start} + i)::text, 9, '0'),
      'c' || i || '.' || ${t} || '@esempio.it', '3' || lpad((${start} + i)::text, 9, '0'), ${puntoId},
      (array['nuovo', 'contattato', 'non_raggiungibile'])[1 + i % 3],
      now() - ((${start} + i) * interval '1 minute')
    from generate_series(1, ${count}) as i`);
  await ctx.db.execute(sql`
    insert into pratiche (lead_id, punto_fisico_id, data_creazione)
    select l.id, ${puntoId}, l.data_registrazione + (k * interval '1 second')
    from leads l cross join generate_series(1, ${practices}) as k
    where l.cognome = ${'Servizio' + t}`);
  await markAltroPunto(ctx.db, 'all');
  await ctx.db.execute(sql`
    insert into servizi (pratica_id, tipo_servizio)
    select pr.id, tipo from pratiche pr inner join leads l on l.id = pr.lead_id
      cross join unnest(${`{${tipi.join(',')}}`}::text[]) as tipo
    where l.cognome = ${'Servizio' + t}`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  w = await buildTwoShopWorld(ctx);
  // Shop A: luce is common (2,250 services, 1,450 leads: the list is walked, more than the bound),
  // gas has 1,050 services (read among its leads: an exact total past the bound), noleggio 2.
  await bulkLeads(w.puntoA.id, 1050, 1, ['luce', 'gas'], 0);
  await bulkLeads(w.puntoA.id, 400, 3, ['luce'], 2000);
  await insertLeadWithPratica(ctx, w.puntoA.id, { nome: 'Nadia' }, ['noleggio']);
  // Shop B: internet has 2,100 services but 700 leads (walked; the first 1,101 services do not
  // pass the bound, so the total is counted from the services: exact), among 3,800 more leads
  // without a practice.
  await bulkLeads(w.puntoB.id, 700, 3, ['internet'], 4000);
  await bulkLeads(w.puntoB.id, 3800, 0, [], 5000);
  // A customer of shop B who came back to shop A for a rental: shop B must not learn it.
  const back = await insertLeadWithPratica(ctx, w.puntoB.id, { nome: 'Rita' }, ['internet', 'luce']);
  const [pratica] = (
    (await ctx.db.execute(
      sql`insert into pratiche (lead_id, punto_fisico_id) values (${back.lead.id}, ${w.puntoA.id}) returning id`,
    )) as unknown as { rows: Array<{ id: number }> }
  ).rows;
  await markAltroPunto(ctx.db, [back.lead.id]);
  await ctx.db.execute(
    sql`insert into servizi (pratica_id, tipo_servizio) values (${pratica.id}, 'noleggio')`,
  );
  returning = back.lead.id;
  // Statistics as autovacuum (PostgreSQL) or the periodic analysis (PGlite) would leave them.
  await ctx.db.execute(sql`analyze`);
}, 120_000);
afterAll(async () => ctx?.close());

/** Who looks, and for a scoped role the shop whose point is theirs. */
type Viewer = {
  name: string;
  role: Role;
  userId: number | null;
  shop: 'A' | 'B' | null;
  cookie: () => string;
};
type Person = { user: { id: number }; cookie: string };
const scopedViewer = (name: string, role: Role, person: Person, shop: 'A' | 'B'): Viewer => ({
  name,
  role,
  userId: person.user.id,
  shop,
  cookie: () => person.cookie,
});
const viewers = (): Viewer[] => [
  { name: 'admin', role: 'admin', userId: null, shop: null, cookie: () => w.admin },
  {
    name: 'amministrazione',
    role: 'amministrazione',
    userId: null,
    shop: null,
    cookie: () => w.amministrazione.cookie,
  },
  scopedViewer('punto fisico A', 'punto_fisico', w.pfA, 'A'),
  scopedViewer('agente A', 'agente', w.agA, 'A'),
  scopedViewer('area manager A', 'area_manager', w.amA, 'A'),
  scopedViewer('punto fisico B', 'punto_fisico', w.pfB, 'B'),
];

/**
 * The filter read plainly from the tables: the leads with a practice holding the type, among the
 * viewer's points' practices for a scoped role, newest first.
 */
async function expected(v: Viewer, tipo: string, extra: { status?: string; puntoId?: number } = {}) {
  const column = SCOPE_COLUMN[v.role];
  const scope = column
    ? sql` and pr.punto_fisico_id in (select id from punti_fisici where ${sql.identifier(column)} = ${v.userId})`
    : sql``;
  const result = await ctx.db.execute(sql`
    select l.id from leads l
    where exists (select 1 from pratiche pr inner join servizi s on s.pratica_id = pr.id
                  where pr.lead_id = l.id and s.tipo_servizio = ${tipo}${scope})
      ${extra.status ? sql`and l.stato_contatto = ${extra.status}` : sql``}
      ${
        extra.puntoId
          ? sql`and (l.punto_fisico_originale_id = ${extra.puntoId}
                 or exists (select 1 from pratiche p2 where p2.lead_id = l.id and p2.punto_fisico_id = ${extra.puntoId}))`
          : sql``
      }
    order by l.data_registrazione desc, l.id desc`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}

async function page(url: string, cookie: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: Array<{ id: number }>;
    total: number;
    totalIsLowerBound: boolean;
    nextCursor: string | null;
  };
}

/** The total the list must show for `n` matches: exact up to the bound, "more than" past it, or exact when read among its leads. */
function checkTotal(got: { total: number; totalIsLowerBound: boolean }, n: number, exactPastBound: boolean) {
  if (n > SERVICE_FILTER_TOTAL_BOUND && !exactPastBound)
    expect(got).toMatchObject({ total: SERVICE_FILTER_TOTAL_BOUND, totalIsLowerBound: true });
  else expect(got).toMatchObject({ total: n, totalIsLowerBound: false });
}

describe('GET /api/leads?service=…: the same leads, order, pages and total as the tables, for every role', () => {
  const cases: Array<{ tipo: string; status?: string; point?: 'A' | 'B' }> = [
    { tipo: 'luce' },
    { tipo: 'gas' },
    { tipo: 'noleggio' },
    { tipo: 'internet' },
    { tipo: 'assicurazioni' },
    { tipo: 'luce', status: 'contattato' },
    { tipo: 'internet', status: 'nuovo' },
    { tipo: 'gas', status: 'non_raggiungibile' },
    { tipo: 'noleggio', point: 'B' },
    { tipo: 'luce', point: 'A' },
    { tipo: 'internet', point: 'B', status: 'nuovo' },
  ];
  for (const c of cases)
    it(`${c.tipo}${c.status ? ` + ${c.status}` : ''}${c.point ? ` + punto ${c.point}` : ''}`, async () => {
      for (const v of viewers()) {
        const puntoId = c.point === 'A' ? w.puntoA.id : c.point === 'B' ? w.puntoB.id : undefined;
        const all = await expected(v, c.tipo, { status: c.status, puntoId });
        // A scoped role filtering by another shop's point finds nothing.
        const want = c.point && v.shop && v.shop !== c.point ? [] : all;
        const base = `/api/leads?service=${c.tipo}${c.status ? `&status=${c.status}` : ''}${puntoId ? `&puntoFisicoId=${puntoId}` : ''}`;
        const first = await page(`${base}&pageSize=25`, v.cookie());
        expect(
          first.items.map((l) => l.id),
          `${v.name} ${base}`,
        ).toEqual(want.slice(0, 25));
        // Counted up to the service filter's bound, whatever the type.
        checkTotal(first, want.length, false);
        if (!first.nextCursor) continue;
        const second = await page(`${base}&pageSize=25&cursor=${first.nextCursor}`, v.cookie());
        expect(
          second.items.map((l) => l.id),
          `${v.name} ${base} page 2`,
        ).toEqual(want.slice(25, 50));
      }
    });

  it('a deep page by cursor gives the rows at that position', async () => {
    const want = await expected(viewers()[0], 'luce');
    let cursor: string | null = null;
    for (let i = 0; i < 12; i++) {
      const res = await page(
        `/api/leads?service=luce&pageSize=100${cursor ? `&cursor=${cursor}` : ''}`,
        w.admin,
      );
      expect(res.items.map((l) => l.id)).toEqual(want.slice(i * 100, (i + 1) * 100));
      cursor = res.nextCursor;
    }
  });

  it('a shop does not learn what its customer bought at another shop', async () => {
    const pfB = viewers()[5];
    expect(await expected(pfB, 'noleggio')).toEqual([]);
    expect((await page('/api/leads?service=noleggio', w.pfB.cookie)).items).toEqual([]);
    const mine = await page('/api/leads?service=internet&pageSize=100', w.pfB.cookie);
    // 700 customers with three internet practices each, and the one who came back.
    expect(mine).toMatchObject({ total: 701, totalIsLowerBound: false });
    expect((await page('/api/leads?service=noleggio', w.pfA.cookie)).items.map((l) => l.id)).toContain(
      returning,
    );
  });
});
