import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissioni, leads, pratiche, puntiFisici, servizi, users } from '#server/db/schema.ts';
import type { Database } from '#server/db/client.ts';
import {
  buildSubmission,
  insertCommissione,
  insertCommissioneConfig,
  insertLead,
  insertPratica,
  insertPuntoFisico,
  insertServizio,
  insertUser,
} from '#test/setup/factories.ts';
import {
  expectSearchCopiesFresh,
  expectServiziElencoFresh,
  freshCounts,
  keptCounts,
  rows,
} from '#test/setup/derived-tables.ts';
import { createTestContext, login, loginAs, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld } from '#test/setup/world.ts';

/**
 * The counters kept by triggers (docs/performance.md#contatori) against a fresh count of the
 * tables, after every kind of change: the figures a screen shows never drift.
 */

let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildTwoShopWorld>>;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildTwoShopWorld(ctx);
  await insertCommissioneConfig(ctx.db, { codice: 'ENEL', servizio: 'luce' });
  await insertCommissioneConfig(ctx.db, { codice: 'ENEL', servizio: 'gas' });
});
afterAll(async () => ctx?.close());

async function expectCountersFresh(step: string) {
  expect(await keptCounts(ctx.db), step).toEqual(await freshCounts(ctx.db));
  await expectSearchCopiesFresh(ctx.db);
  await expectServiziElencoFresh(ctx.db, step);
}

function submit(puntoFisicoId: number, overrides: Parameters<typeof buildSubmission>[1] = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/submit-form',
    payload: buildSubmission(puntoFisicoId, overrides) as unknown as Record<string, unknown>,
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
  });
}

