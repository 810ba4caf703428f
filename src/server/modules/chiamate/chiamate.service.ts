import { and, asc, desc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  describeCallTime,
  isCallAllowed,
  nextAllowedCallTime,
  countedNoAnswers,
  NO_ANSWER_ATTEMPTS,
  NO_ANSWER_GAP_HOURS,
} from '#shared/calling-hours.ts';
import { LEAD_CONTACT_PROMISE_HOURS, type ChiamataEsito, type LeadContattoStato } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { can } from '#shared/permissions.ts';
import {
  CONSULENTE_ROLES,
  CONSULENTI_SHOWN,
  type Consulente,
  type ChiamataEsitoBody,
  type ChiamataEsitoResult,
  type ChiamataGruppo,
  type ChiamataItem,
  type ChiamateCruscotto,
  type ChiamateList,
  type ListChiamateQuery,
} from '#shared/schemas/chiamate.ts';
import type { ServizioTipo } from '#shared/domain.ts';
import { addRomeDays, startOfRomeDay } from '#shared/time.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import {
  chiamate,
  leads,
  leadsEventi,
  numeriNonChiamare,
  pratiche,
  puntiFisici,
  servizi,
  users,
} from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { lowerTextContains } from '#server/db/sql-helpers.ts';
import type { Actor } from '#server/lib/actor.ts';
import { decodeCursor, keysetPage } from '#server/lib/keyset.ts';
import { boundedLeadsTotal } from '#server/modules/punti-fisici/contatori.ts';
import {
  leadsScope,
  leadsScopeHalves,
  praticheScope,
  puntiScope,
} from '#server/modules/punti-fisici/scope.ts';
import { links, type NotificheLinks } from '#server/modules/notifiche/links.ts';
import { enqueueEmails } from '#server/modules/notifiche/outbox.ts';
import { callInvitationEmail, telHref } from '#server/modules/notifiche/templates.ts';
import { callInvitation } from '#server/modules/notifiche/invito.ts';
import { inQueue, lateInQueue } from '#server/modules/chiamate/coda.ts';

const c = msg.chiamate;
const HOUR_MS = 60 * 60 * 1000;
const PROMISE_MS = LEAD_CONTACT_PROMISE_HOURS * HOUR_MS;
/** The queue is counted up to this many, its list and the cards alike: 'più di 999' past it. */
const QUEUE_BOUND = 999;

/**
 * The queue's three index ranges (docs/product/calls.md#la-coda), read in this order, each by
 * (chiamata_da, id) from leads_coda_idx: 0 a time set and come (the customer's slot, a recall,
 * the next try), 1 new leads, oldest first (so the late ones lead), 2 a time set still to come.
 */
const SEGMENTS = [0, 1, 2] as const;
type Segment = (typeof SEGMENTS)[number];

/** PostgreSQL's text of a timestamptz, microseconds included: a cursor keeps the exact position. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** The cursor's (segment, chiamata_da, id), checked beyond its kinds: a segment and a time. */
function decodeQueueCursor(text: string): { s: Segment; t: string; i: number } {
  const [s, t, i] = decodeCursor(text, ['int', 'text', 'int']);
  if ((s !== 0 && s !== 1 && s !== 2) || !TIMESTAMP_TEXT.test(String(t)))
    throw AppError.badRequest(msg.common.invalidCursor);
  return { s, t: String(t), i: Number(i) };
}

const iso = (d: Date) => d.toISOString();

function segmentCondition(s: Segment, now: Date): SQL {
  if (s === 1) return eq(leads.chiamataFissata, false);
  return and(
    eq(leads.chiamataFissata, true),
    s === 0 ? lte(leads.chiamataDa, now) : gt(leads.chiamataDa, now),
  )!;
}

const isConsulenteRole = (role: string): role is Consulente['role'] =>
  (CONSULENTE_ROLES as readonly string[]).includes(role);

/**
 * The role of a consultant whose queue admin and amministrazione read: that person's queue has the
 * same scope as their own lists (leadsScope, src/server/modules/punti-fisici/scope.ts). Another role
 * sees only its own queue, so the filter is refused (403); an id that is no consultant is not
 * found (404), as an id out of scope.
 */
async function consulenteScelto(
  db: Database,
  actor: Actor,
  consulenteId: number,
): Promise<Consulente['role']> {
  if (!can(actor.role, 'chiamate:filtroConsulente')) throw AppError.forbidden(c.consulenteNonConsentito);
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, consulenteId));
  if (!user || !isConsulenteRole(user.role)) throw AppError.notFound(c.consulenteNonTrovato);
  return user.role;
}

