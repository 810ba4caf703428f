import { and, asc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { msg } from '#shared/messages.ts';
import { fromCents, toCents } from '#shared/money.ts';
import type { Role } from '#shared/permissions.ts';
import {
  PUNTI_SUGGEST_LIMIT,
  PUNTI_SUGGEST_MIN_CHARS,
  type CreatePuntoFisicoData,
  type ListPuntiQuery,
  type Person,
  type PuntiFisiciPage,
  type PuntoFisico,
  type PuntoFisicoStats,
  type PuntoSuggestion,
} from '#shared/schemas/punto-fisico.ts';
import { romeDateKey, startOfRomeMonth } from '#shared/time.ts';
import { isUniqueViolation, lowerTextContains } from '#server/db/sql-helpers.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import { commissioni, commissioniGiorni, puntiFisici, users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { decodeCursor, keysetPage } from '#server/lib/keyset.ts';
import { generateLandingCode, LANDING_CODE_PATTERN } from '#server/modules/punti-fisici/landing-code.ts';
import { clearQrCache, landingUrl, qrSvg } from '#server/modules/punti-fisici/qr.ts';
import { commissionDaySums } from '#server/modules/commissioni/commissioni.scope.ts';
import { boundedTotal, leadsAndPraticheOfPoints } from '#server/modules/punti-fisici/contatori.ts';
import { areaManagerPeople, puntiScope } from '#server/modules/punti-fisici/scope.ts';
import { getTelefonoAziendale } from '#server/modules/impostazioni/impostazioni.service.ts';
import { consulenteOf, type PuntoPersona } from '#server/modules/punti-fisici/persone.ts';

const m = msg.puntoFisico;

export interface PuntiContext {
  db: Database;
  publicBaseUrl: string;
}

/** A point as the services use it (its search column stays in the database). */
type PuntoRow = Omit<typeof puntiFisici.$inferSelect, 'cerca'>;

/** Leads and practices per point, from the points' counters (docs/performance.md#contatori). */
async function countsByPunto(db: DbExecutor, ids: number[]) {
  const counts = await leadsAndPraticheOfPoints(db, ids);
  return { leadsCount: counts.leads, praticheCount: counts.pratiche };
}

const responsabili = alias(users, 'responsabile');
const agenti = alias(users, 'agente');
const areaManagers = alias(users, 'area_manager');

function personColumns<U extends typeof responsabili | typeof agenti | typeof areaManagers>(u: U) {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    role: u.role,
    isActive: u.isActive,
  };
}

/** The point's columns, without its search text. */
function puntoColumns() {
  const { cerca: _search, ...columns } = getTableColumns(puntiFisici);
  return columns;
}

/**
 * Up to `limit` points (by name then id) with their three people, in one query: the points are
 * chosen first (`pagina`), then only they join their people. `persone` is the list search's CTE,
 * when there is one.
 */
function selectPunti(
  db: DbExecutor,
  where: SQL | undefined,
  limit: number,
  persone?: ReturnType<typeof puntiPeopleSearch>,
) {
  const pagina = db
    .$with('pagina')
    .as(
      db
        .select(puntoColumns())
        .from(puntiFisici)
        .where(where)
        .orderBy(asc(puntiFisici.nomeAttivita), asc(puntiFisici.id))
        .limit(limit),
    );
  return (persone ? db.with(persone, pagina) : db.with(pagina))
    .select({
      punto: {
        id: pagina.id,
        nomeAttivita: pagina.nomeAttivita,
        indirizzo: pagina.indirizzo,
        landingCode: pagina.landingCode,
        utenteResponsabileId: pagina.utenteResponsabileId,
        agenteId: pagina.agenteId,
        areaManagerId: pagina.areaManagerId,
        isActive: pagina.isActive,
        createdAt: pagina.createdAt,
      },
      responsabile: personColumns(responsabili),
      agente: personColumns(agenti),
      areaManager: personColumns(areaManagers),
    })
    .from(pagina)
    .leftJoin(responsabili, eq(responsabili.id, pagina.utenteResponsabileId))
    .leftJoin(agenti, eq(agenti.id, pagina.agenteId))
    .leftJoin(areaManagers, eq(areaManagers.id, pagina.areaManagerId))
    .orderBy(asc(pagina.nomeAttivita), asc(pagina.id));
}

/** A joined person: null when the point has none (every column null). */
type JoinedPerson = { [K in keyof PuntoPersona]: PuntoPersona[K] | null } | null;
const persona = (p: JoinedPerson): PuntoPersona | undefined =>
  p?.id != null ? (p as PuntoPersona) : undefined;
