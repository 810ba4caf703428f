import { createHash } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
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
  users,
} from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import {
  consulenteOf,
  selectPuntoConPersone,
  toPuntoConPersone,
} from '#server/modules/punti-fisici/persone.ts';
import { markAltroPunto, praticheScope } from '#server/modules/punti-fisici/scope.ts';
import type { ReceivedDocument, ReceivedDocuments } from '#server/storage/receive-documents.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import type { NotificheLinks } from '#server/modules/notifiche/links.ts';
import { nuovoLeadDestinatari, nuovoLeadEmails } from '#server/modules/notifiche/notifiche.service.ts';
import { enqueueEmails, NEW_PRATICA_ID } from '#server/modules/notifiche/outbox.ts';
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
  const [row] = await puntoPerInvio(db, input.puntoFisicoId);
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
  // One transaction: the key first, so a twin (same key, at the same time) waits at the key's
  // insert until the first commits, then finds it taken and writes nothing
  // (docs/product/landing.md#invio-e-idempotenza).
  const written = await db.transaction(async (tx) => {
    if (key) {
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ key, scope: 'submit-form', response: { fingerprint } satisfies StoredIdempotency })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed) return null;
    }
    const lead = await findOrCreateLead(tx, cliente);
    const praticaId = await insertPratica(tx, lead.id, pratica, lead.isExisting);
    // The staff who must call back, and the customer's confirmation: sent later by the outbox
    // worker, so mail being down never touches the submission.
    await enqueueEmails(
      tx,
      emailsFor(lead.id, lead.isExisting).map((e) => ({
        ...e,
        praticaId,
        dedupeKey: e.dedupeKey.replace(NEW_PRATICA_ID, String(praticaId)),
      })),
    );
    const answer = submittedAnswer(praticaId);
    if (key)
      await tx
        .update(idempotencyKeys)
        .set({ praticaId, response: { fingerprint, result: answer } satisfies StoredIdempotency })
        .where(eq(idempotencyKeys.key, key));
    return answer;
  });
  // The key was already stored: its first request answers.
  return written ?? storedAnswer(db, key!, fingerprint);
}

/** The submission's read of its point, with the point's people and who may hear of its new leads. */
function puntoPerInvio(db: DbExecutor, id: number) {
  return selectPuntoConPersone(db, {
    destinatari: nuovoLeadDestinatari(),
    telefonoAziendale: telefonoAziendaleSql(),
  }).where(eq(puntiFisici.id, id));
}

interface NewPratica {
  puntoFisicoId: number;
  orarioContatto: string | null;
  indirizzoIp: string;
  userAgent: string | null;
  note: string | null;
  documentiCaricati: SubmitInput['documentiCaricati'] | null;
  servizi: Array<{ tipo: ServizioTipo; stato: typeof STATO_INIZIALE }>;
}

/** A landing submission's services all start here. */
const STATO_INIZIALE = 'inserito' satisfies ServizioStato;

/** The practice of `leadId`, its services and the consent given with it; answers the practice's id. */
async function insertPratica(
  tx: DbExecutor,
  leadId: number,
  pratica: NewPratica,
  isExistingLead: boolean,
): Promise<number> {
  const [inserted] = await tx
    .insert(pratiche)
    .values({
      leadId,
      puntoFisicoId: pratica.puntoFisicoId,
      statoPratica: 'inserita' satisfies PraticaStato,
      orarioContatto: pratica.orarioContatto,
      indirizzoIp: pratica.indirizzoIp,
      userAgent: pratica.userAgent,
      note: pratica.note,
      documentiCaricati: pratica.documentiCaricati,
    })
    .returning({ id: pratiche.id });
  // A new lead's first point is this practice's: only a returning customer's can be another.
  if (isExistingLead) await markAltroPunto(tx, [leadId]);
  await tx
    .insert(servizi)
    .values(pratica.servizi.map((x) => ({ praticaId: inserted.id, tipoServizio: x.tipo, stato: x.stato })));
  await tx.insert(consensi).values({
    leadId,
    praticaId: inserted.id,
    versioneInformativa: versioneInformativaSql(),
    testo: m.privacyLabel,
    ip: pratica.indirizzoIp,
    userAgent: pratica.userAgent,
  });
  return inserted.id;
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
    .where(and(eq(pratiche.id, praticaId), praticheScope(actor)));
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
