import type { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { SERVIZIO_STATI, SERVIZIO_TIPI, type ServizioStato } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import {
  SEARCH_TOTAL_BOUND,
  SERVICE_FILTER_TOTAL_BOUND,
  TOTAL_BOUND,
  type ExportFormat,
} from '#shared/schemas/common.ts';
import type {
  listPraticheQuerySchema,
  Pratica,
  PraticheFilters,
  PraticheList,
} from '#shared/schemas/pratica.ts';
import { formatRomeDateTime } from '#shared/time.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { lowerTextContains } from '#server/db/sql-helpers.ts';
import {
  boundedTotal,
  exactTotal,
  pointCounters,
  totalUpTo,
  type PageTotal,
  type Voce,
} from '#server/modules/punti-fisici/contatori.ts';
import { praticheScope } from '#server/modules/punti-fisici/scope.ts';
import type { Database } from '#server/db/client.ts';
import {
  commissioni,
  documenti,
  fornitori,
  leads,
  pratiche,
  puntiFisici,
  servizi,
} from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { decodeCursor, keysetPage, type KeysetValue } from '#server/lib/keyset.ts';
import { EXPORT_BATCH, spreadsheetStream, type Cell } from '#server/lib/tabular-export.ts';
import type { Actor } from '#server/lib/actor.ts';
import { recordListExport } from '#server/modules/audit/audit.service.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import { searchMatches } from '#server/modules/leads/lead-search.ts';
import { loadServizi } from '#server/modules/servizi/servizi.service.ts';
import { schedaIncompletaCondition } from '#server/modules/servizi/scheda-sql.ts';

type ListQuery = z.output<typeof listPraticheQuerySchema>;

/**
 * The search box (customer name, phone, e-mail, a scheda's code, or the practice number "12" /
 * "#12") on the practices' copy of their customer's search text and phone key (pratiche.cerca):
 * "#12" is only a practice number; a bare "12" may also be part of a phone number.
 */
function searchCondition(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const hashId = /^#(\d{1,9})$/.exec(term);
  if (hashId) return eq(pratiche.id, Number(hashId[1]));
  const matches = searchMatches(pratiche, term);
  return /^\d{1,9}$/.test(term) ? or(matches, eq(pratiche.id, Number(term))) : matches;
}

/**
 * The practice has a service (of the chosen type) in one of these statuses (any without them),
 * with this KO reason when one is chosen (docs/product/screens.md#pratiche): a plain EXISTS over
 * `servizi`, probed by practice or merged in practice order with the services' indexes by status,
 * type and status, KO reason (docs/performance.md#filtri-delle-pratiche). The KO reason only
 * exists on a KO service: with statuses that leave 'ko' out, nothing matches.
 */
function servizioExists(filter: {
  servizio?: string;
  stati: readonly string[];
  koMotivazione?: string;
}): SQL {
  // Named explicitly: in a single-table query drizzle would leave "id" unqualified, and inside
  // the subquery that would be the service's own id.
  const parts: SQL[] = [sql`s.pratica_id = "pratiche"."id"`];
  if (filter.servizio) parts.push(sql`s.tipo_servizio = ${filter.servizio}`);
  if (filter.stati.length > 0)
    parts.push(
      sql`s.stato in (${sql.join(
        filter.stati.map((st) => sql`${st}`),
        sql`, `,
      )})`,
    );
  if (filter.koMotivazione) parts.push(sql`s.stato = 'ko' and s.ko_motivazione = ${filter.koMotivazione}`);
  return sql`exists (select 1 from servizi s where ${sql.join(parts, sql` and `)})`;
}

/** Any service filter chosen: a type, statuses or a KO reason. */
const hasServiceFilter = (q: PraticheFilters) => Boolean(q.servizio || q.stato.length > 0 || q.koMotivazione);

/**
 * The list's, the counts' and the export's conditions, all on `pratiche` (the point, the services
 * and the schede through subqueries), inside the role's scope (praticheScope). `base` leaves out
 * the service filters: each status button adds its own and counts what it would find.
 */
function praticheWhere(
  actor: Actor,
  query: PraticheFilters,
): { base: SQL | undefined; where: SQL | undefined } {
  const base = and(
    praticheScope(actor),
    searchCondition(query.search),
    query.puntoFisicoId ? eq(pratiche.puntoFisicoId, query.puntoFisicoId) : undefined,
    query.puntoFisico
      ? sql`${pratiche.puntoFisicoId} in (select pf.id from punti_fisici pf where ${lowerTextContains(sql`pf.cerca`, query.puntoFisico)})`
      : undefined,
    query.schedaIncompleta ? schedaIncompletaCondition() : undefined,
  );
  const where = hasServiceFilter(query)
    ? and(
        base,
        servizioExists({ servizio: query.servizio, stati: query.stato, koMotivazione: query.koMotivazione }),
      )
    : base;
  return { base, where };
}

/**
 * How far a total is counted (docs/performance.md#totali-delle-liste): a search or a service
 * filter re-checks every row it counts, so it stops sooner.
 */
function totalBound(query: PraticheFilters): number {
  if (query.search?.trim()) return SEARCH_TOTAL_BOUND;
  return hasServiceFilter(query) || query.schedaIncompleta ? SERVICE_FILTER_TOTAL_BOUND : TOTAL_BOUND;
}

/** The practices matching `where`, counted up to `bound`. */
function countPratiche(db: Database, where: SQL | undefined, bound: number): Promise<PageTotal> {
  return boundedTotal(
    db,
    db
      .select({ one: sql`1` })
      .from(pratiche)
      .where(where),
    bound,
  );
}

/** A practice with its customer, point name and document count: the list's rows and the detail. */
const praticaRowFields = () => ({
  // The columns the screen shows: not the search text, the user agent or the notes.
  p: {
    id: pratiche.id,
    leadId: pratiche.leadId,
    puntoFisicoId: pratiche.puntoFisicoId,
    statoPratica: pratiche.statoPratica,
    orarioContatto: pratiche.orarioContatto,
    indirizzoIp: pratiche.indirizzoIp,
    dataCreazione: pratiche.dataCreazione,
  },
  nome: leads.nome,
  cognome: leads.cognome,
  telefono: leads.telefono,
  email: leads.email,
  nomeAttivita: puntiFisici.nomeAttivita,
  documentiCount: sql<number>`(select count(*)::int from documenti d where d.pratica_id = ${pratiche.id})`,
});

function selectPraticaRows(db: Database) {
  return db
    .select(praticaRowFields())
    .from(pratiche)
    .innerJoin(leads, eq(leads.id, pratiche.leadId))
    .leftJoin(puntiFisici, eq(puntiFisici.id, pratiche.puntoFisicoId));
}

/** The list's rows, each with the page's `fino` (read in the same statement as the rows). */

type PraticaRow = Awaited<ReturnType<typeof selectPraticaRows>>[number];

function toPratica(r: PraticaRow, serviziOfPratica: Pratica['servizi']): Pratica {
  return {
    id: r.p.id,
    statoPratica: r.p.statoPratica,
    leadId: r.p.leadId,
    lead: { nome: r.nome, cognome: r.cognome, telefono: r.telefono, email: r.email },
    puntoFisicoId: r.p.puntoFisicoId,
    puntoFisico: r.nomeAttivita != null ? { nomeAttivita: r.nomeAttivita } : null,
    orarioContatto: r.p.orarioContatto,
    dataCreazione: r.p.dataCreazione.toISOString(),
    indirizzoIP: r.p.indirizzoIp,
    servizi: serviziOfPratica,
    documentiCount: Number(r.documentiCount),
  };
}

/**
 * GET /api/pratiche/{id}: one practice as the list shows it, for its own page. Outside the
 * actor's scope it is not found, exactly like a missing one.
 */
export async function getPratica(db: Database, actor: Actor, id: number): Promise<Pratica> {
  const [row] = await selectPraticaRows(db).where(and(praticheScope(actor), eq(pratiche.id, id)));
  if (!row) throw AppError.notFound(msg.pratica.notFound);
  const [pratica] = await withServizi(db, [row]);
  return pratica;
}

/** The practices of these rows, each with its services (read for all of them at once). */
async function withServizi(db: Database, rows: PraticaRow[]): Promise<Pratica[]> {
  const serviziByPratica = await loadServizi(
    db,
    rows.map((r) => r.p.id),
  );
  return rows.map((r) => toPratica(r, serviziByPratica.get(r.p.id) ?? []));
}

type Figures = { total: PageTotal; countsByStato: PraticheList['countsByStato'] };

/** A service (of the chosen type) in this status: what the status button counts. */
const inStato = (query: PraticheFilters, stato: ServizioStato) =>
  servizioExists({ servizio: query.servizio, stati: [stato] });

/**
 * Without a search: the total counted up to its bound, and the status buttons read from the
 * counters kept in the same transaction as every change (`pratiche|{type}|{status}` per point,
 * docs/performance.md#contatori), exact, summed over the points the point filters leave. Counted
 * on demand instead, a point's four buttons walk its practices (124 ms of SQL per request at
 * 1,000,000 leads, docs/performance.md#filtri-delle-pratiche). The counters know nothing of the
 * schede: with that filter each button is counted up to the service filters' bound.
 */
async function listFigures(
  db: Database,
  actor: Actor,
  query: PraticheFilters,
  base: SQL | undefined,
  where: SQL | undefined,
): Promise<Figures> {
  const voce = (stato: ServizioStato): Voce => `pratiche|${query.servizio ?? '*'}|${stato}`;
  const points = and(
    query.puntoFisicoId ? eq(puntiFisici.id, query.puntoFisicoId) : undefined,
    query.puntoFisico ? lowerTextContains(puntiFisici.cerca, query.puntoFisico) : undefined,
  );
  const [total, counts] = await Promise.all([
    countPratiche(db, where, totalBound(query)),
    query.schedaIncompleta
      ? Promise.all(
          SERVIZIO_STATI.map((stato) =>
            countPratiche(db, and(base, inStato(query, stato)), SERVICE_FILTER_TOTAL_BOUND),
          ),
        )
      : pointCounters(db, actor, SERVIZIO_STATI.map(voce), points).then((figures) =>
          SERVIZIO_STATI.map((stato) => exactTotal(figures.get(voce(stato)) ?? 0)),
        ),
  ]);
  return {
    total,
    countsByStato: Object.fromEntries(SERVIZIO_STATI.map((stato, i) => [stato, counts[i]])) as Record<
      ServizioStato,
      PageTotal
    >,
  };
}

/**
 * With a search: its matches (with the other filters but the service ones) read once, up to one
 * past the bound (one reading of the trigram index, which cannot stop early: most of a search's
 * cost), and, when they are within it, the total and the status buttons counted among them in
 * the same statement. Past the bound the buttons are not counted (null) and only a service
 * filter's total is counted on its own.
 */
async function searchFigures(
  db: Database,
  query: PraticheFilters,
  base: SQL | undefined,
  where: SQL | undefined,
): Promise<Figures> {
  const service = hasServiceFilter(query)
    ? servizioExists({ servizio: query.servizio, stati: query.stato, koMotivazione: query.koMotivazione })
    : sql`true`;
  // Among the matches, named "pratiche": the services' conditions name "pratiche"."id". A CASE
  // runs its subquery only when taken: a broad search reads no services.
  const among = (condition: SQL, name: string) =>
    sql`case when c.n <= ${SEARCH_TOTAL_BOUND} then (select count(*)::int from m as "pratiche" where ${condition}) end as ${sql.identifier(name)}`;
  const result = await db.execute(sql`with m as materialized (
      select ${pratiche.id} from ${pratiche} where ${base ?? sql`true`} limit ${SEARCH_TOTAL_BOUND + 1})
    select c.n, ${among(service, 'matching')},
      ${sql.join(
        SERVIZIO_STATI.map((stato) => among(inStato(query, stato), stato)),
        sql`, `,
      )}
    from (select count(*)::int as n from m) c`);
  const row = (result as { rows: Array<Record<string, number | null>> }).rows[0];
  const n = Number(row.n);
  if (n > SEARCH_TOTAL_BOUND)
    return {
      total: hasServiceFilter(query)
        ? await countPratiche(db, where, SEARCH_TOTAL_BOUND)
        : totalUpTo(n, SEARCH_TOTAL_BOUND),
      countsByStato: null,
    };
  return {
    total: exactTotal(Number(row.matching)),
    countsByStato: Object.fromEntries(
      SERVIZIO_STATI.map((stato) => [stato, exactTotal(Number(row[stato]))]),
    ) as Record<ServizioStato, PageTotal>,
  };
}

/** A practice's position in the list's order: its creation instant as PostgreSQL prints it, then its id. */
const CURSOR_KINDS = ['text', 'int'] as const;

/**
 * The page's practices for a status or KO-reason filter over the whole company (optionally one
 * point and one type), from `servizi_elenco`, the services with their practice's date and point:
 * one range per (type, status) the filters accept, each read in the list's order after the
 * cursor for one page, merged. Walking the practices by date instead would pass over the newest
 * ones, nearly all still 'inserito', to find a KO reason: 62,000 practices for 25 at 1,000,000
 * leads (docs/performance.md#filtri-delle-pratiche). Undefined when the other filters do not fit
 * into every range (a scoped role, a search, a point's name, the scheda filter) or there is no
 * status or KO-reason filter: then the page is the plain walk.
 */
function elencoPage(actor: Actor, query: ListQuery, position: KeysetValue[] | undefined): SQL | undefined {
  if (query.stato.length === 0 && !query.koMotivazione) return undefined;
  if (praticheScope(actor) || query.search?.trim() || query.puntoFisico || query.schedaIncompleta)
    return undefined;
  const stati: readonly string[] = query.stato.length > 0 ? query.stato : SERVIZIO_STATI;
  // The KO reason only exists on a KO service: with statuses that leave 'ko' out, nothing matches.
  if (query.koMotivazione && !stati.includes('ko')) return sql`select null::int as id where false`;
  // With a point the point's index needs the type to read in the list's order.
  const tipi = query.servizio ? [query.servizio] : query.puntoFisicoId ? SERVIZIO_TIPI : [undefined];
  const ranges: SQL[] = [];
  for (const tipo of tipi) {
    const ofTipo = tipo === undefined ? sql`` : sql`e.tipo_servizio = ${tipo} and `;
    if (query.koMotivazione)
      ranges.push(sql`${ofTipo}e.stato = 'ko' and e.ko_motivazione = ${query.koMotivazione}`);
    else for (const stato of stati) ranges.push(sql`${ofTipo}e.stato = ${stato}`);
  }
  const point = query.puntoFisicoId ? sql` and e.punto_fisico_id = ${query.puntoFisicoId}` : sql``;
  const after = position
    ? sql` and (e.data_creazione, e.pratica_id) < (${position[0]}::timestamptz, ${position[1]})`
    : sql``;
  const n = query.pageSize + 1;
  const parts = ranges.map(
    (r) =>
      sql`(select distinct e.data_creazione, e.pratica_id from servizi_elenco e where ${r}${point}${after} order by e.data_creazione desc, e.pratica_id desc limit ${n})`,
  );
  return sql`select u.pratica_id from (${sql.join(parts, sql` union all `)}) u group by u.data_creazione, u.pratica_id order by u.data_creazione desc, u.pratica_id desc limit ${n}`;
}

/**
 * GET /api/pratiche: one keyset page, newest first, read from `pratiche` by `(data_creazione, id)`
 * with the scope and every filter as conditions (docs/architecture.md#liste-e-paginazione); the
 * total and each status button's figure counted beside it up to a bound.
 */
export async function listPratiche(db: Database, actor: Actor, query: ListQuery): Promise<PraticheList> {
  const position = query.cursor ? decodeCursor(query.cursor, CURSOR_KINDS) : undefined;
  const { base, where } = praticheWhere(actor, query);
  const fromElenco = elencoPage(actor, query, position);
  const [rows, figures] = await Promise.all([
    db
      .select({ ...praticaRowFields(), at: sql<string>`${pratiche.dataCreazione}::text` })
      .from(pratiche)
      .innerJoin(leads, eq(leads.id, pratiche.leadId))
      .leftJoin(puntiFisici, eq(puntiFisici.id, pratiche.puntoFisicoId))
      .where(
        fromElenco
          ? sql`${pratiche.id} in (${fromElenco})`
          : and(
              where,
              position &&
                sql`(${pratiche.dataCreazione}, ${pratiche.id}) < (${position[0]}::timestamptz, ${position[1]})`,
            ),
      )
      .orderBy(desc(pratiche.dataCreazione), desc(pratiche.id))
      .limit(query.pageSize + 1),
    query.search?.trim() ? searchFigures(db, query, base, where) : listFigures(db, actor, query, base, where),
  ]);
  const page = keysetPage(rows, query.pageSize, (r) => [r.at, r.p.id]);
  return {
    items: await withServizi(db, page.items),
    ...figures.total,
    nextCursor: page.nextCursor,
    countsByStato: figures.countsByStato,
  };
}

/**
 * DELETE /api/pratiche/{id}: refused while a paid commission exists (docs/product/lifecycle.md#eliminazioni: money records
 * are never lost); otherwise the practice, its services, history, unpaid commissions and
 * documents go, the files in storage too.
 */
export async function deletePratica(
  db: Database,
  actor: Actor,
  storage: DocumentStorage,
  id: number,
): Promise<void> {
  const files = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: pratiche.id })
      .from(pratiche)
      .where(and(eq(pratiche.id, id), praticheScope(actor)))
      .for('update');
    if (!row) throw AppError.notFound(msg.pratica.notFound);
    const [paid] = await tx
      .select({ id: commissioni.id })
      .from(commissioni)
      .where(and(eq(commissioni.praticaId, id), eq(commissioni.statoPagamento, 'pagato')))
      .limit(1);
    if (paid) throw AppError.conflict(msg.pratica.hasPaidCommission, 'HAS_PAID_COMMISSION');
    const docs = await tx
      .select({ filename: documenti.filename })
      .from(documenti)
      .where(eq(documenti.praticaId, id));
    // Storno rows point at paid commissions, so none can exist here; remove commissions first anyway.
    await tx.delete(commissioni).where(eq(commissioni.praticaId, id));
    await tx.delete(pratiche).where(eq(pratiche.id, id));
    return docs.map((d) => d.filename);
  });
  // After the commit: a file left behind by a crash here is harmless, a missing one would not be.
  for (const filename of files) await storage.remove(filename);
}

