import { open } from 'node:fs/promises';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { EstrattoRigaEsito, RiconciliazioneVoceTipo } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { fromCents, normalizeMoney, toCents } from '#shared/money.ts';
import {
  ESTRATTO_MAX_RIGHE,
  type Estratto,
  type EstrattoMappatura,
  type RiconciliazioneVoce,
} from '#shared/schemas/riconciliazione.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import {
  estrattiFornitori,
  estrattiFornitoriRighe,
  estrattiMappature,
  fornitori,
} from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { openImportFile, type ImportSource } from '#server/modules/importazioni/leggi-file.ts';
import {
  columnsOf,
  fits,
  looksLikeEstrattoHeader,
  suggestMappatura,
} from '#server/modules/riconciliazioni/colonne-estratto.ts';
import { rowsOf, TOTALI_COLUMNS, vociQuery } from '#server/modules/riconciliazioni/calcolo.ts';
import { parseImportoEstratto } from '#server/modules/riconciliazioni/importo.ts';
import { abbinaServizi, type ChiaveServizio } from '#server/modules/servizi/abbina-servizi.ts';

/**
 * A supplier's commission statement (docs/product/fornitori-riconciliazione.md): uploaded and its
 * rows kept; the preview reads every amount, matches every row to a service and shows what the
 * reconciliation would be; nothing is a reconciliation until it is confirmed
 * (riconciliazioni.service.ts).
 */
const m = msg.riconciliazione;
/** Rows read, parsed and matched per round: memory stays bounded whatever the file's size. */
const BATCH = 1000;
/** Differences listed in the preview; the confirmed reconciliation pages through them all. */
const DIFFERENZE_MOSTRATE = 50;

type Row = typeof estrattiFornitori.$inferSelect;

async function fornitoreNome(db: DbExecutor, fornitoreId: number): Promise<string> {
  const [row] = await db
    .select({ nome: fornitori.nome })
    .from(fornitori)
    .where(eq(fornitori.id, fornitoreId));
  if (!row) throw AppError.notFound(m.fornitoreNotFound);
  return row.nome;
}

/** A file that is not text nor a ZIP (a PDF, an image, an old .xls) is refused before reading. */
async function assertSpreadsheet(source: ImportSource) {
  let head: Buffer;
  if (typeof source === 'string') {
    const file = await open(source);
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(8192), 0, 8192, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } else head = source.subarray(0, 8192);
  const isZip = head.length > 4 && head[0] === 0x50 && head[1] === 0x4b;
  if (isZip) return;
  if (head.includes(0) || head.subarray(0, 4).toString('latin1') === '%PDF')
    throw AppError.badRequest(m.tipoFile);
}

export async function uploadEstratto(
  db: Database,
  actor: Actor,
  input: { fornitoreId: number; periodo: string; nomeFile: string },
  /** The file on disk as the upload streamed it there (or its bytes). */
  source: ImportSource,
  ip: string,
): Promise<Estratto> {
  await fornitoreNome(db, input.fornitoreId);
  await assertSpreadsheet(source);
  // The rows go from the file to the table a batch at a time: memory holds one batch, not the file.
  const table = await openImportFile(source, looksLikeEstrattoHeader, ESTRATTO_MAX_RIGHE);
  // readImportFile falls back to the first full row: a data row (it has an amount) is no header.
  if (
    !looksLikeEstrattoHeader(table.intestazioni) &&
    table.intestazioni.some((c) => parseImportoEstratto(c) != null)
  ) {
    await table.righe.return(undefined);
    throw AppError.badRequest(m.nessunaIntestazione);
  }
  const [saved] = await db
    .select({ mappatura: estrattiMappature.mappatura })
    .from(estrattiMappature)
    .where(eq(estrattiMappature.fornitoreId, input.fornitoreId));
  const reuse = saved && fits(table.intestazioni, saved.mappatura as EstrattoMappatura);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(estrattiFornitori)
      .values({
        ...input,
        intestazioni: table.intestazioni,
        rigaIntestazione: table.rigaIntestazione,
        mappatura: reuse ? saved.mappatura : suggestMappatura(table.intestazioni),
        totale: 0,
        creatoDa: actor.id,
      })
      .returning({ id: estrattiFornitori.id });
    let totale = 0;
    let chunk: { riga: number; valori: string[] }[] = [];
    const flush = async () => {
      if (chunk.length)
        await tx.insert(estrattiFornitoriRighe).values(chunk.map((r) => ({ estrattoId: row.id, ...r })));
      totale += chunk.length;
      chunk = [];
    };
    for await (const r of table.righe) {
      chunk.push(r);
      if (chunk.length === BATCH) await flush();
    }
    await flush();
    if (totale === 0) throw AppError.badRequest(msg.importazione.fileVuoto);
    await tx.update(estrattiFornitori).set({ totale }).where(eq(estrattiFornitori.id, row.id));
    await recordAudit(tx, {
      tipo: 'riconciliazione_caricata',
      who: actor,
      ip,
      oggetto: { tipo: 'estratto_fornitore', id: row.id },
      dettagli: { fornitoreId: input.fornitoreId, periodo: input.periodo, righe: totale },
    });
    return row.id;
  });
  return { ...(await getEstratto(db, id)), mappaturaSalvata: Boolean(reuse) };
}