/** What the card shows of a person (their role and state stay on the server). */
const person = (p: JoinedPerson): Person | null => {
  const found = persona(p);
  return found
    ? {
        id: found.id,
        firstName: found.firstName,
        lastName: found.lastName,
        email: found.email,
        phone: found.phone,
      }
    : null;
};

type PuntoWithPeople = {
  punto: PuntoRow;
  responsabile: JoinedPerson;
  agente: JoinedPerson;
  areaManager: JoinedPerson;
};

async function toPuntiFisici(ctx: PuntiContext, rows: PuntoWithPeople[]): Promise<PuntoFisico[]> {
  const [counts, telefonoAziendale] = await Promise.all([
    countsByPunto(
      ctx.db,
      rows.map((r) => r.punto.id),
    ),
    getTelefonoAziendale(ctx.db),
  ]);
  return rows.map(({ punto: r, responsabile, agente, areaManager }) => ({
    id: r.id,
    nomeAttivita: r.nomeAttivita,
    indirizzo: r.indirizzo,
    landingCode: r.landingCode,
    utenteResponsabileId: r.utenteResponsabileId,
    agenteId: r.agenteId,
    areaManagerId: r.areaManagerId,
    isActive: r.isActive,
    urlLanding: landingUrl(ctx.publicBaseUrl, r.landingCode),
    // The code in the query string busts the browser cache when the code changes.
    qrCode: `/api/punti-fisici/${r.id}/qr.svg?v=${r.landingCode}`,
    leadCount: counts.leadsCount.get(r.id) ?? 0,
    praticheCount: counts.praticheCount.get(r.id) ?? 0,
    utenteResponsabile: person(responsabile),
    agente: person(agente),
    areaManager: person(areaManager),
    clienteSenzaTelefono:
      consulenteOf(
        {
          ...r,
          responsabile: persona(responsabile),
          agente: persona(agente),
          areaManager: persona(areaManager),
        },
        telefonoAziendale,
      ).telefono == null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * What the list's search box matches: the shop's name and address (its lower-cased search text)
 * or landing code, or the name, surname or e-mail of its responsabile, agente or area manager (the
 * people found once, in `persone`, see puntiPeopleSearch). See docs/product/screens.md#punti-fisici
 */
function puntiSearch(
  db: DbExecutor,
  q: string | undefined,
  persone: ReturnType<typeof puntiPeopleSearch>,
): SQL | undefined {
  if (!q) return undefined;
  const people = db.select({ id: persone.id }).from(persone);
  return or(
    lowerTextContains(puntiFisici.cerca, q),
    lowerTextContains(sql`lower(${puntiFisici.landingCode})`, q),
    inArray(puntiFisici.utenteResponsabileId, people),
    inArray(puntiFisici.agenteId, people),
    inArray(puntiFisici.areaManagerId, people),
  );
}

/** The people whose name, surname or e-mail holds the search: read once per list, for its three roles. */
function puntiPeopleSearch(db: DbExecutor, q: string | undefined) {
  return db.$with('persone').as(
    db
      .select({ id: users.id })
      .from(users)
      .where(q ? lowerTextContains(users.cerca, q) : sql`false`),
  );
}

/**
 * One page of the points in the actor's scope, by name then id, after the cursor's (name, id)
 * (docs/architecture.md#liste-e-paginazione); the total is counted up to TOTAL_BOUND.
 * Lead and practice counts come from the counters, for this page's points only.
 */
export async function listPuntiFisici(
  ctx: PuntiContext,
  actor: Actor,
  query: ListPuntiQuery,
): Promise<PuntiFisiciPage> {
  const persone = puntiPeopleSearch(ctx.db, query.q);
  const where = and(puntiScope(actor), puntiSearch(ctx.db, query.q, persone));
  const after = query.cursor ? decodeCursor(query.cursor, ['text', 'int']) : null;
  const [rows, total] = await Promise.all([
    selectPunti(
      ctx.db,
      and(
        where,
        after
          ? sql`(${puntiFisici.nomeAttivita}, ${puntiFisici.id}) > (${after[0]}, ${after[1]})`
          : undefined,
      ),
      query.pageSize + 1,
      persone,
    ),
    boundedTotal(ctx.db, ctx.db.with(persone).select({ id: puntiFisici.id }).from(puntiFisici).where(where)),
  ]);
  const page = keysetPage(rows, query.pageSize, (r) => [r.punto.nomeAttivita, r.punto.id]);
  return { items: await toPuntiFisici(ctx, page.items), ...total, nextCursor: page.nextCursor };
}

/** The point, if it is in the actor's scope; otherwise "not found". See docs/product/roles-and-scope.md#403-e-404 */
export async function findPuntoRow(db: DbExecutor, actor: Actor, id: number): Promise<PuntoRow> {
  const [row] = await db
    .select()
    .from(puntiFisici)
    .where(and(eq(puntiFisici.id, id), puntiScope(actor)));
  if (!row) throw AppError.notFound(m.notFound);
  return row;
}

export async function getPuntoFisico(ctx: PuntiContext, actor: Actor, id: number): Promise<PuntoFisico> {
  const rows = await selectPunti(ctx.db, and(eq(puntiFisici.id, id), puntiScope(actor)), 1);
  if (rows.length === 0) throw AppError.notFound(m.notFound);
  const [punto] = await toPuntiFisici(ctx, rows);
  return punto;
}

const PERSON_RULES: Array<{
  field: 'utenteResponsabileId' | 'agenteId' | 'areaManagerId';
  role: Role;
  invalid: string;
  wrongRole: string;
}> = [
  {
    field: 'utenteResponsabileId',
    role: 'punto_fisico',
    invalid: m.responsabileInvalid,
    wrongRole: m.responsabileRole,
  },
  { field: 'agenteId', role: 'agente', invalid: m.agenteInvalid, wrongRole: m.agenteRole },
  {
    field: 'areaManagerId',
    role: 'area_manager',
    invalid: m.areaManagerInvalid,
    wrongRole: m.areaManagerRole,
  },
];

/**
 * Each chosen person exists for the actor, is active and has the role of the slot. A person the
 * actor may not pick (an area manager names someone outside his people, see areaManagerPeople)
 * answers exactly like an id that does not exist: 404, nobody's data, nothing said about who the
 * id is. See docs/product/roles-and-scope.md#persone-di-un-punto
 */
async function assertPeople(db: DbExecutor, actor: Actor, input: CreatePuntoFisicoData, current?: PuntoRow) {
  const ids = PERSON_RULES.map((r) => input[r.field]).filter((id): id is number => id != null);
  // People already on the point stay visible: editing a shop's name never needs new people.
  const kept = PERSON_RULES.map((r) => current?.[r.field]).filter((id): id is number => id != null);
  const rows = ids.length
    ? await db
        .select({ id: users.id, role: users.role, isActive: users.isActive })
        .from(users)
        .where(
          and(
            inArray(users.id, ids),
            actor.role === 'admin'
              ? undefined
              : or(areaManagerPeople(actor), kept.length ? inArray(users.id, kept) : undefined),
          ),
        )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const rule of PERSON_RULES) {
    const id = input[rule.field];
    if (id == null) continue;
    const person = byId.get(id);
    if (!person) throw AppError.notFound(rule.invalid);
    // A person already on the point may stay even if deactivated meanwhile.
    const unchanged = current?.[rule.field] === id;
    if (!person.isActive && !unchanged) throw AppError.badRequest(rule.invalid, 'INVALID_PERSON');
    if (person.role !== rule.role) throw AppError.badRequest(rule.wrongRole, 'INVALID_PERSON');
  }
}

/** An area manager's points are always their own. See docs/product/roles-and-scope.md#cosa-può-fare-ogni-ruolo */
function withOwnScope(actor: Actor, input: CreatePuntoFisicoData): CreatePuntoFisicoData {
  return actor.role === 'area_manager' ? { ...input, areaManagerId: actor.id } : input;
}

export async function createPuntoFisico(
  ctx: PuntiContext,
  actor: Actor,
  raw: CreatePuntoFisicoData,
): Promise<PuntoFisico> {
  const input = withOwnScope(actor, raw);
  await assertPeople(ctx.db, actor, input);
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await ctx.db
        .insert(puntiFisici)
        .values({
          nomeAttivita: input.nomeAttivita,
          indirizzo: input.indirizzo,
          utenteResponsabileId: input.utenteResponsabileId,
          agenteId: input.agenteId,
          areaManagerId: input.areaManagerId,
          landingCode: generateLandingCode(),
        })
        .returning({ id: puntiFisici.id });
      return await getPuntoFisico(ctx, actor, row.id);
    } catch (error) {
      // 31^8 codes: a collision is rare; a new code is the whole fix.
      if (isUniqueViolation(error) && attempt < 5) continue;
      throw error;
    }
  }
}

export async function updatePuntoFisico(
  ctx: PuntiContext,
  actor: Actor,
  id: number,
  raw: CreatePuntoFisicoData,
): Promise<PuntoFisico> {
  const current = await findPuntoRow(ctx.db, actor, id);
  const input = withOwnScope(actor, raw);
  await assertPeople(ctx.db, actor, input, current);
  await ctx.db
    .update(puntiFisici)
    .set({
      nomeAttivita: input.nomeAttivita,
      indirizzo: input.indirizzo,
      utenteResponsabileId: input.utenteResponsabileId,
      agenteId: input.agenteId,
      areaManagerId: input.areaManagerId,
    })
    .where(eq(puntiFisici.id, id));
  return getPuntoFisico(ctx, { ...actor, role: 'admin' }, id);
}

/** A point with a paid commission cannot be deleted. See docs/product/lifecycle.md#eliminazioni */
export async function deletePuntoFisico(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await findPuntoRow(tx, actor, id);
    const [paid] = await tx
      .select({ id: commissioni.id })
      .from(commissioni)
      .where(and(eq(commissioni.puntoFisicoId, id), eq(commissioni.statoPagamento, 'pagato')))
      .limit(1);
    if (paid) throw AppError.conflict(m.hasPaidCommissions, 'HAS_PAID_COMMISSIONS');
    await tx.delete(puntiFisici).where(eq(puntiFisici.id, id));
  });
}

