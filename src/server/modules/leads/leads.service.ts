import type { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, lt, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  LEAD_CONTACT_PROMISE_HOURS,
  type LeadContattoStato,
  type ServizioStato,
  type ServizioTipo,
} from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { SEARCH_TOTAL_BOUND, SERVICE_FILTER_TOTAL_BOUND, TOTAL_BOUND } from '#shared/schemas/common.ts';
import {
  LEAD_CONTATTO_LABELS,
  type LeadDetail,
  type LeadFilters,
  type LeadList,
  type LeadListItem,
  type ListLeadsQuery,
} from '#shared/schemas/lead.ts';
import { formatRomeDateTime } from '#shared/time.ts';
import { idsAmong, newestId, newestIdSql } from '#server/db/sql-helpers.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import {
  commissioni,
  documenti,
  leads,
  leadPunti,
  leadUtenti,
  pratiche,
  puntiFisici,
  servizi,
  users,
} from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { EXPORT_BATCH, inBatches, spreadsheetStream, type Cell } from '#server/lib/tabular-export.ts';
import type { Actor } from '#server/lib/actor.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { pseudonymiseConsents } from '#server/modules/privacy/anonymise.ts';
import { scopeSearchMatches, searchMatches } from '#server/modules/leads/lead-search.ts';
import {
  boundedTotal,
  countersByPoint,
  exactTotal,
  leadsTotal,
  leadVoce,
  type PageTotal,
} from '#server/modules/punti-fisici/contatori.ts';
import {
  leadOfPunto,
  leadsScope,
  ownLeadRows,
  praticheScope,
  puntiScope,
  scopedPuntiIdsSql,
} from '#server/modules/punti-fisici/scope.ts';
import {
  listPossibiliDuplicati,
  listStorico,
  possibileDuplicatoSql,
} from '#server/modules/leads/duplicati.service.ts';
import { isNumberBarred } from '#server/modules/chiamate/chiamate.service.ts';
import { notBarred } from '#server/modules/chiamate/coda.ts';

const m = msg.lead;
const PROMISE_MS = LEAD_CONTACT_PROMISE_HOURS * 60 * 60 * 1000;

/**
 * The lead's first point of sale, joined only when the actor may see that point: a shop that
 * sees a returning customer through its own practice learns nothing about the other shop (its
 * name, address, responsible person's e-mail and phone). See docs/security.md.
 */
function originalPuntoInScope(actor: Actor): SQL {
  return and(eq(puntiFisici.id, leads.puntoFisicoOriginaleId), puntiScope(actor))!;
}

function overdueSince(now: Date): Date {
  return new Date(now.getTime() - PROMISE_MS);
}

/** The list's filters, with the contact status and the overdue flag (docs/product/lifecycle.md#stato-di-contatto). */
function filterConditions(
  db: DbExecutor,
  actor: Actor,
  filters: LeadFilters,
  now: Date,
  options: { scopeJoined?: boolean; service?: ServiceCheck; broadTerm?: boolean } = {},
): SQL | undefined {
  // A query already kept to the actor's leads (its own lead_utenti rows, its own point) skips the scope.
  const conditions: Array<SQL | undefined> = [options.scopeJoined ? undefined : leadsScope(db, actor)];
  const scoped = actor.role !== 'admin' && actor.role !== 'amministrazione';
  if (filters.puntoFisicoId) {
    conditions.push(leadOfPunto(db, filters.puntoFisicoId));
    // Another shop's point as a filter finds nothing, not "my customers who also went there".
    if (scoped) conditions.push(sql`${filters.puntoFisicoId} in ${scopedPuntiIdsSql(actor)}`);
  }
  if (filters.status) conditions.push(eq(leads.statoContatto, filters.status));
  if (filters.overdue)
    conditions.push(and(eq(leads.statoContatto, 'nuovo'), lt(leads.dataRegistrazione, overdueSince(now))));
  if (filters.service) conditions.push(serviceCondition(actor, filters.service, leads.id, options.service));
  conditions.push(searchMatches(leads, filters.search, { broad: options.broadTerm }));
  return and(...conditions);
}

