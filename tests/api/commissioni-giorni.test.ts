import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCents, toCents } from '#shared/money.ts';
import type { Role } from '#shared/permissions.ts';
import { isTransactionConflict, retryOnConflict } from '#server/db/conflicts.ts';
import { commissioni, puntiFisici } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';
import { getDashboardStats } from '#server/modules/dashboard/dashboard.service.ts';
import { getPuntoFisicoStats } from '#server/modules/punti-fisici/punti-fisici.service.ts';
import { insertCommissione, insertCommissioneConfig, insertPratica } from '#test/setup/factories.ts';
import { freshSums, keptSums, rows } from '#test/setup/derived-tables.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld } from '#test/setup/world.ts';

/**
 * The per-day commission sums kept by triggers (docs/performance.md#somme-delle-commissioni)
 * against a fresh sum over commissioni after every kind of change, and the dashboard and point
 * figures against fresh sums for every role.
 */

let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildTwoShopWorld>>;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildTwoShopWorld(ctx);
  await insertCommissioneConfig(ctx.db, { codice: 'ENEL', servizio: 'luce' });
});
afterAll(async () => ctx?.close());

async function expectSumsFresh(step: string) {
  expect(await keptSums(ctx.db), step).toEqual(await freshSums(ctx.db));
}