function setStatus(id: number, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/servizi/${id}/status`,
    headers: { cookie: world.admin },
    payload,
  });
}

async function serviziOfLead(leadId: number) {
  return ctx.db
    .select({ id: servizi.id, tipo: servizi.tipoServizio })
    .from(servizi)
    .where(
      inArray(
        servizi.praticaId,
        ctx.db.select({ id: pratiche.id }).from(pratiche).where(eq(pratiche.leadId, leadId)),
      ),
    )
    .orderBy(servizi.id);
}

describe('counters equal a fresh count after every kind of change', () => {
  it('lead, practice and service created directly and through submit-form', async () => {
    await expectCountersFresh('empty');
    const lead = await insertLead(ctx.db, { puntoFisicoOriginaleId: world.puntoA.id });
    await insertPratica(ctx.db, {
      leadId: lead.id,
      puntoFisicoId: world.puntoA.id,
      servizi: ['luce', 'gas', 'luce'],
    });
    await insertPratica(ctx.db, { puntoFisicoId: world.puntoB.id, servizi: ['gas'] });
    await insertPratica(ctx.db, { puntoFisicoId: null, servizi: ['noleggio'] });
    await expectCountersFresh('inserted');

    const sent = buildSubmission(world.puntoA.id, { telefono: '3471112233', email: 'ritorno@esempio.it' });
    expect((await submit(world.puntoA.id, sent)).statusCode).toBe(201);
    await expectCountersFresh('submit-form');
    // The same customer again, at the other shop: a new practice on the existing lead.
    const again = await submit(world.puntoB.id, { telefono: '3471112233', email: 'ritorno@esempio.it' });
    expect(again.statusCode).toBe(201);
    await expectCountersFresh('returning customer at another shop');
  });

  it('service status changes, a payment and a storno', async () => {
    const {
      servizi: [luce, gas],
    } = await insertPratica(ctx.db, { puntoFisicoId: world.puntoA.id, servizi: ['luce', 'gas'] });
    expect((await setStatus(luce.id, { stato: 'in_lavorazione' })).statusCode).toBe(200);
    await expectCountersFresh('in lavorazione');
    const done = await setStatus(luce.id, {
      stato: 'completato',
      fornitore: 'ENEL',
      ridPresente: true,
      numeroForniture: 1,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(
      (await setStatus(gas.id, { stato: 'ko', koMotivazione: 'cliente_non_interessato' })).statusCode,
    ).toBe(200);
    await expectCountersFresh('completato and ko');
    const [commissione] = await ctx.db
      .select({ id: commissioni.id })
      .from(commissioni)
      .where(eq(commissioni.servizioId, luce.id));
    const paid = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/commissioni/${commissione.id}/payment`,
      headers: { cookie: world.admin },
      payload: { status: 'pagato', note: 'bonifico' },
    });
    expect(paid.statusCode).toBe(200);
    expect(
      (await setStatus(luce.id, { stato: 'ko', koMotivazione: 'cliente_non_interessato' })).statusCode,
    ).toBe(200);
    await expectCountersFresh('storno');
  });

  it('several services of one practice change in one statement', async () => {
    const pratica = await insertPratica(ctx.db, {
      puntoFisicoId: world.puntoB.id,
      servizi: ['luce', 'gas', 'luce'],
    });
    await ctx.db.update(servizi).set({ stato: 'in_lavorazione' }).where(eq(servizi.praticaId, pratica.id));
    await expectCountersFresh('all in lavorazione');
    await ctx.db.update(servizi).set({ tipoServizio: 'gas' }).where(eq(servizi.id, pratica.servizi[0].id));
    await ctx.db.delete(servizi).where(eq(servizi.id, pratica.servizi[1].id));
    await insertServizio(ctx.db, { praticaId: pratica.id, tipoServizio: 'internet', stato: 'completato' });
    await expectCountersFresh('type changed, one removed, one added');
  });

  it('lead contact status, a practice moved to another point, deletions', async () => {
    const { lead, pratica } = await (async () => {
      const l = await insertLead(ctx.db, { puntoFisicoOriginaleId: world.puntoA.id });
      const p = await insertPratica(ctx.db, {
        leadId: l.id,
        puntoFisicoId: world.puntoA.id,
        servizi: ['luce'],
      });
      return { lead: l, pratica: p };
    })();
    const contacted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/leads/${lead.id}/status`,
      headers: { cookie: world.admin },
      payload: { status: 'contattato' },
    });
    expect(contacted.statusCode, contacted.body).toBe(200);
    await expectCountersFresh('lead contacted');
    await ctx.db
      .update(leads)
      .set({ cognome: 'Rinominata', email: 'nuova@example.com', telefonoNormalizzato: '3470000001' })
      .where(eq(leads.id, lead.id));
    await expectCountersFresh('lead renamed');
    await ctx.db.update(pratiche).set({ puntoFisicoId: world.puntoB.id }).where(eq(pratiche.id, pratica.id));
    await expectCountersFresh('practice moved');
    await ctx.db
      .update(pratiche)
      .set({ dataCreazione: new Date('2024-03-01T10:00:00Z') })
      .where(eq(pratiche.id, pratica.id));
    await expectCountersFresh('practice dated');

    const deletedPratica = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/pratiche/${pratica.id}`,
      headers: { cookie: world.admin },
    });
    expect(deletedPratica.statusCode).toBe(204);
    await expectCountersFresh('practice deleted');

    const other = await insertPratica(ctx.db, {
      puntoFisicoId: world.puntoB.id,
      servizi: ['gas', 'internet'],
    });
    const deletedLead = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/leads/${other.leadId}`,
      headers: { cookie: world.admin },
    });
    expect(deletedLead.statusCode).toBe(204);
    await expectCountersFresh('lead deleted with its practices');
    expect(await serviziOfLead(other.leadId)).toEqual([]);
  });

  it('a point handed to another agent and area manager, another responsabile, then deleted', async () => {
    const agente = await insertUser(ctx.db, { role: 'agente' });
    const areaManager = await insertUser(ctx.db, { role: 'area_manager' });
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/punti-fisici/${world.puntoA.id}`,
      headers: { cookie: world.admin },
      payload: {
        nomeAttivita: world.puntoA.nomeAttivita,
        indirizzo: world.puntoA.indirizzo,
        utenteResponsabileId: world.puntoA.utenteResponsabileId,
        agenteId: agente.id,
        areaManagerId: areaManager.id,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectCountersFresh('point reassigned');
    await ctx.db
      .update(puntiFisici)
      .set({ agenteId: null, utenteResponsabileId: world.pfB.user.id })
      .where(eq(puntiFisici.id, world.puntoA.id));
    await expectCountersFresh('agent removed, responsabile changed');

    const extra = await insertPratica(ctx.db, { puntoFisicoId: world.puntoB.id, servizi: ['luce'] });
    await ctx.db.delete(puntiFisici).where(eq(puntiFisici.id, world.puntoB.id));
    await expectCountersFresh('point deleted');
    const [row] = await ctx.db
      .select({ punto: pratiche.puntoFisicoId })
      .from(pratiche)
      .where(eq(pratiche.id, extra.id));
    expect(row.punto).toBeNull();
  });

  it('changes in one transaction are counted when it commits and not at all when it rolls back; a deleted point leaves no figure behind', async () => {
    const punto = await insertPuntoFisico(ctx.db);
    const total = async () =>
      (
        await rows(ctx.db, sql`select coalesce(sum(n), 0)::int as n from contatori_punti where voce = 'lead'`)
      )[0].n;
    const before = await total();
    await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const lead = await insertLead(db, { puntoFisicoOriginaleId: punto.id });
      await insertPratica(db, { leadId: lead.id, puntoFisicoId: punto.id, servizi: ['luce', 'gas'] });
      await insertPratica(db, { puntoFisicoId: world.puntoA.id, servizi: ['gas'] });
      await db.delete(puntiFisici).where(eq(puntiFisici.id, punto.id));
    });
    expect(await total()).toBe(before + 2);
    expect(
      await rows(ctx.db, sql`select voce from contatori_punti where punto_fisico_id = ${punto.id}`),
    ).toEqual([]);
    await expectCountersFresh('one transaction, committed');

    await ctx.db
      .transaction(async (tx) => {
        await insertPratica(tx as unknown as Database, { puntoFisicoId: world.puntoA.id });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      await db
        .transaction(async (savepoint) => {
          await insertPratica(savepoint as unknown as Database, { puntoFisicoId: world.puntoB.id });
          throw new Error('rollback to savepoint');
        })
        .catch(() => undefined);
      await insertPratica(db, { puntoFisicoId: world.puntoA.id, servizi: ['luce'] });
    });
    expect(await total()).toBe(before + 3);
    await expectCountersFresh('a rolled-back transaction and a rolled-back savepoint');
  });

  it("the company's figures are the sum of the points' figures, practices without a point included", async () => {
    for (let i = 0; i < 3; i++)
      await insertPratica(ctx.db, { puntoFisicoId: world.puntoA.id, servizi: ['luce'] });
    await insertPratica(ctx.db, { puntoFisicoId: null, servizi: ['gas'] });
    const fresh = await rows(ctx.db, sql`select count(*)::int as n from pratiche`);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/pratiche',
      headers: { cookie: world.admin },
    });
    expect(list.json()).toMatchObject({ total: fresh[0].n, totalIsLowerBound: false });
    await expectCountersFresh('after practices with and without a point');
  });

  // Two connections: only on PostgreSQL (PGlite has one).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two transactions adding leads to the same point at once are both counted',
    async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
      const first = ctx.db.transaction(async (tx) => {
        await insertLead(tx as unknown as Database, { puntoFisicoOriginaleId: world.puntoA.id });
        inserted();
        await held;
      });
      await firstInserted;
      // The second waits for the first's row of the point's counter, then adds to it.
      const second = ctx.db.transaction(async (tx) => {
        await insertLead(tx as unknown as Database, { puntoFisicoOriginaleId: world.puntoA.id });
      });
      release();
      await Promise.all([first, second]);
      await expectCountersFresh('two concurrent transactions');
    },
  );

  it('many rows in one statement, as the bulk demo data writes them', async () => {
    const pf = await insertUser(ctx.db, { role: 'punto_fisico' });
    const [punto] = await ctx.db
      .insert(puntiFisici)
      .values({
        nomeAttivita: 'Blocco',
        indirizzo: 'Via Po 1',
        landingCode: 'BLOCCO01',
        utenteResponsabileId: pf.id,
      })
      .returning();
    const bulk = await ctx.db
      .insert(leads)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          nome: 'Bulk',
          cognome: `N${i}`,
          email: `bulk${i}@esempio.it`,
          telefono: `3900000${String(i).padStart(3, '0')}`,
          emailNormalizzata: `bulk${i}@esempio.it`,
          telefonoNormalizzato: `3900000${String(i).padStart(3, '0')}`,
          puntoFisicoOriginaleId: i % 2 ? punto.id : null,
        })),
      )
      .returning({ id: leads.id });
    const praticheRows = await ctx.db
      .insert(pratiche)
      .values(
        bulk.map((l) => ({
          leadId: l.id,
          puntoFisicoId: punto.id,
          orarioContatto: '',
          indirizzoIp: '203.0.113.9',
        })),
      )
      .returning({ id: pratiche.id });
    await ctx.db.insert(servizi).values(
      praticheRows.flatMap((p, i) => [
        {
          praticaId: p.id,
          tipoServizio: 'luce' as const,
          stato: i % 3 ? ('inserito' as const) : ('completato' as const),
        },
        { praticaId: p.id, tipoServizio: 'gas' as const },
      ]),
    );
    await expectCountersFresh('bulk insert');
    await ctx.db.delete(leads).where(
      inArray(
        leads.id,
        bulk.slice(0, 20).map((l) => l.id),
      ),
    );
    await expectCountersFresh('bulk delete');
  });
});