export const PRATICHE_EXPORT_HEADER = [
  'Pratica',
  'Data creazione',
  'Stato pratica',
  'Cliente',
  'Telefono',
  'Email',
  'Punto fisico',
  'Orario contatto',
  'Servizio',
  'Stato servizio',
  'Motivazione KO',
  'Fornitore',
  'RID',
  'Numero forniture',
  'Ultimo aggiornamento',
];

/**
 * 'Esporta': the practices the list would show with these filters, newest first,
 * one row per service (all of the practice's services, oldest first). A practice without services
 * still gives one row, its service columns empty.
 */
function exportPage(db: Database, where: SQL | undefined, after?: { p: { id: number }; cursor: string }) {
  return db
    .select({
      p: pratiche,
      cursor: sql<string>`${pratiche.dataCreazione}::text`,
      nome: leads.nome,
      cognome: leads.cognome,
      telefono: leads.telefono,
      email: leads.email,
      nomeAttivita: puntiFisici.nomeAttivita,
    })
    .from(pratiche)
    .innerJoin(leads, eq(leads.id, pratiche.leadId))
    .leftJoin(puntiFisici, eq(puntiFisici.id, pratiche.puntoFisicoId))
    .where(
      after
        ? and(
            where,
            sql`(${pratiche.dataCreazione}, ${pratiche.id}) < (${after.cursor}::timestamptz, ${after.p.id})`,
          )
        : where,
    )
    .orderBy(desc(pratiche.dataCreazione), desc(pratiche.id))
    .limit(EXPORT_BATCH);
}

