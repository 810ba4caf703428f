import type { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
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
import type { Database, DbExecutor } from '#server/db/client.ts';
import { commissioni, documenti, leads, pratiche, puntiFisici, servizi, users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { decodeCursor, keysetPage } from '#server/lib/keyset.ts';
import { EXPORT_BATCH, inBatches, spreadsheetStream, type Cell } from '#server/lib/tabular-export.ts';
import type { Actor } from '#server/lib/actor.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import { recordAudit, recordListExport } from '#server/modules/audit/audit.service.ts';
import { pseudonymiseConsents, togliDaiFileFornitori } from '#server/modules/privacy/anonymise.ts';
import { searchMatches } from '#server/modules/leads/lead-search.ts';
import { boundedLeadsTotal } from '#server/modules/punti-fisici/contatori.ts';
import {
  inPuntiVisibili,
  leadOfPunti,
  leadOfPuntiHalves,
  leadsScope,
  type Punti,
  praticheScope,
  puntiScope,
  puntiVisibili,
} from '#server/modules/punti-fisici/scope.ts';
import {
  listPossibiliDuplicati,
  listStorico,
  possibileDuplicatoSql,
} from '#server/modules/leads/duplicati.service.ts';
import { isNumberBarred } from '#server/modules/chiamate/chiamate.service.ts';
import { togliDaiLotti } from '#server/modules/invii-fornitori/lotti-privacy.ts';
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

/**
 * Leads with a practice holding a service of this type, among the actor's practices only: the
 * filter must not tell a shop what another shop sold. Two forms with the same rows: `probe` checks
 * each lead's own practices (pratiche_lead_idx), for a page that walks the list's order and stops
 * at its last row; `set` reads the type's leads from `servizi_elenco` (the actor's points' range of
 * servizi_elenco_punto_idx, or all of servizi_elenco_lead_idx in lead order), for a total that
 * would otherwise probe every lead it passes over (docs/performance.md#lista-dei-lead).
 */
function serviceCondition(actor: Actor, tipo: ServizioTipo, form: ServiceForm): SQL {
  // The points as an array computed once: as `in (subquery)` PostgreSQL turns the condition into
  // a join that reads every practice (or service) of the points first.
  const points = puntiVisibili(actor);
  const atPoints = (column: SQL) => (points ? sql` and ${column} = any(array${points})` : sql``);
  return form === 'probe'
    ? sql`exists (select 1 from pratiche pr_srv inner join servizi s_srv on s_srv.pratica_id = pr_srv.id
        where pr_srv.lead_id = ${leads.id} and s_srv.tipo_servizio = ${tipo}${atPoints(sql`pr_srv.punto_fisico_id`)})`
    : sql`${leads.id} in (select se_srv.lead_id from servizi_elenco se_srv
        where se_srv.tipo_servizio = ${tipo}${atPoints(sql`se_srv.punto_fisico_id`)})`;
}

type ServiceForm = 'probe' | 'set';

/**
 * The list's filters inside the actor's scope, on the leads' own columns, with the contact status
 * and the overdue flag (docs/product/lifecycle.md#stato-di-contatto), in two parts: the points
 * whose leads the list reads (the one chosen as a filter, else the actor's; undefined: all) and
 * the other conditions. The list and the export read both; the total counts the points' halves.
 */
function listConditions(
  actor: Actor,
  filters: LeadFilters,
  now: Date,
  serviceForm: ServiceForm = 'probe',
): { points: Punti | undefined; others: SQL | undefined } {
  const own = puntiVisibili(actor);
  const conditions: Array<SQL | undefined> = [];
  // Another shop's point as a filter finds nothing, not "my customers who also went there".
  if (filters.puntoFisicoId && own) conditions.push(sql`${filters.puntoFisicoId} in ${own}`);
  if (filters.status) conditions.push(eq(leads.statoContatto, filters.status));
  if (filters.overdue)
    conditions.push(and(eq(leads.statoContatto, 'nuovo'), lt(leads.dataRegistrazione, overdueSince(now))));
  if (filters.service) conditions.push(serviceCondition(actor, filters.service, serviceForm));
  conditions.push(searchMatches(leads, filters.search));
  return { points: filters.puntoFisicoId || own, others: and(...conditions) };
}

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

/** A lead's position in the list's order: its date as PostgreSQL prints it, then its id. */
const CURSOR_KINDS = ['text', 'int'] as const;

/**
 * The total counted on demand up to a bound (docs/performance.md#totali-delle-liste): a search or
 * a service filter re-checks every row it counts, so it stops sooner.
 */
function totalBound(filters: LeadFilters): number {
  if (filters.search?.trim()) return SEARCH_TOTAL_BOUND;
  return filters.service ? SERVICE_FILTER_TOTAL_BOUND : TOTAL_BOUND;
}

/** The rows after the cursor's position in the list's order (newest first). */
function afterPosition(position: ReturnType<typeof decodeCursor> | undefined): SQL | undefined {
  return (
    position && sql`(${leads.dataRegistrazione}, ${leads.id}) < (${position[0]}::timestamptz, ${position[1]})`
  );
}

/**
 * The ids of one page, as a subquery: every column the list filters on is in leads_data_id_idx, so
 * the walk reads that index alone, and only the page's own rows are read from the table
 * (docs/performance.md#lista-dei-lead).
 */
function pageIds(where: SQL | undefined, limit: number) {
  return sql`(select ${leads.id} from ${leads} where ${where ?? sql`true`}
    order by ${leads.dataRegistrazione} desc, ${leads.id} desc limit ${limit})`;
}

/**
 * GET /api/leads: one keyset page, newest first, read from `leads` by `(data_registrazione, id)`
 * with the scope and the filters as conditions (docs/architecture.md#liste-e-paginazione), and
 * its total counted up to a bound beside it.
 */
export async function listLeads(
  db: Database,
  actor: Actor,
  query: ListLeadsQuery,
  now = new Date(),
): Promise<LeadList> {
  const position = query.cursor ? decodeCursor(query.cursor, CURSOR_KINDS) : undefined;
  const { points, others } = listConditions(actor, query, now);
  const where = and(points === undefined ? undefined : leadOfPunti(points), others);
  const [total, rows] = await Promise.all([
    boundedLeadsTotal(
      db,
      listConditions(actor, query, now, 'set').others,
      points === undefined ? undefined : leadOfPuntiHalves(points),
      totalBound(query),
    ),
    db
      .select({ ...screenColumns(actor, now), at: sql<string>`${leads.dataRegistrazione}::text` })
      .from(leads)
      .leftJoin(puntiFisici, originalPuntoInScope(actor))
      .where(sql`${leads.id} in ${pageIds(and(where, afterPosition(position)), query.pageSize + 1)}`)
      .orderBy(desc(leads.dataRegistrazione), desc(leads.id)),
  ]);
  const page = keysetPage(rows, query.pageSize, (r) => [r.at, r.id]);
  return { items: page.items.map(toListItem), ...total, nextCursor: page.nextCursor };
}

async function findLead(db: DbExecutor, actor: Actor, id: number, now: Date) {
  const [row] = await db
    .select(screenColumns(actor, now))
    .from(leads)
    .leftJoin(puntiFisici, originalPuntoInScope(actor))
    .where(and(eq(leads.id, id), leadsScope(actor)));
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
    .where(and(eq(pratiche.leadId, id), praticheScope(actor)))
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
    // The batch files sent to suppliers lose the person's rows (docs/privacy.md#lotti-inviati-ai-fornitori).
    const ids = await tx.select({ id: pratiche.id }).from(pratiche).where(eq(pratiche.leadId, id));
    const lotti = await togliDaiLotti(
      tx,
      storage,
      ids.map((p) => p.id),
    );
    await togliDaiFileFornitori(
      tx,
      ids.map((p) => p.id),
    );
    await tx.delete(leads).where(eq(leads.id, id));
    await recordAudit(tx, {
      tipo: 'eliminazione_lead',
      who: actor,
      ip: meta.ip,
      oggetto: { tipo: 'lead', id },
      dettagli: { documenti: docs.length, lotti: lotti.lotti },
    });
    return [...docs.map((d) => d.filename), ...lotti.vecchiFile];
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
 * The export of the list as the filters narrow it, recorded in the audit log first (who, the
 * format, the filters: docs/privacy.md#registro-delle-attività).
 */
export async function startLeadsExport(
  db: Database,
  actor: Actor,
  filters: LeadFilters,
  format: 'xlsx' | 'csv',
  source: { ip: string },
): Promise<Readable> {
  await recordListExport(db, { who: actor, ip: source.ip }, 'lead', format, filters);
  return exportLeads(db, actor, filters, format);
}

/**
 * The filtered list as a file, in the order of the screen, every row of it (docs/product/screens.md#esportazioni):
 * written while it is read, in keyset batches (docs/performance.md#esportazioni).
 */
function exportLeads(
  db: Database,
  actor: Actor,
  filters: LeadFilters,
  format: 'xlsx' | 'csv',
  now = new Date(),
): Readable {
  // A number the customer asked never to be called on again is no contact to export
  // (docs/product/calls.md#non-chiamare-più).
  const { points, others } = listConditions(actor, filters, now, 'set');
  const where = and(points === undefined ? undefined : leadOfPunti(points), others, notBarred());
  // A scoped role lists the services of its own points' practices only.
  const own = inPuntiVisibili(sql`pr.punto_fisico_id`, actor);
  const inScope = own ? sql` and ${own}` : sql``;
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
