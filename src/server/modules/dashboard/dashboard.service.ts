import { count, desc, sql } from 'drizzle-orm';
import { SERVIZI_PRINCIPALI, SERVIZIO_STATI, SERVIZIO_TIPI, type ServizioStato } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { fromCents, normalizeMoney } from '#shared/money.ts';
import { can } from '#shared/permissions.ts';
import {
  DASHBOARD_RECENT_LIMIT,
  DASHBOARD_TREND_MONTHS,
  type DashboardStats,
  type MonthlyStat,
  type RecentCommissione,
  type RecentPratica,
  type ServiceStat,
} from '#shared/schemas/dashboard.ts';
import { addRomeDays, romeDateKey, romeParts, romeWallTimeToDate, startOfRomeDay } from '#shared/time.ts';
import type { Database } from '#server/db/client.ts';
import { commissioni, commissioniGiorni, pratiche, puntiFisici } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';
import {
  commissionAmountFor,
  commissionDaySums,
  commissioniScope,
} from '#server/modules/commissioni/commissioni.scope.ts';
import { toCommissione } from '#server/modules/commissioni/commissioni.service.ts';
import { sumInMaturazione } from '#server/modules/commissioni/maturazione-sums.ts';
import { leadsTotalSql, pointCountersQuery, type Voce } from '#server/modules/punti-fisici/contatori.ts';
import { praticheScope, puntiScope } from '#server/modules/punti-fisici/scope.ts';

/** Completed services / leads as a percentage with one decimal, in integers; 0 with no leads. */
export function conversionRate(completed: number, totalLeads: number): number {
  if (totalLeads <= 0) return 0;
  return Math.round((completed * 1000) / totalLeads) / 10;
}

interface MonthWindow {
  key: string;
  label: string;
  start: Date;
  end: Date;
}

/** The last `n` Europe/Rome calendar months, oldest first, the current one last. */
export function lastRomeMonths(now: Date, n = DASHBOARD_TREND_MONTHS): MonthWindow[] {
  const { year, month } = romeParts(now);
  const months: MonthWindow[] = [];
  for (let i = n - 1; i >= 0; i--) {
    // romeWallTimeToDate normalises month 0, -1, … into the previous year.
    const start = romeWallTimeToDate(year, month - i, 1);
    const end = romeWallTimeToDate(year, month - i + 1, 1);
    const p = romeParts(start);
    months.push({
      key: `${p.year}-${String(p.month).padStart(2, '0')}`,
      label: `${msg.dashboard.mesi[p.month - 1]} ${p.year}`,
      start,
      end,
    });
  }
  return months;
}

/** A Rome calendar day as `giorno` is stored: yyyy-MM-dd. */
const day = (date: Date) => romeDateKey(date);
const onDays = (from: string, to: string) =>
  sql`${commissioniGiorni.giorno} >= ${from} and ${commissioniGiorni.giorno} < ${to}`;

/**
 * Totals, today, this month and the 6-month trend of the caller's own amount, in one query over
 * its rows of the per-day sums (docs/performance.md#somme-delle-commissioni): a few hundred
 * rows whatever the number of commissions.
 */
async function commissionSums(db: Database, actor: Actor, now: Date) {
  const today = day(now);
  const tomorrow = day(addRomeDays(startOfRomeDay(now), 1));
  const months = lastRomeMonths(now);
  const current = months[months.length - 1];
  const sumOf = (filter?: ReturnType<typeof onDays>) =>
    filter
      ? sql<string>`coalesce(sum(${commissioniGiorni.importo}) filter (where ${filter}), 0)::text`
      : sql<string>`coalesce(sum(${commissioniGiorni.importo}), 0)::text`;
  const columns: Record<string, ReturnType<typeof sumOf>> = {
    total: sumOf(),
    today: sumOf(onDays(today, tomorrow)),
    month: sumOf(onDays(day(current.start), day(current.end))),
  };
  months.forEach((m, i) => (columns[`m${i}`] = sumOf(onDays(day(m.start), day(m.end)))));
  const [row] = await db.select(columns).from(commissioniGiorni).where(commissionDaySums(actor));
  const monthlyStats: MonthlyStat[] = months.map((m, i) => ({
    month: m.key,
    label: m.label,
    commissioni: normalizeMoney(row[`m${i}`]),
  }));
  return {
    total: normalizeMoney(row.total),
    today: normalizeMoney(row.today),
    month: normalizeMoney(row.month),
    monthlyStats,
  };
}

async function recentCommissions(db: Database, actor: Actor): Promise<RecentCommissione[]> {
  const rows = await db
    .select({ c: commissioni, userCommission: sql<string>`(${commissionAmountFor(actor)})::text` })
    .from(commissioni)
    .where(commissioniScope(actor))
    .orderBy(desc(commissioni.dataCompletamento), desc(commissioni.id))
    .limit(DASHBOARD_RECENT_LIMIT);
  return rows.map(({ c, userCommission }) => ({
    id: c.id,
    praticaId: c.praticaId,
    tipoServizio: c.tipoServizio,
    dataCompletamento: c.dataCompletamento.toISOString(),
    userCommission: normalizeMoney(userCommission),
    // The commission list's own rule: a scoped role's badge is about its own bonus only.
    hasBonus: toCommissione(actor, { c, codice: null, fornitoreNome: null, puntoFisicoNome: null }).hasBonus,
  }));
}

