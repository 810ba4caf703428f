import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  rigaAnteprima,
  rigaTracciato,
  storicoInvio,
  tracciatoPredefinito,
  type ColonnaTracciato,
  type RecordInvio,
} from '#shared/invii-fornitori.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { normalizeMoney } from '#shared/money.ts';
import { TOTAL_BOUND, type ExportFormat } from '#shared/schemas/common.ts';
import {
  ANTEPRIMA_RIGHE,
  LOTTO_MAX,
  type Anteprima,
  type DaInviarePage,
  type LottiPage,
  type Lotto,
  type Tracciato,
} from '#shared/schemas/invii-fornitori.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import type { ServizioStatusBody } from '#shared/schemas/servizio.ts';
import type { ServizioTipo } from '#shared/domain.ts';
import { romeDateKey } from '#shared/time.ts';
import type { Database, DbExecutor, Transaction } from '#server/db/client.ts';
import { intArray, isUniqueViolation } from '#server/db/sql-helpers.ts';
import {
  fornitori,
  inviiLotti,
  inviiLottiServizi,
  leads,
  pratiche,
  puntiFisici,
  schedeContratto,
  servizi,
  tracciatiFornitori,
} from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { decodeCursor, keysetPage } from '#server/lib/keyset.ts';
import { spreadsheetStream } from '#server/lib/tabular-export.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { praticheScope } from '#server/modules/punti-fisici/scope.ts';
import { updateServizioStatus } from '#server/modules/servizi/servizi.service.ts';
import { newDocumentKey, type DocumentStorage } from '#server/storage/storage.ts';

/**
 * Sending practices to a supplier (docs/product/fornitori-invii.md): the supplier's layout per
 * kind of service, the services 'Da inviare', and the batches, each written once in the layout of
 * that moment, stored and re-downloadable.
 */

const m = msg.inviiFornitori.errori;
const nomeOf = (actor: Actor) => `${actor.firstName} ${actor.lastName}`.trim() || actor.email;

type FornitoreRow = typeof fornitori.$inferSelect;

