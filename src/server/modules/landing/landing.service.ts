import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  DEMO_LANDING_CODE,
  CONSULENTE_TELEFONO_PLACEHOLDER,
  PRIVACY_NOTICE_VERSION,
  normalizeEmail,
  normalizeTelefono,
  type ServizioTipo,
  type UploadPart,
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
  users,
} from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/plugins/auth.ts';
import { praticheScope } from '../punti-fisici/scope';
import type { DocumentStorage } from '#server/storage/storage.ts';
import { detectDocumentType, safeDisplayName, type DetectedType } from './file-check';
import { canMerge, mergePagesToPdf } from './merge-pages';

const m = msg.landing;

// ---------------------------------------------------------------------------------------------
// GET /api/landing/{code}
// ---------------------------------------------------------------------------------------------

/** The point's agent, else its area manager, else its responsible person. See docs/product/landing.md#consulente */
export async function getLandingInfo(db: Database, code: string): Promise<LandingInfo> {
  const [punto] = await db
    .select({
      id: puntiFisici.id,
      nomeAttivita: puntiFisici.nomeAttivita,
      agenteId: puntiFisici.agenteId,
      areaManagerId: puntiFisici.areaManagerId,
      responsabileId: puntiFisici.utenteResponsabileId,
    })
    .from(puntiFisici)
    .where(and(eq(puntiFisici.landingCode, code.toUpperCase()), eq(puntiFisici.isActive, true)));
  if (!punto) throw AppError.notFound(m.notFoundText);

  const ids = [punto.agenteId, punto.areaManagerId, punto.responsabileId].filter(
    (id): id is number => id != null,
  );
  const people = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      isActive: users.isActive,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(people.map((p) => [p.id, p]));
  // Agent and area manager only while active; the responsible person always (every point has one).
  const candidates = [punto.agenteId, punto.areaManagerId]
    .map((id) => (id == null ? undefined : byId.get(id)))
    .filter((p) => p?.isActive);
  const consultant = candidates[0] ?? byId.get(punto.responsabileId);
  const phone = [consultant, ...candidates, byId.get(punto.responsabileId)]
    .find((p) => p?.phone?.trim())
    ?.phone?.trim();
  return {
    nomeAttivita: punto.nomeAttivita,
    puntoFisicoId: punto.id,
    consultant: {
      nome: consultant ? `${consultant.firstName} ${consultant.lastName}`.trim() : punto.nomeAttivita,
      // The consultant's own phone; the placeholder only when nobody at the point has one.
      telefono: consultant?.phone?.trim() || phone || CONSULENTE_TELEFONO_PLACEHOLDER,
    },
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

export async function submitForm(db: Database, input: SubmitInput, meta: SubmitMeta): Promise<StoredResult> {
  const [punto] = await db
    .select({ id: puntiFisici.id, landingCode: puntiFisici.landingCode })
    .from(puntiFisici)
    .where(and(eq(puntiFisici.id, input.puntoFisicoId), eq(puntiFisici.isActive, true)));
  if (!punto) throw AppError.notFound(m.pointNotFound);

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

  return db.transaction(async (tx) => {
    const key = meta.idempotencyKey ? `submit-form:${meta.idempotencyKey}` : null;
    if (key) {
      // A concurrent twin blocks here until the first commits, then finds its answer.
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ key, scope: 'submit-form', response: { fingerprint } satisfies StoredIdempotency })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [row] = await tx
          .select({ response: idempotencyKeys.response })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.key, key));
        const stored = row?.response as StoredIdempotency | undefined;
        if (!stored?.result || stored.fingerprint !== fingerprint)
          throw AppError.conflict(m.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
        return stored.result;
      }
    }

    const { lead, isExistingLead } = await findOrCreateLead(tx, {
      nome: input.nome,
      cognome: input.cognome,
      email: input.email,
      telefono: input.telefono,
      emailNormalizzata,
      telefonoNormalizzato,
      puntoFisicoOriginaleId: punto.id,
    });

    const [pratica] = await tx
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
      })
      .returning({ id: pratiche.id });
    await tx.insert(servizi).values(
      richiesti.map((tipo) => ({
        praticaId: pratica.id,
        tipoServizio: tipo as ServizioTipo,
        stato: 'inserito' as const,
      })),
    );
    await tx.insert(consensi).values({
      leadId: lead.id,
      praticaId: pratica.id,
      versioneInformativa: PRIVACY_NOTICE_VERSION,
      testo: m.privacyLabel,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });

    const result: StoredResult = {
      success: true,
      praticaId: pratica.id,
      leadId: lead.id,
      isExistingLead,
      simulated: false,
      message: m.submitted,
    };
    if (key) {
      await tx
        .update(idempotencyKeys)
        .set({ praticaId: pratica.id, response: { fingerprint, result } satisfies StoredIdempotency })
        .where(eq(idempotencyKeys.key, key));
    }
    return result;
  });
}

interface NewLead {
  nome: string;
  cognome: string;
  email: string;
  telefono: string;
  emailNormalizzata: string;
  telefonoNormalizzato: string;
  puntoFisicoOriginaleId: number;
}

/** Same normalised phone or e-mail → the same lead, first point kept. See docs/product/lifecycle.md#doppioni */
async function findOrCreateLead(tx: DbExecutor, data: NewLead) {
  const find = async () => {
    const [found] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(
        or(
          eq(leads.telefonoNormalizzato, data.telefonoNormalizzato),
          eq(leads.emailNormalizzata, data.emailNormalizzata),
        ),
      )
      // The phone is the stronger key: the consultant calls it.
      .orderBy(desc(sql`${leads.telefonoNormalizzato} = ${data.telefonoNormalizzato}`), asc(leads.id))
      .limit(1);
    return found;
  };
  const existing = await find();
  if (existing) return { lead: existing, isExistingLead: true };
  // A concurrent first submission of the same person: the unique indexes decide, we re-read.
  const [created] = await tx.insert(leads).values(data).onConflictDoNothing().returning({ id: leads.id });
  if (created) return { lead: created, isExistingLead: false };
  const raced = await find();
  if (!raced) throw new Error('lead inserito in concorrenza ma non trovato');
  return { lead: raced, isExistingLead: true };
}

