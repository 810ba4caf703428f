import { createHash } from 'node:crypto';
import { and, asc, count, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import {
  DEMO_LANDING_CODE,
  normalizeEmail,
  normalizeTelefono,
  type PraticaStato,
  type ServizioStato,
  type ServizioTipo,
} from '#shared/domain.ts';
import { slotCallTime } from '#shared/calling-hours.ts';
import { msg } from '#shared/messages.ts';
import { isDemoOnly, isOfferedOnLanding } from '#shared/servizi-catalogo.ts';
import type { Documento, LandingInfo, SubmitFormResponse } from '#shared/schemas/landing.ts';
import type { submitFormSchema } from '#shared/schemas/landing.ts';
import type { z } from 'zod';
import type { Database, DbExecutor } from '#server/db/client.ts';
import {
  consensi,
  documenti,
  idempotencyKeys,
  leads,
  pratiche,
  puntiFisici,
  servizi,
  statiServiziOf,
  users,
} from '#server/db/schema.ts';
import { columnNames, hasSqlState, preparedPerDb } from '#server/db/sql-helpers.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import {
  consulenteOf,
  selectPuntoConPersone,
  toPuntoConPersone,
} from '#server/modules/punti-fisici/persone.ts';
import { praticheScope } from '#server/modules/punti-fisici/scope.ts';
import type { ReceivedDocument, ReceivedDocuments } from '#server/storage/receive-documents.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import type { NotificheLinks } from '#server/modules/notifiche/links.ts';
import { nuovoLeadDestinatari, nuovoLeadEmails } from '#server/modules/notifiche/notifiche.service.ts';
import { newPraticaOutboxInsert, type NewPraticaEmail } from '#server/modules/notifiche/outbox.ts';
import {
  telefonoAziendaleSql,
  versioneInformativaSql,
} from '#server/modules/impostazioni/impostazioni-store.ts';
import { canMerge, mergeStoredPages } from '#server/modules/landing/merge-pages.ts';
import { queueLetture } from '#server/modules/letture-bollette/letture.service.ts';

const m = msg.landing;

// ---------------------------------------------------------------------------------------------
// GET /api/landing/{code}
// ---------------------------------------------------------------------------------------------

/** The point's name and its consultant. See docs/product/landing.md#consulente */
export async function getLandingInfo(db: Database, code: string): Promise<LandingInfo> {
  const [row] = await selectPuntoConPersone(db, { telefonoAziendale: telefonoAziendaleSql() }).where(
    eq(puntiFisici.landingCode, code.toUpperCase()),
  );
  if (!row?.isActive) throw AppError.notFound(m.notFoundText);
  const punto = toPuntoConPersone(row);
  const consulente = consulenteOf(punto, row.telefonoAziendale);
  return {
    nomeAttivita: punto.nomeAttivita,
    puntoFisicoId: punto.id,
    consultant: { nome: consulente.nome, telefono: consulente.telefono },
  };
}

// ---------------------------------------------------------------------------------------------
// POST /api/submit-form
// ---------------------------------------------------------------------------------------------

export type SubmitInput = z.output<typeof submitFormSchema>;

export interface SubmitMeta {
  ip: string;
  userAgent: string | null;
  idempotencyKey: string | null;
  /** When it arrived: its place in the call queue depends on it (docs/product/calls.md#la-coda). */
  now?: Date;
}

/** The answer without the upload token, which is minted fresh for every reply. */
type StoredResult = Omit<SubmitFormResponse, 'uploadToken'>;
interface StoredIdempotency {
  fingerprint: string;
  result?: StoredResult;
}