/** The supplier, or 404; with `tipoServizio`, one that offers it (else 400 naming both). */
async function fornitoreOf(db: DbExecutor, id: number, tipoServizio?: string, lock = false) {
  const query = db.select().from(fornitori).where(eq(fornitori.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound(m.fornitoreNotFound);
  if (tipoServizio && !row.serviziSupportati.includes(tipoServizio))
    throw AppError.badRequest(
      fillMessage(m.servizioNonOfferto, { fornitore: row.nome, servizio: servizioLabel(tipoServizio) }),
    );
  return row;
}

// ── Tracciato ────────────────────────────────────────────────────────────────────────────────

async function latestTracciato(db: DbExecutor, fornitoreId: number, tipoServizio: string) {
  const [row] = await db
    .select()
    .from(tracciatiFornitori)
    .where(
      and(
        eq(tracciatiFornitori.fornitoreId, fornitoreId),
        eq(tracciatiFornitori.tipoServizio, tipoServizio as ServizioTipo),
      ),
    )
    .orderBy(desc(tracciatiFornitori.versione))
    .limit(1);
  return row;
}

function toTracciato(
  fornitoreId: number,
  tipoServizio: string,
  row: typeof tracciatiFornitori.$inferSelect | undefined,
): Tracciato {
  return {
    fornitoreId,
    tipoServizio,
    versione: row?.versione ?? 0,
    colonne: row?.colonne ?? tracciatoPredefinito(tipoServizio),
    salvatoIl: row?.createdAt.toISOString() ?? null,
    salvatoDa: row?.salvatoDaNome ?? null,
  };
}

/** GET …/tracciati/{tipoServizio}: the last saved version, or the default layout (version 0). */
export async function getTracciato(
  db: Database,
  fornitoreId: number,
  tipoServizio: string,
): Promise<Tracciato> {
  await fornitoreOf(db, fornitoreId, tipoServizio);
  return toTracciato(fornitoreId, tipoServizio, await latestTracciato(db, fornitoreId, tipoServizio));
}

/** PUT …/tracciati/{tipoServizio}: a new version, never an overwrite; audited in the same transaction. */
export async function saveTracciato(
  db: Database,
  actor: Actor,
  ip: string | null,
  input: { fornitoreId: number; tipoServizio: string; colonne: ColonnaTracciato[] },
): Promise<Tracciato> {
  const { fornitoreId, tipoServizio, colonne } = input;
  return db.transaction(async (tx) => {
    // The supplier's row lock numbers the versions one at a time.
    await fornitoreOf(tx, fornitoreId, tipoServizio, true);
    const previous = await latestTracciato(tx, fornitoreId, tipoServizio);
    const [row] = await tx
      .insert(tracciatiFornitori)
      .values({
        fornitoreId,
        tipoServizio: tipoServizio as ServizioTipo,
        versione: (previous?.versione ?? 0) + 1,
        colonne,
        salvatoDaId: actor.id,
        salvatoDaNome: nomeOf(actor),
      })
      .returning();
    await recordAudit(tx, {
      tipo: 'impostazioni_modificate',
      who: actor,
      ip,
      oggetto: { tipo: 'tracciato_fornitore', id: fornitoreId },
      dettagli: { tipoServizio, versione: row.versione, colonne: colonne.length },
    });
    return toTracciato(fornitoreId, tipoServizio, row);
  });
}

// ── Da inviare ───────────────────────────────────────────────────────────────────────────────

/** Never in a batch yet: a re-send is always the explicit 'Invia di nuovo'. */
const mai_inviato = sql`not exists (select 1 from ${inviiLottiServizi} where ${inviiLottiServizi.servizioId} = ${servizi.id})`;

/**
 * 'Da inviare' to this supplier: services of that kind still `inserito`, with a complete scheda,
 * never sent, whose supplier is this one or not chosen yet (the batch that takes one assigns it).
 */
function daInviareWhere(db: DbExecutor, actor: Actor, fornitore: FornitoreRow, tipoServizio: string) {
  return and(
    eq(servizi.tipoServizio, tipoServizio as ServizioTipo),
    eq(servizi.stato, 'inserito'),
    eq(schedeContratto.completa, true),
    or(eq(servizi.fornitoreId, fornitore.id), isNull(servizi.fornitoreId)),
    mai_inviato,
    praticheScope(actor),
  );
}

/**
 * The rows a layout is rendered from, with what the list shows; in service id order, one row per
 * service: an erasure finds a person's rows in a stored batch file by it
 * (togliDaiLotti, docs/privacy.md#lotti-inviati-ai-fornitori).
 */
function recordsQuery(db: DbExecutor, where: SQL | undefined) {
  return db
    .select({
      servizioId: servizi.id,
      praticaId: servizi.praticaId,
      tipoServizio: servizi.tipoServizio,
      stato: servizi.stato,
      numeroForniture: servizi.numeroForniture,
      ridPresente: servizi.ridPresente,
      totaleVendita: servizi.totaleVendita,
      dataCreazione: pratiche.dataCreazione,
      puntoFisico: puntiFisici.nomeAttivita,
      nome: leads.nome,
      cognome: leads.cognome,
      telefono: leads.telefono,
      email: leads.email,
      dati: schedeContratto.dati,
    })
    .from(servizi)
    .innerJoin(schedeContratto, eq(schedeContratto.servizioId, servizi.id))
    .innerJoin(pratiche, eq(pratiche.id, servizi.praticaId))
    .innerJoin(leads, eq(leads.id, pratiche.leadId))
    .leftJoin(puntiFisici, eq(puntiFisici.id, pratiche.puntoFisicoId))
    .where(where)
    .orderBy(asc(servizi.id));
}
type RecordRow = Awaited<ReturnType<typeof recordsQuery>>[number];

function recordOf(row: RecordRow): RecordInvio {
  const record: RecordInvio = {
    'pratica.id': row.praticaId,
    'pratica.dataCreazione': romeDateKey(row.dataCreazione),
    'pratica.puntoFisico': row.puntoFisico,
    'servizio.id': row.servizioId,
    'servizio.tipo': row.tipoServizio,
    'servizio.numeroForniture': row.numeroForniture,
    'servizio.ridPresente': row.ridPresente,
    'servizio.totaleVendita': row.totaleVendita == null ? null : normalizeMoney(row.totaleVendita),
    'cliente.nome': row.nome,
    'cliente.cognome': row.cognome,
    'cliente.telefono': row.telefono,
    'cliente.email': row.email,
  };
  for (const [campo, value] of Object.entries(row.dati))
    record[`scheda.${campo}` as keyof RecordInvio] = value;
  return record;
}

export async function listDaInviare(
  db: Database,
  actor: Actor,
  fornitoreId: number,
  query: { tipoServizio: string; cursor?: string; pageSize: number },
): Promise<DaInviarePage> {
  const fornitore = await fornitoreOf(db, fornitoreId, query.tipoServizio);
  const where = daInviareWhere(db, actor, fornitore, query.tipoServizio);
  const after = query.cursor ? (decodeCursor(query.cursor, ['int'])[0] as number) : undefined;
  const rows = await recordsQuery(db, and(where, after ? gt(servizi.id, after) : undefined)).limit(
    query.pageSize + 1,
  );
  const page = keysetPage(rows, query.pageSize, (r) => [r.servizioId]);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(servizi)
      .innerJoin(schedeContratto, eq(schedeContratto.servizioId, servizi.id))
      .innerJoin(pratiche, eq(pratiche.id, servizi.praticaId))
      .where(where)
      .limit(TOTAL_BOUND + 1)
      .as('t'),
  );
  return {
    items: page.items.map((r) => ({
      servizioId: r.servizioId,
      praticaId: r.praticaId,
      cliente: `${r.nome} ${r.cognome}`.trim(),
      puntoFisico: r.puntoFisico,
      dataCreazione: r.dataCreazione.toISOString(),
    })),
    total: Math.min(n, TOTAL_BOUND),
    totalIsLowerBound: n > TOTAL_BOUND,
    nextCursor: page.nextCursor,
  };
}

/** POST …/anteprima: the first rows 'Da inviare' rendered with the layout being written. */
export async function anteprima(
  db: Database,
  actor: Actor,
  fornitoreId: number,
  input: { tipoServizio: string; colonne: ColonnaTracciato[] },
): Promise<Anteprima> {
  const fornitore = await fornitoreOf(db, fornitoreId, input.tipoServizio);
  const rows = await recordsQuery(db, daInviareWhere(db, actor, fornitore, input.tipoServizio)).limit(
    ANTEPRIMA_RIGHE,
  );
  return {
    intestazioni: input.colonne.map((c) => c.intestazione),
    righe: rows.map((r) => rigaAnteprima(input.colonne, recordOf(r))),
  };
}

// ── Lotti ────────────────────────────────────────────────────────────────────────────────────

type LottoRow = typeof inviiLotti.$inferSelect;

const IN_LAVORAZIONE: ServizioStatusBody = {
  stato: 'in_lavorazione',
  numeroForniture: undefined,
  bonusPuntoFisico: undefined,
  bonusAgente: undefined,
  bonusAreaManager: undefined,
  totaleVendita: undefined,
};

function toLotto(row: LottoRow, reinvioDiNumero: number | null): Lotto {
  return {
    id: row.id,
    fornitoreId: row.fornitoreId,
    numero: row.numero,
    tipoServizio: row.tipoServizio,
    formato: row.formato,
    righe: row.righe,
    tracciatoVersione: row.tracciatoVersione,
    reinvioDiNumero,
    creatoDa: row.creatoDaNome,
    createdAt: row.createdAt.toISOString(),
  };
}

interface WriteLotto {
  fornitore: FornitoreRow;
  tipoServizio: string;
  formato: ExportFormat;
  rows: RecordRow[];
  reinvioDi: LottoRow | null;
}

/**
 * Records the batch, moves each service to `in_lavorazione` through the manual edit's path
 * (history 'inviata al fornitore, lotto N'), and stores the file, all in the caller's
 * transaction. The file is removed again if anything after it fails.
 */
async function writeLotto(
  tx: Transaction,
  storage: DocumentStorage,
  actor: Actor,
  ip: string | null,
  input: WriteLotto,
  stored: string[],
): Promise<Lotto> {
  const { fornitore, tipoServizio, formato, rows, reinvioDi } = input;
  const tracciato = await latestTracciato(tx, fornitore.id, tipoServizio);
  const colonne = tracciato?.colonne ?? tracciatoPredefinito(tipoServizio);
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${inviiLotti.numero}), 0)::int` })
    .from(inviiLotti)
    .where(eq(inviiLotti.fornitoreId, fornitore.id));
  const numero = last + 1;
  const fileKey = newDocumentKey(formato);
  const [lotto] = await tx
    .insert(inviiLotti)
    .values({
      fornitoreId: fornitore.id,
      numero,
      tipoServizio: tipoServizio as ServizioTipo,
      formato,
      tracciatoVersione: tracciato?.versione ?? 0,
      fileKey,
      righe: rows.length,
      reinvioDiId: reinvioDi?.id ?? null,
      creatoDaId: actor.id,
      creatoDaNome: nomeOf(actor),
    })
    .returning();
  const ids = rows.map((r) => r.servizioId);
  // The n-th sending of each service; the unique (servizio, invio) refuses a second first sending.
  await tx.execute(sql`
    insert into ${inviiLottiServizi} (lotto_id, servizio_id, invio)
    select ${lotto.id}, s.id, coalesce((select max(x.invio) from ${inviiLottiServizi} x where x.servizio_id = s.id), 0) + 1
    from ${servizi} s where s.id = any(${intArray(ids)})`);
  for (const id of ids)
    await updateServizioStatus(tx, actor, id, IN_LAVORAZIONE, undefined, { nota: storicoInvio(numero) });
  await tx
    .update(servizi)
    .set({ fornitoreId: fornitore.id })
    .where(and(inArray(servizi.id, ids), isNull(servizi.fornitoreId)));

  const righe = (async function* () {
    for (const row of rows) yield rigaTracciato(colonne, recordOf(row));
  })();
  const file = spreadsheetStream(
    formato,
    `${fornitore.codice} lotto ${numero}`,
    colonne.map((c) => c.intestazione),
    righe,
  );
  stored.push(fileKey);
  await storage.put(fileKey, file);
  await recordAudit(tx, {
    tipo: 'esportazione',
    who: actor,
    ip,
    oggetto: { tipo: 'lotto_fornitore', id: lotto.id },
    dettagli: {
      fornitoreId: fornitore.id,
      numero,
      tipoServizio,
      formato,
      righe: rows.length,
      tracciatoVersione: lotto.tracciatoVersione,
      reinvioDi: reinvioDi?.numero ?? null,
    },
  });
  return toLotto(lotto, reinvioDi?.numero ?? null);
}

/** Runs a batch's transaction; a race for the same service (the unique index) is a 409. */
async function inLottoTransaction(
  db: Database,
  storage: DocumentStorage,
  work: (tx: Transaction, stored: string[]) => Promise<Lotto>,
): Promise<Lotto> {
  const stored: string[] = [];
  try {
    return await db.transaction((tx) => work(tx, stored));
  } catch (error) {
    for (const key of stored) await storage.remove(key).catch(() => undefined);
    if (isUniqueViolation(error)) throw AppError.conflict(m.inviatoNelFrattempo);
    throw error;
  }
}

/** POST …/lotti: the services named (or every one 'Da inviare', up to LOTTO_MAX) in a new batch. */
export async function createLotto(
  db: Database,
  storage: DocumentStorage,
  actor: Actor,
  ip: string | null,
  fornitoreId: number,
  input: { tipoServizio: string; formato: ExportFormat; servizioIds?: number[] },
): Promise<Lotto> {
  return inLottoTransaction(db, storage, async (tx, stored) => {
    // The supplier's row lock: one batch of a supplier at a time, numbers without gaps.
    const fornitore = await fornitoreOf(tx, fornitoreId, input.tipoServizio, true);
    const where = daInviareWhere(tx, actor, fornitore, input.tipoServizio);
    const ids = input.servizioIds ? [...new Set(input.servizioIds)] : undefined;
    const rows = ids
      ? await recordsQuery(tx, and(where, inArray(servizi.id, ids)))
      : await recordsQuery(tx, where).limit(LOTTO_MAX);
    if (ids && rows.length < ids.length) {
      const found = new Set(rows.map((r) => r.servizioId));
      const missing = ids.find((id) => !found.has(id))!;
      const [sent] = await tx
        .select({ id: inviiLottiServizi.servizioId })
        .from(inviiLottiServizi)
        .innerJoin(servizi, eq(servizi.id, inviiLottiServizi.servizioId))
        .innerJoin(pratiche, eq(pratiche.id, servizi.praticaId))
        .where(and(eq(inviiLottiServizi.servizioId, missing), praticheScope(actor)))
        .limit(1);
      if (sent) throw AppError.conflict(fillMessage(m.giaInviato, { id: missing }));
      throw AppError.notFound(fillMessage(m.servizioNonDaInviare, { id: missing }));
    }
    if (rows.length === 0) throw AppError.conflict(m.nessunServizio);
    return writeLotto(
      tx,
      storage,
      actor,
      ip,
      { fornitore, tipoServizio: input.tipoServizio, formato: input.formato, rows, reinvioDi: null },
      stored,
    );
  });
}

/**
 * POST /api/invii-fornitori/lotti/{id}/reinvio ('Invia di nuovo'): the batch's services still
 * `in_lavorazione` go, on purpose, into a new batch written with today's layout.
 */
export async function reinviaLotto(
  db: Database,
  storage: DocumentStorage,
  actor: Actor,
  ip: string | null,
  lottoId: number,
  formato: ExportFormat,
): Promise<Lotto> {
  return inLottoTransaction(db, storage, async (tx, stored) => {
    const [original] = await tx.select().from(inviiLotti).where(eq(inviiLotti.id, lottoId));
    if (!original) throw AppError.notFound(m.lottoNotFound);
    const fornitore = await fornitoreOf(tx, original.fornitoreId, undefined, true);
    const rows = await recordsQuery(
      tx,
      and(
        inArray(
          servizi.id,
          tx
            .select({ id: inviiLottiServizi.servizioId })
            .from(inviiLottiServizi)
            .where(eq(inviiLottiServizi.lottoId, original.id)),
        ),
        eq(servizi.stato, 'in_lavorazione'),
        praticheScope(actor),
      ),
    );
    if (rows.length === 0) throw AppError.conflict(m.nienteDaReinviare);
    return writeLotto(
      tx,
      storage,
      actor,
      ip,
      { fornitore, tipoServizio: original.tipoServizio, formato, rows, reinvioDi: original },
      stored,
    );
  });
}

/** GET …/lotti: the supplier's batches, newest first. */
export async function listLotti(
  db: Database,
  fornitoreId: number,
  query: { cursor?: string; pageSize: number },
): Promise<LottiPage> {
  await fornitoreOf(db, fornitoreId);
  const before = query.cursor ? (decodeCursor(query.cursor, ['int'])[0] as number) : undefined;
  const original = sql<
    number | null
  >`(select o.numero from ${inviiLotti} o where o.id = ${inviiLotti.reinvioDiId})`;
  const rows = await db
    .select({ lotto: inviiLotti, reinvioDiNumero: original })
    .from(inviiLotti)
    .where(and(eq(inviiLotti.fornitoreId, fornitoreId), before ? lt(inviiLotti.numero, before) : undefined))
    .orderBy(desc(inviiLotti.numero))
    .limit(query.pageSize + 1);
  const page = keysetPage(rows, query.pageSize, (r) => [r.lotto.numero]);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inviiLotti)
    .where(eq(inviiLotti.fornitoreId, fornitoreId));
  return {
    items: page.items.map((r) => toLotto(r.lotto, r.reinvioDiNumero)),
    total: n,
    totalIsLowerBound: false,
    nextCursor: page.nextCursor,
  };
}

/** GET /api/invii-fornitori/lotti/{id}/file: the stored file, as it was sent; audited. */
export async function lottoFile(
  db: Database,
  storage: DocumentStorage,
  actor: Actor,
  ip: string | null,
  lottoId: number,
) {
  const [row] = await db
    .select({ lotto: inviiLotti, codice: fornitori.codice })
    .from(inviiLotti)
    .innerJoin(fornitori, eq(fornitori.id, inviiLotti.fornitoreId))
    .where(eq(inviiLotti.id, lottoId));
  if (!row) throw AppError.notFound(m.lottoNotFound);
  const file = await storage.get(row.lotto.fileKey);
  if (!file) throw AppError.notFound(m.fileMancante);
  await recordAudit(db, {
    tipo: 'esportazione',
    who: actor,
    ip,
    oggetto: { tipo: 'lotto_fornitore', id: row.lotto.id },
    dettagli: { numero: row.lotto.numero, formato: row.lotto.formato, scaricato: true },
  });
  return {
    ...file,
    formato: row.lotto.formato,
    nome: `lotto-${row.codice.toLowerCase()}-${row.lotto.numero}.${row.lotto.formato}`,
  };
}