/**
 * The consultant chooser of admin and amministrazione: active people with points of their own,
 * by name or e-mail (any part, from the first letter), the first CONSULENTI_SHOWN by surname.
 */
export async function searchConsulenti(
  db: Database,
  query: { q: string; id?: number },
): Promise<Consulente[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        inArray(users.role, [...CONSULENTE_ROLES]),
        query.q ? lowerTextContains(users.cerca, query.q) : undefined,
        query.id !== undefined ? eq(users.id, query.id) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(CONSULENTI_SHOWN);
  return rows.filter((r): r is Consulente => isConsulenteRole(r.role));
}

/** The next full hour inside the calling hours: the default of the 'Richiamare' picker. */
export function nextSlotAfter(now: Date): Date {
  const nextHour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  return nextAllowedCallTime(nextHour);
}

type QueueCursor = ReturnType<typeof decodeQueueCursor>;

interface QueueRow {
  s: Segment;
  id: number;
  nome: string;
  cognome: string;
  telefono: string;
  statoContatto: LeadContattoStato;
  dataRegistrazione: Date;
  chiamataDa: Date;
  cursore: string;
}

const queueColumns = {
  id: leads.id,
  nome: leads.nome,
  cognome: leads.cognome,
  telefono: leads.telefono,
  statoContatto: leads.statoContatto,
  dataRegistrazione: leads.dataRegistrazione,
  chiamataDa: sql<Date>`${leads.chiamataDa}`.mapWith(leads.chiamataDa),
  cursore: sql<string>`${leads.chiamataDa}::text`,
};

/**
 * Up to `want` rows after the cursor, walking the queue's index segment by segment and keeping
 * the rows of the scope (`where`): a large scope finds its page in the first few entries.
 */
async function walkQueue(
  db: Database,
  where: SQL | undefined,
  cursor: QueueCursor | null,
  want: number,
  now: Date,
): Promise<QueueRow[]> {
  const rows: QueueRow[] = [];
  for (const s of SEGMENTS) {
    if (cursor && s < cursor.s) continue;
    if (rows.length >= want) break;
    const after =
      cursor && s === cursor.s
        ? sql`(${leads.chiamataDa}, ${leads.id}) > (${cursor.t}::timestamptz, ${cursor.i})`
        : undefined;
    const found = await db
      .select(queueColumns)
      .from(leads)
      .where(and(inQueue(), where, segmentCondition(s, now), after))
      .orderBy(asc(leads.chiamataFissata), asc(leads.chiamataDa), asc(leads.id))
      .limit(want - rows.length);
    rows.push(...found.map((r) => ({ ...r, s })));
  }
  return rows;
}

/**
 * The same rows for a scope whose queue is small (counted within QUEUE_BOUND): its whole queue
 * read from leads_coda_punto_idx (both halves of the scope, index entries only), sorted, and only
 * the page's leads read. Walking the queue's index for it would read past most of the company's
 * queue (docs/performance.md#coda-delle-chiamate).
 */
async function smallScopeQueue(
  db: Database,
  halves: readonly [SQL, SQL],
  cursor: QueueCursor | null,
  want: number,
  now: Date,
): Promise<QueueRow[]> {
  const segment = sql`case when not ${leads.chiamataFissata} then 1 when ${leads.chiamataDa} <= ${now.toISOString()}::timestamptz then 0 else 2 end`;
  const parts = halves.map(
    (half) =>
      sql`(select ${leads.id} as id, ${segment} as s, ${leads.chiamataDa} as t from ${leads} where ${and(inQueue(), half)})`,
  );
  const after = cursor ? sql`where (s, t, id) > (${cursor.s}, ${cursor.t}::timestamptz, ${cursor.i})` : sql``;
  const result = await db.execute(
    sql`select id, s from (${sql.join(parts, sql` union all `)}) coda ${after} order by s, t, id limit ${want}`,
  );
  const order = (result as { rows: Array<{ id: number; s: number }> }).rows.map((r) => ({
    id: Number(r.id),
    s: Number(r.s) as Segment,
  }));
  if (order.length === 0) return [];
  const found = new Map(
    (
      await db
        .select(queueColumns)
        .from(leads)
        .where(
          inArray(
            leads.id,
            order.map((r) => r.id),
          ),
        )
    ).map((r) => [r.id, r]),
  );
  return order.flatMap(({ id, s }) => {
    const row = found.get(id);
    return row ? [{ ...row, s }] : [];
  });
}

