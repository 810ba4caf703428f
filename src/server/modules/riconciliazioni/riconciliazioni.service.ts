import { and, desc, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { RICONCILIAZIONE_VOCI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { fromCents, normalizeMoney, toCents } from '#shared/money.ts';
import { romeParts } from '#shared/time.ts';
import type {
  DaRecuperare,
  Riconciliazione,
  RiconciliazioniPage,
  VociPage,
} from '#shared/schemas/riconciliazione.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import { estrattiFornitori, fornitori, riconciliazioni, riconciliazioniVoci } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { decodeCursor, keysetPage } from '#server/lib/keyset.ts';
import { euroCell, type Cell } from '#server/lib/tabular-export.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { rowsOf, TOTALI_COLUMNS, vociQuery } from '#server/modules/riconciliazioni/calcolo.ts';
import { toVoce, totaliOf, type VoceRow } from '#server/modules/riconciliazioni/estratti.service.ts';

/**
 * A supplier's month, reconciled (docs/product/fornitori-riconciliazione.md#calcolo): made
 * by confirming a previewed statement (one per supplier and month; a new statement replaces the
 * lines of an open one), read, exported, closed with a note (closed = read-only).
 */
const m = msg.riconciliazione;
type Row = typeof riconciliazioni.$inferSelect;
const nameOf = (actor: Actor) => `${actor.firstName} ${actor.lastName}`;
const vociOf = (id: number) =>
  sql`select tipo, atteso, pagato from ${riconciliazioniVoci} where riconciliazione_id = ${id}`;

export async function confermaEstratto(
  db: Database,
  actor: Actor,
  estrattoId: number,
  ip: string,
  now: Date,
): Promise<Riconciliazione> {
  const id = await db.transaction(async (tx) => {
    const [estratto] = await tx
      .select()
      .from(estrattiFornitori)
      .where(eq(estrattiFornitori.id, estrattoId))
      .for('update');
    if (!estratto) throw AppError.notFound(m.estrattoNotFound);
    if (estratto.confermatoAt) throw AppError.conflict(m.giaConfermato);
    const [pending] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from estratti_fornitori_righe where estratto_id = ${estrattoId} and esito is null`,
    );
    if (!estratto.mappatura || Number(pending.n) > 0) throw AppError.conflict(m.nonVerificato);
    const [existing] = await tx
      .select()
      .from(riconciliazioni)
      .where(
        and(
          eq(riconciliazioni.fornitoreId, estratto.fornitoreId),
          eq(riconciliazioni.periodo, estratto.periodo),
        ),
      )
      .for('update');
    if (existing?.stato === 'chiusa') throw AppError.conflict(m.chiusa);
    const header = {
      estrattoId,
      atteso: '0',
      pagato: '0',
      daRecuperare: '0',
      confermataDa: actor.id,
      confermataDaNome: nameOf(actor),
      confermataAt: now,
    };
    let recId: number;
    if (existing) {
      recId = existing.id;
      await tx.delete(riconciliazioniVoci).where(eq(riconciliazioniVoci.riconciliazioneId, recId));
      await tx.update(riconciliazioni).set(header).where(eq(riconciliazioni.id, recId));
    } else {
      const [created] = await tx
        .insert(riconciliazioni)
        .values({ fornitoreId: estratto.fornitoreId, periodo: estratto.periodo, ...header })
        .returning({ id: riconciliazioni.id });
      recId = created.id;
    }
    await tx.execute(sql`
      insert into riconciliazioni_voci
        (riconciliazione_id, tipo, servizio_id, pratica_id, tipo_servizio, cliente, riga, identificativo, atteso, pagato)
      select ${recId}, tipo, servizio_id, pratica_id, tipo_servizio, cliente, riga, identificativo, atteso, pagato
      from (${vociQuery(estrattoId, estratto.fornitoreId, estratto.periodo)}) v
      order by ordine, riga nulls last, servizio_id`);
    const [totals] = await rowsOf<{ atteso: string; pagato: string; da_recuperare: string }>(
      tx,
      sql`select ${TOTALI_COLUMNS} from (${vociOf(recId)}) t`,
    );
    await tx
      .update(riconciliazioni)
      .set({ atteso: totals.atteso, pagato: totals.pagato, daRecuperare: totals.da_recuperare })
      .where(eq(riconciliazioni.id, recId));
    await tx.update(estrattiFornitori).set({ confermatoAt: now }).where(eq(estrattiFornitori.id, estrattoId));
    await recordAudit(tx, {
      tipo: 'riconciliazione_confermata',
      who: actor,
      ip,
      oggetto: { tipo: 'riconciliazione', id: recId },
      dettagli: {
        fornitoreId: estratto.fornitoreId,
        periodo: estratto.periodo,
        estrattoId,
        sostituita: existing != null,
        atteso: normalizeMoney(totals.atteso),
        pagato: normalizeMoney(totals.pagato),
      },
    });
    return recId;
  });
  return getRiconciliazione(db, id);
}

async function findRiconciliazione(db: DbExecutor, id: number) {
  const [row] = await db
    .select({ r: riconciliazioni, fornitoreNome: fornitori.nome, nomeFile: estrattiFornitori.nomeFile })
    .from(riconciliazioni)
    .innerJoin(fornitori, eq(fornitori.id, riconciliazioni.fornitoreId))
    .innerJoin(estrattiFornitori, eq(estrattiFornitori.id, riconciliazioni.estrattoId))
    .where(eq(riconciliazioni.id, id));
  if (!row) throw AppError.notFound(m.notFound);
  return row;
}

const differenzaOf = (r: Pick<Row, 'atteso' | 'pagato'>) => fromCents(toCents(r.pagato) - toCents(r.atteso));

export async function getRiconciliazione(db: DbExecutor, id: number): Promise<Riconciliazione> {
  const { r, fornitoreNome, nomeFile } = await findRiconciliazione(db, id);
  const totali = await totaliOf(db, vociOf(id));
  return {
    id: r.id,
    fornitoreId: r.fornitoreId,
    fornitoreNome,
    periodo: r.periodo,
    stato: r.stato,
    nomeFile,
    ...totali,
    confermataDa: r.confermataDaNome,
    confermataAt: r.confermataAt.toISOString(),
    chiusaDa: r.chiusaDaNome,
    chiusaAt: r.chiusaAt?.toISOString() ?? null,
    notaChiusura: r.notaChiusura,
  };
}

/** Newest month first, then newest id: a supplier's history reads down the page. */
export async function listRiconciliazioni(
  db: Database,
  query: { cursor?: string; pageSize: number; fornitoreId?: number },
): Promise<RiconciliazioniPage> {
  const filters: SQL[] = [];
  if (query.fornitoreId) filters.push(eq(riconciliazioni.fornitoreId, query.fornitoreId));
  const where = filters.length ? and(...filters) : undefined;
  const after = query.cursor ? decodeCursor(query.cursor, ['text', 'int']) : null;
  const page = after
    ? or(
        lt(riconciliazioni.periodo, String(after[0])),
        and(eq(riconciliazioni.periodo, String(after[0])), lt(riconciliazioni.id, Number(after[1]))),
      )
    : undefined;
  const rows = await db
    .select({ r: riconciliazioni, fornitoreNome: fornitori.nome })
    .from(riconciliazioni)
    .innerJoin(fornitori, eq(fornitori.id, riconciliazioni.fornitoreId))
    .where(and(where, page))
    .orderBy(desc(riconciliazioni.periodo), desc(riconciliazioni.id))
    .limit(query.pageSize + 1);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(riconciliazioni)
    .where(where);
  const { items, nextCursor } = keysetPage(rows, query.pageSize, (x) => [x.r.periodo, x.r.id]);
  return {
    items: items.map(({ r, fornitoreNome }) => ({
      id: r.id,
      fornitoreId: r.fornitoreId,
      fornitoreNome,
      periodo: r.periodo,
      stato: r.stato,
      atteso: normalizeMoney(r.atteso),
      pagato: normalizeMoney(r.pagato),
      differenza: differenzaOf(r),
      daRecuperare: normalizeMoney(r.daRecuperare),
    })),
    total: Number(n),
    totalIsLowerBound: false,
    nextCursor,
  };
}

const DIFFERENZE = RICONCILIAZIONE_VOCI.filter((t) => t !== 'in_regola');

/** The lines of a reconciliation in their order; without a kind, the differences only. */
export async function listVoci(
  db: Database,
  id: number,
  query: { cursor?: string; pageSize: number; tipo?: (typeof RICONCILIAZIONE_VOCI)[number] },
): Promise<VociPage> {
  await findRiconciliazione(db, id);
  const kind = query.tipo
    ? eq(riconciliazioniVoci.tipo, query.tipo)
    : inArray(riconciliazioniVoci.tipo, DIFFERENZE);
  const where = and(eq(riconciliazioniVoci.riconciliazioneId, id), kind);
  const after = query.cursor ? Number(decodeCursor(query.cursor, ['int'])[0]) : 0;
  const rows = await db
    .select()
    .from(riconciliazioniVoci)
    .where(and(where, sql`${riconciliazioniVoci.id} > ${after}`))
    .orderBy(riconciliazioniVoci.id)
    .limit(query.pageSize + 1);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(riconciliazioniVoci)
    .where(where);
  const { items, nextCursor } = keysetPage(rows, query.pageSize, (r) => [r.id]);
  return {
    items: items.map((r) => toVoce(voceRow(r))),
    total: Number(n),
    totalIsLowerBound: false,
    nextCursor,
  };
}

const voceRow = (r: typeof riconciliazioniVoci.$inferSelect): VoceRow => ({
  id: r.id,
  tipo: r.tipo,
  servizio_id: r.servizioId,
  pratica_id: r.praticaId,
  tipo_servizio: r.tipoServizio,
  cliente: r.cliente,
  riga: r.riga,
  identificativo: r.identificativo,
  atteso: r.atteso,
  pagato: r.pagato,
});

export const EXPORT_HEADER = [
  m.tipo,
  m.servizio,
  m.pratica,
  m.cliente,
  m.identificativo,
  m.riga,
  m.atteso,
  m.pagato,
  m.differenza,
];

/**
 * The export to send back to the supplier: every line (differences first), then the totals. The
 * audit entry is written before the file streams: asking for it is what is recorded.
 */
export async function exportRiconciliazione(db: Database, actor: Actor, id: number, ip: string) {
  const rec = await getRiconciliazione(db, id);
  await recordAudit(db, {
    tipo: 'esportazione',
    who: actor,
    ip,
    oggetto: { tipo: 'riconciliazione', id },
    dettagli: { formato: 'xlsx', fornitoreId: rec.fornitoreId, periodo: rec.periodo },
  });
  return { rec, rows: exportRows(db, rec) };
}

async function* exportRows(db: Database, rec: Riconciliazione): AsyncGenerator<Cell[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(riconciliazioniVoci)
      .where(
        and(eq(riconciliazioniVoci.riconciliazioneId, rec.id), sql`${riconciliazioniVoci.id} > ${after}`),
      )
      .orderBy(riconciliazioniVoci.id)
      .limit(1000);
    if (rows.length === 0) break;
    for (const r of rows) {
      const v = toVoce(voceRow(r));
      yield [
        m.voci[v.tipo],
        v.servizioId,
        v.praticaId,
        v.cliente,
        v.identificativo,
        v.riga,
        euroCell(toCents(v.atteso)),
        euroCell(toCents(v.pagato)),
        euroCell(toCents(v.differenza)),
      ];
    }
    after = rows[rows.length - 1].id;
  }
  // The summary has its own header: its counts must not read as service numbers under «Servizio».
  yield [];
  yield [m.tipo, m.numeroVoci, null, null, null, null, null, null, m.differenza];
  for (const t of rec.perTipo)
    yield [m.voci[t.tipo], t.voci, null, null, null, null, null, null, euroCell(toCents(t.differenza))];
  yield [
    m.totale,
    null,
    null,
    null,
    null,
    null,
    euroCell(toCents(rec.atteso)),
    euroCell(toCents(rec.pagato)),
    euroCell(toCents(rec.differenza)),
  ];
}

export async function chiudiRiconciliazione(
  db: Database,
  actor: Actor,
  id: number,
  nota: string,
  ip: string,
  now: Date,
): Promise<Riconciliazione> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(riconciliazioni).where(eq(riconciliazioni.id, id)).for('update');
    if (!row) throw AppError.notFound(m.notFound);
    if (row.stato === 'chiusa') throw AppError.conflict(m.chiusa);
    await tx
      .update(riconciliazioni)
      .set({
        stato: 'chiusa',
        chiusaDa: actor.id,
        chiusaDaNome: nameOf(actor),
        chiusaAt: now,
        notaChiusura: nota,
      })
      .where(and(eq(riconciliazioni.id, id), ne(riconciliazioni.stato, 'chiusa')));
    await recordAudit(tx, {
      tipo: 'riconciliazione_chiusa',
      who: actor,
      ip,
      oggetto: { tipo: 'riconciliazione', id },
      dettagli: { fornitoreId: row.fornitoreId, periodo: row.periodo },
    });
  });
  return getRiconciliazione(db, id);
}

/**
 * 'Da recuperare dai fornitori' (docs/product/fornitori-riconciliazione.md#da-recuperare-dai-fornitori): what the
 * open reconciliations of months that have ended still expect (paid less and missing lines). A
 * closed one is settled; the current month may still be paid.
 */
export async function daRecuperare(db: DbExecutor, now: Date): Promise<DaRecuperare> {
  const [row] = await db
    .select({
      importo: sql<string>`coalesce(sum(${riconciliazioni.daRecuperare}), 0)::text`,
      n: sql<number>`count(*) filter (where ${riconciliazioni.daRecuperare} > 0)::int`,
    })
    .from(riconciliazioni)
    .where(and(eq(riconciliazioni.stato, 'aperta'), lt(riconciliazioni.periodo, monthKey(now))));
  return { importo: normalizeMoney(row.importo), riconciliazioni: Number(row.n) };
}

function monthKey(date: Date): string {
  const { year, month } = romeParts(date);
  return `${year}-${String(month).padStart(2, '0')}`;
}
