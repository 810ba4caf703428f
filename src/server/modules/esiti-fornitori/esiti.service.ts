import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ServizioTipo } from '#shared/domain.ts';
import {
  ESITO_RIGA_ESITI,
  ESITO_RIGA_NON_APPLICATE,
  normalizeEsitoValore,
  type EsitoRigaEsito,
} from '#shared/esiti-fornitori.ts';
import { msg } from '#shared/messages.ts';
import { formatDayKey } from '#shared/periodi.ts';
import {
  ESITI_MAX_RIGHE,
  type EsitiCaricamento,
  type EsitiMappaturaInput,
} from '#shared/schemas/esiti-fornitori.ts';
import type { ServizioStatusBody } from '#shared/schemas/servizio.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import { esitiCaricamenti, esitiMappature, esitiRighe, fornitori, servizi } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import type { Cell } from '#server/lib/tabular-export.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import {
  isHeaderRow,
  looksLikeEsitiHeader,
  resolveMapping,
  proponiValori,
  suggestEsitiMapping,
} from '#server/modules/esiti-fornitori/mappatura.ts';
import {
  controllaRighe,
  type Fornitore,
  type RigaControllata,
} from '#server/modules/esiti-fornitori/righe-esiti.ts';
import { normalizeHeader } from '#server/modules/importazioni/colonne.ts';
import { readImportFile } from '#server/modules/importazioni/leggi-file.ts';
import { registraEsitoPostAttivazione } from '#server/modules/maturazione/esiti.service.ts';
import { updateServizioStatus } from '#server/modules/servizi/servizi.service.ts';

/**
 * 'Esiti fornitori' (docs/product/fornitori-esiti.md): a supplier's outcome file is uploaded and
 * its rows kept; the confirmed mapping checks every row (the preview: to apply, already there,
 * not found, ambiguous, in conflict, in error); applying re-checks each batch and moves each
 * service through updateServizioStatus, the path of the manual edit, off the request path.
 */

const m = msg.esitiFornitori;
/** Rows per check and per progress step. */
export const ESITI_BATCH = 250;
/** Rows listed in the answer; the download holds them all. */
const RIGHE_MOSTRATE = 50;
/** Distinct values kept per column for the value mapping step. */
const VALORI_PER_COLONNA = 30;

type Row = typeof esitiCaricamenti.$inferSelect;

export interface EsitiContext {
  db: Database;
  publicBaseUrl: string;
  /** Wakes the outbox worker after a batch queued notices. */
  notify: () => void;
}

interface Meta {
  ip: string;
}

async function findFornitore(db: DbExecutor, id: number): Promise<Fornitore & { servizi: string[] }> {
  const [f] = await db
    .select({
      id: fornitori.id,
      codice: fornitori.codice,
      nome: fornitori.nome,
      servizi: fornitori.serviziSupportati,
    })
    .from(fornitori)
    .where(eq(fornitori.id, id));
  if (!f) throw AppError.notFound(m.fornitoreNotFound);
  return f;
}

