import { and, asc, desc, eq } from 'drizzle-orm';
import { msg } from '#shared/messages.ts';
import { fillMessage } from '#shared/messages.ts';
import type { DocumentiCaricati, Documento } from '#shared/schemas/landing.ts';
import type { PraticaEvento } from '#shared/schemas/documenti.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import { documenti, leads, pratiche, praticheEventi } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import type { ReceivedDocuments } from '#server/storage/receive-documents.ts';
import { findPraticaInScope, saveDocuments } from '#server/modules/landing/landing.service.ts';
import { leadsScope, praticheScope } from '#server/modules/punti-fisici/scope.ts';

const m = msg.pratica.documenti;

const nomeOf = (actor: Actor) => `${actor.firstName} ${actor.lastName}`.trim() || actor.email;

export interface StaffUploadInput {
  leadId: number;
  /** Which practice of the lead receives the files; default its most recent one. */
  praticaId?: number;
  documentiCaricati?: DocumentiCaricati;
  /** Already in the store; removed again when anything below refuses them. */
  received: ReceivedDocuments;
}

/**
 * The practice a staff upload goes to (docs/decisions/012-estratti-conto-e-documenti.md): the
 * one named, which must be the lead's; otherwise the lead's most recent practice. Lead and
 * practice must be within the caller's scope, else not found (docs/product/roles-and-scope.md#403-e-404).
 */
async function targetPratica(db: Database, actor: Actor, leadId: number, praticaId: number | undefined) {
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), leadsScope(actor)));
  if (!lead) throw AppError.notFound(m.leadNotFound);
  const [pratica] = await db
    .select({ id: pratiche.id, documentiCaricati: pratiche.documentiCaricati })
    .from(pratiche)
    .where(
      and(
        eq(pratiche.leadId, leadId),
        praticaId != null ? eq(pratiche.id, praticaId) : undefined,
        praticheScope(actor),
      ),
    )
    .orderBy(desc(pratiche.dataCreazione), desc(pratiche.id))
    .limit(1);
  if (!pratica) {
    if (praticaId != null) throw AppError.notFound(m.praticaNotOfLead);
    throw AppError.conflict(m.leadWithoutPratiche, 'LEAD_WITHOUT_PRATICHE');
  }
  return pratica;
}

/** The landing's flags, updated with what staff say they attached: a flag once true stays true. */
function mergeDocumentiCaricati(current: unknown, incoming: DocumentiCaricati): DocumentiCaricati {
  const previous = (current ?? {}) as Partial<DocumentiCaricati>;
  return {
    hasLuceFile: Boolean(previous.hasLuceFile) || incoming.hasLuceFile,
    hasGasFile: Boolean(previous.hasGasFile) || incoming.hasGasFile,
    hasSingleFile: Boolean(previous.hasSingleFile) || incoming.hasSingleFile,
    hasCombinedFile: Boolean(previous.hasCombinedFile) || incoming.hasCombinedFile,
    uploadMethod:
      previous.uploadMethod && previous.uploadMethod !== 'none'
        ? previous.uploadMethod
        : incoming.uploadMethod,
    timestamp: incoming.timestamp,
  };
}

async function recordEvento(
  tx: DbExecutor,
  actor: Actor,
  praticaId: number,
  tipo: 'documento_aggiunto' | 'documento_eliminato',
  nome: string,
) {
  await tx.insert(praticheEventi).values({
    praticaId,
    userId: actor.id,
    utenteNome: nomeOf(actor),
    tipo,
    descrizione: fillMessage(tipo === 'documento_aggiunto' ? m.eventoAggiunto : m.eventoEliminato, { nome }),
  });
}

/**
 * POST /api/leads/upload-files: the landing's own pipeline (type by content, size, count),
 * the staff member recorded on each document and each addition in the practice's history.
 */
export async function uploadStaffDocuments(
  db: Database,
  storage: DocumentStorage,
  actor: Actor,
  input: StaffUploadInput,
): Promise<{ praticaId: number; documenti: Documento[] }> {
  const pratica = await targetPratica(db, actor, input.leadId, input.praticaId).catch(async (error) => {
    await input.received.discard();
    throw error;
  });
  const saved = await saveDocuments(db, storage, pratica.id, input.received, {
    caricatoDa: { id: actor.id, nome: nomeOf(actor) },
    record: async (tx, rows) => {
      for (const doc of rows)
        await recordEvento(tx, actor, pratica.id, 'documento_aggiunto', doc.displayName);
      if (input.documentiCaricati) {
        await tx
          .update(pratiche)
          .set({
            documentiCaricati: mergeDocumentiCaricati(pratica.documentiCaricati, input.documentiCaricati),
          })
          .where(eq(pratiche.id, pratica.id));
      }
    },
  });
  return { praticaId: pratica.id, documenti: saved };
}

/**
 * DELETE /api/pratiche/{id}/files/{filename} (admin): the row and its history line in one
 * transaction, then the stored file. A file that cannot be removed from storage is logged and
 * left behind rather than undoing a deletion the history already tells.
 */
export async function deleteDocumento(
  db: Database,
  storage: DocumentStorage,
  actor: Actor,
  praticaId: number,
  filename: string,
): Promise<{ storageError?: unknown }> {
  await findPraticaInScope(db, actor, praticaId);
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(documenti)
      .where(and(eq(documenti.praticaId, praticaId), eq(documenti.filename, filename)))
      .returning();
    if (!row) throw AppError.notFound(msg.pratica.fileNotFound);
    await recordEvento(tx, actor, praticaId, 'documento_eliminato', row.displayName);
    return row;
  });
  try {
    await storage.remove(removed.filename);
    return {};
  } catch (storageError) {
    return { storageError };
  }
}

/** GET /api/pratiche/{id}/eventi: the practice's own history, oldest first. */
export async function listEventi(db: Database, actor: Actor, praticaId: number): Promise<PraticaEvento[]> {
  await findPraticaInScope(db, actor, praticaId);
  const rows = await db
    .select()
    .from(praticheEventi)
    .where(eq(praticheEventi.praticaId, praticaId))
    .orderBy(asc(praticheEventi.createdAt), asc(praticheEventi.id));
  return rows.map((r) => ({
    id: r.id,
    tipo: r.tipo,
    descrizione: r.descrizione,
    utente: r.utenteNome,
    createdAt: r.createdAt.toISOString(),
  }));
}
