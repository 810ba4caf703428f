import type { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
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
import { idsAmong, intArray, lowerTextContains, newestId, newestIdSql } from '#server/db/sql-helpers.ts';
import {
  boundedTotal,
  exactTotal,
  pointCounters,
  totalUpTo,
  type PageTotal,
  type Voce,
} from '#server/modules/punti-fisici/contatori.ts';
import { praticheScope, puntiScope } from '#server/modules/punti-fisici/scope.ts';
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
import { EXPORT_BATCH, spreadsheetStream, type Cell } from '#server/lib/tabular-export.ts';
import type { Actor } from '#server/lib/actor.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import { searchMatches } from '#server/modules/leads/lead-search.ts';
import { loadServizi } from '#server/modules/servizi/servizi.service.ts';
import { schedaIncompletaCondition } from '#server/modules/servizi/scheda-sql.ts';
import {
  foundMatching,
  foundRowText,
  listFound,
  parseFoundRows,
  serviceFilterMask,
  type FoundPratica,
} from '#server/modules/pratiche/found-pratiche.ts';

type ListQuery = z.output<typeof listPraticheQuerySchema>;

/**
 * Up to this many practices found (with the point filters), the list reads
 * them by id and counts them exactly; a broader term ("ros", "gmail") walks the practices newest
 * first checking each one's copy of its customer's words, so the page costs what 25 matches cost.
 * See docs/performance.md#ricerca-delle-pratiche
 */
export const PRATICHE_SEARCH_MATCHES_MAX = 2_000;

/**
 * The search box (customer name, phone, e-mail, or practice number "12" / "#12"), resolved once
 * per request on the practices' copy of their customer's search text and phone key
 * (pratiche.cerca, migration 0021):
 * - `numero`: "#12", that practice only;
 * - `trovate`: the practices found (at most PRATICHE_SEARCH_MATCHES_MAX), by id, or the number "12";
 *   for an export, the search condition itself;
 * - `ampia`: more practices match: the condition is checked on each row the page walks.
 *   `some` are PRATICHE_SEARCH_MATCHES_MAX + 1 of them, enough to bound the total.
 */
type PraticheSearch =
  | { kind: 'numero'; condition: SQL }
  /**
   * `ids`: the practices found, when the condition is that list (not for an export); `found`: the
   * same with what the list needs to filter, count and page them (listFound), and the newest
   * practice's id when they were read.
   */
  | {
      kind: 'trovate';
      condition: SQL;
      ids?: number[];
      found?: { rows: FoundPratica[]; newestId: number | undefined };
    }
  | {
      kind: 'ampia';
      condition: SQL;
      /** The same condition for the page's walk by date (broadSearchPageIds). */
      walk: SQL;
      some: FoundPratica[];
    };

/** The rows of these practices, by id. */
const praticheByIds = (ids: number[]) => idsAmong(pratiche.id, ids);

/**
 * The search for one list page, or (`every`) for an export, which reads every match anyway.
 * The practices found are looked for with the point filters already applied: a common surname at
 * one point is a few practices, counted exactly.
 */
async function resolveSearch(
  db: Database,
  actor: Actor,
  query: PraticheFilters,
  options: { every?: boolean } = {},
): Promise<PraticheSearch | undefined> {
  const term = query.search?.trim();
  if (!term) return undefined;
  // "#12" is only a practice number; a bare "12" may also be part of a phone number.
  const hashId = /^#(\d{1,9})$/.exec(term);
  if (hashId) return { kind: 'numero', condition: eq(pratiche.id, Number(hashId[1])) };
  const numero = /^\d{1,9}$/.test(term) ? Number(term) : undefined;
  const withNumero = (matches: SQL) =>
    numero !== undefined ? or(matches, eq(pratiche.id, numero))! : matches;
  const condition = withNumero(searchMatches(pratiche, term)!);
  // A broad term's page walks the list by date whatever the term: strpos instead of LIKE keeps the
  // trigram index out of that walk, as the leads' broad search does. Not its counts: without the
  // trigram index a count would read the whole table (docs/performance.md#ricerca-delle-pratiche).
  const walk = () => withNumero(searchMatches(pratiche, term, { broad: true })!);
  if (options.every) return { kind: 'trovate', condition };
  const { base } = praticheWhere(db, actor, query, { kind: 'trovate', condition });
  const trovate = db
    .select({ riga: foundRowText().as('riga') })
    .from(pratiche)
    .where(base)
    .limit(PRATICHE_SEARCH_MATCHES_MAX + 1)
    .as('trovate');
  // One row, the practices found in one text: 2,001 rows cost their reading and conversion once
  // each in the driver, on PGlite about half the search's time (docs/performance.md#ricerca-delle-pratiche).
  const [found] = await db
    .select({
      righe: sql<string | null>`string_agg(${trovate.riga}, ',')`,
      newestId: newestIdSql(pratiche),
    })
    .from(trovate);
  const rows = parseFoundRows(found.righe);
  const ids = rows.map((r) => r.id);
  if (ids.length <= PRATICHE_SEARCH_MATCHES_MAX) {
    const newest = rows.length ? Number(found.newestId) : undefined;
    return { kind: 'trovate', condition: praticheByIds(ids), ids, found: { rows, newestId: newest } };
  }
  return { kind: 'ampia', condition, walk: walk(), some: rows };
}

/** The points whose name or address holds the "punto fisico" filter's text. */
function puntoNameMatches(text: string): SQL {
  return lowerTextContains(puntiFisici.cerca, text);
}

/** A service `s` of the practice matching the service, status and KO-reason filters. */
function servizioMatches(filter: {
  servizio?: string;
  stati?: readonly string[];
  koMotivazione?: string;
}): SQL {
  // Named explicitly: in a single-table query drizzle would leave "id" unqualified, and inside
  // the subquery that would be the service's own id.
  const parts: SQL[] = [sql`s.pratica_id = "pratiche"."id"`];
  if (filter.servizio) parts.push(sql`s.tipo_servizio = ${filter.servizio}`);
  if (filter.stati && filter.stati.length > 0) {
    parts.push(
      sql`s.stato in (${sql.join(
        filter.stati.map((st) => sql`${st}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.koMotivazione) parts.push(sql`(s.stato = 'ko' and s.ko_motivazione = ${filter.koMotivazione})`);
  return sql.join(parts, sql` and `);
}

/** A service of the practice matching the service, status and KO-reason filters. */
function servizioExists(filter: Parameters<typeof servizioMatches>[0]): SQL {
  return sql`exists (select 1 from servizi s where ${servizioMatches(filter)})`;
}

/**
 * The list's and the export's filters, inside the role's scope. `base` (scope, search, point)
 * alone feeds the per-status counts; `where` adds the service, status and KO-reason filters.
 * Conditions on pratiche alone (the lead and the point through subqueries): counting needs no join.
 */
function praticheWhere(
  db: Database,
  actor: Actor,
  query: PraticheFilters,
  search: PraticheSearch | undefined,
): { base: SQL | undefined; where: SQL | undefined } {
  const base = and(
    praticheScope(actor),
    search?.condition,
    query.puntoFisicoId ? eq(pratiche.puntoFisicoId, query.puntoFisicoId) : undefined,
    query.puntoFisico
      ? inArray(
          pratiche.puntoFisicoId,
          db.select({ id: puntiFisici.id }).from(puntiFisici).where(puntoNameMatches(query.puntoFisico)),
        )
      : undefined,
    // In `base`: the practices a search gathers, and the per-status counts, already pass it.
    query.schedaIncompleta ? schedaIncompletaCondition() : undefined,
  );
  const where = and(
    base,
    search?.kind === 'ampia'
      ? serviceBitsCondition(query)
      : and(
          query.servizio ? servizioExists({ servizio: query.servizio }) : undefined,
          query.stato.length > 0 || query.koMotivazione
            ? servizioExists({
                servizio: query.servizio,
                stati: query.stato,
                koMotivazione: query.koMotivazione,
              })
            : undefined,
        ),
  );
  return { base, where };
}

/**
 * The service filters through the practice's own bits (`stati_servizi`), for a broad search: its
 * page and count walk `pratiche_data_id_idx`, which holds the text and the bits, and test both there
 * instead of looking up the services of each practice whose text matches. A KO reason still looks
 * them up, only for the practices holding a KO service (docs/performance.md#ricerca-delle-pratiche).
 */
function serviceBitsCondition(query: PraticheFilters): SQL | undefined {
  const mask = serviceFilterMask(query);
  if (mask === undefined) return undefined;
  return and(
    sql`(${pratiche.statiServizi} & ${mask}) <> 0`,
    query.koMotivazione ? koReasonProbe(query.servizio, query.koMotivazione) : undefined,
  );
}

/**
 * A KO service with this reason (and type), looked up for each practice that reaches it: a scalar
 * subquery, which PostgreSQL never turns into a join. As an EXISTS it may be planned as a hash of
 * every KO service with the reason (90,000 at 1,000,000 leads: 160 ms) to count a term's 4,000
 * practices with a KO service.
 */
function koReasonProbe(servizio: string | undefined, koMotivazione: string): SQL {
  return sql`(select true from servizi s where ${servizioMatches({ servizio, koMotivazione })} limit 1)`;
}

/**
 * The service filters (type, statuses, KO reason) as ranges of `servizi_elenco`'s indexes, one per
 * (type, status) pair they accept, or one per status when neither a type nor a point is chosen: a
 * practice matches when one of its services is in one of the ranges. Undefined when no service
 * filter is set. See docs/performance.md#filtri-delle-pratiche
 */
function serviceRanges(query: PraticheFilters): SQL[] | undefined {
  if (!query.servizio && query.stato.length === 0 && !query.koMotivazione) return undefined;
  const stati: readonly string[] = query.stato.length > 0 ? query.stato : SERVIZIO_STATI;
  // The KO reason only exists on a KO service: with statuses that exclude 'ko', nothing matches.
  if (query.koMotivazione && !stati.includes('ko')) return [];
  // With a point the point's index needs the type to read in the list's order.
  const tipi = query.servizio ? [query.servizio] : query.puntoFisicoId ? SERVIZIO_TIPI : [undefined];
  const ranges: SQL[] = [];
  for (const tipo of tipi) {
    const ofTipo = tipo === undefined ? sql`` : sql`e.tipo_servizio = ${tipo} and `;
    if (query.koMotivazione)
      ranges.push(sql`${ofTipo}e.stato = 'ko' and e.ko_motivazione = ${query.koMotivazione}`);
    else for (const stato of stati) ranges.push(sql`${ofTipo}e.stato = ${stato}`);
  }
  return ranges;
}

/**
 * The list's page by service filters, for the lists whose other filters fit into every range: an
 * unscoped actor (admin, amministrazione), optionally one point, no search, no point name. Each
 * range gives its newest `limit` distinct practices (a backward index scan of that many entries);
 * the union, newest first, holds the page. Undefined when the filters do not fit.
 */
function rangedPraticaIds(
  actor: Actor,
  query: ListQuery,
  fino: number | undefined,
): { ids: SQL | undefined; ranges: SQL[] } | undefined {
  const ranges = serviceRanges(query);
  if (!ranges || puntiScope(actor) || query.search || query.puntoFisico || query.schedaIncompleta)
    return undefined;
  if (ranges.length === 0) return { ids: undefined, ranges };
  const point = query.puntoFisicoId ? sql` and e.punto_fisico_id = ${query.puntoFisicoId}` : sql``;
  const upTo = fino === undefined ? sql`` : sql` and e.pratica_id <= ${fino}`;
  const bounds = pageBounds(query);
  const parts = ranges.map(
    (r) =>
      sql`(select distinct e.data_creazione, e.pratica_id from servizi_elenco e where ${r}${point}${upTo} order by e.data_creazione desc, e.pratica_id desc limit ${bounds.depth})`,
  );
  return {
    ranges,
    ids: sql`select u.pratica_id from (${sql.join(parts, sql` union all `)}) u group by u.data_creazione, u.pratica_id order by u.data_creazione desc, u.pratica_id desc limit ${bounds.limit} offset ${bounds.offset}`,
  };
}

/** A page's LIMIT, OFFSET and the depth each part reads (page × size). */
function pageBounds(query: ListQuery) {
  return {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    depth: query.page * query.pageSize,
  };
}

/**
 * Practices matching any of `ranges`, counted up to `bound` + 1: each range gives at most
 * `bound` + 1 distinct practices, so a union over `bound` means more than `bound` (a range alone
 * may have hit its limit), and a union within it is exact (no range did).
 */
async function rangedTotal(
  db: Database,
  query: ListQuery,
  ranges: SQL[],
  bound = SERVICE_FILTER_TOTAL_BOUND,
): Promise<PageTotal> {
  if (ranges.length === 0) return exactTotal(0);
  const point = query.puntoFisicoId ? sql` and e.punto_fisico_id = ${query.puntoFisicoId}` : sql``;
  const parts = ranges.map(
    (r) =>
      sql`(select distinct e.data_creazione, e.pratica_id from servizi_elenco e where ${r}${point} order by e.data_creazione desc, e.pratica_id desc limit ${bound + 1})`,
  );
  const result = await db.execute(
    sql`select count(distinct u.pratica_id)::int as n from (${sql.join(parts, sql` union all `)}) u`,
  );
  const n = Number((result as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  return n > bound ? { total: bound, totalIsLowerBound: true } : exactTotal(n);
}

/** Search and the point's name or address: the filters no counter answers. */
// A point's name narrows the points the counters are summed over (pointFilter): still exact.
const needsCounting = (q: ListQuery) => Boolean(q.search || q.koMotivazione || q.schedaIncompleta);

/** The points the point filters leave (a point's id, or its name or address), for counters. */
function pointFilter(query: ListQuery): SQL | undefined {
  return and(
    query.puntoFisicoId ? eq(puntiFisici.id, query.puntoFisicoId) : undefined,
    query.puntoFisico ? puntoNameMatches(query.puntoFisico) : undefined,
  );
}

/** The counter that holds the list's total, when one does: a point, a service and at most one status. */
function totalVoce(query: ListQuery): Voce | undefined {
  if (needsCounting(query)) return undefined;
  if (query.stato.length === 1) return statoVoce(query, query.stato[0]);
  if (query.stato.length > 0) return undefined;
  // A service type in any status: its own counter (a sum over statuses would count twice).
  return query.servizio ? `pratiche|${query.servizio}|*` : 'pratiche';
}

/** The counter of the practices holding a service (of the chosen type) in `stato`. */
const statoVoce = (query: ListQuery, stato: ServizioStato): Voce =>
  `pratiche|${query.servizio ?? '*'}|${stato}`;

/**
 * The counters the page's total and its status buttons read (without a search the buttons always
 * come from counters), in one query for both.
 */
function listCounters(
  db: Database,
  actor: Actor,
  query: ListQuery,
  search: PraticheSearch | undefined,
  points: number[] | undefined,
) {
  // The counters know nothing of the schede: that filter is counted.
  if (query.schedaIncompleta) return undefined;
  const voci = [totalVoce(query), ...(search ? [] : SERVIZIO_STATI.map((stato) => statoVoce(query, stato)))];
  const wanted = [...new Set(voci.filter((v) => v !== undefined))];
  // The points a name matched, when pointsPageIds read them: by id, instead of matching the name again.
  const among = points ? idsAmong(puntiFisici.id, points) : pointFilter(query);
  return wanted.length ? pointCounters(db, actor, wanted, among) : undefined;
}

/**
 * The list's total: exact from the counters kept by triggers when the filters are a point, a
 * service and at most one status; else counted up to a bound (docs/performance.md#totali-delle-liste).
 */
async function praticheTotal(
  db: Database,
  actor: Actor,
  query: ListQuery,
  where: SQL | undefined,
  search: PraticheSearch | undefined,
  counters: Promise<Map<string, number>> | undefined,
  ranged?: { ranges: SQL[] },
): Promise<PageTotal> {
  // Several statuses have no counter of their own (a practice holding services in two of them
  // would count twice in a sum): those are counted.
  const voce = totalVoce(query);
  if (voce && counters) return exactTotal((await counters).get(voce) ?? 0);
  if (ranged) return rangedTotal(db, query, ranged.ranges);
  // The practices found already pass the scope and point filters (resolveSearch): without a
  // service filter they are the list.
  if (search?.kind === 'trovate' && search.ids && !serviceRanges(query))
    return totalUpTo(search.ids.length, SEARCH_TOTAL_BOUND);
  if (search?.kind === 'ampia') {
    // The gathered practices already pass the scope and point filters (resolveSearch): without a
    // service filter they are all in the list, more than the bound.
    if (!serviceRanges(query)) return { total: SEARCH_TOTAL_BOUND, totalIsLowerBound: true };
    // More practices match than are gathered: with the other filters some of them are usually
    // past the bound already, and a subset's count is a true lower bound. Their bits answer the
    // type and statuses; a KO reason is looked up in the services of those holding a KO service.
    const candidates = foundMatching(search.some, query).map((p) => p.id);
    const fromSome = !query.koMotivazione
      ? totalUpTo(candidates.length, SEARCH_TOTAL_BOUND)
      : candidates.length > SEARCH_TOTAL_BOUND
        ? await boundedTotal(
            db,
            db
              .select({ one: sql`1` })
              .from(pratiche)
              .where(
                praticheWhere(db, actor, query, { kind: 'trovate', condition: praticheByIds(candidates) })
                  .where,
              ),
            SEARCH_TOTAL_BOUND,
          )
        : undefined;
    if (fromSome?.totalIsLowerBound) return fromSome;
  }
  return boundedTotal(
    db,
    db
      .select({ one: sql`1` })
      .from(pratiche)
      .where(where),
    query.search ? SEARCH_TOTAL_BOUND : TOTAL_BOUND,
  );
}

/**
 * Counts per status ignore the status toggles themselves, so every button shows what it would
 * find: the practices matching the other filters that hold a service (of the chosen type) in
 * that status. From the counters, unless a search narrows the list (then over its matches).
 * Null when the search is too broad to count its matches (`ampia`).
 */
async function praticheCountsByStato(
  db: Database,
  actor: Actor,
  query: ListQuery,
  filters: SQL | undefined,
  search: PraticheSearch | undefined,
  counters: Promise<Map<string, number>> | undefined,
): Promise<Array<{ stato: string; n: number }> | null> {
  if (search?.kind === 'ampia') return null;
  if (!search && counters) {
    const counts = await counters;
    return SERVIZIO_STATI.map((stato) => ({ stato, n: counts.get(statoVoce(query, stato)) ?? 0 }));
  }
  // The practices found: their services are read by practice instead of every service being
  // joined to them (PGlite plans the latter at 100,000 leads). They already pass the scope and
  // point filters (resolveSearch), which then need no second reading of the practices.
  const found = search?.kind === 'trovate' ? search.ids : undefined;
  return db
    .select({ stato: servizi.stato, n: sql<number>`count(distinct ${servizi.praticaId})::int` })
    .from(servizi)
    .where(
      and(
        query.servizio ? eq(servizi.tipoServizio, query.servizio) : undefined,
        found
          ? idsAmong(servizi.praticaId, found)
          : filters
            ? inArray(servizi.praticaId, db.select({ id: pratiche.id }).from(pratiche).where(filters))
            : undefined,
      ),
    )
    .groupBy(servizi.stato);
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
function selectPageRows(db: Database, fino: SQL<number>) {
  return db
    .select({ ...praticaRowFields(), fino })
    .from(pratiche)
    .innerJoin(leads, eq(leads.id, pratiche.leadId))
    .leftJoin(puntiFisici, eq(puntiFisici.id, pratiche.puntoFisicoId));
}

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

/** Up to how many points a point-name filter reads each point's newest practices (pointsPageIds). */
const POINTS_MERGE_MAX = 50;

/**
 * The page's ids for a point-name filter that matches a few points ("Milano": 8 of 500): each
 * point's newest practices by its own index `(punto, data, id)`, at most one page's depth each,
 * merged, with the points found; undefined when more points match (the list walks the practices
 * by date instead), or without that filter. See docs/performance.md#filtri-delle-pratiche
 */
async function pointsPageIds(
  db: Database,
  actor: Actor,
  query: ListQuery,
  search: PraticheSearch | undefined,
  fino: number | undefined,
): Promise<{ ids: SQL; points: number[] } | undefined> {
  if (!query.puntoFisico) return undefined;
  const points = await db
    .select({ id: puntiFisici.id })
    .from(puntiFisici)
    .where(
      and(
        query.puntoFisicoId ? eq(puntiFisici.id, query.puntoFisicoId) : undefined,
        lowerTextContains(puntiFisici.cerca, query.puntoFisico),
      ),
    )
    .limit(POINTS_MERGE_MAX + 1);
  if (points.length > POINTS_MERGE_MAX) return undefined;
  // Each point read already matches the point filters: the other filters alone.
  const { where } = praticheWhere(
    db,
    actor,
    { ...query, puntoFisico: undefined, puntoFisicoId: undefined },
    search,
  );
  const bounds = pageBounds(query);
  const upTo = fino === undefined ? sql`` : sql` and ${pratiche.id} <= ${fino}`;
  const ids = points.map((p) => p.id);
  const page = sql`select u.id from unnest(${intArray(ids)}) as punto(id) cross join lateral (
      select ${pratiche.id} as id, ${pratiche.dataCreazione} as data from ${pratiche}
      where ${pratiche.puntoFisicoId} = punto.id and ${where ?? sql`true`}${upTo}
      order by ${pratiche.dataCreazione} desc, ${pratiche.id} desc limit ${bounds.depth}) u
    order by u.data desc, u.id desc limit ${bounds.limit} offset ${bounds.offset}`;
  return { ids: page, points: ids };
}

/**
 * A broad search of the whole company: the page's ids from `(data_creazione, id, cerca)` alone,
 * newest first, testing each entry's search text in the index instead of reading the practice (a
 * 1% surname: 3,700 entries for 25, 8 → 0.8 ms at 1,000,000 practices), and a status or service
 * filter only on the entries that match the text; then the 25 practices by id.
 * See docs/performance.md#ricerca-delle-pratiche
 */
function broadSearchPageIds(
  db: Database,
  actor: Actor,
  query: ListQuery,
  search: PraticheSearch | undefined,
  fino: number | undefined,
): SQL | undefined {
  const term = query.search?.trim();
  if (search?.kind !== 'ampia' || !term || puntiScope(actor)) return undefined;
  const { where } = praticheWhere(db, actor, query, { ...search, condition: search.walk });
  const pageWhere = and(where, fino === undefined ? undefined : lte(pratiche.id, fino));
  const bounds = pageBounds(query);
  return sql`select ${pratiche.id} from ${pratiche} where ${pageWhere} order by ${pratiche.dataCreazione} desc, ${pratiche.id} desc limit ${bounds.limit} offset ${bounds.offset}`;
}

/**
 * The list of a search from the practices it found (listFound): one read of the 25 rows instead of
 * a count per status over their services and a page among them (a surname's 1,100 practices at
 * 100,000 leads: 20 of 28 ms of SQL). Undefined with a KO reason, which only the services hold.
 */
async function listFromFound(
  db: Database,
  actor: Actor,
  query: ListQuery,
  search: PraticheSearch | undefined,
): Promise<PraticheList | undefined> {
  if (search?.kind !== 'trovate' || !search.found || query.koMotivazione) return undefined;
  const fino = query.fino ?? search.found.newestId ?? (await newestId(db, pratiche));
  const listed = listFound(search.found.rows, query, fino);
  const page = listed.page.length
    ? await selectPraticaRows(db)
        // The scope again: a practice moved out of it since it was found is not shown.
        .where(and(praticheScope(actor), idsAmong(pratiche.id, listed.page)))
        .orderBy(desc(pratiche.dataCreazione), desc(pratiche.id))
    : [];
  return {
    items: await withServizi(db, page),
    ...totalUpTo(listed.matching, SEARCH_TOTAL_BOUND),
    page: query.page,
    pageSize: query.pageSize,
    countsByStato: listed.countsByStato,
    fino,
  };
}

export async function listPratiche(db: Database, actor: Actor, query: ListQuery): Promise<PraticheList> {
  const search = await resolveSearch(db, actor, query);
  const fromFound = await listFromFound(db, actor, query, search);
  if (fromFound) return fromFound;
  const { base: filters, where } = praticheWhere(db, actor, query, search);
  // Practices are numbered as they arrive: reading up to one id keeps later pages in step with
  // the first one while new practices come in (docs/performance.md#pagine-per-posizione).
  // Without `fino` the page reads what its statement sees, and says up to which id that was:
  // the newest id comes with the rows, not from a query of its own.
  const fino = query.fino;

  const ranged = rangedPraticaIds(actor, query, fino);
  const byPoints = ranged ? undefined : await pointsPageIds(db, actor, query, search, fino);
  const counters = listCounters(db, actor, query, search, byPoints?.points);
  const finoColumn = fino === undefined ? newestIdSql(pratiche) : sql<number>`${fino}::int`;
  const pageWhere = and(where, fino === undefined ? undefined : lte(pratiche.id, fino));
  const pageIds = ranged ? ranged.ids : (byPoints?.ids ?? broadSearchPageIds(db, actor, query, search, fino));
  const [page, total, counts] = await Promise.all([
    ranged || pageIds
      ? pageIds
        ? selectPageRows(db, finoColumn)
            .where(sql`${pratiche.id} in (${pageIds})`)
            .orderBy(desc(pratiche.dataCreazione), desc(pratiche.id))
        : []
      : selectPageRows(db, finoColumn)
          .where(pageWhere)
          .orderBy(desc(pratiche.dataCreazione), desc(pratiche.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
    praticheTotal(db, actor, query, where, search, counters, ranged),
    praticheCountsByStato(db, actor, query, filters, search, counters),
  ]);
  const countOf = (stato: ServizioStato) => Number(counts?.find((c) => c.stato === stato)?.n ?? 0);

  return {
    items: await withServizi(db, page),
    ...total,
    page: query.page,
    pageSize: query.pageSize,
    countsByStato: counts && {
      inserito: countOf('inserito'),
      in_lavorazione: countOf('in_lavorazione'),
      completato: countOf('completato'),
      ko: countOf('ko'),
    },
    fino: query.fino ?? (page.length ? Number(page[0].fino) : await newestId(db, pratiche)),
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

export function exportPratiche(
  db: Database,
  actor: Actor,
  filters: PraticheFilters,
  format: ExportFormat,
): Readable {
  const m = msg.servizio;
  // Practices in keyset batches (docs/performance.md#esportazioni), each batch with its services.
  async function* cells(): AsyncGenerator<Cell[]> {
    const search = await resolveSearch(db, actor, filters, { every: true });
    const { where } = praticheWhere(db, actor, filters, search);
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
