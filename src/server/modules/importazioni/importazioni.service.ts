import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { ImportEsito, ImportTipo } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import {
  IMPORT_CAMPI,
  IMPORT_CAMPI_OBBLIGATORI,
  IMPORT_MAX_RIGHE,
  type ImportConteggi,
  type ImportErrore,
  type Importazione,
  type PreviewImportInput,
} from '#shared/schemas/importazione.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import { insertRows, jsonRows } from '#server/db/sql-helpers.ts';
import { importazioni, importazioniRighe, importMappature } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { exportHeaders, spreadsheetStream, type Cell } from '#server/lib/tabular-export.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { headerKey, looksLikeHeader, suggestMapping } from '#server/modules/importazioni/colonne.ts';
import { openImportFile, type ImportSource } from '#server/modules/importazioni/leggi-file.ts';
import { mappedRows, type CheckedRow, type MappedRow } from '#server/modules/importazioni/righe.ts';
import { applyPunti, checkPunti, type PuntiState } from '#server/modules/importazioni/righe-punti.ts';
import { applyUtenti, checkUtenti, type UtentiState } from '#server/modules/importazioni/righe-utenti.ts';
import { applyLeads, checkLeads, newLeadsState } from '#server/modules/importazioni/righe-lead.ts';

/**
 * 'Importa' (docs/product/importazione.md): a file is uploaded and its rows kept; the confirmed
 * column mapping checks every row (the preview: new, to update, duplicate, in error); applying
 * re-checks and writes batch by batch, one transaction each, off the request path.
 */

const m = msg.importazione;
/** Rows per transaction: a batch commits whole or not at all, so no row is ever half written. */
export const IMPORT_BATCH = 1000;
/** Errors listed in the answer; the report holds them all. */
const ERRORI_MOSTRATI = 50;

type Row = typeof importazioni.$inferSelect;

export interface ImportContext {
  db: Database;
  publicBaseUrl: string;
  /** Wakes the outbox worker after a batch queued invitations. */
  notify: () => void;
}

/**
 * One kind of file: how its rows are checked and applied, with state carried across batches.
 * `actorId` is who applies (leads: the services' history names them).
 */
function kindOf(row: Row, actorId: number) {
  if (row.tipo === 'leads') {
    const state = newLeadsState(row.calcolaCommissioni, actorId);
    return {
      check: (db: DbExecutor, rows: MappedRow[], now: Date) => checkLeads(db, rows, state, now),
      apply: (tx: DbExecutor, checked: CheckedRow<never>[], now: Date) => applyLeads(tx, checked, state, now),
    };
  }
  if (row.tipo === 'utenti') {
    const state: UtentiState = { seen: new Set() };
    return {
      check: (db: DbExecutor, rows: MappedRow[]) => checkUtenti(db, rows, state),
      apply: (tx: DbExecutor, checked: CheckedRow<never>[], now: Date, base: string) =>
        applyUtenti(tx, checked, { now, publicBaseUrl: base }),
    };
  }
  const state: PuntiState = { seen: new Set(), nuovePersone: new Map() };
  return {
    check: (db: DbExecutor, rows: MappedRow[]) => checkPunti(db, rows, state),
    apply: (tx: DbExecutor, checked: CheckedRow<never>[], now: Date, base: string) =>
      applyPunti(tx, checked, state, { now, publicBaseUrl: base }),
  };
}