export async function listChiamate(
  db: Database,
  actor: Actor,
  query: ListChiamateQuery,
  now = new Date(),
): Promise<ChiamateList> {
  const cursor = query.cursor ? decodeQueueCursor(query.cursor) : null;
  // Whose queue: the actor's own, or the chosen consultant's (the same scope as that person's lists).
  const person =
    query.consulenteId !== undefined
      ? { id: query.consulenteId, role: await consulenteScelto(db, actor, query.consulenteId) }
      : actor;
  const halves = leadsScopeHalves(person);
  // Counted as far as the dashboard's cards count the queue (QUEUE_BOUND); a scope within it is small.
  const total = await boundedLeadsTotal(db, inQueue(), halves, QUEUE_BOUND);
  const want = query.pageSize + 1;
  const rows =
    halves && !total.totalIsLowerBound
      ? await smallScopeQueue(db, halves, cursor, want, now)
      : await walkQueue(db, leadsScope(person), cursor, want, now);
  const { items: page, nextCursor } = keysetPage(rows, query.pageSize, (r) => [r.s, r.cursore, r.id]);
  const ids = page.map((r) => r.id);
  const details = ids.length ? await pageDetails(db, actor, ids) : new Map<number, PageDetail>();
  const fuoriOrario = isCallAllowed(now)
    ? null
    : (() => {
        const da = nextAllowedCallTime(now);
        return { da: iso(da), testo: c.daChiamareDa(describeCallTime(da, now)) };
      })();
  const prossimoSlot = iso(nextSlotAfter(now));
  return {
    items: page.map((r): ChiamataItem => {
      const d = details.get(r.id);
      const scadenza = new Date(r.dataRegistrazione.getTime() + PROMISE_MS);
      const isOverdue = r.statoContatto === 'nuovo' && scadenza < now;
      const gruppo: ChiamataGruppo =
        r.s === 0 ? 'ora' : r.s === 2 ? 'programmata' : isOverdue ? 'in_ritardo' : 'nuovo';
      return {
        leadId: r.id,
        nome: r.nome,
        cognome: r.cognome,
        telefono: r.telefono,
        telHref: telHref(r.telefono),
        servizi: d?.servizi ?? [],
        puntoNome: d?.puntoNome ?? null,
        fascia: d?.fascia ?? null,
        gruppo,
        statoContatto: r.statoContatto,
        dataRegistrazione: iso(r.dataRegistrazione),
        scadenzaPromessa: iso(scadenza),
        isOverdue,
        chiamataDa: iso(r.chiamataDa),
        quando: describeCallTime(r.chiamataDa, now),
        scadenzaTesto: describeCallTime(scadenza, now),
        tentativi: d?.tentativi ?? 0,
        fuoriOrario,
        prossimoSlot,
      };
    }),
    ...total,
    nextCursor,
  };
}

interface PageDetail {
  servizi: ServizioTipo[];
  puntoNome: string | null;
  fascia: string | null;
  tentativi: number;
}

/** The page's services, point and chosen slot (from the actor's practices) and attempts, by lead. */
async function pageDetails(db: Database, actor: Actor, ids: number[]): Promise<Map<number, PageDetail>> {
  const [praticheRows, serviziRows, tentativi] = await Promise.all([
    db
      .selectDistinctOn([pratiche.leadId], {
        leadId: pratiche.leadId,
        fascia: pratiche.orarioContatto,
        puntoNome: puntiFisici.nomeAttivita,
      })
      .from(pratiche)
      .leftJoin(puntiFisici, eq(puntiFisici.id, pratiche.puntoFisicoId))
      .where(and(inArray(pratiche.leadId, ids), praticheScope(actor)))
      .orderBy(pratiche.leadId, desc(pratiche.dataCreazione), desc(pratiche.id)),
    db
      .selectDistinct({ leadId: pratiche.leadId, tipo: servizi.tipoServizio })
      .from(servizi)
      .innerJoin(pratiche, eq(pratiche.id, servizi.praticaId))
      .where(and(inArray(pratiche.leadId, ids), praticheScope(actor)))
      .orderBy(pratiche.leadId, servizi.tipoServizio),
    db
      .select({ leadId: chiamate.leadId, n: sql<number>`count(*)::int` })
      .from(chiamate)
      .where(inArray(chiamate.leadId, ids))
      .groupBy(chiamate.leadId),
  ]);
  const map = new Map<number, PageDetail>();
  const entry = (id: number) => {
    let e = map.get(id);
    if (!e) map.set(id, (e = { servizi: [], puntoNome: null, fascia: null, tentativi: 0 }));
    return e;
  };
  for (const p of praticheRows) Object.assign(entry(p.leadId), { fascia: p.fascia, puntoNome: p.puntoNome });
  for (const s of serviziRows) entry(s.leadId).servizi.push(s.tipo);
  for (const t of tentativi) entry(t.leadId).tentativi = Number(t.n);
  return map;
}