/**
 * How a list with a service filter and no search reads it (docs/performance.md#filtro-per-servizio-dei-lead).
 * The actor's services of the type are read first, up to SERVICE_CANDIDATES, from an index that
 * carries their practice's customer (servizi_elenco, migration 0036):
 * - `candidates`: fewer than that, so these are all: the page and an exact total are read among
 *   their leads (`ids`), whatever the size of the list;
 * - `walk`: at least that many, so they are common in the list: the page walks the list in its
 *   order and checks each lead's practices until the page is full. For the filter alone,
 *   `clienti` counts the distinct leads of the first SERVICE_COUNT_ROWS services: past the bound
 *   the total is "more than". Otherwise (another filter, or many practices per lead) the leads
 *   of the type's services are counted as PostgreSQL plans it with the other filters (by type,
 *   or merged with the leads by id): measured as cheap as or cheaper than checking lead by lead.
 */
type ServiceReading = { kind: 'candidates'; ids: number[] } | { kind: 'walk'; clienti: number | null };

/** How the service condition is written: the leads known, checked per lead in order, or the practices' leads. */
type ServiceCheck = { kind: 'candidates'; ids: number[] } | { kind: 'walk' } | { kind: 'services' };

/** Twice the leads the service filter's total counts to: a lead may have the type twice or more. */
const SERVICE_CANDIDATES = 2 * (SERVICE_FILTER_TOTAL_BOUND + 1);
/** Enough services to find one lead past the bound when few leads have the type twice. */
const SERVICE_COUNT_ROWS = Math.ceil(1.1 * (SERVICE_FILTER_TOTAL_BOUND + 1));

/**
 * The reading of the service filter, in one statement from one index range: the actor's services
 * of the type and their leads, then what their number chose: all their leads, or for the filter
 * alone the leads of the first ones.
 */
async function readService(
  db: Database,
  actor: Actor,
  tipo: ServizioTipo,
  alone: boolean,
): Promise<ServiceReading> {
  const candidates = SERVICE_CANDIDATES;
  const result = await db.execute(sql`with del_tipo as (
      select se.lead_id from servizi_elenco se where se.tipo_servizio = ${tipo}${ownServices(actor)} limit ${candidates})
    select
      case when c.n < ${candidates} then (select coalesce(array_agg(distinct d.lead_id), '{}') from del_tipo d)
      end as ids,
      case when c.n >= ${candidates} and ${alone}::boolean then (
        select count(distinct d.lead_id)::int from (select d.lead_id from del_tipo d limit ${SERVICE_COUNT_ROWS}) d)
      end as clienti
    from (select count(*)::int as n from del_tipo) c`);
  const [row] = (
    result as {
      rows: Array<{ ids: number[] | null; clienti: number | null }>;
    }
  ).rows;
  if (row.ids) return { kind: 'candidates', ids: row.ids.map(Number) };
  return { kind: 'walk', clienti: row.clienti == null ? null : Number(row.clienti) };
}

/**
 * The condition on servizi_elenco `se` that keeps the actor's own services: only the practices of
 * a scoped role's points count, so the filter does not tell what another shop sold.
 */
function ownServices(actor: Actor): SQL {
  return puntiScope(actor) ? sql` and se.punto_fisico_id in ${scopedPuntiIdsSql(actor)}` : sql``;
}

/**
 * Leads with a practice holding a service of this type, among the actor's practices; `id` is the
 * lead's id on the table the rows are read from. Without a check (exports, searches) PostgreSQL
 * plans it as it likes; `walk` keeps it a check per lead in the list's order, one read of the
 * index by lead (the OFFSET keeps it from becoming a join that first reads every service of the
 * type); `services` reads the leads of the type's services from the index by type.
 */
function serviceCondition(actor: Actor, tipo: ServizioTipo, id: SQLWrapper, check?: ServiceCheck): SQL {
  if (check?.kind === 'candidates') return idsAmong(id, check.ids);
  if (check?.kind === 'services')
    return sql`${id} in (select se.lead_id from servizi_elenco se where se.tipo_servizio = ${tipo}${ownServices(actor)})`;
  return sql`exists (select 1 from servizi_elenco se
        where se.lead_id = ${id} and se.tipo_servizio = ${tipo}${ownServices(actor)}${check ? sql` offset 0` : sql``})`;
}

/** The check a page uses: the known leads, or a walk along the list. */
const pageCheck = (reading?: ServiceReading): ServiceCheck | undefined =>
  reading && (reading.kind === 'candidates' ? reading : { kind: 'walk' });

/** The check a total uses: the known leads, or the leads of the type's services. */
const countCheck = (reading?: ServiceReading): ServiceCheck | undefined =>
  reading && (reading.kind === 'candidates' ? reading : { kind: 'services' });