/** Keeps the file's rows and proposes the supplier's saved mapping, or one guessed from the headers. */
export async function uploadEsiti(
  db: Database,
  actor: Actor,
  input: { fornitoreId: number; tipoServizio?: ServizioTipo; nomeFile: string },
  body: Buffer,
  meta: Meta,
): Promise<EsitiCaricamento> {
  const fornitore = await findFornitore(db, input.fornitoreId);
  if (input.tipoServizio && !fornitore.servizi.includes(input.tipoServizio))
    throw AppError.badRequest(m.tipoNonOfferto(fornitore.nome, servizioLabel(input.tipoServizio)));
  const [saved] = await db
    .select({ mappatura: esitiMappature.mappatura })
    .from(esitiMappature)
    .where(eq(esitiMappature.fornitoreId, fornitore.id));
  const savedHeaders = saved ? mappedHeaders(saved.mappatura).map(normalizeHeader) : [];
  if (isBinary(body)) throw AppError.badRequest(msg.importazione.fileIlleggibile);
  // The header row: the first opening row that holds the saved mapping's columns or names an
  // outcome and an identifier, else the first with two cells (docs/product/fornitori-esiti.md#file).
  const table = await readImportFile(
    body,
    (cells) =>
      savedHeaders.length > 0
        ? savedHeaders.every((h) => cells.map(normalizeHeader).includes(h))
        : looksLikeEsitiHeader(cells),
    ESITI_MAX_RIGHE,
  );
  if (!isHeaderRow(table.intestazioni))
    throw AppError.badRequest(m.senzaIntestazione(table.rigaIntestazione));
  const valoriColonne = table.intestazioni.map(() => new Set<string>());
  for (const r of table.righe)
    r.valori.forEach((v, col) => {
      const set = valoriColonne[col];
      if (set && set.size < VALORI_PER_COLONNA && v.trim()) set.add(normalizeEsitoValore(v));
    });
  const valori = valoriColonne.map((s) => [...s]);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(esitiCaricamenti)
      .values({
        fornitoreId: fornitore.id,
        tipoServizio: input.tipoServizio ?? null,
        nomeFile: input.nomeFile,
        intestazioni: table.intestazioni,
        rigaIntestazione: table.rigaIntestazione,
        valoriColonne: valori,
        mappatura: saved
          ? conValoriNuovi(saved.mappatura, table.intestazioni, valori)
          : suggestEsitiMapping(table.intestazioni, valori),
        totale: table.righe.length,
        creatoDa: actor.id,
      })
      .returning({ id: esitiCaricamenti.id });
    for (let i = 0; i < table.righe.length; i += 1000)
      await tx
        .insert(esitiRighe)
        .values(table.righe.slice(i, i + 1000).map((r) => ({ caricamentoId: row.id, ...r })));
    await recordAudit(tx, {
      tipo: 'esiti_caricati',
      who: actor,
      ip: meta.ip,
      oggetto: { tipo: 'esiti_caricamento', id: row.id },
      dettagli: { fornitore: fornitore.codice, nomeFile: input.nomeFile, righe: table.righe.length },
    });
    return row.id;
  });
  return { ...(await getEsiti(db, id)), mappaturaSalvata: saved != null };
}

/**
 * The saved mapping, with a proposal for the outcome values it has not met yet (a supplier that
 * starts sending 'CESSATO'): the saved choices stay as they were.
 */
function conValoriNuovi(
  saved: EsitiMappaturaInput,
  intestazioni: string[],
  valori: string[][],
): EsitiMappaturaInput {
  const col = intestazioni.map(normalizeHeader).indexOf(normalizeHeader(saved.esito));
  const nuovi = proponiValori((col < 0 ? [] : valori[col]) ?? []);
  return { ...saved, valori: { ...nuovi, ...saved.valori } };
}

/** Not a spreadsheet: an XLSX is a ZIP, a CSV is text, neither has NUL bytes up front (a PDF or an image does). */
function isBinary(body: Buffer): boolean {
  const isZip = body.length > 4 && body[0] === 0x50 && body[1] === 0x4b;
  return !isZip && body.subarray(0, 4096).includes(0);
}

function mappedHeaders(mappatura: EsitiMappaturaInput): string[] {
  return [...Object.values(mappatura.identificativi), mappatura.esito, mappatura.data].filter(
    (h): h is string => Boolean(h),
  );
}

async function findCaricamento(db: DbExecutor, id: number): Promise<Row> {
  const [row] = await db.select().from(esitiCaricamenti).where(eq(esitiCaricamenti.id, id));
  if (!row) throw AppError.notFound(m.notFound);
  return row;
}