const nomeOf = (actor: Actor) => `${actor.firstName} ${actor.lastName}`.trim() || actor.email;

/** What each outcome does to the lead (docs/product/calls.md#esiti); non_risponde depends on the attempts. */
const EFFECTS: Record<
  Exclude<ChiamataEsito, 'non_risponde' | 'richiamare'>,
  { stato: LeadContattoStato; barsNumber?: true }
> = {
  appuntamento_fissato: { stato: 'contattato' },
  non_interessato: { stato: 'contattato' },
  numero_errato: { stato: 'non_raggiungibile' },
  non_chiamare_piu: { stato: 'contattato', barsNumber: true },
};

/**
 * Records a call's outcome for a lead the actor sees, in one transaction: the outcome row, the
 * lead's history, its contact status and its place in the queue, the barred number, and for
 * 'Richiamare' the consultant's calendar invitation in the outbox.
 */
export async function recordEsito(
  db: Database,
  actor: Actor,
  leadId: number,
  body: ChiamataEsitoBody,
  base: NotificheLinks,
  now = new Date(),
): Promise<ChiamataEsitoResult> {
  if (!isCallAllowed(now))
    throw AppError.conflict(c.fuoriOrario(describeCallTime(nextAllowedCallTime(now), now)), 'FUORI_ORARIO');
  const label = c.esiti[body.esito];
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({
        id: leads.id,
        nome: leads.nome,
        cognome: leads.cognome,
        telefono: leads.telefono,
        telefonoNormalizzato: leads.telefonoNormalizzato,
        statoContatto: leads.statoContatto,
      })
      .from(leads)
      .where(and(eq(leads.id, leadId), leadsScope(actor)))
      .for('update');
    if (!lead) throw AppError.notFound(msg.lead.notFound);

    let stato: LeadContattoStato = lead.statoContatto;
    let chiamataDa: Date | null = null;
    let message = c.salvato(label);
    let richiamareAt: Date | null = null;
    if (body.esito === 'non_risponde') {
      const tries = await noAnswersSinceLastReply(tx, leadId);
      if (countedNoAnswers([...tries, now]) >= NO_ANSWER_ATTEMPTS) {
        stato = 'non_raggiungibile';
        message = c.nonRaggiungibile;
      } else chiamataDa = nextAllowedCallTime(new Date(now.getTime() + NO_ANSWER_GAP_HOURS * HOUR_MS));
    } else if (body.esito === 'richiamare') {
      const asked = new Date(body.richiamareAt!);
      if (asked <= now) throw AppError.badRequest(c.richiamareNelPassato, 'RICHIAMARE_NEL_PASSATO');
      richiamareAt = nextAllowedCallTime(asked);
      chiamataDa = richiamareAt;
      stato = 'contattato';
      if (richiamareAt.getTime() !== asked.getTime())
        message = c.spostata(describeCallTime(richiamareAt, now));
    } else {
      stato = EFFECTS[body.esito].stato;
    }

    const [row] = await tx
      .insert(chiamate)
      .values({
        leadId,
        esito: body.esito,
        userId: actor.id,
        utenteNome: nomeOf(actor),
        richiamareAt,
        createdAt: now,
      })
      .returning({ id: chiamate.id });
    await tx.insert(leadsEventi).values({
      leadId,
      userId: actor.id,
      utenteNome: nomeOf(actor),
      tipo: 'chiamata',
      descrizione: richiamareAt
        ? c.storicoRichiamare(label, describeCallTime(richiamareAt, now))
        : c.storico(label),
      createdAt: now,
    });
    await tx
      .update(leads)
      .set({
        statoContatto: stato,
        ...(stato !== lead.statoContatto ? { statoContattoAggiornatoAt: now } : {}),
        chiamataDa,
        chiamataFissata: chiamataDa != null,
      })
      .where(eq(leads.id, leadId));
    if (body.esito === 'non_chiamare_piu') {
      await tx
        .insert(numeriNonChiamare)
        .values({ telefonoNormalizzato: lead.telefonoNormalizzato, leadId, userId: actor.id, createdAt: now })
        .onConflictDoNothing();
      // Every lead with the number leaves the queue, in anyone's scope: the customer asked.
      await tx
        .update(leads)
        .set({ chiamataDa: null, chiamataFissata: false })
        .where(eq(leads.telefonoNormalizzato, lead.telefonoNormalizzato));
    }
    if (richiamareAt) {
      const cliente = `${lead.nome} ${lead.cognome}`.trim();
      await enqueueEmails(
        tx,
        [
          {
            tipo: 'chiamata_invito',
            destinatario: actor.email,
            userId: actor.id,
            leadId,
            dedupeKey: `chiamata_invito:${row.id}`,
            ...callInvitationEmail({
              destinatarioNome: actor.firstName || nomeOf(actor),
              cliente,
              telefono: lead.telefono,
              quando: richiamareAt,
              leadUrl: links(base).lead(leadId),
              profiloUrl: links(base).profilo(),
            }),
            allegatoIcs: callInvitation({
              uid: `chiamata-${row.id}@winsolution`,
              start: richiamareAt,
              cliente,
              telefono: lead.telefono,
            }),
          },
        ],
        now,
      );
    }
    return { leadId, statoContatto: stato, chiamataDa: chiamataDa && iso(chiamataDa), message };
  });
}