function listColumns(now: Date) {
  return {
    id: leads.id,
    nome: leads.nome,
    cognome: leads.cognome,
    email: leads.email,
    telefono: leads.telefono,
    dataRegistrazione: leads.dataRegistrazione,
    statoContatto: leads.statoContatto,
    statoContattoAggiornatoAt: leads.statoContattoAggiornatoAt,
    datiCancellatiAt: leads.datiCancellatiAt,
    puntoFisicoOriginaleId: leads.puntoFisicoOriginaleId,
    puntoNome: puntiFisici.nomeAttivita,
    puntoIndirizzo: puntiFisici.indirizzo,
    puntoResponsabileId: puntiFisici.utenteResponsabileId,
    telefonoNormalizzato: leads.telefonoNormalizzato,
    emailNormalizzata: leads.emailNormalizzata,
    isOverdue: sql<boolean>`(${leads.statoContatto} = 'nuovo' and ${leads.dataRegistrazione} < ${overdueSince(now).toISOString()})`,
  };
}

type ListRow = {
  id: number;
  nome: string;
  cognome: string;
  email: string;
  telefono: string;
  dataRegistrazione: Date;
  statoContatto: LeadContattoStato;
  puntoFisicoOriginaleId: number | null;
  puntoNome: string | null;
  puntoIndirizzo: string | null;
  isOverdue: boolean;
  possibileDuplicato: boolean;
};

/** The list's and the detail's columns, with the duplicate marker (not in exports). */
function screenColumns(actor: Actor, now: Date) {
  return { ...listColumns(now), possibileDuplicato: possibileDuplicatoSql(actor) };
}

function toListItem(row: ListRow): LeadListItem {
  return {
    id: row.id,
    nome: row.nome,
    cognome: row.cognome,
    email: row.email,
    telefono: row.telefono,
    dataRegistrazione: row.dataRegistrazione.toISOString(),
    statoContatto: row.statoContatto,
    isOverdue: Boolean(row.isOverdue),
    // Null when the first point is another shop's (not joined, see originalPuntoInScope).
    puntoFisicoOriginaleId: row.puntoNome != null ? row.puntoFisicoOriginaleId : null,
    puntoFisicoOriginaleDetails:
      row.puntoFisicoOriginaleId != null && row.puntoNome != null
        ? { id: row.puntoFisicoOriginaleId, nomeAttivita: row.puntoNome, indirizzo: row.puntoIndirizzo ?? '' }
        : null,
    possibileDuplicato: Boolean(row.possibileDuplicato),
  };
}

const hasFilters = (f: LeadFilters) =>
  Boolean(f.status || f.overdue || f.service || f.search?.trim() || f.puntoFisicoId);

/** A filter that needs the lead's own columns (its names, its practices): the scope rows cannot answer it. */
const needsLeadColumns = (f: LeadFilters) => Boolean(f.service || f.search?.trim());

/**
 * Where the ids of a page and the total are read (docs/performance.md#stato-nel-perimetro):
 * - `own`: a scoped role's lead_utenti rows, `(ruolo, user_id, [stato,] data, lead_id)`, or
 *   with a search its GIN index of (person, search text, phone key) (migration 0020);
 * - `punto`: the point filter, the point's lead_punti rows, `(punto, data, lead_id, stato)`;
 * both carry the lead's date and contact status, so a status or "overdue" filter reads no lead
 * (a service filter checks the practices of the row's lead, see serviceCondition);
 * - `leads`: everything else, by `(data, id)` of the leads with the filters on their columns.
 */
type PageSource =
  | { kind: 'own'; table: typeof leadUtenti }
  | { kind: 'punto'; table: typeof leadPunti; puntoFisicoId: number }
  | { kind: 'leads' };

function pageSource(actor: Actor, f: LeadFilters): PageSource {
  // The own rows carry the search text too (migration 0020).
  if (puntiScope(actor) && !f.puntoFisicoId) return { kind: 'own', table: leadUtenti };
  if (f.puntoFisicoId && !needsLeadColumns(f))
    return { kind: 'punto', table: leadPunti, puntoFisicoId: f.puntoFisicoId };
  return { kind: 'leads' };
}

/** The status filters on a scope table's copy of the lead's status and date (same rule as filterConditions). */
function statusOnScopeRows(table: typeof leadUtenti | typeof leadPunti, f: LeadFilters, now: Date) {
  return and(
    f.status ? eq(table.statoContatto, f.status) : undefined,
    f.overdue
      ? and(eq(table.statoContatto, 'nuovo'), lt(table.dataRegistrazione, overdueSince(now)))
      : undefined,
  );
}

