import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { CommissionConfig } from '#shared/commissioni/engine.ts';
import type { PagamentoStato } from '#shared/domain.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { normalizeMoney, toCents } from '#shared/money.ts';
import type {
  Commissione,
  CommissioneConfig,
  CommissioniFilters,
  CommissioniList,
  CommissioniSummary,
} from '#shared/schemas/commissione.ts';
import type { commissioneConfigBodySchema } from '#shared/schemas/commissione.ts';
import { addRomeDays, romeDateKey, romeDayStartFromKey } from '#shared/time.ts';
import { statoMaturazione } from '#shared/commissioni/maturazione.ts';
import type { z } from 'zod';
import { retryOnConflict } from '#server/db/conflicts.ts';
import type { Database } from '#server/db/client.ts';
import {
  commissioni,
  commissioniFornitori,
  commissioniGiorni,
  fornitori,
  puntiFisici,
} from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { decodeCursor, keysetPage } from '#server/lib/keyset.ts';
import type { Actor } from '#server/lib/actor.ts';
import {
  commissionAmountFor,
  commissionDaySums,
  commissioniScope,
} from '#server/modules/commissioni/commissioni.scope.ts';
import {
  maturazioneWhere,
  sumInMaturazione,
  summaryFor,
} from '#server/modules/commissioni/maturazione-sums.ts';

type ConfigRow = typeof commissioniFornitori.$inferSelect;
type CommissioneRow = typeof commissioni.$inferSelect;

/** The engine's view of a configuration row: cents, and hundredths of a percent. */
export function configFromRow(row: ConfigRow): CommissionConfig {
  return {
    commissionePuntoFisico: toCents(row.commissionePuntoFisico),
    commissioneAgente: toCents(row.commissioneAgente),
    commissioneAreaManager: toCents(row.commissioneAreaManager),
    ricavoBase: toCents(row.ricavoBase),
    bonusRid: toCents(row.bonusRid),
    commissioneAggiuntivaPuntoFisico: toCents(row.commissioneAggiuntivaPuntoFisico),
    commissioneAggiuntivaAgente: toCents(row.commissioneAggiuntivaAgente),
    commissioneAggiuntivaAreaManager: toCents(row.commissioneAggiuntivaAreaManager),
    commissioneAggiuntivaRidPuntoFisico: toCents(row.commissioneAggiuntivaRidPuntoFisico),
    commissioneAggiuntivaRidAgente: toCents(row.commissioneAggiuntivaRidAgente),
    commissioneAggiuntivaRidAreaManager: toCents(row.commissioneAggiuntivaRidAreaManager),
    percentualePuntoFisico: toCents(row.percentualePuntoFisico),
    percentualeAgente: toCents(row.percentualeAgente),
    percentualeAreaManager: toCents(row.percentualeAreaManager),
    percentualeStruttura: toCents(row.percentualeStruttura),
  };
}