export async function uploadImport(
  db: Database,
  actor: Actor,
  input: { tipo: ImportTipo; nomeFile: string },
  source: ImportSource,
): Promise<Importazione> {
  const file = await openImportFile(
    source,
    (cells) => looksLikeHeader(input.tipo, cells),
    IMPORT_MAX_RIGHE[input.tipo],
  );
  const [saved] = await db
    .select({ mappatura: importMappature.mappatura })
    .from(importMappature)
    .where(
      and(eq(importMappature.tipo, input.tipo), eq(importMappature.chiave, headerKey(file.intestazioni))),
    );
  // The rows go from the file to the table a thousand at a time: memory holds one chunk, not the file.
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(importazioni)
      .values({
        tipo: input.tipo,
        nomeFile: input.nomeFile,
        intestazioni: file.intestazioni,
        rigaIntestazione: file.rigaIntestazione,
        mappatura: saved?.mappatura ?? suggestMapping(input.tipo, file.intestazioni),
        totale: 0,
        creatoDa: actor.id,
      })
      .returning({ id: importazioni.id });
    let totale = 0;
    let chunk: { riga: number; valori: string[] }[] = [];
    const flush = async () => {
      if (chunk.length)
        await tx.execute(
          insertRows(
            importazioniRighe,
            chunk.map((r) => ({ importazioneId: row.id, ...r })),
          ),
        );
      totale += chunk.length;
      chunk = [];
    };
    for await (const r of file.righe) {
      chunk.push(r);
      if (chunk.length === 1000) await flush();
    }
    await flush();
    if (totale === 0) throw AppError.badRequest(m.fileVuoto);
    await tx.update(importazioni).set({ totale }).where(eq(importazioni.id, row.id));
    return row.id;
  });
  return { ...(await getImport(db, id)), mappaturaSalvata: saved != null };
}

async function findImport(db: DbExecutor, id: number): Promise<Row> {
  const [row] = await db.select().from(importazioni).where(eq(importazioni.id, id));
  if (!row) throw AppError.notFound(m.notFound);
  return row;
}

export async function getImport(db: DbExecutor, id: number): Promise<Importazione> {
  const row = await findImport(db, id);
  const errori = await firstErrors(db, id, ERRORI_MOSTRATI);
  const perColonna = await db.execute<{ colonna: string; righe: number }>(sql`
    select e->>'colonna' as colonna, count(distinct r.riga)::int as righe
    from ${importazioniRighe} r, jsonb_array_elements(r.errori) e
    where r.importazione_id = ${id} and r.esito = 'errore'
    group by 1 order by 2 desc, 1`);
  return {
    id: row.id,
    tipo: row.tipo,
    nomeFile: row.nomeFile,
    stato: row.stato,
    intestazioni: row.intestazioni,
    rigaIntestazione: row.rigaIntestazione,
    mappatura: row.mappatura ?? {},
    mappaturaSalvata: false,
    righeNonValide: row.righeNonValide,
    calcolaCommissioni: row.calcolaCommissioni,
    totale: row.totale,
    elaborate: row.elaborate,
    conteggi: row.conteggi ?? null,
    erroriPerColonna: (perColonna as { rows: Array<{ colonna: string; righe: number }> }).rows.map((r) => ({
      colonna: r.colonna,
      righe: Number(r.righe),
    })),
    errori,
    createdAt: row.createdAt.toISOString(),
  };
}

async function firstErrors(db: DbExecutor, id: number, limit?: number): Promise<ImportErrore[]> {
  const query = db
    .select({ riga: importazioniRighe.riga, errori: importazioniRighe.errori })
    .from(importazioniRighe)
    .where(and(eq(importazioniRighe.importazioneId, id), eq(importazioniRighe.esito, 'errore')))
    .orderBy(asc(importazioniRighe.riga));
  const rows = await (limit ? query.limit(limit) : query);
  return rows.flatMap((r) => (r.errori ?? []).map((e) => ({ riga: r.riga, ...e }))).slice(0, limit);
}

function assertMapping(row: Row, mappatura: Record<string, number | null>): Record<string, number | null> {
  const campi = IMPORT_CAMPI[row.tipo] as readonly string[];
  const clean: Record<string, number | null> = {};
  const used = new Map<number, string>();
  for (const campo of campi) {
    const col = mappatura[campo] ?? null;
    if (col != null && col >= row.intestazioni.length) throw AppError.badRequest(m.colonnaInesistente);
    if (col != null && used.has(col)) throw AppError.badRequest(m.colonnaDoppia(row.intestazioni[col]));
    if (col != null) used.set(col, campo);
    clean[campo] = col;
  }
  for (const campo of IMPORT_CAMPI_OBBLIGATORI[row.tipo])
    if (clean[campo] == null) throw AppError.badRequest(m.campoNonAbbinato(m.campi[campo]));
  return clean;
}

/**
 * The rows of an import in file order, one batch at a time (bounded memory for any file), with
 * what the last check said of each.
 */