/**
 * A scoped role's own rows that match its filters: status and search from their copies of the
 * lead's columns, the service from the practices of their lead.
 */
function ownRowsMatch(actor: Actor, f: LeadFilters, now: Date, service?: ServiceCheck): SQL | undefined {
  return and(
    ownLeadRows(actor),
    statusOnScopeRows(leadUtenti, f, now),
    scopeSearchMatches(actor.id, f.search),
    f.service ? serviceCondition(actor, f.service, leadUtenti.leadId, service) : undefined,
  );
}

/** The rows of a point, and for a scoped role only a point of its own (another's finds nothing). */
function pointRows(actor: Actor, puntoFisicoId: number): SQL | undefined {
  return and(
    eq(leadPunti.puntoFisicoId, puntoFisicoId),
    puntiScope(actor) ? sql`${puntoFisicoId} in ${scopedPuntiIdsSql(actor)}` : undefined,
  );
}

/**
 * The list's total: the actor's counter without filters, the point's counter with the point
 * filter alone (exact), else counted up to a bound on the same rows the page is read from
 * (docs/performance.md#totali-delle-liste).
 */
async function leadsPageTotal(
  db: Database,
  actor: Actor,
  query: ListLeadsQuery,
  now: Date,
  service?: ServiceReading,
): Promise<PageTotal> {
  if (!hasFilters(query)) return exactTotal(await leadsTotal(db, actor));
  // A contact status alone, or with a point, is counted by the triggers too (migration 0039).
  const voce = leadVoce(query.status);
  if (query.status && !hasFilters({ ...query, status: undefined }))
    return exactTotal(await leadsTotal(db, actor, voce));
  const onlyPunto =
    query.puntoFisicoId && !hasFilters({ ...query, puntoFisicoId: undefined, status: undefined });
  if (onlyPunto) {
    // A point out of scope finds nothing (filterConditions), and so counts nothing.
    const [inScope] = await db
      .select({ id: puntiFisici.id })
      .from(puntiFisici)
      .where(and(eq(puntiFisici.id, query.puntoFisicoId!), puntiScope(actor)));
    if (!inScope) return exactTotal(0);
    const counts = await countersByPoint(db, [query.puntoFisicoId!], voce);
    return exactTotal(counts.get(query.puntoFisicoId!) ?? 0);
  }
  const source = pageSource(actor, query);
  const bound = query.search ? SEARCH_TOTAL_BOUND : query.service ? SERVICE_FILTER_TOTAL_BOUND : TOTAL_BOUND;
  if (service?.kind === 'candidates' && !hasFilters({ ...query, service: undefined }))
    return exactTotal(service.ids.length);
  if (service?.kind === 'walk' && service.clienti != null && service.clienti > bound)
    return { total: bound, totalIsLowerBound: true };
  const counting = countCheck(service);
  const one = { one: sql`1` };
  if (source.kind === 'own')
    return boundedTotal(
      db,
      db
        .select(one)
        .from(leadUtenti)
        .where(ownRowsMatch(actor, query, now, counting)),
      bound,
    );
  if (source.kind === 'punto')
    return boundedTotal(
      db,
      db
        .select(one)
        .from(leadPunti)
        .where(and(pointRows(actor, source.puntoFisicoId), statusOnScopeRows(leadPunti, query, now))),
      TOTAL_BOUND,
    );
  return boundedTotal(
    db,
    db
      .select(one)
      .from(leads)
      .where(filterConditions(db, actor, query, now, { service: counting })),
    bound,
  );
}