function setStatus(id: number, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/servizi/${id}/status`,
    headers: { cookie: world.admin },
    payload,
  });
}
const completa = { stato: 'completato', fornitore: 'ENEL', ridPresente: true, numeroForniture: 1 };
const ko = { stato: 'ko', koMotivazione: 'cliente_non_interessato' };

function payeesOf(punto: typeof world.puntoA) {
  return {
    puntoFisicoId: punto.id,
    payeePuntoFisicoId: punto.utenteResponsabileId,
    payeeAgenteId: punto.agenteId,
    payeeAreaManagerId: punto.areaManagerId,
  };
}

describe('per-day commission sums equal a fresh sum after every kind of change', () => {
  it('completion, payment, storno, deletion', async () => {
    await expectSumsFresh('empty');
    const {
      servizi: [luce],
    } = await insertPratica(ctx.db, { puntoFisicoId: world.puntoA.id, servizi: ['luce'] });
    const done = await setStatus(luce.id, completa);
    expect(done.statusCode, done.body).toBe(200);
    await expectSumsFresh('a service completed');
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
    await expectSumsFresh('paid');
    const unpaid = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/commissioni/${commissione.id}/payment`,
      headers: { cookie: world.admin },
      payload: { status: 'non_pagato' },
    });
    expect(unpaid.statusCode).toBe(200);
    await expectSumsFresh('payment undone');
    await ctx.db
      .update(commissioni)
      .set({ statoPagamento: 'pagato' })
      .where(eq(commissioni.id, commissione.id));
    await expectSumsFresh('paid again');
    // The paid commission was completed last month: its storno lands today, in another period.
    await ctx.db
      .update(commissioni)
      .set({ dataCompletamento: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(commissioni.id, commissione.id));
    await expectSumsFresh('completion moved to the previous month');
    expect((await setStatus(luce.id, ko)).statusCode).toBe(200);
    await expectSumsFresh('storno across a period boundary');

    const other = await insertPratica(ctx.db, { puntoFisicoId: world.puntoB.id, servizi: ['luce'] });
    expect((await setStatus(other.servizi[0].id, completa)).statusCode).toBe(200);
    expect((await setStatus(other.servizi[0].id, ko)).statusCode).toBe(200);
    await expectSumsFresh('unpaid commission withdrawn (deleted)');
    expect((await setStatus(other.servizi[0].id, completa)).statusCode).toBe(200);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/pratiche/${other.id}`,
      headers: { cookie: world.admin },
    });
    expect(deleted.statusCode).toBe(204);
    await expectSumsFresh('practice deleted with its commissions');
  });

  it('bulk insert, amounts and payees changed, commissions without a point, a point deleted', async () => {
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: world.puntoA.id, servizi: ['luce', 'gas'] });
    const [s1, s2] = pratica.servizi;
    const base = { praticaId: pratica.id, tipoServizio: 'luce' as const, customerName: 'Luca Ferri' };
    await ctx.db.insert(commissioni).values([
      // Rome days around both DST changes and a month end.
      {
        ...base,
        servizioId: s1.id,
        ...payeesOf(world.puntoA),
        dataCompletamento: new Date('2026-03-28T22:59:59Z'),
        importoPuntoFisico: '10.01',
        importoAgente: '5.05',
        importoAreaManager: '1.10',
        importoAmministrazione: '20.20',
      },
      {
        ...base,
        servizioId: s1.id,
        ...payeesOf(world.puntoA),
        dataCompletamento: new Date('2026-03-28T23:00:00Z'),
        importoPuntoFisico: '0.01',
        importoAgente: '0',
        importoAreaManager: '0',
        importoAmministrazione: '0.03',
      },
      {
        ...base,
        servizioId: s2.id,
        ...payeesOf(world.puntoB),
        dataCompletamento: new Date('2026-03-31T21:59:59Z'),
        importoPuntoFisico: '7.00',
        importoAgente: '3.00',
        importoAreaManager: '1.00',
        importoAmministrazione: '0',
      },
      {
        ...base,
        servizioId: s2.id,
        ...payeesOf(world.puntoB),
        dataCompletamento: new Date('2026-03-31T22:00:00Z'),
        importoPuntoFisico: '-7.00',
        importoAgente: '-3.00',
        importoAreaManager: '-1.00',
        importoAmministrazione: '-9.99',
      },
      {
        ...base,
        servizioId: s2.id,
        puntoFisicoId: null,
        payeePuntoFisicoId: null,
        payeeAgenteId: world.agA.user.id,
        payeeAreaManagerId: null,
        dataCompletamento: new Date('2026-10-24T21:59:59Z'),
        importoPuntoFisico: '0',
        importoAgente: '2.22',
        importoAreaManager: '0',
        importoAmministrazione: '4.44',
      },
      {
        ...base,
        servizioId: s2.id,
        ...payeesOf(world.puntoA),
        dataCompletamento: new Date('2026-10-24T22:00:00Z'),
        importoPuntoFisico: '0.10',
        importoAgente: '0.20',
        importoAreaManager: '0.30',
        importoAmministrazione: '0.40',
      },
    ]);
    await expectSumsFresh('several commissions in one statement');
    await ctx.db
      .update(commissioni)
      .set({ importoAgente: sql`${commissioni.importoAgente} + 1.11`, payeeAreaManagerId: world.amB.user.id })
      .where(eq(commissioni.servizioId, s1.id));
    await expectSumsFresh('amounts and a payee changed in one statement');
    await ctx.db
      .update(commissioni)
      .set({ statoPagamento: 'pagato' })
      .where(eq(commissioni.praticaId, pratica.id));
    await expectSumsFresh('several commissions paid in one statement');
    await ctx.db
      .update(commissioni)
      .set({ statoPagamento: 'non_pagato', importoAgente: '0' })
      .where(eq(commissioni.servizioId, s2.id));
    await expectSumsFresh('payment undone and an amount set to 0 in one statement');

    const punto = await ctx.db
      .insert(puntiFisici)
      .values({
        nomeAttivita: 'Edicola Gamma',
        indirizzo: 'Via Roma 1, Milano',
        utenteResponsabileId: world.pfB.user.id,
        landingCode: 'WE-GAMMA-1',
      })
      .returning();
    const gamma = await insertPratica(ctx.db, { puntoFisicoId: punto[0].id, servizi: ['luce'] });
    await insertCommissione(ctx.db, {
      praticaId: gamma.id,
      servizioId: gamma.servizi[0].id,
      puntoFisicoId: punto[0].id,
      payeePuntoFisicoId: world.pfB.user.id,
    });
    await expectSumsFresh('a commission of a third point');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/punti-fisici/${punto[0].id}`,
      headers: { cookie: world.admin },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    await expectSumsFresh('point deleted: its commissions lose the point');
    await ctx.db.delete(commissioni).where(eq(commissioni.praticaId, pratica.id));
    await expectSumsFresh('bulk delete');
  });
});