async function* batches(db: DbExecutor, row: Row) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        riga: importazioniRighe.riga,
        valori: importazioniRighe.valori,
        esito: importazioniRighe.esito,
        errori: importazioniRighe.errori,
      })
      .from(importazioniRighe)
      .where(and(eq(importazioniRighe.importazioneId, row.id), gt(importazioniRighe.riga, after)))
      .orderBy(asc(importazioniRighe.riga))
      .limit(IMPORT_BATCH);
    if (rows.length === 0) return;
    yield { rows: mappedRows(rows, row.mappatura ?? {}, row.intestazioni), saved: rows };
    after = rows[rows.length - 1].riga;
  }
}

type Saved = { riga: number; esito: ImportEsito | null; errori: Omit<ImportErrore, 'riga'>[] | null }[];

const sameErrors = (a: Omit<ImportErrore, 'riga'>[], b: Omit<ImportErrore, 'riga'>[] | null) =>
  a.length === (b?.length ?? 0) &&
  a.every((e, i) => e.colonna === b![i].colonna && e.valore === b![i].valore && e.motivo === b![i].motivo);

/** What the check said of each row, in one statement; a row already saying so is left alone. */
async function saveResults(db: DbExecutor, id: number, checked: CheckedRow<unknown>[], saved: Saved) {
  const before = new Map(saved.map((r) => [r.riga, r]));
  const changed = checked.filter((c) => {
    const was = before.get(c.riga);
    return !was || was.esito !== c.esito || !sameErrors(c.errori, was.errori);
  });
  if (changed.length === 0) return;
  const values = jsonRows(
    changed.map((c) => ({ riga: c.riga, esito: c.esito, errori: c.errori.length ? c.errori : null })),
    { riga: 'integer', esito: 'text', errori: 'jsonb' },
  );
  await db.execute(sql`
    update ${importazioniRighe} as r set esito = x.esito, errori = x.errori
    from ${values}
    where r.importazione_id = ${id} and r.riga = x.riga`);
}

const zeroCounts = (): ImportConteggi => ({ nuovo: 0, aggiorna: 0, duplicato: 0, errore: 0 });
const addCounts = (counts: ImportConteggi, checked: CheckedRow<unknown>[]) => {
  for (const c of checked) counts[c.esito satisfies ImportEsito]++;
};

/**
 * The preview: the mapping is saved (for this file and for the next with the same headers) and
 * every row is checked against the database as it is now. Nothing outside the import changes.
 */
export async function previewImport(
  db: Database,
  actor: Actor,
  id: number,
  input: PreviewImportInput,
  now: Date,
): Promise<Importazione> {
  const current = await findImport(db, id);
  if (current.stato !== 'caricata' && current.stato !== 'verificata') throw AppError.conflict(m.giaAvviata);
  const mappatura = assertMapping(current, input.mappatura);
  const calcolaCommissioni = current.tipo === 'leads' && input.calcolaCommissioni;
  const row = { ...current, mappatura, calcolaCommissioni };
  const kind = kindOf(row, actor.id);
  const counts = zeroCounts();
  for await (const { rows, saved } of batches(db, row)) {
    const checked = await kind.check(db, rows, now);
    await saveResults(db, id, checked, saved);
    addCounts(counts, checked);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(importazioni)
      .set({
        mappatura,
        righeNonValide: input.righeNonValide,
        calcolaCommissioni,
        stato: 'verificata',
        conteggi: counts,
      })
      .where(eq(importazioni.id, id));
    await tx
      .insert(importMappature)
      .values({ tipo: row.tipo, chiave: headerKey(row.intestazioni), mappatura })
      .onConflictDoUpdate({
        target: [importMappature.tipo, importMappature.chiave],
        set: { mappatura, updatedAt: sql`now()` },
      });
  });
  return getImport(db, id);
}

/**
 * Starts applying a checked import; answers at once and the work goes on in `run`. Refused while
 * it has errors and the preview chose to block on them.
 */