/** A row's position in the list's order as cursor text: its date in UTC to the microsecond, then its id. */
function cursorText(date: SQLWrapper, id: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${date} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${id}`;
}

/** The date and id columns a page is ordered by, on the table it is read from (see PageSource). */
function pageKeys(source: PageSource) {
  const table = source.kind === 'leads' ? undefined : source.table;
  return {
    date: table ? table.dataRegistrazione : leads.dataRegistrazione,
    id: table ? table.leadId : leads.id,
  };
}

/**
 * The rows that match the actor's scope and filters, as (`pagina_id`, `pagina_data`), read from
 * the index that matches them (see PageSource); `extra` narrows them (a position, an id bound).
 */
function matchingRows(
  db: Database,
  actor: Actor,
  query: ListLeadsQuery,
  now: Date,
  extra?: SQL,
  service?: ServiceCheck,
  broadTerm = false,
) {
  const source = pageSource(actor, query);
  const { date, id } = pageKeys(source);
  const where = and(
    source.kind === 'own'
      ? ownRowsMatch(actor, query, now, service)
      : source.kind === 'punto'
        ? and(pointRows(actor, source.puntoFisicoId), statusOnScopeRows(source.table, query, now))
        : // A scoped role's point filter keeps to its own points (filterConditions), so its
          // leads are in scope without the scope condition.
          filterConditions(db, actor, query, now, {
            scopeJoined: puntiScope(actor) != null,
            service,
            broadTerm,
          }),
    extra,
  );
  const fields = { id: sql<number>`${id}`.as('pagina_id'), data: sql<string>`${date}`.as('pagina_data') };
  const from =
    source.kind === 'own'
      ? db.select(fields).from(leadUtenti)
      : source.kind === 'punto'
        ? db.select(fields).from(leadPunti)
        : db.select(fields).from(leads);
  return from.where(where);
}

/**
 * Where a page starts: up to one id (`fino`), then right after (`dopo`) or before (`prima`) a
 * position, on the given date and id columns.
 */
function pagePosition(query: ListLeadsQuery, date: SQLWrapper, id: SQLWrapper) {
  const cursor = query.dopo ?? query.prima;
  return and(
    // Without `fino` the page reads what its statement sees (pageColumns says up to which id).
    query.fino === undefined ? undefined : lte(id, query.fino),
    cursor
      ? query.prima
        ? sql`(${date}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id})`
        : sql`(${date}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})`
      : undefined,
  );
}

/** The page's order: newest first, or towards the newer rows for `prima` (put back in list order after). */
function pageOrder(query: ListLeadsQuery, date: SQLWrapper, id: SQLWrapper) {
  return query.prima ? [asc(date), asc(id)] : [desc(date), desc(id)];
}

/** How many rows a page without a cursor skips (at most LEAD_JUMP_MAX_ROWS, by the schema). */
function pageOffset(query: ListLeadsQuery) {
  return (query.dopo ?? query.prima) ? 0 : (query.page - 1) * query.pageSize;
}

/**
 * How a page is read: the service filter's reading, and whether the search term is known to match
 * more than the search's bound (its page then walks the list's index: searchMatches).
 */
interface PageReading {
  service?: ServiceReading;
  broadTerm?: boolean;
}

/**
 * The ids of one page, newest first, read from the index that matches the actor's scope and
 * filter (see PageSource). With a cursor the page starts right after (`dopo`) or before
 * (`prima`) a position, so a deep page costs what the first one does; without one it skips at
 * most LEAD_JUMP_MAX_ROWS index entries, ids only (docs/decisions/034-pagine-dei-lead-a-cursore.md).
 */
function pageIds(db: Database, actor: Actor, query: ListLeadsQuery, now: Date, reading: PageReading) {
  const { date, id } = pageKeys(pageSource(actor, query));
  const position = pagePosition(query, date, id);
  return matchingRows(db, actor, query, now, position, pageCheck(reading.service), reading.broadTerm)
    .orderBy(...pageOrder(query, date, id))
    .limit(query.pageSize)
    .offset(pageOffset(query))
    .as('pagina');
}

/**
 * The page's leads, joined (point, duplicate marker) once its ids are chosen, with the `fino` the
 * page was read up to: the newest id, read by the page's own statement (not a query of its own).
 */
function pageColumns(
  actor: Actor,
  query: ListLeadsQuery,
  now: Date,
  page: { id: SQLWrapper; data: SQLWrapper },
) {
  return {
    ...screenColumns(actor, now),
    cursore: cursorText(page.data, page.id),
    fino: query.fino === undefined ? newestIdSql(leads) : sql<number>`${query.fino}::int`,
  };
}

/**
 * A search's page and exact total from one reading of its matches (docs/performance.md#ricerca-dei-lead):
 * the matches are gathered once, up to one past the search's bound, then counted and paged by
 * the same statement. More matches than the bound: `broad`, with the search version the count
 * saw, and the list reads its page by the index order.
 */
async function searchedPage(db: Database, actor: Actor, query: ListLeadsQuery, now: Date) {
  const trovati = db.$with('trovati').as(matchingRows(db, actor, query, now).limit(SEARCH_TOTAL_BOUND + 1));
  const conteggio = db
    .select({
      n: sql<number>`count(*)::int`.as('trovati_n'),
    })
    .from(trovati)
    .as('conteggio');
  const pagina = db
    .select({
      id: sql<number>`${trovati.id}`.as('pagina_id'),
      data: sql<string>`${trovati.data}`.as('pagina_data'),
    })
    .from(trovati)
    .where(pagePosition(query, trovati.data, trovati.id))
    .orderBy(...pageOrder(query, trovati.data, trovati.id))
    .limit(query.pageSize)
    .offset(pageOffset(query))
    .as('pagina');
  // One row even when the page is empty: the count, with the page's leads joined to it.
  const rows = await db
    .with(trovati)
    .select({
      n: conteggio.n,
      pagina: pagina.id,
      ...pageColumns(actor, query, now, pagina),
    })
    .from(conteggio)
    .leftJoin(pagina, sql`true`)
    .leftJoin(leads, eq(leads.id, pagina.id))
    .leftJoin(puntiFisici, originalPuntoInScope(actor))
    .orderBy(desc(pagina.data), desc(pagina.id));
  const n = rows[0]?.n ?? 0;
  if (n > SEARCH_TOTAL_BOUND) return { broad: true as const };
  return {
    broad: false as const,
    total: exactTotal(n),
    rows: rows.filter((r) => r.pagina != null) as Array<ListRow & { cursore: string; fino: number }>,
    fino: Number(rows[0]?.fino ?? 0),
  };
}

export async function listLeads(
  db: Database,
  actor: Actor,
  query: ListLeadsQuery,
  now = new Date(),
): Promise<LeadList> {
  // Leads are numbered as they arrive: reading up to one id keeps later pages in step with the
  // first one while new leads come in (docs/performance.md#paginazione-stabile).
  const searching = Boolean(query.search?.trim());
  // A search gathers its matches up to one past its bound: its page and exact total, or "more
  // than the bound" and a page read by the list's order (docs/performance.md#ricerca-dei-lead).
  const searched = searching ? await searchedPage(db, actor, query, now) : undefined;
  // With a search the service is checked on the search's matches; alone it is read first.
  const service =
    query.service && !searching
      ? await readService(db, actor, query.service, !hasFilters({ ...query, service: undefined }))
      : undefined;
  const [total, rows] =
    searched && !searched.broad
      ? [searched.total, searched.rows]
      : await Promise.all([
          searched?.broad
            ? { total: SEARCH_TOTAL_BOUND, totalIsLowerBound: true }
            : leadsPageTotal(db, actor, query, now, service),
          pageRows(db, actor, query, now, { service, broadTerm: searching }),
        ]);
  const fino =
    query.fino ??
    (searched && !searched.broad ? searched.fino : undefined) ??
    (rows.length ? Number(rows[0].fino) : await newestId(db, leads));
  return leadList(query, total, rows, fino);
}

/** The list's answer: the page's items with its total, its `fino` and the positions around it. */
function leadList(
  query: ListLeadsQuery,
  total: PageTotal,
  rows: Array<ListRow & { cursore: string }>,
  fino: number,
): LeadList {
  const cursori = rows.length ? { prima: rows[0].cursore, dopo: rows[rows.length - 1].cursore } : null;
  return {
    items: rows.map(toListItem),
    ...total,
    page: query.page,
    pageSize: query.pageSize,
    fino,
    cursori,
  };
}

/**
 * The page's 25 leads, joined (point, duplicate marker) after their ids are chosen: a skipped
 * row costs an index entry, never the columns and the duplicate probe.
 */
function pageRows(db: Database, actor: Actor, query: ListLeadsQuery, now: Date, reading: PageReading = {}) {
  const ids = pageIds(db, actor, query, now, reading);
  return db
    .select(pageColumns(actor, query, now, ids))
    .from(ids)
    .innerJoin(leads, eq(leads.id, ids.id))
    .leftJoin(puntiFisici, originalPuntoInScope(actor))
    .orderBy(desc(ids.data), desc(ids.id));
}

async function findLead(db: DbExecutor, actor: Actor, id: number, now: Date) {
  const [row] = await db
    .select(screenColumns(actor, now))
    .from(leads)
    .leftJoin(puntiFisici, originalPuntoInScope(actor))
    .where(and(eq(leads.id, id), leadsScope(db, actor)));
  if (!row) throw AppError.notFound(m.notFound);
  return row;
}

export async function getLead(db: Database, actor: Actor, id: number, now = new Date()): Promise<LeadDetail> {
  const row = await findLead(db, actor, id, now);
  // A scoped role sees the practices of its own points only (docs/product/roles-and-scope.md#lead-di-un-punto).
  const praticheRows = await db
    .select({
      id: pratiche.id,
      statoPratica: pratiche.statoPratica,
      dataCreazione: pratiche.dataCreazione,
      indirizzoIp: pratiche.indirizzoIp,
      orarioContatto: pratiche.orarioContatto,
      puntoFisicoId: pratiche.puntoFisicoId,
      puntoNome: puntiFisici.nomeAttivita,
    })
    .from(pratiche)
    .leftJoin(puntiFisici, eq(puntiFisici.id, pratiche.puntoFisicoId))
    .where(and(eq(pratiche.leadId, id), praticheScope(db, actor)))
    .orderBy(asc(pratiche.dataCreazione), asc(pratiche.id));
  const serviziRows = praticheRows.length
    ? await db
        .select({
          id: servizi.id,
          praticaId: servizi.praticaId,
          tipoServizio: servizi.tipoServizio,
          stato: servizi.stato,
        })
        .from(servizi)
        .where(
          inArray(
            servizi.praticaId,
            praticheRows.map((p) => p.id),
          ),
        )
        .orderBy(asc(servizi.id))
    : [];
  const [responsabile] =
    row.puntoResponsabileId != null
      ? await db
          .select({
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            phone: users.phone,
          })
          .from(users)
          .where(eq(users.id, row.puntoResponsabileId))
      : [];

  const detail: LeadDetail = {
    ...toListItem(row),
    statoContattoAggiornatoAt: row.statoContattoAggiornatoAt?.toISOString() ?? null,
    datiCancellatiAt: row.datiCancellatiAt?.toISOString() ?? null,
    indirizzoIP: praticheRows[0]?.indirizzoIp ?? null,
    puntoFisicoOriginaleDetails:
      row.puntoFisicoOriginaleId != null && row.puntoNome != null
        ? {
            id: row.puntoFisicoOriginaleId,
            nomeAttivita: row.puntoNome,
            indirizzo: row.puntoIndirizzo ?? '',
            utenteResponsabile: responsabile ?? null,
          }
        : null,
    pratiche: praticheRows.map((p) => ({
      id: p.id,
      statoPratica: p.statoPratica,
      dataCreazione: p.dataCreazione.toISOString(),
      indirizzoIP: p.indirizzoIp,
      orarioContatto: p.orarioContatto,
      puntoFisicoId: p.puntoFisicoId,
      puntoFisico: p.puntoNome != null ? { nomeAttivita: p.puntoNome } : null,
      servizi: serviziRows
        .filter((s) => s.praticaId === p.id)
        .map((s) => ({ id: s.id, tipoServizio: s.tipoServizio, stato: s.stato })),
    })),
    possibiliDuplicati: row.possibileDuplicato ? await listPossibiliDuplicati(db, actor, row) : [],
    nonChiamare: await isNumberBarred(db, row.telefonoNormalizzato),
    storico: await listStorico(db, id),
  };
  if (actor.role === 'admin') {
    const counts = new Map<string, { tipoServizio: ServizioTipo; stato: ServizioStato; count: number }>();
    for (const s of serviziRows) {
      const key = `${s.tipoServizio}:${s.stato}`;
      const entry = counts.get(key) ?? { tipoServizio: s.tipoServizio, stato: s.stato, count: 0 };
      entry.count++;
      counts.set(key, entry);
    }
    detail.praticheSummary = { count: praticheRows.length, perServizioStato: [...counts.values()] };
  }
  return detail;
}

export async function updateLeadStatus(
  db: Database,
  actor: Actor,
  id: number,
  status: LeadContattoStato,
  now = new Date(),
): Promise<LeadListItem> {
  await findLead(db, actor, id, now);
  // Back to `nuovo`, it waits in the queue again; otherwise it leaves it unless a call is fixed
  // (docs/product/calls.md#la-coda).
  await db
    .update(leads)
    .set({
      statoContatto: status,
      statoContattoAggiornatoAt: now,
      chiamataDa:
        status === 'nuovo'
          ? sql`coalesce(${leads.chiamataDa}, ${now.toISOString()}::timestamptz)`
          : sql`case when ${leads.chiamataFissata} then ${leads.chiamataDa} end`,
    })
    .where(eq(leads.id, id));
  return toListItem(await findLead(db, actor, id, now));
}

/**
 * A lead with a paid commission cannot be deleted (docs/product/lifecycle.md#eliminazioni); otherwise its practices go with
 * it (cascade) and their documents leave the storage too, after the rows are gone.
 */
export async function deleteLead(
  db: Database,
  storage: DocumentStorage,
  actor: Actor,
  id: number,
  meta: { consentKey: Buffer; ip: string },
): Promise<void> {
  const filenames = await db.transaction(async (tx) => {
    await findLead(tx, actor, id, new Date());
    const praticheIds = tx.select({ id: pratiche.id }).from(pratiche).where(eq(pratiche.leadId, id));
    const [paid] = await tx
      .select({ id: commissioni.id })
      .from(commissioni)
      .where(and(inArray(commissioni.praticaId, praticheIds), eq(commissioni.statoPagamento, 'pagato')))
      .limit(1);
    if (paid) throw AppError.conflict(m.hasPaidCommissions, 'HAS_PAID_COMMISSIONS');
    const docs = await tx
      .select({ filename: documenti.filename })
      .from(documenti)
      .where(
        inArray(
          documenti.praticaId,
          tx.select({ id: pratiche.id }).from(pratiche).where(eq(pratiche.leadId, id)),
        ),
      );
    // The consent proof outlives the lead, pseudonymised (docs/privacy.md#consensi).
    const [keys] = await tx
      .select({
        emailNormalizzata: leads.emailNormalizzata,
        telefonoNormalizzato: leads.telefonoNormalizzato,
      })
      .from(leads)
      .where(eq(leads.id, id));
    await pseudonymiseConsents(tx, { id, ...keys }, meta.consentKey, new Date());
    await tx.delete(leads).where(eq(leads.id, id));
    await recordAudit(tx, {
      tipo: 'eliminazione_lead',
      who: actor,
      ip: meta.ip,
      oggetto: { tipo: 'lead', id },
      dettagli: { documenti: docs.length },
    });
    return docs.map((d) => d.filename);
  });
  for (const filename of filenames) await storage.remove(filename);
}

export const LEAD_EXPORT_HEADER = [
  'ID',
  'Nome',
  'Cognome',
  'Email',
  'Telefono',
  'Punto Fisico',
  'Indirizzo Punto Fisico',
  'Data registrazione',
  'Stato contatto',
  'In ritardo (oltre 24 ore)',
  'Servizi richiesti',
];

/**
 * The filtered list as a file, in the order of the screen, every row of it (docs/product/screens.md#esportazioni):
 * written while it is read, in keyset batches (docs/performance.md#esportazioni).
 */
export function exportLeads(
  db: Database,
  actor: Actor,
  filters: LeadFilters,
  format: 'xlsx' | 'csv',
  now = new Date(),
): Readable {
  // A number the customer asked never to be called on again is no contact to export
  // (docs/product/calls.md#non-chiamare-più).
  const where = and(filterConditions(db, actor, filters, now), notBarred());
  // A scoped role lists the services of its own points' practices only.
  const inScope =
    actor.role === 'admin' || actor.role === 'amministrazione'
      ? sql``
      : sql` and pr.punto_fisico_id in ${scopedPuntiIdsSql(actor)}`;
  const serviziSql = sql<
    ServizioTipo[] | null
  >`(select array_agg(distinct s.tipo_servizio order by s.tipo_servizio)
    from servizi s inner join pratiche pr on pr.id = s.pratica_id
    where pr.lead_id = "leads"."id"${inScope})`;
  const rows = inBatches((after: { id: number; cursor: string } | undefined) =>
    db
      .select({
        ...listColumns(now),
        servizi: serviziSql,
        cursor: sql<string>`${leads.dataRegistrazione}::text`,
      })
      .from(leads)
      .leftJoin(puntiFisici, originalPuntoInScope(actor))
      .where(
        after
          ? and(
              where,
              sql`(${leads.dataRegistrazione}, ${leads.id}) < (${after.cursor}::timestamptz, ${after.id})`,
            )
          : where,
      )
      .orderBy(desc(leads.dataRegistrazione), desc(leads.id))
      .limit(EXPORT_BATCH),
  );
  async function* cells(): AsyncGenerator<Cell[]> {
    for await (const r of rows)
      yield [
        r.id,
        r.nome,
        r.cognome,
        r.email,
        r.telefono,
        r.puntoNome ?? '',
        r.puntoIndirizzo ?? '',
        formatRomeDateTime(r.dataRegistrazione),
        LEAD_CONTATTO_LABELS[r.statoContatto],
        r.isOverdue ? 'Sì' : 'No',
        (r.servizi ?? []).map((tipo) => servizioLabel(tipo)).join(', '),
      ];
  }
  return spreadsheetStream(format, 'Lead', LEAD_EXPORT_HEADER, cells());
}