export async function submitForm(
  db: Database,
  input: SubmitInput,
  meta: SubmitMeta,
  /** Where e-mail links point; without it no notice is queued. */
  notifiche?: NotificheLinks,
): Promise<StoredResult> {
  // With its people and who may hear of its new leads: the e-mails queued below need them.
  const [row] = await puntoPerInvio(db).execute({ id: input.puntoFisicoId });
  if (!row?.isActive) throw AppError.notFound(m.pointNotFound);
  const punto = toPuntoConPersone(row);

  const isDemo = punto.landingCode === DEMO_LANDING_CODE;
  const richiesti = [...new Set(input.serviziRichiesti)];
  const refused = richiesti.filter((s) => !isOfferedOnLanding(s, isDemo));
  if (refused.length > 0)
    throw AppError.badRequest(m.servizioNonDisponibile(refused.join(', ')), 'SERVIZIO_NON_DISPONIBILE');

  // Demo mode: financial services alone are only simulated. See docs/product/landing.md#modalità-demo
  if (isDemo && richiesti.every(isDemoOnly)) {
    return {
      success: true,
      praticaId: null,
      leadId: null,
      isExistingLead: false,
      simulated: true,
      message: m.demoSimulated,
    };
  }

  const now = meta.now ?? new Date();
  const telefonoNormalizzato = normalizeTelefono(input.telefono);
  const emailNormalizzata = normalizeEmail(input.email);
  const orarioContatto = input.orarioContatto ? input.orarioContatto : null;
  // Same key, same request: a different payload under a used key is refused, so a key cannot be
  // replayed to learn someone else's practice.
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([
        punto.id,
        input.nome,
        input.cognome,
        telefonoNormalizzato,
        emailNormalizzata,
        [...richiesti].sort(),
        orarioContatto,
      ]),
    )
    .digest('hex');

  const key = meta.idempotencyKey ? `submit-form:${meta.idempotencyKey}` : null;
  const cliente: NewLead = {
    nome: input.nome,
    cognome: input.cognome,
    email: input.email,
    telefono: input.telefono,
    emailNormalizzata,
    telefonoNormalizzato,
    puntoFisicoOriginaleId: punto.id,
    // The submission's own clock, the one its place in the queue is computed with.
    dataRegistrazione: now,
    ...queuePlace(orarioContatto, now),
  };
  // The staff who must call back, and the customer's confirmation, go in the practice's statement:
  // sent later by the outbox worker, so mail being down never touches the submission.
  const emailsFor = (leadId: number, isExistingLead: boolean) =>
    notifiche
      ? nuovoLeadEmails(
          {
            leadId,
            punto,
            destinatari: row.destinatari,
            telefonoAziendale: row.telefonoAziendale,
            isExistingLead,
            cliente: {
              nome: input.nome,
              cognome: input.cognome,
              telefono: input.telefono,
              email: input.email,
            },
            servizi: richiesti as ServizioTipo[],
            orarioContatto,
          },
          notifiche,
          now,
        )
      : [];
  const pratica: NewPratica = {
    puntoFisicoId: punto.id,
    orarioContatto,
    indirizzoIp: meta.ip,
    userAgent: meta.userAgent,
    note: input.note?.trim() ? input.note.trim() : null,
    documentiCaricati: input.documentiCaricati ?? null,
    servizi: richiesti.map((tipo) => ({ tipo: tipo as ServizioTipo, stato: STATO_INIZIALE })),
  };
  const idempotency = key ? { key, fingerprint } : null;

  try {
    // A new customer, the usual case: lead, practice and the rest in one statement, which is its
    // own transaction (docs/performance.md#invio-dalla-landing). The point's read reserved the
    // lead's id, so the e-mails that link to the lead are written before it exists.
    const newLead = db
      .insert(leads)
      .values({ id: row.nuovoLeadId, ...cliente })
      .onConflictDoNothing()
      .returning({ id: leads.id });
    const praticaId = await insertPratica(
      db,
      newLead.getSQL(),
      pratica,
      emailsFor(row.nuovoLeadId, false),
      idempotency,
    );
    if (praticaId != null) return submittedAnswer(praticaId);

    // The same phone and e-mail: a customer already known. The statement wrote nothing (its lead
    // was not inserted, and the rest follows from the lead); their practice joins their lead.
    return await db.transaction(async (tx) => {
      const known = await findOrCreateLead(tx, cliente);
      const id = await insertPratica(
        tx,
        sql`select ${known.id}::integer as id`,
        pratica,
        emailsFor(known.id, known.isExisting),
        idempotency,
      );
      if (id == null) throw new Error('pratica non inserita per un lead presente');
      return submittedAnswer(id);
    });
  } catch (error) {
    if (!hasSqlState(error, STATEMENT_ABORTED) || !key) throw error;
    // Everything this request wrote is undone; the key's first request answers.
    return storedAnswer(db, key, fingerprint);
  }
}

