import { createHash } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  DEMO_LANDING_CODE,
  PRIVACY_NOTICE_VERSION,
  normalizeEmail,
  normalizeTelefono,
  type ServizioTipo,
} from '#shared/domain.ts';
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
import { columnNames, preparedPerDb } from '#server/db/sql-helpers.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/plugins/auth.ts';
import {
  consulenteOf,
  loadPuntoConPersone,
  selectPuntoConPersone,
  toPuntoConPersone,
} from '../punti-fisici/persone';
import { praticheScope } from '../punti-fisici/scope';
import type { ReceivedDocument, ReceivedDocuments } from '#server/storage/receive-documents.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import type { NotificheLinks } from '../notifiche/links';
import { nuovoLeadDestinatari, nuovoLeadEmails } from '../notifiche/notifiche.service';
import { newPraticaOutboxInsert } from '../notifiche/outbox';
import { canMerge, mergeStoredPages } from './merge-pages';

const m = msg.landing;

// ---------------------------------------------------------------------------------------------
// GET /api/landing/{code}
// ---------------------------------------------------------------------------------------------

/** The point's name and its consultant. See docs/product/landing.md#consulente */
export async function getLandingInfo(db: Database, code: string): Promise<LandingInfo> {
  const punto = await loadPuntoConPersone(db, { landingCode: code.toUpperCase() });
  if (!punto?.isActive) throw AppError.notFound(m.notFoundText);
  const consulente = consulenteOf(punto);
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
  try {
    return await db.transaction(async (tx) => {
      const lead = await findOrCreateLead(tx, {
        nome: input.nome,
        cognome: input.cognome,
        email: input.email,
        telefono: input.telefono,
        emailNormalizzata,
        telefonoNormalizzato,
        puntoFisicoOriginaleId: punto.id,
      });

      // The staff who must call back, and the customer's confirmation, in the practice's statement
      // below: sent later by the outbox worker, so mail being down never touches the submission.
      const emails = notifiche
        ? nuovoLeadEmails(
            {
              leadId: lead.id,
              punto,
              destinatari: row.destinatari,
              isExistingLead: lead.isExisting,
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
          )
        : [];

      const statoIniziale = 'inserito' as const;
      const nuoviServizi = richiesti.map((tipo) => ({ tipo: tipo as ServizioTipo, stato: statoIniziale }));
      const insertPratica = tx
        .insert(pratiche)
        .values({
          leadId: lead.id,
          puntoFisicoId: punto.id,
          statoPratica: 'inserita',
          orarioContatto,
          indirizzoIp: meta.ip,
          userAgent: meta.userAgent,
          note: input.note?.trim() ? input.note.trim() : null,
          documentiCaricati: input.documentiCaricati ?? null,
          // What the services' insert trigger would write: written now, the trigger finds nothing to
          // change and the new practice is not updated a second time (docs/performance.md#invio-dalla-landing).
          statiServizi: statiServiziOf(nuoviServizi),
        })
        .returning({ id: pratiche.id });
      // The practice, its services, the consent, the e-mails and the idempotency key in one
      // statement: each statement is a round trip to PostgreSQL, and a submission is mostly round
      // trips (docs/performance.md#invio-dalla-landing). The triggers of all of them run at its
      // end, when the practice is there for the others. A key already stored (a twin, which waits here for
      // the first to commit, or a key reused) inserts nothing, and the whole transaction is undone
      // below. (drizzle writes the embedded insert in parentheses: `with p as (insert …)`.)
      const inserted = await tx.execute<{ id: number; claimed: boolean }>(sql`
        with p as ${insertPratica},
        s as (
          insert into ${servizi} (${columnNames(servizi.praticaId, servizi.tipoServizio, servizi.stato)})
          select p.id, t.tipo, ${statoIniziale}::text from p, unnest(${sql.param(nuoviServizi.map((x) => x.tipo))}::text[]) as t(tipo)
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
          select ${lead.id}, p.id, ${PRIVACY_NOTICE_VERSION}, ${m.privacyLabel}, ${meta.ip}, ${meta.userAgent} from p
        )${emails.length ? sql`, o as ${newPraticaOutboxInsert(emails)}` : sql``}${key ? sql`, k as ${keyInsert(key, fingerprint)}` : sql``}
        select p.id, ${key ? sql`exists (select from k)` : sql`true`} as claimed from p`);
      const [statement] = (inserted as { rows: Array<{ id: number; claimed: boolean }> }).rows;
      if (!statement.claimed) throw new KeyAlreadyStored();

      return submittedAnswer(Number(statement.id));
    });
  } catch (error) {
    if (!(error instanceof KeyAlreadyStored) || !key) throw error;
    // Everything this request wrote is undone; the key's first request answers.
    return storedAnswer(db, key, fingerprint);
  }
}

/**
 * The submission's read of its point, with the point's people and who may hear of its new leads,
 * in one statement prepared once per database handle (docs/performance.md#invio-dalla-landing).
 */
const puntoPerInvio = preparedPerDb((db) =>
  selectPuntoConPersone(db, { destinatari: nuovoLeadDestinatari() })
    .where(eq(puntiFisici.id, sql.placeholder('id')))
    .prepare('punto_per_invio'),
);

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

/** Thrown to undo a submission whose idempotency key another request already stored. */
class KeyAlreadyStored extends Error {}

interface NewLead {
  nome: string;
  cognome: string;
  email: string;
  telefono: string;
  emailNormalizzata: string;
  telefonoNormalizzato: string;
  puntoFisicoOriginaleId: number;
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
        rows.push(toDocumento(row, options.caricatoDa?.nome));
      }
      rows.sort((a, b) => a.id - b.id);
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