async function findEstratto(db: DbExecutor, id: number): Promise<Row> {
  const [row] = await db.select().from(estrattiFornitori).where(eq(estrattiFornitori.id, id));
  if (!row) throw AppError.notFound(m.estrattoNotFound);
  return row;
}

/** Rows the preview has read and matched, and rows still waiting for it. */
const progressOf = async (db: DbExecutor, id: number) => {
  const [row] = await db
    .select({
      fatte: sql<number>`count(*) filter (where ${estrattiFornitoriRighe.esito} is not null)::int`,
      attese: sql<number>`count(*) filter (where ${estrattiFornitoriRighe.esito} is null)::int`,
    })
    .from(estrattiFornitoriRighe)
    .where(eq(estrattiFornitoriRighe.estrattoId, id));
  return { fatte: Number(row.fatte), attese: Number(row.attese) };
};

export async function getEstratto(db: DbExecutor, id: number): Promise<Estratto> {
  const row = await findEstratto(db, id);
  const progress = await progressOf(db, id);
  return {
    id: row.id,
    fornitoreId: row.fornitoreId,
    fornitoreNome: await fornitoreNome(db, row.fornitoreId),
    periodo: row.periodo,
    nomeFile: row.nomeFile,
    intestazioni: row.intestazioni,
    rigaIntestazione: row.rigaIntestazione,
    totale: row.totale,
    elaborate: progress.fatte,
    mappatura: (row.mappatura as EstrattoMappatura | null) ?? null,
    mappaturaSalvata: false,
    confermato: row.confermatoAt != null,
    anteprima: progress.attese === 0 ? await anteprimaOf(db, row) : null,
  };
}

/** Totals of a set of lines: overall, still owed, and per kind of line. */
export async function totaliOf(db: DbExecutor, lines: SQL) {
  const [t] = await rowsOf<{ atteso: string; pagato: string; da_recuperare: string }>(
    db,
    sql`select ${TOTALI_COLUMNS} from (${lines}) t`,
  );
  const per = await rowsOf<{ tipo: RiconciliazioneVoceTipo; voci: number; differenza: string }>(
    db,
    sql`select tipo, count(*)::int as voci, sum(pagato - atteso)::text as differenza
        from (${lines}) t group by tipo order by tipo`,
  );
  const atteso = normalizeMoney(t.atteso);
  const pagato = normalizeMoney(t.pagato);
  return {
    atteso,
    pagato,
    differenza: subtract(pagato, atteso),
    daRecuperare: normalizeMoney(t.da_recuperare),
    perTipo: per.map((r) => ({
      tipo: r.tipo,
      voci: Number(r.voci),
      differenza: normalizeMoney(r.differenza),
    })),
  };
}

const subtract = (a: string, b: string) => fromCents(toCents(a) - toCents(b));

export interface VoceRow {
  id?: number;
  tipo: RiconciliazioneVoceTipo;
  servizio_id: number | null;
  pratica_id: number | null;
  tipo_servizio: string | null;
  cliente: string | null;
  riga: number | null;
  identificativo: string | null;
  atteso: string;
  pagato: string;
}

export function toVoce(r: VoceRow): RiconciliazioneVoce {
  const atteso = normalizeMoney(String(r.atteso));
  const pagato = normalizeMoney(String(r.pagato));
  return {
    id: r.id ?? 0,
    tipo: r.tipo,
    servizioId: r.servizio_id,
    praticaId: r.pratica_id,
    tipoServizio: r.tipo_servizio as RiconciliazioneVoce['tipoServizio'],
    cliente: r.cliente,
    riga: r.riga,
    identificativo: r.identificativo,
    atteso,
    pagato,
    differenza: subtract(pagato, atteso),
  };
}

async function anteprimaOf(db: DbExecutor, row: Row): Promise<NonNullable<Estratto['anteprima']>> {
  const lines = vociQuery(row.id, row.fornitoreId, row.periodo);
  const righe = await db
    .select({ esito: estrattiFornitoriRighe.esito, righe: sql<number>`count(*)::int` })
    .from(estrattiFornitoriRighe)
    .where(eq(estrattiFornitoriRighe.estrattoId, row.id))
    .groupBy(estrattiFornitoriRighe.esito);
  const differenze = await rowsOf<VoceRow>(
    db,
    sql`
    select * from (${lines}) t where tipo <> 'in_regola'
    order by ordine, riga nulls last, servizio_id limit ${DIFFERENZE_MOSTRATE}`,
  );
  return {
    righe: righe.map((r) => ({ esito: r.esito as EstrattoRigaEsito, righe: Number(r.righe) })),
    ...(await totaliOf(db, lines)),
    differenze: differenze.map(toVoce),
  };
}