/** The leads a person may see, by the scope rule itself, newest first. */
async function freshScopeIds(role: string, userId: number): Promise<number[]> {
  const column = {
    punto_fisico: 'utente_responsabile_id',
    agente: 'agente_id',
    area_manager: 'area_manager_id',
  }[role];
  if (!column) throw new Error(`not a scoped role: ${role}`);
  const found = await rows(
    ctx.db,
    sql`select l.id as ambito_id from leads l where exists (
      select 1 from punti_fisici pf where pf.${sql.raw(column)} = ${userId}
        and (pf.id = l.punto_fisico_originale_id
             or exists (select 1 from pratiche p where p.lead_id = l.id and p.punto_fisico_id = pf.id)))
      order by l.data_registrazione desc, l.id desc`,
  );
  return found.map((r) => Number(r.ambito_id));
}

async function listOf(cookie: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/leads?pageSize=200', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ items: Array<{ id: number }>; total: number; totalIsLowerBound: boolean }>();
  return { ids: body.items.map((i) => i.id), total: body.total, totalIsLowerBound: body.totalIsLowerBound };
}

type Person = { user: { id: number; email: string; role: string }; cookie: string };

/** Each person's list and its exact total are what the scope rule gives on the tables now. */
async function expectListsFollowScope(step: string, people: Person[]) {
  await expectCountersFresh(step);
  for (const person of people) {
    const expected = await freshScopeIds(person.user.role, person.user.id);
    expect(await listOf(person.cookie), `${step}: ${person.user.role} ${person.user.id}`).toEqual({
      ids: expected,
      total: expected.length,
      totalIsLowerBound: false,
    });
  }
}