/**
 * The submission's read of its point, with the point's people and who may hear of its new leads,
 * in one statement prepared once per database handle (docs/performance.md#invio-dalla-landing).
 * It also reserves the id a new customer's lead gets: an id left unused (a customer already known,
 * a refused request) is a gap in the sequence, nothing more.
 */
const puntoPerInvio = preparedPerDb((db) =>
  selectPuntoConPersone(db, {
    destinatari: nuovoLeadDestinatari(),
    telefonoAziendale: telefonoAziendaleSql(),
    nuovoLeadId: sql<number>`nextval(pg_get_serial_sequence(${getTableName(leads)}, ${leads.id.name}))::integer`,
  })
    .where(eq(puntiFisici.id, sql.placeholder('id')))
    .prepare('punto_per_invio'),
);

interface NewPratica {
  puntoFisicoId: number;
  orarioContatto: string | null;
  indirizzoIp: string;
  userAgent: string | null;
  note: string | null;
  documentiCaricati: SubmitInput['documentiCaricati'] | null;
  servizi: Array<{ tipo: ServizioTipo; stato: typeof STATO_INIZIALE }>;
}

/** SQLSTATE of annulla_se (migration 0048), and its message when a key is already stored. */
const STATEMENT_ABORTED = 'WS409';
const KEY_ALREADY_STORED = 'chiave di idempotenza già salvata';

/** A landing submission's services all start here. */
const STATO_INIZIALE = 'inserito' satisfies ServizioStato;

/**
 * The practice, its services, the consent, the e-mails and the idempotency key in one statement,
 * for the lead that `lead` (a CTE body returning `id`) yields: each statement is a round trip to
 * PostgreSQL, and a submission is mostly round trips (docs/performance.md#invio-dalla-landing).
 * Everything follows from the lead's row: when `lead` yields none, nothing is written and the
 * answer is null. The triggers of all the tables run at the statement's end, when the lead and the
 * practice are there for the others. A key already stored (a twin, which waits in the key's insert
 * for the first to commit, or a key reused) undoes the whole statement with annulla_se's error.
 */
async function insertPratica(
  db: DbExecutor,
  lead: SQL,
  pratica: NewPratica,
  emails: NewPraticaEmail[],
  idempotency: { key: string; fingerprint: string } | null,
): Promise<number | null> {
  const inserted = await db.execute<{ id: number }>(sql`
    with l as (${lead}),
    p as (
      insert into ${pratiche} (${columnNames(
        pratiche.leadId,
        pratiche.puntoFisicoId,
        pratiche.statoPratica,
        pratiche.orarioContatto,
        pratiche.indirizzoIp,
        pratiche.userAgent,
        pratiche.note,
        pratiche.documentiCaricati,
        pratiche.statiServizi,
      )})
      select l.id, ${pratica.puntoFisicoId}::integer, ${'inserita' satisfies PraticaStato}::text,
        ${pratica.orarioContatto}::text, ${pratica.indirizzoIp}::text, ${pratica.userAgent}::text,
        ${pratica.note}::text,
        ${pratica.documentiCaricati == null ? null : JSON.stringify(pratica.documentiCaricati)}::jsonb,
        -- What the services' insert trigger would write: written now, the trigger finds nothing
        -- to change and the new practice is not updated a second time.
        ${statiServiziOf(pratica.servizi)}::integer
      from l
      returning id
    ),
    s as (
      insert into ${servizi} (${columnNames(servizi.praticaId, servizi.tipoServizio, servizi.stato)})
      select p.id, t.tipo, ${STATO_INIZIALE}::text
      from p, unnest(${sql.param(pratica.servizi.map((x) => x.tipo))}::text[]) as t(tipo)
    ),
    c as (
      insert into ${consensi} (${columnNames(
        consensi.leadId,
        consensi.praticaId,
        consensi.versioneInformativa,
        consensi.testo,
        consensi.ip,
        consensi.userAgent,
      )})
      select l.id, p.id, ${versioneInformativaSql()}, ${m.privacyLabel}, ${pratica.indirizzoIp}, ${pratica.userAgent}
      from l, p
    )${emails.length ? sql`, o as ${newPraticaOutboxInsert(emails)}` : sql``}${idempotency ? sql`, k as ${keyInsert(idempotency.key, idempotency.fingerprint)}` : sql``}
    select p.id${idempotency ? sql`, annulla_se(not exists (select from k), ${KEY_ALREADY_STORED}) as annullata` : sql``}
    from p`);
  const [first] = (inserted as { rows: Array<{ id: number }> }).rows;
  return first ? Number(first.id) : null;
}