/** A role's figures by the old rule: a fresh sum of its amount over its commissions. */
async function freshFigures(actor: Actor, now: Date, puntoFisicoId?: number) {
  const amount = {
    admin: sql`importo_amministrazione`,
    amministrazione: sql`importo_punto_fisico + importo_agente + importo_area_manager + importo_amministrazione`,
    punto_fisico: sql`importo_punto_fisico`,
    agente: sql`importo_agente`,
    area_manager: sql`importo_area_manager`,
  }[actor.role];
  const scope = {
    admin: sql`true`,
    amministrazione: sql`importo_amministrazione <> 0`,
    punto_fisico: sql`payee_punto_fisico_id = ${actor.id}`,
    agente: sql`payee_agente_id = ${actor.id}`,
    area_manager: sql`payee_area_manager_id = ${actor.id}`,
  }[actor.role];
  const punto = puntoFisicoId === undefined ? sql`true` : sql`punto_fisico_id = ${puntoFisicoId}`;
  const day = sql`(data_completamento at time zone 'Europe/Rome')::date`;
  const today = sql`(${now.toISOString()}::timestamptz at time zone 'Europe/Rome')::date`;
  const [row] = await rows<{ total: string; today: string; todayOn: string; month: string; monthOn: string }>(
    ctx.db,
    sql`select coalesce(sum(${amount}), 0)::numeric(14,2)::text as total,
      coalesce(sum(${amount}) filter (where ${day} = ${today}), 0)::numeric(14,2)::text as today,
      coalesce(sum(${amount}) filter (where ${day} >= ${today}), 0)::numeric(14,2)::text as "todayOn",
      coalesce(sum(${amount}) filter (where date_trunc('month', ${day}) = date_trunc('month', ${today})), 0)::numeric(14,2)::text as month,
      coalesce(sum(${amount}) filter (where ${day} >= date_trunc('month', ${today})), 0)::numeric(14,2)::text as "monthOn"
      from commissioni where ${scope} and ${punto}`,
  );
  return row;
}

describe('dashboard and point figures equal fresh sums for every role', () => {
  const nows = [
    new Date(), // today
    new Date('2026-03-28T23:30:00Z'), // 00:30 on the day summer time starts
    new Date('2026-03-31T22:30:00Z'), // 00:30 on 1 April (Rome), a month boundary
    new Date('2026-10-24T22:30:00Z'), // 00:30 on the day summer time ends
  ];
  it.each(['admin', 'amministrazione', 'punto_fisico', 'agente', 'area_manager'] as Role[])(
    '%s',
    async (role) => {
      const a = world.puntoA;
      const p = await insertPratica(ctx.db, { puntoFisicoId: a.id, servizi: ['luce'] });
      await insertCommissione(ctx.db, {
        praticaId: p.id,
        servizioId: p.servizi[0].id,
        ...payeesOf(a),
        dataCompletamento: new Date('2026-03-29T08:00:00Z'),
      });
      const userId = {
        admin: 0,
        amministrazione: world.amministrazione.user.id,
        punto_fisico: world.pfA.user.id,
        agente: world.agA.user.id,
        area_manager: world.amA.user.id,
      }[role];
      const actor = { id: userId, role, email: 'x@esempio.it', firstName: 'X', lastName: 'Y' } as Actor;
      const fmt = (v: string) => toCents(v);
      for (const now of nows) {
        const stats = await getDashboardStats(ctx.db, actor, now);
        const fresh = await freshFigures(actor, now);
        expect(
          [stats.totalCommissions, stats.commissionsToday, stats.commissionsThisMonth].map(fmt),
          `${role} ${now.toISOString()}`,
        ).toEqual([fresh.total, fresh.today, fresh.month].map(fmt));
        const point = await getPuntoFisicoStats(ctx.db, actor, a.id, now);
        const freshPoint = await freshFigures(actor, now, a.id);
        expect(
          [point.totalCommissions, point.commissionsToday, point.commissionsThisMonth].map(fmt),
          `${role} punto ${now.toISOString()}`,
        ).toEqual([freshPoint.total, freshPoint.todayOn, freshPoint.monthOn].map(fmt));
      }
    },
  );
});