async function pointLeadCount(id: number) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/punti-fisici/${id}`,
    headers: { cookie: world.admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ leadCount: number }>().leadCount;
}

async function freshPointLeadCount(id: number) {
  const [row] = await rows(
    ctx.db,
    sql`select count(*)::int as n from leads l where l.punto_fisico_originale_id = ${id}
      or exists (select 1 from pratiche p where p.lead_id = l.id and p.punto_fisico_id = ${id})`,
  );
  return row.n;
}

function editPoint(
  punto: typeof puntiFisici.$inferSelect,
  changes: Partial<typeof puntiFisici.$inferSelect>,
) {
  const next = { ...punto, ...changes };
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/punti-fisici/${punto.id}`,
    headers: { cookie: world.admin },
    payload: {
      nomeAttivita: next.nomeAttivita,
      indirizzo: next.indirizzo,
      utenteResponsabileId: next.utenteResponsabileId,
      agenteId: next.agenteId,
      areaManagerId: next.areaManagerId,
    },
  });
}

describe("each person's list and total follow a change of scope at once", () => {
  it('a point handed to another responsabile, agente and area manager, then a role changed', async () => {
    const [pf1, ag1, am1, pf2, ag2, am2] = await Promise.all(
      (['punto_fisico', 'agente', 'area_manager', 'punto_fisico', 'agente', 'area_manager'] as const).map(
        (r) => loginAs(ctx, r),
      ),
    );
    const people = [pf1, ag1, am1, pf2, ag2, am2];
    const p = await insertPuntoFisico(ctx.db, {
      utenteResponsabileId: pf1.user.id,
      agenteId: ag1.user.id,
      areaManagerId: am1.user.id,
    });
    const q = await insertPuntoFisico(ctx.db, {
      utenteResponsabileId: pf2.user.id,
      agenteId: ag2.user.id,
      areaManagerId: am2.user.id,
    });
    for (let i = 0; i < 3; i++) await insertLead(ctx.db, { puntoFisicoOriginaleId: p.id });
    for (let i = 0; i < 2; i++) await insertLead(ctx.db, { puntoFisicoOriginaleId: q.id });
    // A customer of Q who signed a practice at P belongs to both.
    const both = await insertLead(ctx.db, { puntoFisicoOriginaleId: q.id });
    await insertPratica(ctx.db, { leadId: both.id, puntoFisicoId: p.id, servizi: ['luce'] });
    await expectListsFollowScope('two points', people);
    expect(await pointLeadCount(p.id)).toBe(4);

    expect((await editPoint(p, { agenteId: ag2.user.id, areaManagerId: am2.user.id })).statusCode).toBe(200);
    await expectListsFollowScope('P handed to the agent and area manager of Q', people);
    expect((await listOf(ag1.cookie)).total).toBe(0);
    expect((await listOf(ag2.cookie)).total).toBe(6);

    const [current] = await ctx.db.select().from(puntiFisici).where(eq(puntiFisici.id, p.id));
    expect((await editPoint(current, { utenteResponsabileId: pf2.user.id, agenteId: null })).statusCode).toBe(
      200,
    );
    await expectListsFollowScope('P handed to the responsabile of Q, without an agent', people);
    expect((await listOf(pf1.cookie)).total).toBe(0);
    expect((await listOf(ag2.cookie)).total).toBe(3);

    // Q's agent becomes an area manager: the leads he saw as agente are not his as area manager.
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${ag2.user.id}/role`,
      headers: { cookie: world.admin },
      payload: { role: 'area_manager' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const promoted = {
      user: { ...ag2.user, role: 'area_manager' },
      cookie: await login(ctx.app, ag2.user.email, 'password-di-prova'),
    };
    await expectListsFollowScope('agent turned area manager', [...people.filter((x) => x !== ag2), promoted]);
    expect((await listOf(promoted.cookie)).total).toBe(0);
    for (const punto of [p, q])
      expect(await pointLeadCount(punto.id)).toBe(await freshPointLeadCount(punto.id));
  });

  it('a lead merged into another: practices, point figures and each list follow', async () => {
    const [pf1, ag1, pf2, ag2] = await Promise.all(
      (['punto_fisico', 'agente', 'punto_fisico', 'agente'] as const).map((r) => loginAs(ctx, r)),
    );
    const people = [pf1, ag1, pf2, ag2];
    const p = await insertPuntoFisico(ctx.db, { utenteResponsabileId: pf1.user.id, agenteId: ag1.user.id });
    const q = await insertPuntoFisico(ctx.db, { utenteResponsabileId: pf2.user.id, agenteId: ag2.user.id });
    const kept = await insertLead(ctx.db, { puntoFisicoOriginaleId: null, telefono: '3331234567' });
    await insertPratica(ctx.db, { leadId: kept.id, puntoFisicoId: p.id, servizi: ['luce'] });
    const merged = await insertLead(ctx.db, { puntoFisicoOriginaleId: q.id, telefono: '333 123 4567' });
    await insertPratica(ctx.db, { leadId: merged.id, puntoFisicoId: q.id, servizi: ['gas', 'internet'] });
    await insertPratica(ctx.db, { leadId: merged.id, puntoFisicoId: p.id, servizi: ['luce'] });
    await expectListsFollowScope('two leads sharing a phone', people);

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/leads/${kept.id}/unisci`,
      headers: { cookie: world.admin },
      payload: { altroLeadId: merged.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectListsFollowScope('merged', people);
    // The kept lead now belongs to both points; the merged one is gone from every list.
    for (const person of people) {
      const { ids } = await listOf(person.cookie);
      expect(ids).toContain(kept.id);
      expect(ids).not.toContain(merged.id);
    }
    for (const punto of [p, q])
      expect(await pointLeadCount(punto.id)).toBe(await freshPointLeadCount(punto.id));
  });
});

/**
 * Reads every page of a cursor list (docs/architecture.md#liste-e-paginazione) with pageSize 5,
 * letting rows arrive between two reads. Returns the ids seen in order, the first page's total
 * and the newest id of `table` before the first read: every row up to it must be seen once, in
 * the list's order, whatever arrives meanwhile (an arrival sorting after the cursor may show too).
 */
async function readAllCursorPages(
  url: string,
  cookie: string,
  arrive: () => Promise<unknown>,
  table: typeof leads | typeof puntiFisici | typeof users | typeof pratiche | typeof commissioni,
) {
  const [{ newest }] = await ctx.db
    .select({ newest: sql<number>`coalesce(max(${table.id}), 0)::int` })
    .from(table);
  const seen: number[] = [];
  let cursor: string | null = null;
  let total = -1;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const pageUrl: string = `${url}${sep}pageSize=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await ctx.app.inject({ method: 'GET', url: pageUrl, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const body: { items: Array<{ id: number }>; total: number; nextCursor: string | null } = res.json();
    if (total < 0) total = body.total;
    seen.push(...body.items.map((i) => i.id));
    cursor = body.nextCursor;
    await arrive();
  } while (cursor && seen.length < 500);
  expect(new Set(seen).size, 'no row twice').toBe(seen.length);
  return { seen, fino: newest, total };
}

describe('pagination while leads come in', () => {
  it('never repeats or skips a row, for an unscoped and a scoped role', async () => {
    const pf = await loginAs(ctx, 'punto_fisico');
    const punto = await insertPuntoFisico(ctx.db, { utenteResponsabileId: pf.user.id });
    const base = Date.parse('2026-03-01T10:00:00Z');
    for (let i = 0; i < 23; i++)
      await insertLead(ctx.db, {
        puntoFisicoOriginaleId: punto.id,
        // Some share a timestamp: the id breaks the tie.
        dataRegistrazione: new Date(base + Math.floor(i / 2) * 60_000),
      });
    let arrivals = 0;
    const arrive = () =>
      Promise.all([
        // The newest lead, and one dated in the middle of the pages already read (an import).
        insertLead(ctx.db, { puntoFisicoOriginaleId: punto.id }),
        insertLead(ctx.db, {
          puntoFisicoOriginaleId: punto.id,
          dataRegistrazione: new Date(base + (arrivals++ + 3) * 60_000 + 1),
        }),
      ]);

    for (const cookie of [world.admin, pf.cookie]) {
      const url = cookie === world.admin ? `/api/leads?puntoFisicoId=${punto.id}` : '/api/leads';
      const { seen, fino, total } = await readAllCursorPages(url, cookie, arrive, leads);
      // Every lead that was there when the first page was read, once, newest first.
      const before = (await freshScopeIds('punto_fisico', pf.user.id)).filter((id) => id <= fino);
      expect(seen.filter((id) => id <= fino)).toEqual(before);
      expect(total).toBe(before.length);
    }
  });
});

describe('pagination while practices and commissions come in', () => {
  it('never repeats or skips a practice, with and without a counted filter', async () => {
    // The practices list is the office's (admin, amministrazione): no scoped role reads it.
    const office = await loginAs(ctx, 'amministrazione');
    const punto = await insertPuntoFisico(ctx.db);
    const base = Date.parse('2026-03-01T10:00:00Z');
    for (let i = 0; i < 17; i++)
      await insertPratica(ctx.db, {
        puntoFisicoId: punto.id,
        servizi: ['luce'],
        // Some share a timestamp: the id breaks the tie.
        dataCreazione: new Date(base + Math.floor(i / 2) * 60_000),
      });
    let arrivals = 0;
    const arrive = () =>
      Promise.all([
        // The newest practice, and one dated in the middle of the pages already read.
        insertPratica(ctx.db, { puntoFisicoId: punto.id, servizi: ['luce'] }),
        insertPratica(ctx.db, {
          puntoFisicoId: punto.id,
          servizi: ['gas'],
          dataCreazione: new Date(base + (arrivals++ + 3) * 60_000 + 1),
        }),
      ]);
    const fresh = async (fino: number) =>
      (
        await ctx.db
          .select({ id: pratiche.id })
          .from(pratiche)
          .where(sql`${pratiche.puntoFisicoId} = ${punto.id} and ${pratiche.id} <= ${fino}`)
          .orderBy(sql`${pratiche.dataCreazione} desc, ${pratiche.id} desc`)
      ).map((r) => r.id);

    for (const [url, cookie] of [
      [`/api/pratiche?puntoFisicoId=${punto.id}`, world.admin],
      // A status filter, as the office: same pages.
      [`/api/pratiche?puntoFisicoId=${punto.id}&stato=inserito`, office.cookie],
    ] as const) {
      const { seen, fino, total } = await readAllCursorPages(url, cookie, arrive, pratiche);
      // Every practice that was there when the first page was read, once, newest first (one that
      // arrived dated after a cursor may show too).
      const before = await fresh(fino);
      expect(
        seen.filter((id) => id <= fino),
        url,
      ).toEqual(before);
      expect(total).toBe(before.length);
    }
  });

  it('never repeats or skips a commission, for the admin and a payee', async () => {
    const pf = await loginAs(ctx, 'punto_fisico');
    const punto = await insertPuntoFisico(ctx.db, { utenteResponsabileId: pf.user.id });
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: punto.id, servizi: ['luce'] });
    const commission = (dataCompletamento?: Date) =>
      insertCommissione(ctx.db, {
        praticaId: pratica.id,
        servizioId: pratica.servizi[0].id,
        puntoFisicoId: punto.id,
        payeePuntoFisicoId: pf.user.id,
        ...(dataCompletamento ? { dataCompletamento } : {}),
      });
    const base = Date.parse('2026-03-01T10:00:00Z');
    for (let i = 0; i < 13; i++) await commission(new Date(base + Math.floor(i / 2) * 60_000));
    let arrivals = 0;
    // A commission made now (page 1), and one dated among the pages already read.
    const arrive = () =>
      Promise.all([commission(), commission(new Date(base + (arrivals++ + 2) * 60_000 + 1))]);
    const fresh = async (fino: number, payee?: number) =>
      (
        await ctx.db
          .select({ id: commissioni.id })
          .from(commissioni)
          .where(
            sql`${commissioni.id} <= ${fino} and (${payee ?? null}::int is null or ${commissioni.payeePuntoFisicoId} = ${payee ?? null}::int)`,
          )
          .orderBy(sql`${commissioni.dataCompletamento} desc, ${commissioni.id} desc`)
      ).map((r) => r.id);

    for (const [cookie, payee] of [
      [pf.cookie, pf.user.id],
      [world.admin, undefined],
    ] as const) {
      const { seen, fino, total } = await readAllCursorPages('/api/commissioni', cookie, arrive, commissioni);
      // Every commission that was there when the first page was read, once, newest first (one that
      // arrived dated after a cursor may show too).
      const before = await fresh(fino, payee);
      expect(seen.filter((id) => id <= fino)).toEqual(before);
      expect(total).toBe(before.length);
    }
  });
});

describe('pagination while points and users are added', () => {
  it('never repeats or skips a point, wherever the new ones sort, for the admin and an area manager', async () => {
    const am = await loginAs(ctx, 'area_manager');
    const t = `Pagine${Date.now().toString(36)}`;
    const point = (name: string) =>
      insertPuntoFisico(ctx.db, { nomeAttivita: `${name} ${t}`, areaManagerId: am.user.id });
    for (let i = 0; i < 13; i++) await point(`M${String(i).padStart(2, '0')}`);
    // Added between pages: one sorting first, one among the pages already read, one last.
    const arrive = () => Promise.all([point('A'), point('M05b'), point('Z')]);
    const fresh = async (fino: number) =>
      (
        await ctx.db
          .select({ id: puntiFisici.id })
          .from(puntiFisici)
          .where(sql`${puntiFisici.id} <= ${fino} and ${puntiFisici.nomeAttivita} like ${`% ${t}`}`)
          .orderBy(puntiFisici.nomeAttivita, puntiFisici.id)
      ).map((r) => r.id);
    for (const cookie of [world.admin, am.cookie]) {
      const { seen, fino, total } = await readAllCursorPages(
        `/api/punti-fisici?q=${t}`,
        cookie,
        arrive,
        puntiFisici,
      );
      const before = await fresh(fino);
      expect(seen.filter((id) => id <= fino)).toEqual(before);
      expect(total).toBe(before.length);
    }
  });

  it('never repeats or skips a user while users are added', async () => {
    const t = `Pagine${Date.now().toString(36)}`;
    const user = () => insertUser(ctx.db, { role: 'agente', lastName: t });
    for (let i = 0; i < 12; i++) await user();
    const arrive = () => Promise.all([user(), user()]);
    const { seen, fino, total } = await readAllCursorPages(`/api/users?q=${t}`, world.admin, arrive, users);
    const fresh = (
      await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.id} <= ${fino} and ${users.lastName} = ${t}`)
        .orderBy(sql`${users.createdAt} desc, ${users.id} desc`)
    ).map((r) => r.id);
    expect(seen.filter((id) => id <= fino)).toEqual(fresh);
    expect(total).toBe(fresh.length);
  });
});