export async function getEsiti(db: DbExecutor, id: number): Promise<EsitiCaricamento> {
  const row = await findCaricamento(db, id);
  const fornitore = await findFornitore(db, row.fornitoreId);
  const righe = await db
    .select({
      riga: esitiRighe.riga,
      esito: esitiRighe.esito,
      servizioId: esitiRighe.servizioId,
      motivo: esitiRighe.motivo,
    })
    .from(esitiRighe)
    .where(and(eq(esitiRighe.caricamentoId, id), inArray(esitiRighe.esito, [...ESITO_RIGA_NON_APPLICATE])))
    .orderBy(asc(esitiRighe.riga))
    .limit(RIGHE_MOSTRATE);
  return {
    id: row.id,
    fornitoreId: row.fornitoreId,
    fornitoreNome: fornitore.nome,
    tipoServizio: row.tipoServizio,
    nomeFile: row.nomeFile,
    stato: row.stato,
    intestazioni: row.intestazioni,
    rigaIntestazione: row.rigaIntestazione,
    valoriColonne: row.valoriColonne,
    mappatura: row.mappatura ?? null,
    mappaturaSalvata: false,
    totale: row.totale,
    elaborate: row.elaborate,
    conteggi: row.conteggi ?? null,
    righe: righe.map((r) => ({ ...r, esito: r.esito! })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The rows of an upload in file order, one batch at a time; only those with `esito` if given. */
async function* batches(db: DbExecutor, id: number, esito?: EsitoRigaEsito) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ riga: esitiRighe.riga, valori: esitiRighe.valori })
      .from(esitiRighe)
      .where(
        and(
          eq(esitiRighe.caricamentoId, id),
          gt(esitiRighe.riga, after),
          esito ? eq(esitiRighe.esito, esito) : undefined,
        ),
      )
      .orderBy(asc(esitiRighe.riga))
      .limit(ESITI_BATCH);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].riga;
  }
}