/** A total's row of the file ('Totale', 'Subtotale'), which pays no service of its own. */
const TOTALE = /^(sub)?total[ei]\b/i;
const isTotalRow = (valori: string[], identifiers: number[]) =>
  identifiers.every((col) => !valori[col] || TOTALE.test(valori[col])) && valori.some((v) => TOTALE.test(v));

const asId = (text: string) =>
  /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined;

/**
 * The preview: every amount read (the first unreadable one refuses the file, naming its row and
 * column), every row matched to a service of this supplier, batch by batch, and the mapping
 * saved for this supplier's next statement. Nothing outside the statement's rows changes.
 *
 * Each batch is its own statement, not one transaction, so that GET …/estratti/{id} sees the
 * rows done so far: the screen's progress bar (a 20,000-row statement takes seconds,
 * docs/product/fornitori-riconciliazione.md#tempi). A preview stopped midway (an unreadable
 * amount) leaves rows unread: no preview, and the confirmation is refused until one completes.
 */
export async function previewEstratto(
  db: Database,
  id: number,
  mappatura: EstrattoMappatura,
): Promise<Estratto> {
  const row = await findEstratto(db, id);
  if (row.confermatoAt) throw AppError.conflict(m.giaConfermato);
  const cols = columnsOf(row.intestazioni, mappatura);
  const idCols = cols.identificativi.map((i) => i.col);
  await db
    .update(estrattiFornitoriRighe)
    .set({ esito: null, servizioId: null, importo: null, identificativo: null })
    .where(eq(estrattiFornitoriRighe.estrattoId, id));
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ riga: estrattiFornitoriRighe.riga, valori: estrattiFornitoriRighe.valori })
      .from(estrattiFornitoriRighe)
      .where(and(eq(estrattiFornitoriRighe.estrattoId, id), gt(estrattiFornitoriRighe.riga, after)))
      .orderBy(asc(estrattiFornitoriRighe.riga))
      .limit(BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1].riga;
    const paid = rows.filter((r) => !isTotalRow(r.valori, idCols));
    const chiavi: ChiaveServizio[] = [];
    const values = paid.map((r) => {
      const cell = r.valori[cols.importo] ?? '';
      const cents = parseImportoEstratto(cell);
      if (cents == null)
        throw AppError.badRequest(m.importoIllegibile(r.riga, row.intestazioni[cols.importo], cell));
      const chiave: ChiaveServizio = {};
      for (const { col, chiave: k } of cols.identificativi) {
        const v = (r.valori[col] ?? '').trim();
        if (!v) continue;
        if (k === 'servizioId' || k === 'praticaId') chiave[k] = asId(v) ?? -1;
        else chiave[k] = v;
      }
      chiavi.push(chiave);
      const identificativo =
        idCols
          .map((c) => r.valori[c] ?? '')
          .filter(Boolean)
          .join(' · ') || null;
      return { riga: r.riga, cents, identificativo };
    });
    const matches = await abbinaServizi(db, row.fornitoreId, chiavi);
    const results: ResultRow[] = values.map((v, i) => ({
      ...v,
      esito: matches[i].esito,
      servizioId: matches[i].esito === 'trovato' ? matches[i].servizioId : null,
    }));
    for (const r of rows.filter((x) => isTotalRow(x.valori, idCols)))
      results.push({ riga: r.riga, cents: 0, identificativo: null, esito: 'ignorata', servizioId: null });
    await saveResults(db, id, results);
  }
  await db.transaction(async (tx) => {
    await tx.update(estrattiFornitori).set({ mappatura }).where(eq(estrattiFornitori.id, id));
    await tx
      .insert(estrattiMappature)
      .values({ fornitoreId: row.fornitoreId, mappatura })
      .onConflictDoUpdate({
        target: estrattiMappature.fornitoreId,
        set: { mappatura, updatedAt: sql`now()` },
      });
  });
  return getEstratto(db, id);
}

interface ResultRow {
  riga: number;
  cents: number;
  identificativo: string | null;
  esito: EstrattoRigaEsito;
  servizioId: number | null;
}

async function saveResults(db: DbExecutor, id: number, results: ResultRow[]) {
  if (results.length === 0) return;
  const values = sql.join(
    results.map(
      (r) =>
        sql`(${r.riga}::int, ${r.esito}::text, ${r.servizioId}::int, ${r.esito === 'ignorata' ? null : fromCents(r.cents)}::numeric, ${r.identificativo}::text)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update estratti_fornitori_righe as r
    set esito = v.esito, servizio_id = v.servizio_id, importo = v.importo, identificativo = v.identificativo
    from (values ${values}) as v(riga, esito, servizio_id, importo, identificativo)
    where r.estratto_id = ${id} and r.riga = v.riga`);
}