/** The lead's 'Non risponde' since its last other outcome: the attempts of the current run. */
async function noAnswersSinceLastReply(db: DbExecutor, leadId: number): Promise<Date[]> {
  const rows = await db
    .select({ esito: chiamate.esito, createdAt: chiamate.createdAt })
    .from(chiamate)
    .where(eq(chiamate.leadId, leadId))
    .orderBy(desc(chiamate.createdAt), desc(chiamate.id));
  const run: Date[] = [];
  for (const r of rows) {
    if (r.esito !== 'non_risponde') break;
    run.push(r.createdAt);
  }
  return run;
}

/** Whether the lead's number is barred ('Non chiamare più'): shown on the lead's detail. */
export async function isNumberBarred(db: DbExecutor, telefonoNormalizzato: string): Promise<boolean> {
  const [row] = await db
    .select({ t: numeriNonChiamare.telefonoNormalizzato })
    .from(numeriNonChiamare)
    .where(eq(numeriNonChiamare.telefonoNormalizzato, telefonoNormalizzato));
  return Boolean(row);
}

const queueCount = (db: Database, actor: Actor, where: SQL) =>
  boundedLeadsTotal(db, where, leadsScopeHalves(actor), QUEUE_BOUND);

/**
 * The dashboard's cards (docs/product/calls.md#cruscotto): the queue's leads due by tonight, its
 * late ones, and for area manager and admin the share per point of the last 30 days' leads with a
 * first call within 24 hours.
 */
export async function chiamateCruscotto(
  db: Database,
  actor: Actor,
  now = new Date(),
): Promise<ChiamateCruscotto> {
  const tonight = startOfRomeDay(addRomeDays(now, 1));
  const [oggi, ritardo] = await Promise.all([
    queueCount(db, actor, and(inQueue(), lt(leads.chiamataDa, tonight))!),
    queueCount(db, actor, lateInQueue(now)),
  ]);
  const perPunto =
    actor.role === 'admin' || actor.role === 'area_manager' ? await calledWithin24(db, actor, now) : null;
  return {
    oggi: oggi.total,
    oggiIsLowerBound: oggi.totalIsLowerBound,
    inRitardo: ritardo.total,
    inRitardoIsLowerBound: ritardo.totalIsLowerBound,
    perPunto,
  };
}

/** Per point of the actor's, the leads of the last 30 days and those first called within 24 hours. */
async function calledWithin24(db: Database, actor: Actor, now: Date) {
  const since = new Date(now.getTime() - 30 * 24 * HOUR_MS);
  const rows = await db
    .select({
      puntoFisicoId: puntiFisici.id,
      nomeAttivita: puntiFisici.nomeAttivita,
      lead: sql<number>`count(*)::int`,
      chiamatiEntro24: sql<number>`(count(*) filter (where exists (
        select 1 from ${chiamate} ch where ch.lead_id = ${leads.id}
          and ch.created_at < ${leads.dataRegistrazione} + interval '${sql.raw(String(LEAD_CONTACT_PROMISE_HOURS))} hours')))::int`,
    })
    .from(leads)
    .innerJoin(puntiFisici, eq(puntiFisici.id, leads.puntoFisicoOriginaleId))
    .where(and(gte(leads.dataRegistrazione, since), puntiScope(actor)))
    .groupBy(puntiFisici.id, puntiFisici.nomeAttivita)
    .orderBy(asc(puntiFisici.nomeAttivita))
    .limit(100);
  return rows.map((r) => ({ ...r, lead: Number(r.lead), chiamatiEntro24: Number(r.chiamatiEntro24) }));
}