// ---------------------------------------------------------------------------------------------
// POST /api/pratiche/{praticaId}/upload
// ---------------------------------------------------------------------------------------------

export interface IncomingFile {
  parte: UploadPart;
  originalName: string | undefined;
  data: Buffer;
}

/** A practice never holds more than this many documents, whoever keeps a token. */
export const MAX_DOCUMENTI_PER_PRATICA = 40;

const PAGE_GROUPS = [
  { kind: 'luce', pages: ['lucePage1', 'lucePage2'], title: 'Bolletta luce' },
  { kind: 'gas', pages: ['gasPage1', 'gasPage2'], title: 'Bolletta gas' },
  { kind: 'combined', pages: ['combinedPage1', 'combinedPage2'], title: 'Bolletta luce e gas' },
] as const;

const isPagePart = (parte: UploadPart) => /Page[12]$/.test(parte);

interface Prepared {
  key: string;
  parte: string;
  displayName: string;
  type: DetectedType;
  data: Buffer;
  /** Index in `prepared` of the merged PDF this page went into. */
  mergedInto?: number;
}

const newKey = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export async function assertPraticaExists(db: Database, praticaId: number): Promise<void> {
  const [row] = await db.select({ id: pratiche.id }).from(pratiche).where(eq(pratiche.id, praticaId));
  if (!row) throw AppError.notFound(m.praticaNotFound);
}

/**
 * Checks every file by content first; only when all pass does anything reach storage and the
 * database. A failure at any point removes what was already stored.
 */
export async function saveDocuments(
  db: Database,
  storage: DocumentStorage,
  praticaId: number,
  files: IncomingFile[],
): Promise<Documento[]> {
  if (files.length === 0) throw AppError.badRequest(m.noFiles, 'NO_FILES');
  await assertPraticaExists(db, praticaId);

  const prepared: Prepared[] = [];
  for (const file of files) {
    const shownName = file.originalName?.trim() || file.parte;
    if (file.data.length === 0) throw AppError.badRequest(m.emptyFile(shownName), 'EMPTY_FILE');
    const type = await detectDocumentType(file.data);
    if (!type) throw AppError.badRequest(m.fileTypeNotAllowed(shownName), 'FILE_TYPE_NOT_ALLOWED');
    if (isPagePart(file.parte) && !type.isImage)
      throw AppError.badRequest(m.photoNotImage(shownName), 'PHOTO_NOT_IMAGE');
    prepared.push({
      key: newKey(type.ext),
      parte: file.parte,
      displayName: safeDisplayName(file.originalName, file.parte, type),
      type,
      data: file.data,
    });
  }

  // Two camera pages of one bill: also one PDF document, the pages kept as sent.
  for (const group of PAGE_GROUPS) {
    const pages = group.pages
      .map((p) => prepared.find((f) => f.parte === p))
      .filter((f): f is Prepared => f != null);
    const images = pages.map((p) => ({ data: p.data, mime: p.type.mime }));
    if (pages.length < 2 || !canMerge(images)) continue;
    let pdf: Buffer;
    try {
      pdf = await mergePagesToPdf(images, group.title);
    } catch {
      // An image pdf-lib cannot read (e.g. a CMYK JPEG) is still a valid photo: keep the pages.
      continue;
    }
    const type: DetectedType = { mime: 'application/pdf', ext: 'pdf', isImage: false };
    prepared.push({
      key: newKey('pdf'),
      parte: `${group.kind}Merged`,
      displayName: `${group.title} (2 pagine).pdf`,
      type,
      data: pdf,
    });
    const index = prepared.length - 1;
    for (const page of pages) page.mergedInto = index;
  }

  const [{ n }] = await db.select({ n: count() }).from(documenti).where(eq(documenti.praticaId, praticaId));
  if (n + prepared.length > MAX_DOCUMENTI_PER_PRATICA)
    throw AppError.conflict(m.tooManyDocuments, 'TOO_MANY_DOCUMENTS');

  const stored: string[] = [];
  try {
    for (const file of prepared) {
      await storage.put(file.key, file.data);
      stored.push(file.key);
    }
    return await db.transaction(async (tx) => {
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
            sizeBytes: file.data.length,
            sha256: sha256(file.data),
            mergedIntoId: file.mergedInto == null ? null : ids[file.mergedInto],
          })
          .returning();
        ids[index] = row.id;
        rows.push(toDocumento(row));
      }
      return rows.sort((a, b) => a.id - b.id);
    });
  } catch (error) {
    await Promise.all(stored.map((key) => storage.remove(key).catch(() => undefined)));
    throw error;
  }
}

function toDocumento(row: typeof documenti.$inferSelect): Documento {
  return {
    id: row.id,
    filename: row.filename,
    displayName: row.displayName,
    parte: row.parte,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    mergedIntoId: row.mergedIntoId,
    createdAt: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Staff: GET /api/pratiche/{id}/files and /files/{filename}
// ---------------------------------------------------------------------------------------------

async function findPraticaInScope(db: Database, actor: Actor, praticaId: number) {
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
    .select()
    .from(documenti)
    .where(eq(documenti.praticaId, praticaId))
    .orderBy(asc(documenti.id));
  return rows.map(toDocumento);
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