describe('Commissioni summary and total equal a fresh computation for every role', () => {
  const queries = [
    '',
    '?status=pagato',
    '?status=non_pagato',
    '?dataInizio=2026-03-29&dataFine=2026-04-01',
    '?dataInizio=2026-03-29',
    '?dataFine=2026-03-31&status=non_pagato',
    `?dataInizio=${new Date().toISOString().slice(0, 10)}&status=pagato`,
  ];
  it.each(['admin', 'amministrazione', 'punto_fisico', 'agente', 'area_manager'] as Role[])(
    '%s',
    async (role) => {
      // A paid commission and its storno, and one whose structure amount is 0, in scope of shop A.
      const a = world.puntoA;
      const p = await insertPratica(ctx.db, { puntoFisicoId: a.id, servizi: ['luce', 'gas'] });
      const [paid] = await ctx.db
        .insert(commissioni)
        .values([
          {
            praticaId: p.id,
            servizioId: p.servizi[0].id,
            tipoServizio: 'luce',
            customerName: 'Luca Ferri',
            ...payeesOf(a),
            statoPagamento: 'pagato',
            dataCompletamento: new Date('2026-03-31T21:30:00Z'),
            importoPuntoFisico: '12.34',
            importoAgente: '0',
            importoAreaManager: '2.01',
            importoAmministrazione: '0',
          },
        ])
        .returning();
      await insertCommissione(ctx.db, {
        praticaId: p.id,
        servizioId: p.servizi[1].id,
        ...payeesOf(a),
        stornoOfId: paid.id,
        importoPuntoFisico: '-12.34',
        importoAgente: '0',
        importoAreaManager: '-2.01',
        importoAmministrazione: '0',
      });
      const id = {
        admin: 0,
        amministrazione: 0,
        punto_fisico: world.pfA.user.id,
        agente: world.agA.user.id,
        area_manager: world.amA.user.id,
      }[role];
      const amount = {
        admin: sql`importo_amministrazione`,
        amministrazione: sql`importo_punto_fisico + importo_agente + importo_area_manager + importo_amministrazione`,
        punto_fisico: sql`importo_punto_fisico`,
        agente: sql`importo_agente`,
        area_manager: sql`importo_area_manager`,
      }[role];
      const scope = {
        admin: sql`true`,
        amministrazione: sql`importo_amministrazione <> 0`,
        punto_fisico: sql`payee_punto_fisico_id = ${id} and importo_punto_fisico <> 0`,
        agente: sql`payee_agente_id = ${id} and importo_agente <> 0`,
        area_manager: sql`payee_area_manager_id = ${id} and importo_area_manager <> 0`,
      }[role];
      const m = (v: string) => fromCents(toCents(v));
      for (const query of queries) {
        const params = new URLSearchParams(query);
        const day = sql`(data_completamento at time zone 'Europe/Rome')::date`;
        const status = params.get('status');
        const from = params.get('dataInizio');
        const to = params.get('dataFine');
        const where = sql.join(
          [
            scope,
            status ? sql`stato_pagamento = ${status}` : sql`true`,
            from ? sql`${day} >= ${from}::date` : sql`true`,
            to ? sql`${day} <= ${to}::date` : sql`true`,
          ],
          sql` and `,
        );
        const sumOf = (filter: ReturnType<typeof sql>) =>
          sql`coalesce(sum(${amount}) filter (where ${filter}), 0)::text`;
        const [fresh] = await rows<Record<string, string>>(
          ctx.db,
          sql`select count(*)::int as righe, ${sumOf(sql`true`)} as totale,
            ${sumOf(sql`stato_pagamento = 'non_pagato'`)} as "daIncassare",
            ${sumOf(sql`stato_pagamento = 'pagato'`)} as incassate,
            ${sumOf(sql`storno_of_id is not null`)} as storni,
            ${sumOf(sql`storno_of_id is not null and stato_pagamento = 'non_pagato'`)} as "storniDaIncassare",
            ${sumOf(sql`storno_of_id is not null and stato_pagamento = 'pagato'`)} as "storniIncassati"
            from commissioni where ${where}`,
        );
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/commissioni${query}`,
          headers: { cookie: world.cookies[role] },
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        // What is still in maturazione has its own test (tests/api/maturazione.test.ts).
        const { maturazione: _maturazione, ...summary } = body.summary;
        expect({ total: body.total, summary }, `${role} ${query}`).toEqual({
          total: Number(fresh.righe),
          summary: {
            totale: m(fresh.totale),
            daIncassare: m(fresh.daIncassare),
            incassate: m(fresh.incassate),
            storni: {
              totale: m(fresh.storni),
              daIncassare: m(fresh.storniDaIncassare),
              incassate: m(fresh.storniIncassati),
            },
          },
        });
      }
    },
  );
});

describe('per-day commission sums under concurrent changes', () => {
  it('commissions moved between days by concurrent statements leave the sums exact', async () => {
    // Eight connections on PostgreSQL (PGlite runs one statement at a time): each statement moves
    // four commissions to random days, so each changes the company's rows of several days at once,
    // as payments, storni and back-dated completions do.
    const days = ['2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05', '2026-02-06'];
    const moved: number[] = [];
    for (const punto of [world.puntoA, world.puntoB]) {
      const { id: praticaId, servizi } = await insertPratica(ctx.db, {
        puntoFisicoId: punto.id,
        servizi: ['luce', 'luce', 'luce', 'luce', 'luce', 'luce', 'luce', 'luce'],
      });
      for (const s of servizi)
        moved.push((await insertCommissione(ctx.db, { praticaId, servizioId: s.id, ...payeesOf(punto) })).id);
    }
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    const worker = async () => {
      for (let i = 0; i < 40; i++) {
        const ids = [0, 1, 2, 3].map(() => moved[next(moved.length)]);
        const cases = ids.map((id) => sql`when ${id} then ${days[next(days.length)]}::timestamptz`);
        // Two statements locking the same commissions in another order can deadlock: like the
        // application's writers, a worker runs the aborted statement again.
        await retryOnConflict(
          () =>
            ctx.db.execute(sql`
              update commissioni set data_completamento = case id ${sql.join(cases, sql` `)} end
              where id in (${sql.join(ids, sql`, `)})`),
          5,
        );
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await expectSumsFresh('after concurrent moves');
  });

  // A payment or a deletion is one statement, but its triggers lock the day sums after the
  // commission's row: another transaction holding those days and then asking for the commission
  // is a deadlock, which PostgreSQL breaks by aborting the request's statement. It runs again.
  it.runIf(process.env.TEST_DATABASE_URL).each([
    {
      change: 'a payment',
      request: (id: number) => ({
        method: 'PATCH' as const,
        url: `/api/commissioni/${id}/payment`,
        payload: { status: 'pagato' },
      }),
      status: 200,
    },
    {
      change: 'a deletion',
      request: (id: number) => ({ method: 'DELETE' as const, url: `/api/commissioni/${id}` }),
      status: 204,
    },
  ])('$change aborted for a deadlock runs again and commits', async ({ request, status }) => {
    const giorno = '2026-03-10';
    type Answer = Awaited<ReturnType<typeof ctx.app.inject>>;
    /**
     * Holds the day sums, sends the request, and once its statement waits for them asks for the
     * commission the statement has locked. Answers whether PostgreSQL broke the deadlock by
     * aborting the request's statement: it looks for one once, deadlock_timeout after a wait
     * starts, so on a busy machine this transaction may ask after the request's look and be the
     * one aborted instead (the request then simply commits).
     */
    async function provoke(id: number): Promise<{ answer: Answer; requestAborted: boolean }> {
      let sent: Promise<Answer> | undefined;
      let requestAborted = true;
      try {
        await ctx.db.transaction(async (tx) => {
          await tx.execute(sql`select 1 from commissioni_giorni where giorno = ${giorno} for update`);
          sent = ctx.app.inject({ ...request(id), headers: { cookie: world.admin } });
          for (let waited = 0; ; waited += 20) {
            const waiting = await ctx.db.execute(sql`
              select 1 from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'
                and query ~* '^(update|delete from) "commissioni"'`);
            if ((waiting as unknown as { rows: unknown[] }).rows.length > 0) break;
            if (waited > 10_000) throw new Error('the request never waited for the day sums');
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          // Granted while this transaction still holds the days the statement waits for: the
          // statement, which held this row, was aborted.
          await tx.execute(sql`select 1 from commissioni where id = ${id} for update`);
        });
      } catch (error) {
        if (!isTransactionConflict(error)) throw error;
        requestAborted = false;
      } finally {
        // Never leave the request running into the next step or test.
        await sent?.catch(() => undefined);
      }
      return { answer: (await sent)!, requestAborted };
    }

    let aborted = false;
    for (let attempt = 1; attempt <= 5 && !aborted; attempt++) {
      const { id: praticaId, servizi } = await insertPratica(ctx.db, {
        puntoFisicoId: world.puntoA.id,
        servizi: ['luce'],
      });
      const { id } = await insertCommissione(ctx.db, {
        praticaId,
        servizioId: servizi[0].id,
        ...payeesOf(world.puntoA),
        dataCompletamento: new Date(`${giorno}T10:00:00Z`),
      });
      const { answer, requestAborted } = await provoke(id);
      aborted = requestAborted;
      expect(answer.statusCode, answer.body).toBe(status);
      const [row] = await ctx.db
        .select({ stato: commissioni.statoPagamento })
        .from(commissioni)
        .where(eq(commissioni.id, id));
      expect(row?.stato).toBe(status === 204 ? undefined : 'pagato');
      await expectSumsFresh(`after ${request(id).method}, attempt ${attempt}`);
    }
    expect(aborted, "PostgreSQL never aborted the request's statement").toBe(true);
  });
});