/**
 * The same answer for a known and an unknown customer: no lead id (an old one would tell), no
 * isExistingLead. See docs/decisions/011-security-hardening.md.
 */
const submittedAnswer = (praticaId: number): StoredResult => ({
  success: true,
  praticaId,
  leadId: null,
  isExistingLead: false,
  simulated: false,
  message: m.submitted,
});

/**
 * The insert of an idempotency key with its answer (StoredIdempotency), embedded after the
 * practice's `p` in submitForm's statement: the answer takes the practice's id there. Returns a
 * row only when the key was not stored yet.
 */
const keyInsert = (key: string, fingerprint: string) => sql`(
  insert into ${idempotencyKeys} (${columnNames(idempotencyKeys.key, idempotencyKeys.scope, idempotencyKeys.praticaId, idempotencyKeys.response)})
  select ${key}, 'submit-form', p.id, jsonb_build_object(
    'fingerprint', ${fingerprint}::text,
    'result', ${JSON.stringify(submittedAnswer(0))}::jsonb || jsonb_build_object('praticaId', p.id))
  from p
  on conflict do nothing
  returning 1
)`;

/** The answer stored under a key, if this request is the same one; a key reused with other data: 409. */
async function storedAnswer(db: Database, key: string, fingerprint: string): Promise<StoredResult> {
  const [row] = await db
    .select({ response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key));
  const stored = row?.response as StoredIdempotency | undefined;
  if (!stored?.result || stored.fingerprint !== fingerprint)
    throw AppError.conflict(m.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
  return stored.result;
}

/** A submission's place in the queue: its slot's time when a slot was chosen, else due now. */
function queuePlace(orarioContatto: string | null, now: Date) {
  const slot = orarioContatto ? slotCallTime(orarioContatto, now) : null;
  return slot ? { chiamataDa: slot, chiamataFissata: true } : { chiamataDa: now, chiamataFissata: false };
}

interface NewLead {
  nome: string;
  cognome: string;
  email: string;
  telefono: string;
  emailNormalizzata: string;
  telefonoNormalizzato: string;
  puntoFisicoOriginaleId: number;
  dataRegistrazione: Date;
  /** Its place in 'Da chiamare': the chosen slot, or now (docs/product/calls.md#la-coda). */
  chiamataDa: Date;
  chiamataFissata: boolean;
}

/**
 * The same normalised phone AND e-mail → the same lead (a returning customer), first point kept.
 * Only one of the two in common → a new lead with what the visitor typed, which staff see as a
 * possible duplicate to merge or keep apart: an anonymous visitor never attaches a practice to
 * someone else's lead by knowing one contact. See docs/product/lifecycle.md#doppioni
 */
async function findOrCreateLead(tx: DbExecutor, data: NewLead) {
  const find = async () => {
    const [found] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(
        and(
          eq(leads.telefonoNormalizzato, data.telefonoNormalizzato),
          eq(leads.emailNormalizzata, data.emailNormalizzata),
        ),
      );
    return found;
  };
  // isExisting stays on the server (it words the staff's e-mail); the public answer never tells.
  // Insert first (one statement for a new customer, the usual case): the unique (phone, e-mail)
  // index decides, also against a concurrent first submission of the same person; then we read.
  const [created] = await tx.insert(leads).values(data).onConflictDoNothing().returning({ id: leads.id });
  if (created) return { id: created.id, isExisting: false };
  const existing = await find();
  if (!existing) throw new Error('lead già presente ma non trovato');
  // A new request puts a known customer back in the queue: at the slot they chose, or now unless
  // already waiting for a call (docs/product/calls.md#la-coda).
  await tx
    .update(leads)
    .set(
      data.chiamataFissata
        ? { chiamataDa: data.chiamataDa, chiamataFissata: true }
        : { chiamataDa: sql`coalesce(${leads.chiamataDa}, ${data.chiamataDa.toISOString()}::timestamptz)` },
    )
    .where(eq(leads.id, existing.id));
  return { id: existing.id, isExisting: true };
}

// ---------------------------------------------------------------------------------------------
// POST /api/pratiche/{praticaId}/upload
// ---------------------------------------------------------------------------------------------

/** A practice never holds more than this many documents, whoever keeps a token. */
export const MAX_DOCUMENTI_PER_PRATICA = 40;

const PAGE_GROUPS = [
  { kind: 'luce', pages: ['lucePage1', 'lucePage2'], title: 'Bolletta luce' },
  { kind: 'gas', pages: ['gasPage1', 'gasPage2'], title: 'Bolletta gas' },
  { kind: 'combined', pages: ['combinedPage1', 'combinedPage2'], title: 'Bolletta luce e gas' },
] as const;

/** The camera pages of a bill, which must be photos. */
export const isPagePart = (parte: string) => /Page[12]$/.test(parte);

export async function assertPraticaExists(db: Database, praticaId: number): Promise<void> {
  const [row] = await db.select({ id: pratiche.id }).from(pratiche).where(eq(pratiche.id, praticaId));
  if (!row) throw AppError.notFound(m.praticaNotFound);
}

async function countDocumenti(db: Database, praticaId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(documenti).where(eq(documenti.praticaId, praticaId));
  return n;
}

/** Before reading a byte of the upload: the practice exists and still has room for documents. */
export async function assertCanUpload(db: Database, praticaId: number): Promise<void> {
  await assertPraticaExists(db, praticaId);
  if ((await countDocumenti(db, praticaId)) >= MAX_DOCUMENTI_PER_PRATICA)
    throw AppError.conflict(m.tooManyDocuments, 'TOO_MANY_DOCUMENTS');
}

/**
 * Records documents already streamed to the store by receiveDocuments (they were checked by
 * content on the way). Two camera pages of one bill also become one PDF. Any failure removes
 * everything stored for this request.
 */
export interface SaveDocumentsOptions {
  /** The staff member attaching them; absent for the customer's own upload. */
  caricatoDa?: { id: number; nome: string };
  /** Runs in the transaction that records the documents (e.g. the practice's history). */
  record?: (tx: DbExecutor, documenti: Documento[]) => Promise<void>;
}

export async function saveDocuments(
  db: Database,
  storage: DocumentStorage,
  praticaId: number,
  received: ReceivedDocuments,
  options: SaveDocumentsOptions = {},
): Promise<Documento[]> {
  const prepared: Array<ReceivedDocument & { mergedInto?: number }> = [...received.files];
  const merged: string[] = [];
  try {
    // Two camera pages of one bill: also one PDF document, the pages kept as sent.
    for (const group of PAGE_GROUPS) {
      const pages = group.pages
        .map((p) => prepared.find((f) => f.parte === p))
        .filter((f): f is ReceivedDocument => f != null);
      if (pages.length < 2 || !canMerge(pages.map((p) => p.type))) continue;
      const pdf = await mergeStoredPages(
        storage,
        pages.map((p) => ({ key: p.key, mime: p.type.mime })),
        group.title,
      );
      if (!pdf) continue;
      merged.push(pdf.key);
      prepared.push({
        key: pdf.key,
        parte: `${group.kind}Merged`,
        displayName: `${group.title} (2 pagine).pdf`,
        type: { mime: 'application/pdf', ext: 'pdf', isImage: false },
        sizeBytes: pdf.sizeBytes,
        sha256: pdf.sha256,
      });
      const index = prepared.length - 1;
      for (const page of pages) (page as (typeof prepared)[number]).mergedInto = index;
    }

    return await db.transaction(async (tx) => {
      // Counted again inside the transaction: two uploads at once cannot both fill the last places.
      await tx.execute(sql`select id from pratiche where id = ${praticaId} for update`);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(documenti)
        .where(eq(documenti.praticaId, praticaId));
      if (n + prepared.length > MAX_DOCUMENTI_PER_PRATICA)
        throw AppError.conflict(m.tooManyDocuments, 'TOO_MANY_DOCUMENTS');
      const ids: number[] = [];
      // Merged PDFs first, so their pages can point at them.
      const isMergeTarget = (i: number) => prepared.some((p) => p.mergedInto === i);
      const order = [...prepared.keys()].sort((a, b) => Number(isMergeTarget(b)) - Number(isMergeTarget(a)));
      const rows: Documento[] = [];
      const stored: Array<typeof documenti.$inferSelect> = [];
      for (const index of order) {
        const file = prepared[index];
        const [row] = await tx
          .insert(documenti)
          .values({
            praticaId,
            filename: file.key,
            displayName: file.displayName,
            parte: file.parte,
            mimeType: file.type.mime,
            sizeBytes: file.sizeBytes,
            sha256: file.sha256,
            mergedIntoId: file.mergedInto == null ? null : ids[file.mergedInto],
            caricatoDaId: options.caricatoDa?.id ?? null,
          })
          .returning();
        ids[index] = row.id;
        stored.push(row);
        rows.push(toDocumento(row, options.caricatoDa?.nome));
      }
      rows.sort((a, b) => a.id - b.id);
      // The bills are read later, off this request (docs/product/lettura-bolletta.md).
      await queueLetture(tx, praticaId, stored);
      await options.record?.(tx, rows);
      return rows;
    });
  } catch (error) {
    await received.discard();
    await Promise.all(merged.map((key) => storage.remove(key).catch(() => undefined)));
    throw error;
  }
}

function toDocumento(row: typeof documenti.$inferSelect, caricatoDaNome?: string | null): Documento {
  return {
    id: row.id,
    filename: row.filename,
    displayName: row.displayName,
    parte: row.parte,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    mergedIntoId: row.mergedIntoId,
    caricatoDa: row.caricatoDaId == null ? null : { id: row.caricatoDaId, nome: caricatoDaNome ?? '' },
    createdAt: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Staff: GET /api/pratiche/{id}/files and /files/{filename}
// ---------------------------------------------------------------------------------------------

export async function findPraticaInScope(db: DbExecutor, actor: Actor, praticaId: number) {
  const [row] = await db
    .select({ id: pratiche.id })
    .from(pratiche)
    .where(and(eq(pratiche.id, praticaId), praticheScope(db, actor)));
  if (!row) throw AppError.notFound(m.praticaNotFound);
  return row;
}

export async function listDocumenti(db: Database, actor: Actor, praticaId: number): Promise<Documento[]> {
  await findPraticaInScope(db, actor, praticaId);
  const rows = await db
    .select({ d: documenti, firstName: users.firstName, lastName: users.lastName })
    .from(documenti)
    .leftJoin(users, eq(users.id, documenti.caricatoDaId))
    .where(eq(documenti.praticaId, praticaId))
    .orderBy(asc(documenti.id));
  return rows.map((r) => toDocumento(r.d, r.firstName ? `${r.firstName} ${r.lastName}` : null));
}

export async function openDocumento(
  db: Database,
  storage: DocumentStorage,
  actor: Actor,
  praticaId: number,
  filename: string,
) {
  await findPraticaInScope(db, actor, praticaId);
  const [row] = await db
    .select()
    .from(documenti)
    .where(and(eq(documenti.praticaId, praticaId), eq(documenti.filename, filename)));
  if (!row) throw AppError.notFound(m.fileNotFound);
  const file = await storage.get(row.filename);
  if (!file) throw AppError.notFound(m.fileNotFound);
  return { documento: toDocumento(row), ...file };
}
