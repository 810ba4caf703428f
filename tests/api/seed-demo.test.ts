import { and, asc, count, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromRow } from '#server/modules/commissioni/commissioni.service.ts';
import { pgliteVacuumJob } from '#server/jobs/periodic-jobs.ts';
import {
  chiamate,
  commissioni,
  commissioniFornitori,
  fornitori,
  jobLeases,
  leads,
  pratiche,
  puntiFisici,
  servizi,
  serviziStorico,
  users,
} from '#server/db/schema.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  seedDemoData,
  type SeedDemoResult,
} from '#scripts/seed-demo/index.ts';
import { rebuildDerivedTables } from '#scripts/seed-demo/copy.ts';
import { DEMO_CONSULTANT_EMAIL } from '#server/db/seed.ts';
import { LANDING_CODE_PATTERN } from '#server/modules/punti-fisici/landing-code.ts';
import { isCallAllowed } from '#shared/calling-hours.ts';
import { computeCommission } from '#shared/commissioni/engine.ts';
import { DEMO_LANDING_CODE, KO_MOTIVAZIONI, SERVIZIO_STATI } from '#shared/domain.ts';
import { fromCents, toCents } from '#shared/money.ts';
import { derivePraticaStato } from '#shared/pratica-stato.ts';
import { ROLES } from '#shared/permissions.ts';
import { expectDerivedTablesFresh } from '#test/setup/derived-tables.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
let first: SeedDemoResult;
let second: SeedDemoResult;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  first = await seedDemoData(ctx.db, { leads: 20, seed: 7 });
  // Same seed again: the same names and choices, so only the uniqueness rules keep it from failing.
  // This time as a large load runs: without triggers, their tables computed again at the end.
  second = await seedDemoData(ctx.db, {
    leads: 20,
    seed: 7,
    bulkWithoutTriggers: true,
  });
}, 120_000);
afterAll(async () => ctx?.close());