export async function getPuntoFisicoStats(
  db: Database,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<PuntoFisicoStats> {
  await findPuntoRow(db, actor, id);
  const totalLeads = (await leadsAndPraticheOfPoints(db, [id])).leads.get(id) ?? 0;
  // The point's commissions in the caller's scope, from the per-day sums
  // (docs/performance.md#somme-delle-commissioni); 'today' and 'month' count from their start on.
  const [sums] = await db
    .select({
      total: sql<string>`coalesce(sum(${commissioniGiorni.importo}), 0)::text`,
      today: sql<string>`coalesce(sum(${commissioniGiorni.importo}) filter (where ${commissioniGiorni.giorno} >= ${romeDateKey(now)}), 0)::text`,
      month: sql<string>`coalesce(sum(${commissioniGiorni.importo}) filter (where ${commissioniGiorni.giorno} >= ${romeDateKey(startOfRomeMonth(now))}), 0)::text`,
    })
    .from(commissioniGiorni)
    .where(commissionDaySums(actor, id));
  return {
    totalLeads,
    totalCommissions: fromCents(toCents(sums.total)),
    commissionsToday: fromCents(toCents(sums.today)),
    commissionsThisMonth: fromCents(toCents(sums.month)),
  };
}

/**
 * Point-of-sale filter suggestions: name or address, case-insensitive, at most 10; without a text,
 * the first 10 by name, listed as soon as the chooser opens (docs/product/screens.md#ricerche-e-suggerimenti).
 */
export async function suggestPuntiFisici(db: Database, actor: Actor, q: string): Promise<PuntoSuggestion[]> {
  if (q.length > 0 && q.length < PUNTI_SUGGEST_MIN_CHARS) return [];
  return db
    .select({ id: puntiFisici.id, nomeAttivita: puntiFisici.nomeAttivita, indirizzo: puntiFisici.indirizzo })
    .from(puntiFisici)
    .where(and(puntiScope(actor), q ? lowerTextContains(puntiFisici.cerca, q) : undefined))
    .orderBy(asc(puntiFisici.nomeAttivita), asc(puntiFisici.id))
    .limit(PUNTI_SUGGEST_LIMIT);
}

export async function puntoQrSvg(ctx: PuntiContext, actor: Actor, id: number): Promise<string> {
  const row = await findPuntoRow(ctx.db, actor, id);
  return qrSvg(landingUrl(ctx.publicBaseUrl, row.landingCode));
}

/**
 * 'Aggiorna QR Codes': the QR of every point encodes PUBLIC_BASE_URL/landing/{code} as
 * configured now. Codes that are not of the current form (imported data) get a new one; the
 * demo code stays. The SVGs are then made again.
 */
export async function updateQrCodes(
  ctx: PuntiContext,
): Promise<{ message: string; updated: number; total: number }> {
  const rows = await ctx.db
    .select({ id: puntiFisici.id, landingCode: puntiFisici.landingCode })
    .from(puntiFisici);
  let recoded = 0;
  for (const row of rows.filter((r) => !LANDING_CODE_PATTERN.test(r.landingCode))) {
    for (let attempt = 0; ; attempt++) {
      try {
        const landingCode = generateLandingCode();
        await ctx.db.update(puntiFisici).set({ landingCode }).where(eq(puntiFisici.id, row.id));
        row.landingCode = landingCode;
        recoded++;
        break;
      } catch (error) {
        if (isUniqueViolation(error) && attempt < 5) continue;
        throw error;
      }
    }
  }
  clearQrCache();
  for (const row of rows) await qrSvg(landingUrl(ctx.publicBaseUrl, row.landingCode));
  const base = landingUrl(ctx.publicBaseUrl, '');
  const message =
    `QR codes aggiornati per ${rows.length} ${rows.length === 1 ? 'punto fisico' : 'punti fisici'}: puntano a ${base}{codice}` +
    (recoded ? ` (${recoded} ${recoded === 1 ? 'nuovo codice assegnato' : 'nuovi codici assegnati'})` : '');
  return { message, updated: rows.length, total: rows.length };
}
