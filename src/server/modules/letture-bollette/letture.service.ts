/**
 * Bills read into proposals for a service's scheda, and the operator's decisions on them
 * (docs/product/lettura-bolletta.md). Queued with the document, read by the job
 * (letture.jobs.ts), decided here: nothing in this module writes a scheda.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { msg } from '#shared/messages.ts';
import {
  livelloConfidenza,
  UNITA_CONSUMO,
  type LetturaSintesi,
  type Proposta,
  type ProposteServizio,
} from '#shared/schemas/proposte-scheda.ts';
import { SERVIZI_CON_BOLLETTA, needsBill, type ServizioConBolletta } from '#shared/servizi-catalogo.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import { documenti, lettureBollette, pratiche, proposteScheda, servizi } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { praticheScope } from '#server/modules/punti-fisici/scope.ts';

const m = msg.proposte;

/** The types the reader opens; other documents (Word, text, WebP, HEIC) are never queued. */
const MIME_LEGGIBILI: readonly string[] = ['application/pdf', 'image/jpeg', 'image/png'];

export interface DocumentoSalvato {
  id: number;
  mimeType: string;
  parte: string;
}

/** The landing's camera pages are read one by one; the PDF they are also merged into is not. */
const isMergedPdf = (parte: string) => parte.endsWith('Merged');

/** The page of its bill a camera photo is (`lucePage2` is page 2), else 1. */
export const paginaDellaParte = (parte: string) => Number(/Page(\d)$/.exec(parte)?.[1] ?? 1);

/**
 * Queues a reading for each new document that can be a bill, in the transaction that stores
 * them: a practice with a luce or gas service, a PDF or a photo. A crash after the commit loses
 * nothing; the job picks the queue up after a restart.
 */
export async function queueLetture(tx: DbExecutor, praticaId: number, docs: readonly DocumentoSalvato[]) {
  const leggibili = docs.filter((d) => !isMergedPdf(d.parte) && MIME_LEGGIBILI.includes(d.mimeType));
  if (leggibili.length === 0) return;
  const tipi = await tx
    .select({ tipo: servizi.tipoServizio })
    .from(servizi)
    .where(eq(servizi.praticaId, praticaId));
  if (!tipi.some((s) => needsBill(s.tipo))) return;
  await tx
    .insert(lettureBollette)
    .values(leggibili.map((d) => ({ documentoId: d.id, praticaId })))
    .onConflictDoNothing();
}

/**
 * The services a document speaks for: a luce bill (`luceFile`, `lucePage1`, `luceMerged`) its
 * practice's luce services, a gas bill the gas ones; a single or combined bill, or a staff
 * upload, every service that needs a bill.
 */
export function serviziDelDocumento<T extends { tipoServizio: string }>(
  parte: string,
  list: readonly T[],
): T[] {
  const conBolletta = list.filter((s) => needsBill(s.tipoServizio));
  const tipo = SERVIZI_CON_BOLLETTA.find((t) => parte.startsWith(t));
  return tipo ? conBolletta.filter((s) => s.tipoServizio === tipo) : conBolletta;
}

/** A service within the caller's scope (its practice's), else not found. */
async function findServizioInScope(db: Database, actor: Actor, servizioId: number) {
  const [row] = await db
    .select({ id: servizi.id, praticaId: servizi.praticaId, tipo: servizi.tipoServizio })
    .from(servizi)
    .innerJoin(pratiche, eq(pratiche.id, servizi.praticaId))
    .where(and(eq(servizi.id, servizioId), praticheScope(actor)));
  if (!row) throw AppError.notFound(m.servizioNotFound);
  return row;
}

/** GET /api/servizi/{id}/proposte: where the readings of the service's bills are, and their proposals. */
export async function getProposte(db: Database, actor: Actor, servizioId: number): Promise<ProposteServizio> {
  const servizio = await findServizioInScope(db, actor, servizioId);
  const letture = await db
    .select({ stato: lettureBollette.stato, parte: documenti.parte })
    .from(lettureBollette)
    .innerJoin(documenti, eq(documenti.id, lettureBollette.documentoId))
    .where(eq(lettureBollette.praticaId, servizio.praticaId));
  const proprie = letture.filter(
    (l) => serviziDelDocumento(l.parte, [{ tipoServizio: servizio.tipo }]).length > 0,
  );
  const rows = await db
    .select()
    .from(proposteScheda)
    .where(eq(proposteScheda.servizioId, servizioId))
    .orderBy(asc(proposteScheda.id));
  return {
    lettura: sintesi(proprie.map((l) => l.stato)),
    proposte: rows.map((r) => toProposta(r, servizio.tipo)),
  };
}

/** Still reading while any bill is; unreadable only when every bill was. */
function sintesi(stati: readonly string[]): LetturaSintesi {
  if (stati.length === 0) return 'nessuna';
  if (stati.some((s) => s === 'in_coda' || s === 'in_corso')) return 'in_corso';
  return stati.every((s) => s === 'illeggibile') ? 'illeggibile' : 'fatta';
}

/**
 * POST /api/servizi/{id}/proposte/{pid}/accetta|rifiuta: records who decided what, once. The
 * value reaches the scheda only through the operator's own save of the scheda.
 */
export async function decideProposta(
  db: Database,
  actor: Actor,
  servizioId: number,
  propostaId: number,
  decisione: 'accettata' | 'rifiutata',
): Promise<Proposta> {
  const servizio = await findServizioInScope(db, actor, servizioId);
  const [updated] = await db
    .update(proposteScheda)
    .set({
      stato: decisione,
      decisaDaId: actor.id,
      decisaDaNome: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
      decisaAt: new Date(),
    })
    .where(
      and(
        eq(proposteScheda.id, propostaId),
        eq(proposteScheda.servizioId, servizioId),
        eq(proposteScheda.stato, 'proposta'),
      ),
    )
    .returning();
  if (updated) return toProposta(updated, servizio.tipo);
  const [existing] = await db
    .select({ id: proposteScheda.id })
    .from(proposteScheda)
    .where(and(eq(proposteScheda.id, propostaId), eq(proposteScheda.servizioId, servizioId)));
  if (!existing) throw AppError.notFound(m.notFound);
  throw AppError.conflict(m.alreadyDecided);
}

function toProposta(row: typeof proposteScheda.$inferSelect, tipo: string): Proposta {
  const consumo = UNITA_CONSUMO[tipo as ServizioConBolletta] ?? null;
  return {
    id: row.id,
    campo: row.campo,
    valore: row.valore,
    pagina: row.pagina,
    confidenza: row.confidenza,
    livello: livelloConfidenza(row.confidenza),
    unita: row.campo === 'potenzaKw' ? 'kW' : row.campo === 'consumoAnnuo' ? consumo : null,
    stato: row.stato,
    decisaDa: row.decisaDaNome,
    decisaIl: row.decisaAt?.toISOString() ?? null,
  };
}

/** The proposals of these services, for the person export (docs/privacy.md). */
export async function proposteForExport(db: DbExecutor, servizioIds: readonly number[]) {
  if (servizioIds.length === 0) return [];
  return db
    .select({
      servizioId: proposteScheda.servizioId,
      campo: proposteScheda.campo,
      valore: proposteScheda.valore,
      pagina: proposteScheda.pagina,
      confidenza: proposteScheda.confidenza,
      stato: proposteScheda.stato,
      decisaIl: proposteScheda.decisaAt,
      lettaIl: proposteScheda.createdAt,
    })
    .from(proposteScheda)
    .where(inArray(proposteScheda.servizioId, [...servizioIds]))
    .orderBy(asc(proposteScheda.id));
}