function toConfig(row: ConfigRow, fornitore: { codice: string; nome: string }): CommissioneConfig {
  return {
    id: row.id,
    fornitoreId: row.fornitoreId,
    fornitore,
    servizio: row.servizio,
    ricavoBase: normalizeMoney(row.ricavoBase),
    bonusRid: normalizeMoney(row.bonusRid),
    commissionePuntoFisico: normalizeMoney(row.commissionePuntoFisico),
    commissioneAgente: normalizeMoney(row.commissioneAgente),
    commissioneAreaManager: normalizeMoney(row.commissioneAreaManager),
    commissioneAggiuntivaPuntoFisico: normalizeMoney(row.commissioneAggiuntivaPuntoFisico),
    commissioneAggiuntivaAgente: normalizeMoney(row.commissioneAggiuntivaAgente),
    commissioneAggiuntivaAreaManager: normalizeMoney(row.commissioneAggiuntivaAreaManager),
    commissioneAggiuntivaRidPuntoFisico: normalizeMoney(row.commissioneAggiuntivaRidPuntoFisico),
    commissioneAggiuntivaRidAgente: normalizeMoney(row.commissioneAggiuntivaRidAgente),
    commissioneAggiuntivaRidAreaManager: normalizeMoney(row.commissioneAggiuntivaRidAreaManager),
    percentualePuntoFisico: normalizeMoney(row.percentualePuntoFisico),
    percentualeAgente: normalizeMoney(row.percentualeAgente),
    percentualeAreaManager: normalizeMoney(row.percentualeAreaManager),
    percentualeStruttura: normalizeMoney(row.percentualeStruttura),
    stornoMesi: row.stornoMesi,
    stornoModo: row.stornoMesi == null ? null : row.stornoModo,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listConfigs(db: Database): Promise<CommissioneConfig[]> {
  const rows = await db
    .select({ c: commissioniFornitori, codice: fornitori.codice, nome: fornitori.nome })
    .from(commissioniFornitori)
    .innerJoin(fornitori, eq(fornitori.id, commissioniFornitori.fornitoreId))
    .orderBy(asc(fornitori.nome), asc(commissioniFornitori.servizio));
  return rows.map((r) => toConfig(r.c, { codice: r.codice, nome: r.nome }));
}

/** Upsert per supplier and service. Existing commissions keep the amounts they were computed with. */
export async function saveConfig(
  db: Database,
  actor: Actor,
  input: z.output<typeof commissioneConfigBodySchema>,
): Promise<{ config: CommissioneConfig; created: boolean }> {
  const [fornitore] = await db.select().from(fornitori).where(eq(fornitori.id, input.fornitoreId));
  if (!fornitore) throw AppError.badRequest(msg.fornitore.notFound, 'VALIDATION');
  if (!fornitore.serviziSupportati.includes(input.servizio)) {
    throw AppError.badRequest(
      fillMessage(msg.servizio.supplierDoesNotOffer, { nome: fornitore.nome, servizio: input.servizio }),
      'VALIDATION',
    );
  }
  const { fornitoreId, servizio, ...rest } = input;
  // No months, no rule: a mode alone means nothing (docs/product/commissions.md#regole-di-storno).
  const values = { ...rest, stornoModo: rest.stornoMesi == null ? null : rest.stornoModo };
  const [existing] = await db
    .select({ id: commissioniFornitori.id })
    .from(commissioniFornitori)
    .where(
      and(eq(commissioniFornitori.fornitoreId, fornitoreId), eq(commissioniFornitori.servizio, servizio)),
    );
  const [row] = await db
    .insert(commissioniFornitori)
    .values({ fornitoreId, servizio, ...values, updatedBy: actor.id })
    .onConflictDoUpdate({
      target: [commissioniFornitori.fornitoreId, commissioniFornitori.servizio],
      set: { ...values, updatedBy: actor.id, updatedAt: new Date() },
    })
    .returning();
  return { config: toConfig(row, { codice: fornitore.codice, nome: fornitore.nome }), created: !existing };
}

type CommissioneJoined = {
  c: CommissioneRow;
  codice: string | null;
  fornitoreNome: string | null;
  puntoFisicoNome: string | null;
  stornoId?: number | null;
};

/** Only the amounts the role may see are present; the others are absent from the JSON. */
export function toCommissione(
  actor: Actor,
  { c, codice, fornitoreNome, puntoFisicoNome, stornoId }: CommissioneJoined,
  now = new Date(),
): Commissione {
  const bonus = c.bonusApplicati ?? { puntoFisico: '0', agente: '0', areaManager: '0' };
  const base = {
    id: c.id,
    praticaId: c.praticaId,
    servizioId: c.servizioId,
    tipoServizio: c.tipoServizio,
    customerName: c.customerName,
    fornitore: codice,
    fornitoreNome,
    puntoFisicoId: c.puntoFisicoId,
    puntoFisicoNome,
    dataCompletamento: c.dataCompletamento.toISOString(),
    statoPagamento: c.statoPagamento,
    dataPagamento: c.dataPagamento?.toISOString() ?? null,
    notePagamento: c.notePagamento,
    hasBonus: c.hasBonus,
    unitaBase: c.unitaBase,
    unitaAggiuntive: c.unitaAggiuntive,
    stornoOfId: c.stornoOfId,
    stornoId: stornoId ?? null,
    // docs/product/commissions.md#maturazione
    dataContratto: c.dataContratto,
    canale: c.canale,
    fineRipensamento: c.fineRipensamento,
    // A storno, or a commission its storno settled, is neither.
    maturazione: c.stornoOfId == null && !stornoId ? statoMaturazione(c.fineRipensamento, now) : null,
    anticipo: c.anticipo,
    stornoDettaglio: c.stornoDettaglio,
  };
  switch (actor.role) {
    case 'admin':
    case 'amministrazione':
      return {
        ...base,
        importoPuntoFisico: normalizeMoney(c.importoPuntoFisico),
        importoAgente: normalizeMoney(c.importoAgente),
        importoAreaManager: normalizeMoney(c.importoAreaManager),
        importoAmministrazione: normalizeMoney(c.importoAmministrazione),
        bonusApplicati: {
          puntoFisico: normalizeMoney(bonus.puntoFisico),
          agente: normalizeMoney(bonus.agente),
          areaManager: normalizeMoney(bonus.areaManager),
        },
      };
    case 'area_manager':
      return {
        ...base,
        hasBonus: toCents(bonus.areaManager) !== 0,
        importoAreaManager: normalizeMoney(c.importoAreaManager),
        bonusApplicati: { areaManager: normalizeMoney(bonus.areaManager) },
      };
    case 'agente':
      return {
        ...base,
        hasBonus: toCents(bonus.agente) !== 0,
        importoAgente: normalizeMoney(c.importoAgente),
        bonusApplicati: { agente: normalizeMoney(bonus.agente) },
      };
    case 'punto_fisico':
      return {
        ...base,
        hasBonus: toCents(bonus.puntoFisico) !== 0,
        importoPuntoFisico: normalizeMoney(c.importoPuntoFisico),
        bonusApplicati: { puntoFisico: normalizeMoney(bonus.puntoFisico) },
      };
  }
}

/** The list's, a commission's and the export's rows: the commission with its supplier, point and storno. */
export function selectJoined<Extra extends Record<string, SQL.Aliased | SQL>>(db: Database, extra?: Extra) {
  return db
    .select({
      ...(extra ?? ({} as Extra)),
      c: commissioni,
      codice: fornitori.codice,
      fornitoreNome: fornitori.nome,
      puntoFisicoNome: puntiFisici.nomeAttivita,
      // A paid commission is clawed back at most once (docs/product/commissions.md#storni): its storno, if any.
      // Written out in full: the outer column must stay qualified inside the subquery.
      stornoId: sql<
        number | null
      >`(select s.id from commissioni s where s.storno_of_id = "commissioni"."id" limit 1)`,
    })
    .from(commissioni)
    .leftJoin(fornitori, eq(fornitori.id, commissioni.fornitoreId))
    .leftJoin(puntiFisici, eq(puntiFisici.id, commissioni.puntoFisicoId));
}

export interface ListCommissioniQuery extends CommissioniFilters {
  pageSize: number;
  /** The previous page's `nextCursor` (docs/architecture.md#liste-e-paginazione); none: the first page. */
  cursor?: string;
}

/** The payment status and Rome-day range of the list, the export and the statements. */
export function filtersWhere(filters: CommissioniFilters, now = new Date()) {
  return and(
    filters.status ? eq(commissioni.statoPagamento, filters.status) : undefined,
    maturazioneWhere(filters.maturazione, now),
    filters.dataInizio
      ? gte(commissioni.dataCompletamento, romeDayStartFromKey(filters.dataInizio))
      : undefined,
    filters.dataFine
      ? lt(commissioni.dataCompletamento, addRomeDays(romeDayStartFromKey(filters.dataFine), 1))
      : undefined,
  );
}

/** The list's and the export's filters, inside the role's scope. */
export function filterWhere(actor: Actor, filters: CommissioniFilters) {
  return and(commissioniScope(actor), filtersWhere(filters));
}

/**
 * The totals of the commissions a role sees with these filters, in its own amount
 * (docs/product/roles-and-scope.md#totali-per-ruolo):
 * the Commissioni screen's summary and every statement's totals come from this one query.
 * Storni are also summed on their own, so that a screen never shows a bare negative.
 * See docs/product/commissions.md#storni.
 * It reads the role's per-day sums, split by payment status and storno and counting the rows of
 * the role's scope (docs/performance.md#somme-delle-commissioni): one row per day and bucket,
 * whatever the number of commissions. The period is a range of Rome days, like `filtersWhere`.
 */
export async function sumCommissioni(
  db: Database,
  actor: Actor,
  filters: CommissioniFilters,
): Promise<CommissioniSummary & { righe: number }> {
  const g = commissioniGiorni;
  const isStorno = sql`${g.storno}`;
  const isPaid = sql`${g.statoPagamento} = 'pagato'`;
  const isUnpaid = sql`${g.statoPagamento} = 'non_pagato'`;
  const sumWhere = (condition?: SQL) =>
    condition
      ? sql<string>`coalesce(sum(${g.importo}) filter (where ${condition}), 0)::text`
      : sql<string>`coalesce(sum(${g.importo}), 0)::text`;
  const [totals] = await db
    .select({
      righe: sql<string>`coalesce(sum(${g.righe}), 0)::text`,
      totale: sumWhere(),
      daIncassare: sumWhere(isUnpaid),
      incassate: sumWhere(isPaid),
      storni: sumWhere(isStorno),
      storniDaIncassare: sumWhere(sql`${isStorno} and ${isUnpaid}`),
      storniIncassati: sumWhere(sql`${isStorno} and ${isPaid}`),
    })
    .from(g)
    .where(
      and(
        commissionDaySums(actor),
        filters.status ? eq(g.statoPagamento, filters.status) : undefined,
        filters.dataInizio ? gte(g.giorno, filters.dataInizio) : undefined,
        filters.dataFine ? lte(g.giorno, filters.dataFine) : undefined,
      ),
    );
  return {
    righe: Number(totals.righe),
    totale: normalizeMoney(totals.totale),
    daIncassare: normalizeMoney(totals.daIncassare),
    incassate: normalizeMoney(totals.incassate),
    storni: {
      totale: normalizeMoney(totals.storni),
      daIncassare: normalizeMoney(totals.storniDaIncassare),
      incassate: normalizeMoney(totals.storniIncassati),
    },
  };
}

/** A commission's position in the list's order: its completion instant as PostgreSQL prints it, then its id. */
const CURSOR_KINDS = ['text', 'int'] as const;

/**
 * GET /api/commissioni: one keyset page, newest first by `(data_completamento, id)`, after the
 * cursor's position (docs/architecture.md#liste-e-paginazione), with the role's totals beside it.
 */
export async function listCommissioni(
  db: Database,
  actor: Actor,
  query: ListCommissioniQuery,
): Promise<CommissioniList> {
  const position = query.cursor ? decodeCursor(query.cursor, CURSOR_KINDS) : undefined;
  const newestFirst = [desc(commissioni.dataCompletamento), desc(commissioni.id)];
  // The page's ids first, on their own: a query that reads only indexed columns, so the planner
  // takes the index of the role's scope and status (an index-only scan of 25 entries) rather than
  // walking the date index back past the other status's newest rows, which it may think as cheap
  // when it has to read the rows anyway (PGlite did: 18,523 unpaid rows before 25 paid ones).
  const pageIds = db
    .select({ id: commissioni.id })
    .from(commissioni)
    .where(
      and(
        filterWhere(actor, query),
        position &&
          sql`(${commissioni.dataCompletamento}, ${commissioni.id}) < (${position[0]}::timestamptz, ${position[1]})`,
      ),
    )
    .orderBy(...newestFirst)
    .limit(query.pageSize + 1);
  const now = new Date();
  const [rows, all, inMat] = await Promise.all([
    selectJoined(db, { at: sql<string>`${commissioni.dataCompletamento}::text` })
      .where(inArray(commissioni.id, pageIds))
      .orderBy(...newestFirst),
    sumCommissioni(db, actor, query),
    // What is still in maturazione among the filtered rows (docs/product/commissions.md#maturazione).
    sumInMaturazione(
      db,
      filterWhere(actor, { ...query, maturazione: undefined }),
      commissionAmountFor(actor),
      now,
    ),
  ]);
  const { righe, ...summary } = summaryFor(query.maturazione, all, inMat);
  const page = keysetPage(rows, query.pageSize, (r) => [r.at, r.c.id]);
  return {
    items: page.items.map((r) => toCommissione(actor, r, now)),
    // Exact: the summary sums every filtered row anyway (docs/performance.md#totali-delle-liste).
    total: righe,
    totalIsLowerBound: false,
    nextCursor: page.nextCursor,
    summary,
  };
}

/**
 * Every commission and storno a role sees with these filters, oldest first, with the role's own
 * amount and, for a storno, the completion date of the commission it claws back: the lines of
 * a statement (estratto conto).
 */
export async function listCommissioniRighe(
  db: Database,
  actor: Actor,
  filters: CommissioniFilters,
  now = new Date(),
) {
  const rows = await db
    .select({
      id: commissioni.id,
      praticaId: commissioni.praticaId,
      tipoServizio: commissioni.tipoServizio,
      customerName: commissioni.customerName,
      fornitoreNome: fornitori.nome,
      puntoFisicoNome: puntiFisici.nomeAttivita,
      dataCompletamento: commissioni.dataCompletamento,
      statoPagamento: commissioni.statoPagamento,
      dataPagamento: commissioni.dataPagamento,
      stornoOfId: commissioni.stornoOfId,
      fineRipensamento: commissioni.fineRipensamento,
      anticipo: commissioni.anticipo,
      // The storno that settled this commission, if any: then it is neither in maturazione nor matured.
      stornoId: sql<
        number | null
      >`(select s.id from commissioni s where s.storno_of_id = "commissioni"."id" limit 1)`,
      originaleCompletamento: sql<
        string | null
      >`(select o.data_completamento from commissioni o where o.id = "commissioni"."storno_of_id")`,
      importo: sql<string>`(${commissionAmountFor(actor)})::text`,
    })
    .from(commissioni)
    .leftJoin(fornitori, eq(fornitori.id, commissioni.fornitoreId))
    .leftJoin(puntiFisici, eq(puntiFisici.id, commissioni.puntoFisicoId))
    .where(filterWhere(actor, filters))
    .orderBy(asc(commissioni.dataCompletamento), asc(commissioni.id));
  return rows.map((r) => ({
    ...r,
    // As on the screen (toCommissione), on the day the statement is produced: docs/product/commissions.md#maturazione
    maturazione:
      r.stornoOfId == null && r.stornoId == null ? statoMaturazione(r.fineRipensamento, now) : null,
    importo: normalizeMoney(r.importo),
    originaleCompletamento: r.originaleCompletamento ? new Date(r.originaleCompletamento) : null,
  }));
}
export type CommissioneRiga = Awaited<ReturnType<typeof listCommissioniRighe>>[number];

/** One commission within the caller's scope; out of scope is simply not found. */
export async function getCommissione(db: Database, actor: Actor, id: number): Promise<Commissione> {
  const [row] = await selectJoined(db).where(and(eq(commissioni.id, id), commissioniScope(actor)));
  if (!row) throw AppError.notFound(msg.commissione.notFound);
  return toCommissione(actor, row);
}

export async function updatePayment(
  db: Database,
  actor: Actor,
  id: number,
  input: { status: PagamentoStato; note?: string | null },
): Promise<Commissione> {
  // One statement, but its triggers move the commission between day sums: a deadlock with another
  // writer of those days is run again (docs/performance.md#somme-delle-commissioni).
  const [row] = await retryOnConflict(() =>
    db
      .update(commissioni)
      .set({
        statoPagamento: input.status,
        // Marking an already paid commission as paid keeps its payment date.
        dataPagamento: input.status === 'pagato' ? sql`coalesce(${commissioni.dataPagamento}, now())` : null,
        // Paid before its window ended: an advance (docs/product/commissions.md#anticipi).
        anticipo:
          input.status === 'pagato'
            ? sql`case when ${commissioni.dataPagamento} is not null then ${commissioni.anticipo}
                else coalesce(${commissioni.fineRipensamento} >= ${romeDateKey(new Date())}::date, false) end`
            : false,
        ...(input.note !== undefined ? { notePagamento: input.note || null } : {}),
      })
      .where(and(eq(commissioni.id, id), commissioniScope(actor)))
      .returning({ id: commissioni.id }),
  );
  if (!row) throw AppError.notFound(msg.commissione.notFound);
  return getCommissione(db, actor, id);
}

export async function deleteCommissione(db: Database, actor: Actor, id: number): Promise<void> {
  await getCommissione(db, actor, id);
  const [storno] = await db
    .select({ id: commissioni.id })
    .from(commissioni)
    .where(eq(commissioni.stornoOfId, id))
    .limit(1);
  if (storno) throw AppError.conflict(msg.commissione.hasStorno, 'HAS_STORNO');
  await retryOnConflict(() => db.delete(commissioni).where(eq(commissioni.id, id)));
}