describe('seed:demo at small size', () => {
  it('creates demo users of all five roles, each named account able to sign in with the demo password', async () => {
    const rows = await ctx.db
      .select({ role: users.role, n: count() })
      .from(users)
      .where(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`))
      .groupBy(users.role);
    expect(new Set(rows.map((r) => r.role))).toEqual(new Set(ROLES));
    for (const role of ROLES) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: DEMO_ACCOUNTS[role].email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().role).toBe(role);
    }
  });

  it("activates the demo point's consultant, who then signs in to the demo point with the demo password", async () => {
    const [consultant] = await ctx.db.select().from(users).where(eq(users.email, DEMO_CONSULTANT_EMAIL));
    expect(consultant.isActive).toBe(true);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_CONSULTANT_EMAIL, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.headers['set-cookie'];
    const points = await ctx.app.inject({
      method: 'GET',
      url: '/api/punti-fisici',
      headers: { cookie: Array.isArray(cookie) ? cookie.join('; ') : cookie! },
    });
    expect(points.json().items.map((p: { landingCode: string }) => p.landingCode)).toEqual([
      DEMO_LANDING_CODE,
    ]);
  });

  it('creates points of sale with landing codes and every combination of agent and area manager', async () => {
    const points = await ctx.db
      .select()
      .from(puntiFisici)
      .where(sql`${puntiFisici.landingCode} <> 'WE-FN2KFIPU'`);
    expect(points.length).toBe(first.puntiFisici + second.puntiFisici);
    for (const p of points) expect(p.landingCode).toMatch(LANDING_CODE_PATTERN);
    const combos = new Set(points.map((p) => `${p.agenteId != null}/${p.areaManagerId != null}`));
    expect(combos).toEqual(new Set(['true/true', 'true/false', 'false/true', 'false/false']));
  });

  it('creates leads with distinct phones and e-mails, and practices in all four service statuses', async () => {
    expect(first.leads).toBe(20);
    expect(second.leads).toBe(20);
    const [{ n }] = await ctx.db.select({ n: count() }).from(leads);
    expect(n).toBe(40);
    const stati = await ctx.db
      .select({ stato: servizi.stato, n: count() })
      .from(servizi)
      .groupBy(servizi.stato);
    expect(new Set(stati.map((s) => s.stato))).toEqual(new Set(SERVIZIO_STATI));
    for (const r of [first, second])
      for (const stato of SERVIZIO_STATI) expect(r.servizi[stato], stato).toBeGreaterThan(0);
    const ko = await ctx.db
      .select({ motivo: servizi.koMotivazione })
      .from(servizi)
      .where(eq(servizi.stato, 'ko'));
    for (const row of ko) expect(KO_MOTIVAZIONI).toContain(row.motivo);
  });

  it("gives 'Da chiamare' a believable day: waiting new leads, attempts, recalls, calls at allowed hours", async () => {
    const rows = await ctx.db
      .select({
        id: leads.id,
        stato: leads.statoContatto,
        aggiornato: leads.statoContattoAggiornatoAt,
        chiamataDa: leads.chiamataDa,
        fissata: leads.chiamataFissata,
      })
      .from(leads);
    const calls = await ctx.db.select().from(chiamate);
    const callsOf = (id: number) => calls.filter((c) => c.leadId === id);
    for (const r of rows) {
      const own = callsOf(r.id);
      const last = own.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
      if (r.stato === 'nuovo') {
        // Every new lead waits: from its arrival, its slot, or its next try after 'Non risponde'.
        expect(r.chiamataDa, `lead ${r.id}`).not.toBeNull();
        expect(own.every((c) => c.esito === 'non_risponde')).toBe(true);
        if (own.length > 0) expect(r.fissata).toBe(true);
      } else if (last?.esito === 'richiamare') {
        expect(r.chiamataDa?.toISOString()).toBe(last.richiamareAt?.toISOString());
        expect(r.fissata).toBe(true);
      } else {
        // Contacted or unreachable without a recall: out of the queue, its status from its last call.
        expect(r.chiamataDa, `lead ${r.id}`).toBeNull();
        if (last) expect(r.aggiornato?.toISOString()).toBe(last.createdAt.toISOString());
      }
    }
    expect(calls.length).toBeGreaterThan(rows.length / 2);
    expect(new Set(calls.map((c) => c.esito)).size).toBeGreaterThan(1);
    for (const c of calls) {
      expect(isCallAllowed(c.createdAt), c.createdAt.toISOString()).toBe(true);
      expect(c.createdAt.getTime()).toBeLessThan(Date.now());
    }
  });

  it('keeps every practice status in line with its services', async () => {
    const rows = await ctx.db
      .select({ id: pratiche.id, stato: pratiche.statoPratica, servizio: servizi.stato })
      .from(pratiche)
      .innerJoin(servizi, eq(servizi.praticaId, pratiche.id));
    const byPratica = new Map<number, { stato: string; servizi: Array<(typeof SERVIZIO_STATI)[number]> }>();
    for (const r of rows) {
      const entry = byPratica.get(r.id) ?? { stato: r.stato, servizi: [] };
      entry.servizi.push(r.servizio);
      byPratica.set(r.id, entry);
    }
    expect(byPratica.size).toBe(first.pratiche + second.pratiche);
    for (const [id, p] of byPratica) expect(p.stato, `pratica ${id}`).toBe(derivePraticaStato(p.servizi));
  });

  it('computes every commission with the engine, from the configuration, the service and the point', async () => {
    const rows = await ctx.db
      .select({ c: commissioni, s: servizi, f: fornitori, config: commissioniFornitori, p: puntiFisici })
      .from(commissioni)
      .innerJoin(servizi, eq(servizi.id, commissioni.servizioId))
      .innerJoin(fornitori, eq(fornitori.id, commissioni.fornitoreId))
      .innerJoin(
        commissioniFornitori,
        and(
          eq(commissioniFornitori.fornitoreId, fornitori.id),
          eq(commissioniFornitori.servizio, servizi.tipoServizio),
        ),
      )
      .innerJoin(puntiFisici, eq(puntiFisici.id, commissioni.puntoFisicoId))
      .where(isNull(commissioni.stornoOfId))
      .orderBy(asc(commissioni.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBe(first.commissioni - first.storni + second.commissioni - second.storni);
    const firstUnitSeen = new Set<number>();
    for (const { c, s, f, config, p } of rows) {
      // Payees are the point's people at completion.
      expect([c.payeePuntoFisicoId, c.payeeAgenteId, c.payeeAreaManagerId]).toEqual([
        p.utenteResponsabileId,
        p.agenteId,
        p.areaManagerId,
      ]);
      const isRental = s.tipoServizio === 'noleggio';
      // The first fixed-amount commission of a practice holds its base unit, the others none.
      const hasEarlierUnit = !isRental && firstUnitSeen.has(c.praticaId);
      if (!isRental) firstUnitSeen.add(c.praticaId);
      const expected = computeCommission({
        tipoServizio: s.tipoServizio,
        fornitore: f,
        config: configFromRow(config),
        ridPresente: s.ridPresente,
        numeroForniture: s.numeroForniture,
        hasEarlierUnit,
        roles: { puntoFisico: true, agente: p.agenteId != null, areaManager: p.areaManagerId != null },
        bonus: {
          puntoFisico: toCents(s.bonusPuntoFisico),
          agente: toCents(s.bonusAgente),
          areaManager: toCents(s.bonusAreaManager),
        },
        totaleVendita: isRental ? toCents(s.totaleVendita) : null,
      });
      expect(
        [c.importoPuntoFisico, c.importoAgente, c.importoAreaManager, c.importoAmministrazione],
        `commissione ${c.id}`,
      ).toEqual(
        [
          expected.importoPuntoFisico,
          expected.importoAgente,
          expected.importoAreaManager,
          expected.importoAmministrazione,
        ].map(fromCents),
      );
      expect(c.unitaBase).toBe(expected.unitaBase);
    }
  });

  it('backdates the workflow: each commission at its completion in the history, within the last six months', async () => {
    const now = Date.now();
    const rows = await ctx.db
      .select({ c: commissioni, at: serviziStorico.createdAt, pratica: pratiche.dataCreazione })
      .from(commissioni)
      .innerJoin(pratiche, eq(pratiche.id, commissioni.praticaId))
      .leftJoin(
        serviziStorico,
        and(eq(serviziStorico.servizioId, commissioni.servizioId), eq(serviziStorico.aStato, 'completato')),
      )
      .where(isNull(commissioni.stornoOfId));
    for (const { c, at, pratica } of rows) {
      expect(at?.getTime(), `commissione ${c.id}`).toBe(c.dataCompletamento.getTime());
      expect(c.dataCompletamento.getTime()).toBeGreaterThan(pratica.getTime());
      expect(c.dataCompletamento.getTime()).toBeLessThan(now);
      expect(c.dataCompletamento.getTime()).toBeGreaterThan(now - 200 * DAY);
      if (c.statoPagamento === 'pagato')
        expect(c.dataPagamento!.getTime()).toBeGreaterThan(c.dataCompletamento.getTime());
    }
    // Every service that moved has its history, written by the office staff.
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(servizi)
      .where(
        and(
          sql`${servizi.stato} <> 'inserito'`,
          sql`not exists (select 1 from servizi_storico h where h.servizio_id = ${servizi.id})`,
        ),
      );
    expect(n).toBe(0);
  });

  it('after a load without triggers, counters, lead scopes and per-day commission sums equal a fresh count', async () => {
    expect(second.leads).toBeGreaterThan(0);
    await expectDerivedTablesFresh(ctx.db, 'after the bulk run and its real workflow');
  });

  it('takes planner statistics before the real workflow, and ends with a VACUUM (ANALYZE) that covers the schede', async () => {
    const names = second.phases.map((p) => p.name);
    expect(names.indexOf('statistiche (ANALYZE)')).toBeGreaterThan(-1);
    expect(names.indexOf('statistiche (ANALYZE)')).toBeLessThan(names.indexOf('flusso reale dei servizi'));
    const analyzed = await ctx.db.execute<{ relname: string }>(
      sql`select relname from pg_stat_user_tables
          where relname in ('leads', 'pratiche', 'servizi', 'commissioni', 'schede_contratto')
            and last_analyze is not null`,
    );
    expect(
      (analyzed as unknown as { rows: Array<{ relname: string }> }).rows.map((r) => r.relname).sort(),
    ).toEqual(['commissioni', 'leads', 'pratiche', 'schede_contratto', 'servizi']);
    // The schede, filled after the first ANALYZE, have statistics of their own: without them the
    // leads list's duplicate probe scanned every scheda for each row (docs/performance.md#dati-demo-in-blocco).
    const schedeStats = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stats where tablename = 'schede_contratto'`,
    );
    expect((schedeStats as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBeGreaterThan(0);
    expect(second.phases.at(-1)?.name).toBe('VACUUM');
    if (ctx.handle.kind === 'pglite') {
      // Every page of the leads all-visible: an index-only scan reads no table page. (On the shared
      // PostgreSQL of the tests, other files' open snapshots may keep the newest rows from it.)
      const result = await ctx.db.execute<{ visible: number; pages: number }>(
        sql`select relallvisible::int as visible, relpages::int as pages from pg_class where relname = 'leads'`,
      );
      const [row] = (result as unknown as { rows: Array<{ visible: number; pages: number }> }).rows;
      expect(row.visible).toBe(row.pages);
      // That VACUUM is the embedded database's daily maintenance: the next server start does not
      // run it again before serving.
      const [lease] = await ctx.db.select().from(jobLeases).where(eq(jobLeases.name, pgliteVacuumJob.name));
      expect(lease.lastFinishedAt).not.toBeNull();
      expect(lease.lockedUntil.getTime()).toBeGreaterThan(Date.now() + pgliteVacuumJob.everyMs - 10 * 60_000);
    }
  });

  it('refuses a load whose rows point nowhere, naming the broken reference', async () => {
    // A history line of a service that does not exist, written as the bulk load writes (no FK check).
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into servizi_storico (servizio_id, a_stato) values (-1, 'inserito')`);
    });
    await expect(rebuildDerivedTables(ctx.db, ['servizi_storico'])).rejects.toThrow(
      'Dati demo non coerenti: servizi_storico viola servizi_storico_servizio_id_servizi_id_fk',
    );
    await ctx.db.execute(sql`delete from servizi_storico where servizio_id = -1`);
  });

  it('reuses the named accounts and configurations on the second run', () => {
    expect(first.accounts.every((a) => a.created)).toBe(true);
    expect(second.accounts.every((a) => !a.created)).toBe(true);
    expect(first.configurazioniCreate).toBeGreaterThan(0);
    expect(second.configurazioniCreate).toBe(0);
  });
});
