import { and, eq, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Database } from '#server/db/client.ts';
import { documenti, fornitori, lettureBollette, proposteScheda, servizi } from '#server/db/schema.ts';
import type { PeriodicJob } from '#server/jobs/scheduler.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import { proposeFromPages } from '#server/modules/letture-bollette/parse-bolletta.ts';
import {
  LIMITI_LETTURA,
  readInThread,
  type LimitiLettura,
} from '#server/modules/letture-bollette/lettura-thread.ts';
import { paginaDellaParte, serviziDelDocumento } from '#server/modules/letture-bollette/letture.service.ts';

export const LETTURE_BOLLETTE_JOB = 'letture-bollette';

/** A reading whose process died is taken again after this, up to MAX_TENTATIVI times. */
const LEASE_MS = 5 * 60_000;
const MAX_TENTATIVI = 3;
/** Readings per run: the lease of the job must outlast them (each at most `timeoutMs`). */
const PER_RUN = 4;

export interface LettureJobOptions {
  storage: DocumentStorage;
  limiti?: LimitiLettura;
}

/**
 * The bill reader (docs/product/lettura-bolletta.md): one reading at a time across the instances
 * (the job's lease), each in a worker thread bounded in time and memory. The queue is the
 * `letture_bollette` table, so a restart resumes it. Logs carry ids and outcomes, never a value.
 */
export function lettureBolletteJob(options: LettureJobOptions): PeriodicJob {
  const limiti = options.limiti ?? LIMITI_LETTURA;
  return {
    name: LETTURE_BOLLETTE_JOB,
    everyMs: 10_000,
    timeoutMs: PER_RUN * limiti.timeoutMs + 60_000,
    async run({ db, now, log }) {
      for (let n = 0; n < PER_RUN; n++) {
        const lettura = await claimLettura(db, now);
        if (!lettura) return;
        const esito = await readOne(db, options.storage, limiti, lettura);
        log.info({ lettura: lettura.id, ...esito }, 'lettura bolletta');
      }
    },
  };
}

interface Claimed {
  id: number;
  documentoId: number;
  praticaId: number;
  tentativi: number;
}

/** The oldest reading still to do (or whose reader died), taken in one statement. */
async function claimLettura(db: Database, now: Date): Promise<Claimed | null> {
  const nowIso = now.toISOString();
  const [row] = await db
    .update(lettureBollette)
    .set({
      stato: 'in_corso',
      tentativi: sql`${lettureBollette.tentativi} + 1`,
      bloccataFinoAt: new Date(now.getTime() + LEASE_MS),
    })
    .where(
      eq(
        lettureBollette.id,
        sql`(select id from letture_bollette
          where stato = 'in_coda' or (stato = 'in_corso' and bloccata_fino_at <= ${nowIso}::timestamptz)
          order by id limit 1 for update skip locked)`,
      ),
    )
    .returning({
      id: lettureBollette.id,
      documentoId: lettureBollette.documentoId,
      praticaId: lettureBollette.praticaId,
      tentativi: lettureBollette.tentativi,
    });
  return row ?? null;
}

type Motivo = 'nessun_testo' | 'nessun_dato' | 'tempo_scaduto' | 'errore' | 'tentativi_esauriti';

async function readOne(
  db: Database,
  storage: DocumentStorage,
  limiti: LimitiLettura,
  lettura: Claimed,
): Promise<{ stato: 'fatta'; proposte: number } | { stato: 'illeggibile'; motivo: Motivo }> {
  const illeggibile = async (motivo: Motivo) => {
    await finish(db, lettura, { stato: 'illeggibile', motivo });
    return { stato: 'illeggibile' as const, motivo };
  };
  // A bill that took the process down each time is not tried for ever.
  if (lettura.tentativi > MAX_TENTATIVI) return illeggibile('tentativi_esauriti');
  const [doc] = await db
    .select({ filename: documenti.filename, mime: documenti.mimeType, parte: documenti.parte })
    .from(documenti)
    .where(eq(documenti.id, lettura.documentoId));
  const stored = doc ? await storage.get(doc.filename) : null;
  if (!doc || !stored) return illeggibile('errore');
  // Whole, as PDF and OCR libraries need it: at most 10 MB, the upload's limit.
  const bytes = await toBytes(stored.stream);
  const esito = await readInThread({ bytes, mime: doc.mime, pagina: paginaDellaParte(doc.parte) }, limiti);
  if (!esito.ok) return illeggibile(esito.motivo);
  if (!esito.pagine.some((p) => p.testo.trim())) return illeggibile('nessun_testo');

  const nomi = (await db.select({ nome: fornitori.nome }).from(fornitori)).map((f) => f.nome);
  const proposte = proposeFromPages(esito.pagine, nomi);
  const destinatari = serviziDelDocumento(
    doc.parte,
    await db
      .select({ id: servizi.id, tipoServizio: servizi.tipoServizio })
      .from(servizi)
      .where(eq(servizi.praticaId, lettura.praticaId)),
  );
  const rows = destinatari.flatMap((s) =>
    proposte
      .filter((p) => p.ambito === 'comune' || p.ambito === s.tipoServizio)
      .map((p) => ({
        servizioId: s.id,
        letturaId: lettura.id,
        campo: p.campo,
        valore: p.valore,
        pagina: p.pagina,
        confidenza: p.confidenza,
      })),
  );
  if (rows.length === 0) return illeggibile('nessun_dato');
  await finish(db, lettura, { stato: 'fatta', motivo: null }, rows);
  return { stato: 'fatta', proposte: rows.length };
}

/**
 * Records the outcome, only if this run still holds the reading (a run that outlived its lease
 * leaves it to the one that took it over).
 */
async function finish(
  db: Database,
  lettura: Claimed,
  outcome: { stato: 'fatta' | 'illeggibile'; motivo: Motivo | null },
  rows: Array<typeof proposteScheda.$inferInsert> = [],
) {
  await db.transaction(async (tx) => {
    const [held] = await tx
      .update(lettureBollette)
      .set({ ...outcome, bloccataFinoAt: null, finitaAt: new Date() })
      .where(and(eq(lettureBollette.id, lettura.id), eq(lettureBollette.tentativi, lettura.tentativi)))
      .returning({ id: lettureBollette.id });
    if (held && rows.length > 0) await tx.insert(proposteScheda).values(rows);
  });
}

async function toBytes(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