/**
 * The dashboard's counts in one statement (docs/performance.md#contatori): the actor's leads and
 * its services per type and status summed over its points' counters, and its points (all, active).
 */
async function dashboardCounts(db: Database, actor: Actor) {
  const voci = SERVIZIO_TIPI.flatMap((tipo) =>
    SERVIZIO_STATI.map((stato): Voce => `servizi|${tipo}|${stato}`),
  );
  const punti = db
    .select({
      total: count().as('total'),
      active: sql<number>`count(*) filter (where ${puntiFisici.isActive})`.as('active'),
    })
    .from(puntiFisici)
    .where(puntiScope(actor));
  const result = await db.execute(sql`select
      ${leadsTotalSql(actor)} as leads,
      (select row_to_json(p) from (${punti}) p) as punti,
      ${
        // Only the office's figures and the admin's charts show services: a shop, an agent or an
        // area manager would sum its points' figures for nothing.
        can(actor.role, 'dashboard:management') || can(actor.role, 'dashboard:charts')
          ? sql`(select coalesce(json_object_agg(s.voce, s.n), '{}') from (${pointCountersQuery(db, actor, voci)}) s)`
          : sql`'{}'::json`
      } as servizi`);
  const [row] = (
    result as {
      rows: Array<{
        leads: number;
        punti: { total: number; active: number };
        servizi: Record<string, number>;
      }>;
    }
  ).rows;
  const counts = new Map(Object.entries(row.servizi));
  const byStato = (stato: ServizioStato) =>
    SERVIZIO_TIPI.reduce((sum, tipo) => sum + Number(counts.get(`servizi|${tipo}|${stato}`) ?? 0), 0);
  const byTipo = new Map(
    SERVIZIO_TIPI.map((tipo) => [tipo as string, Number(counts.get(`servizi|${tipo}|completato`) ?? 0)]),
  );
  return {
    totalLeads: Number(row.leads),
    myPoints: Number(row.punti.total),
    activePoints: Number(row.punti.active),
    servizi: {
      total: SERVIZIO_STATI.reduce((sum, stato) => sum + byStato(stato), 0),
      completati: byStato('completato'),
      inseriti: byStato('inserito'),
      inLavorazione: byStato('in_lavorazione'),
      completatiPerTipo: byTipo,
    },
  };
}

async function recentPratiche(db: Database, actor: Actor): Promise<RecentPratica[]> {
  const rows = await db
    .select({
      id: pratiche.id,
      dataCreazione: pratiche.dataCreazione,
      statoPratica: pratiche.statoPratica,
      numeroServizi: sql<number>`(select count(*)::int from servizi s_count where s_count.pratica_id = "pratiche"."id")`,
    })
    .from(pratiche)
    .where(praticheScope(actor))
    .orderBy(desc(pratiche.dataCreazione), desc(pratiche.id))
    .limit(DASHBOARD_RECENT_LIMIT);
  return rows.map((r) => ({
    ...r,
    dataCreazione: r.dataCreazione.toISOString(),
    numeroServizi: Number(r.numeroServizi),
  }));
}

/** Completed services per type: the four main ones always, then any other type present. */
function serviceStats(completatiPerTipo: Map<string, number>): ServiceStat[] {
  const counts = new Map<string, number>(SERVIZI_PRINCIPALI.map((s) => [s, 0]));
  for (const [service, n] of completatiPerTipo) if (n > 0 || counts.has(service)) counts.set(service, n);
  return [...counts].map(([service, n]) => ({ service, count: n })).sort((a, b) => b.count - a.count);
}

/**
 * The dashboard stats of the caller, every number within its scope (docs/product/screens.md#dashboard):
 * leads and practices of its points, commissions it is a payee of, summed with its own amount.
 * Days and months are Europe/Rome ones. `now` is a parameter for the tests.
 */
export async function getDashboardStats(
  db: Database,
  actor: Actor,
  now = new Date(),
): Promise<DashboardStats> {
  const [{ totalLeads, myPoints, activePoints, servizi: counts }, sums, recent, inMaturazione] =
    await Promise.all([
      dashboardCounts(db, actor),
      commissionSums(db, actor, now),
      recentCommissions(db, actor),
      sumInMaturazione(db, commissioniScope(actor), commissionAmountFor(actor), now),
    ]);
  const points = { myPoints, activePoints };
  const stats: DashboardStats = {
    totalLeads,
    totalCommissions: sums.total,
    commissionsThisMonth: sums.month,
    commissionsToday: sums.today,
    commissionsInMaturazione: fromCents(inMaturazione.totale),
    myPoints: points.myPoints,
    activePoints: points.activePoints,
    monthlyStats: sums.monthlyStats,
    recentCommissions: recent,
  };
  if (can(actor.role, 'dashboard:management')) {
    const pratiche = await recentPratiche(db, actor);
    Object.assign(stats, {
      totalServizi: counts.total,
      serviziCompletati: counts.completati,
      serviziInseriti: counts.inseriti,
      serviziInLavorazione: counts.inLavorazione,
      conversionRate: conversionRate(counts.completati, totalLeads),
      recentPratiche: pratiche,
    });
  }
  if (can(actor.role, 'dashboard:charts')) stats.serviceStats = serviceStats(counts.completatiPerTipo);
  return stats;
}