async function exportServizi(db: Database, praticaIds: number[]) {
  const byPratica = new Map<
    number,
    Array<{ s: typeof servizi.$inferSelect; fornitoreNome: string | null }>
  >();
  if (praticaIds.length === 0) return byPratica;
  const rows = await db
    .select({ s: servizi, fornitoreNome: fornitori.nome })
    .from(servizi)
    .leftJoin(fornitori, eq(fornitori.id, servizi.fornitoreId))
    .where(inArray(servizi.praticaId, praticaIds))
    .orderBy(asc(servizi.id));
  for (const row of rows) {
    const list = byPratica.get(row.s.praticaId) ?? [];
    list.push(row);
    byPratica.set(row.s.praticaId, list);
  }
  return byPratica;
}

/**
 * The export of the list as the filters narrow it, recorded in the audit log first (who, the
 * format, the filters: docs/privacy.md#registro-delle-attività).
 */
export async function startPraticheExport(
  db: Database,
  actor: Actor,
  filters: PraticheFilters,
  format: ExportFormat,
  source: { ip: string },
): Promise<Readable> {
  await recordListExport(db, { who: actor, ip: source.ip }, 'pratiche', format, filters);
  return exportPratiche(db, actor, filters, format);
}

function exportPratiche(
  db: Database,
  actor: Actor,
  filters: PraticheFilters,
  format: ExportFormat,
): Readable {
  const m = msg.servizio;
  // Practices in keyset batches (docs/performance.md#esportazioni), each batch with its services.
  async function* cells(): AsyncGenerator<Cell[]> {
    const { where } = praticheWhere(actor, filters);
    let after: Awaited<ReturnType<typeof exportPage>>[number] | undefined;
    for (;;) {
      const page = await exportPage(db, where, after);
      const serviziOf = await exportServizi(
        db,
        page.map((r) => r.p.id),
      );
      for (const { p, ...r } of page) {
        const services = serviziOf.get(p.id) ?? [];
        for (const { s, fornitoreNome } of services.length > 0
          ? services
          : [{ s: null, fornitoreNome: null }])
          yield [
            p.id,
            formatRomeDateTime(p.dataCreazione),
            msg.pratica.statoLabels[p.statoPratica],
            `${r.nome} ${r.cognome}`,
            r.telefono,
            r.email,
            r.nomeAttivita ?? '',
            p.orarioContatto ?? '',
            s ? servizioLabel(s.tipoServizio) : '',
            s ? m.statoLabels[s.stato] : '',
            s?.stato === 'ko' && s.koMotivazione ? (m.koLabels[s.koMotivazione] ?? s.koMotivazione) : '',
            fornitoreNome ?? '',
            s ? (s.ridPresente ? 'Sì' : 'No') : '',
            s?.numeroForniture ?? '',
            s ? formatRomeDateTime(s.dataUltimoAggiornamento) : '',
          ];
      }
      if (page.length < EXPORT_BATCH) return;
      after = page[page.length - 1];
    }
  }
  return spreadsheetStream(format, 'Pratiche', PRATICHE_EXPORT_HEADER, cells());
}