export async function startImport(db: Database, id: number): Promise<Importazione> {
  const current = await findImport(db, id);
  if (current.stato === 'caricata') throw AppError.conflict(m.nonVerificata);
  if (current.stato !== 'verificata') throw AppError.conflict(m.giaAvviata);
  const errori = current.conteggi?.errore ?? 0;
  if (current.righeNonValide === 'blocca' && errori > 0) throw AppError.conflict(m.bloccataDaErrori(errori));
  const [claimed] = await db
    .update(importazioni)
    .set({ stato: 'in_corso', elaborate: 0 })
    .where(and(eq(importazioni.id, id), eq(importazioni.stato, 'verificata')))
    .returning({ id: importazioni.id });
  if (!claimed) throw AppError.conflict(m.giaAvviata);
  return getImport(db, id);
}

/**
 * The jobs running in this process: waited for when the app closes, so that a batch is never cut
 * by a shutdown; a job that fails is logged (the import says 'fallita').
 */
export class ImportJobs {
  private readonly running = new Set<Promise<void>>();
  constructor(private readonly onError: (error: unknown, id: number) => void) {}
  add(id: number, job: Promise<void>) {
    const tracked: Promise<void> = job
      .catch((error: unknown) => this.onError(error, id))
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }
  async settle() {
    await Promise.allSettled(this.running);
  }
}

/** 'Applica': the import is claimed (startImport) and answered at once; runImport goes on as a job. */
export async function applyImport(
  ctx: ImportContext,
  jobs: ImportJobs,
  actor: Actor,
  id: number,
  ip: string,
  now: Date,
): Promise<Importazione> {
  const started = await startImport(ctx.db, id);
  jobs.add(started.id, runImport(ctx, actor, started.id, ip, now));
  return started;
}

/**
 * The job: each batch re-checked and written in one transaction with its progress, so a stop
 * midway leaves whole rows only; at the end the counts and the audit entry.
 */
export async function runImport(ctx: ImportContext, actor: Actor, id: number, ip: string, now: Date) {
  const { db } = ctx;
  const row = await findImport(db, id);
  const kind = kindOf(row, actor.id);
  const counts = zeroCounts();
  try {
    for await (const { rows, saved } of batches(db, row)) {
      await db.transaction(async (tx) => {
        const checked = await kind.check(tx, rows, now);
        await kind.apply(tx, checked as CheckedRow<never>[], now, ctx.publicBaseUrl);
        await saveResults(tx, id, checked, saved);
        addCounts(counts, checked);
        await tx
          .update(importazioni)
          .set({ elaborate: sql`${importazioni.elaborate} + ${rows.length}` })
          .where(eq(importazioni.id, id));
      });
      ctx.notify();
    }
    await db.transaction(async (tx) => {
      await tx
        .update(importazioni)
        .set({ stato: 'completata', conteggi: counts, completataAt: new Date() })
        .where(eq(importazioni.id, id));
      await recordAudit(tx, {
        tipo: 'importazione',
        who: actor,
        ip,
        oggetto: { tipo: 'importazione', id },
        dettagli: {
          tipo: row.tipo,
          righe: row.totale,
          calcolaCommissioni: row.calcolaCommissioni,
          ...counts,
        },
      });
    });
  } catch (error) {
    await db.update(importazioni).set({ stato: 'fallita' }).where(eq(importazioni.id, id));
    throw error;
  }
}

/** The error report as an XLSX download: row, column, value, Italian reason, one line per error. */
export async function errorReport(db: Database, id: number) {
  await findImport(db, id);
  const c = m;
  return {
    headers: exportHeaders('errori-importazione', 'xlsx'),
    body: spreadsheetStream(
      'xlsx',
      c.rapportoFoglio,
      [c.riga, c.colonna, c.valore, c.motivo],
      errorReportRows(db, id),
    ),
  };
}

async function* errorReportRows(db: Database, id: number): AsyncGenerator<Cell[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ riga: importazioniRighe.riga, errori: importazioniRighe.errori })
      .from(importazioniRighe)
      .where(
        and(
          eq(importazioniRighe.importazioneId, id),
          gt(importazioniRighe.riga, after),
          isNotNull(importazioniRighe.errori),
        ),
      )
      .orderBy(asc(importazioniRighe.riga))
      .limit(1000);
    if (rows.length === 0) return;
    for (const r of rows) for (const e of r.errori ?? []) yield [r.riga, e.colonna, e.valore, e.motivo];
    after = rows[rows.length - 1].riga;
  }
}