async function saveResults(
  db: DbExecutor,
  id: number,
  checked: Pick<RigaControllata, 'riga' | 'esito' | 'servizioId' | 'motivo'>[],
) {
  if (checked.length === 0) return;
  const values = sql.join(
    checked.map((c) => sql`(${c.riga}::int, ${c.esito}::text, ${c.servizioId}::int, ${c.motivo}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${esitiRighe} as r set esito = v.esito, servizio_id = v.servizio_id, motivo = v.motivo
    from (values ${values}) as v(riga, esito, servizio_id, motivo)
    where r.caricamento_id = ${id} and r.riga = v.riga`);
}

async function countResults(db: DbExecutor, id: number): Promise<Partial<Record<EsitoRigaEsito, number>>> {
  const rows = await db
    .select({ esito: esitiRighe.esito, n: sql<number>`count(*)::int` })
    .from(esitiRighe)
    .where(eq(esitiRighe.caricamentoId, id))
    .groupBy(esitiRighe.esito);
  const counts: Partial<Record<EsitoRigaEsito, number>> = {};
  for (const e of ESITO_RIGA_ESITI) counts[e] = 0;
  for (const r of rows) if (r.esito) counts[r.esito] = Number(r.n);
  return counts;
}

/**
 * Two rows naming one service are both in conflict: which of them the supplier meant is not for
 * us to guess (docs/product/fornitori-esiti.md#conflitti).
 */
async function markDuplicates(db: DbExecutor, id: number) {
  const doppi = await db.execute<{ servizio_id: number; righe: number[] }>(sql`
    select servizio_id, array_agg(riga order by riga) as righe from ${esitiRighe}
    where caricamento_id = ${id} and servizio_id is not null
      and esito in ('da_applicare', 'gia_aggiornato', 'conflitto')
    group by servizio_id having count(*) > 1`);
  const updates = (doppi as { rows: { servizio_id: number; righe: number[] }[] }).rows.flatMap((d) =>
    d.righe.map((riga) => ({
      riga: Number(riga),
      esito: 'conflitto' as const,
      servizioId: Number(d.servizio_id),
      motivo: m.motivi.doppio(d.righe.join(', ')),
    })),
  );
  for (let i = 0; i < updates.length; i += 1000) await saveResults(db, id, updates.slice(i, i + 1000));
}

/**
 * The preview: every row checked against the database as it is now, the mapping saved for the
 * supplier's next file. Nothing outside the upload changes.
 */
export async function previewEsiti(
  db: Database,
  id: number,
  mappatura: EsitiMappaturaInput,
): Promise<EsitiCaricamento> {
  const current = await findCaricamento(db, id);
  if (current.stato !== 'caricato' && current.stato !== 'verificato') throw AppError.conflict(m.giaAvviato);
  const colonne = resolveMapping(current.intestazioni, mappatura);
  // Only the values this file holds in its outcome column, plus the ones saved before.
  const fornitore = await findFornitore(db, current.fornitoreId);
  for await (const rows of batches(db, id)) {
    const checked = await controllaRighe(db, fornitore, current.tipoServizio, colonne, rows);
    await saveResults(db, id, checked);
  }
  await markDuplicates(db, id);
  const conteggi = await countResults(db, id);
  await db.transaction(async (tx) => {
    await tx
      .update(esitiCaricamenti)
      .set({ mappatura, stato: 'verificato', conteggi })
      .where(eq(esitiCaricamenti.id, id));
    await tx
      .insert(esitiMappature)
      .values({ fornitoreId: current.fornitoreId, mappatura })
      .onConflictDoUpdate({ target: esitiMappature.fornitoreId, set: { mappatura, updatedAt: sql`now()` } });
  });
  return getEsiti(db, id);
}

/** Starts applying a checked upload; refused while rows are in error. The work goes on in `runEsiti`. */
export async function startEsiti(db: Database, id: number): Promise<EsitiCaricamento> {
  const current = await findCaricamento(db, id);
  if (current.stato === 'caricato') throw AppError.conflict(m.nonVerificato);
  if (current.stato !== 'verificato') throw AppError.conflict(m.giaAvviato);
  const errori = current.conteggi?.errore ?? 0;
  if (errori > 0) throw AppError.conflict(m.conErrori(errori));
  const [claimed] = await db
    .update(esitiCaricamenti)
    .set({ stato: 'in_corso', elaborate: current.totale - (current.conteggi?.da_applicare ?? 0) })
    .where(and(eq(esitiCaricamenti.id, id), eq(esitiCaricamenti.stato, 'verificato')))
    .returning({ id: esitiCaricamenti.id });
  if (!claimed) throw AppError.conflict(m.giaAvviato);
  return getEsiti(db, id);
}

/** The status change an outcome asks for, with the data the service already has (bonus, RID, supplies). */
async function bodyFor(
  db: DbExecutor,
  servizioId: number,
  row: RigaControllata,
  fornitore: Fornitore,
): Promise<ServizioStatusBody> {
  const target = row.target!;
  const nothing = {
    numeroForniture: undefined,
    bonusPuntoFisico: undefined,
    bonusAgente: undefined,
    bonusAreaManager: undefined,
    totaleVendita: undefined,
  };
  if (target.stato === 'ko') return { ...nothing, stato: 'ko', koMotivazione: target.koMotivazione };
  if (target.stato !== 'completato') return { ...nothing, stato: target.stato };
  const [s] = await db.select().from(servizi).where(eq(servizi.id, servizioId));
  return {
    stato: 'completato',
    fornitore: fornitore.codice,
    ridPresente: s.ridPresente,
    numeroForniture: s.numeroForniture,
    bonusPuntoFisico: s.bonusPuntoFisico,
    bonusAgente: s.bonusAgente,
    bonusAreaManager: s.bonusAreaManager,
    totaleVendita: s.totaleVendita ?? undefined,
  };
}

/**
 * The job: each batch of rows to apply is checked again (the database may have changed since the
 * preview) and each service moved through updateServizioStatus, one transaction per service: a
 * stop midway leaves whole changes only, and running the file again finds them already there.
 */
export async function runEsiti(ctx: EsitiContext, actor: Actor, id: number, meta: Meta) {
  const { db } = ctx;
  const row = await findCaricamento(db, id);
  const fornitore = await findFornitore(db, row.fornitoreId);
  const colonne = resolveMapping(row.intestazioni, row.mappatura!);
  try {
    for await (const rows of batches(db, id, 'da_applicare')) {
      const checked = await controllaRighe(db, fornitore, row.tipoServizio, colonne, rows);
      for (const c of checked) {
        if (c.esito !== 'da_applicare' || c.servizioId == null) continue;
        const nota = m.notaStorico(row.nomeFile, c.riga, c.data && formatDayKey(c.data));
        const notifiche = { publicBaseUrl: ctx.publicBaseUrl };
        const tipo = c.target?.postAttivazione;
        try {
          // An outcome after activation goes through the function of the manual one (window,
          // clawback rule, e-mails to the payees); every other through the manual status change.
          if (tipo)
            await registraEsitoPostAttivazione(
              db,
              actor,
              c.servizioId,
              { tipo, data: c.data! },
              { notifiche, nota },
            );
          else
            await updateServizioStatus(
              db,
              actor,
              c.servizioId,
              await bodyFor(db, c.servizioId, c, fornitore),
              notifiche,
              { nota },
            );
          c.esito = 'applicato';
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          c.esito = 'conflitto';
          c.motivo = m.motivi.rifiutato(error.message);
        }
      }
      await saveResults(db, id, checked);
      await db
        .update(esitiCaricamenti)
        .set({ elaborate: sql`${esitiCaricamenti.elaborate} + ${rows.length}` })
        .where(eq(esitiCaricamenti.id, id));
      ctx.notify();
    }
    const conteggi = await countResults(db, id);
    await db.transaction(async (tx) => {
      await tx
        .update(esitiCaricamenti)
        .set({ stato: 'completato', conteggi, elaborate: row.totale, completatoAt: new Date() })
        .where(eq(esitiCaricamenti.id, id));
      await recordAudit(tx, {
        tipo: 'esiti_applicati',
        who: actor,
        ip: meta.ip,
        oggetto: { tipo: 'esiti_caricamento', id },
        dettagli: { fornitore: fornitore.codice, nomeFile: row.nomeFile, righe: row.totale, ...conteggi },
      });
    });
  } catch (error) {
    await db.update(esitiCaricamenti).set({ stato: 'fallito' }).where(eq(esitiCaricamenti.id, id));
    throw error;
  }
}

/** The rows not applied (not found, ambiguous, in conflict, in error): why, then the row as in the file. */
export async function nonApplicate(
  db: Database,
  id: number,
): Promise<{ header: string[]; rows: AsyncGenerator<Cell[]> }> {
  const row = await findCaricamento(db, id);
  return {
    header: [m.riga, m.risultato, m.motivo, ...row.intestazioni],
    rows: nonApplicateRows(db, id),
  };
}

async function* nonApplicateRows(db: Database, id: number): AsyncGenerator<Cell[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        riga: esitiRighe.riga,
        esito: esitiRighe.esito,
        motivo: esitiRighe.motivo,
        valori: esitiRighe.valori,
      })
      .from(esitiRighe)
      .where(
        and(
          eq(esitiRighe.caricamentoId, id),
          gt(esitiRighe.riga, after),
          inArray(esitiRighe.esito, [...ESITO_RIGA_NON_APPLICATE]),
        ),
      )
      .orderBy(asc(esitiRighe.riga))
      .limit(1000);
    if (rows.length === 0) return;
    for (const r of rows) yield [r.riga, m.conteggi[r.esito!] ?? r.esito, r.motivo, ...r.valori];
    after = rows[rows.length - 1].riga;
  }
}
