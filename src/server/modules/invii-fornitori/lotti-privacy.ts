import { buffer } from 'node:stream/consumers';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client.ts';
import { fornitori, inviiLotti, inviiLottiServizi, leads, pratiche, servizi } from '#server/db/schema.ts';
import { spreadsheetStream } from '#server/lib/tabular-export.ts';
import { openImportFile } from '#server/modules/importazioni/leggi-file.ts';
import { newDocumentKey, type DocumentStorage } from '#server/storage/storage.ts';

/**
 * A person's rows out of the stored batch files (docs/privacy.md#lotti-inviati-ai-fornitori).
 *
 * A batch file is written in service id order, one row per service (writeLotto). So row k of a
 * stored file is the k-th of the batch's services, by id, whose customer's data is still held:
 * an erased customer's rows are gone from the file already, a deleted customer's services (and
 * their batch links) are gone from the database. Each batch holding one of these practices'
 * services is written again without their rows, the other rows as they were, under a new key in
 * the caller's transaction; the old keys are returned, to remove once it has committed (a new
 * file left by a rolled-back transaction is an orphan the hourly sweep removes).
 *
 * Call it before the customers are marked erased (or deleted).
 */
export async function togliDaiLotti(
  tx: DbExecutor,
  storage: DocumentStorage,
  praticheIds: number[],
): Promise<{ lotti: number; vecchiFile: string[] }> {
  if (praticheIds.length === 0) return { lotti: 0, vecchiFile: [] };
  const toccati = await tx
    .selectDistinct({ id: inviiLottiServizi.lottoId })
    .from(inviiLottiServizi)
    .innerJoin(servizi, eq(servizi.id, inviiLottiServizi.servizioId))
    .where(inArray(servizi.praticaId, praticheIds));
  const vecchiFile: string[] = [];
  for (const { id } of toccati) {
    const [lotto] = await tx
      .select({ lotto: inviiLotti, codice: fornitori.codice })
      .from(inviiLotti)
      .innerJoin(fornitori, eq(fornitori.id, inviiLotti.fornitoreId))
      .where(eq(inviiLotti.id, id))
      .for('update', { of: inviiLotti });
    const righe = await tx
      .select({ praticaId: servizi.praticaId })
      .from(inviiLottiServizi)
      .innerJoin(servizi, eq(servizi.id, inviiLottiServizi.servizioId))
      .innerJoin(pratiche, eq(pratiche.id, servizi.praticaId))
      .innerJoin(leads, eq(leads.id, pratiche.leadId))
      .where(and(eq(inviiLottiServizi.lottoId, id), isNull(leads.datiCancellatiAt)))
      .orderBy(asc(inviiLottiServizi.servizioId));
    const via = new Set(righe.flatMap((r, k) => (praticheIds.includes(r.praticaId) ? [k] : [])));
    const file = await storage.get(lotto.lotto.fileKey);
    if (via.size === 0 || !file) continue;
    const table = await openImportFile(await buffer(file.stream), () => true, Number.MAX_SAFE_INTEGER);
    const inFile: string[][] = Array.from({ length: righe.length }, () => []);
    let fuori = false;
    for await (const r of table.righe) {
      const k = r.riga - table.rigaIntestazione - 1;
      if (k >= righe.length) fuori = true;
      else inFile[k] = r.valori;
    }
    // A file that does not line up with its services (written before this rule, edited by
    // hand) cannot say which rows are the person's: it keeps its header only.
    const tenute = fuori ? [] : inFile.filter((_r, k) => !via.has(k));
    const key = newDocumentKey(lotto.lotto.formato);
    await storage.put(
      key,
      spreadsheetStream(
        lotto.lotto.formato,
        `${lotto.codice} lotto ${lotto.lotto.numero}`,
        table.intestazioni,
        (async function* () {
          yield* tenute;
        })(),
      ),
    );
    await tx.update(inviiLotti).set({ fileKey: key }).where(eq(inviiLotti.id, id));
    vecchiFile.push(lotto.lotto.fileKey);
  }
  return { lotti: vecchiFile.length, vecchiFile };
}

/** The batches each service of these practices went out in, for the person's export. */
export async function lottiDeiServizi(db: DbExecutor, servizioIds: number[]) {
  if (servizioIds.length === 0) return [];
  return db
    .select({
      servizioId: inviiLottiServizi.servizioId,
      lotto: inviiLotti.numero,
      data: inviiLotti.createdAt,
      fornitore: fornitori.nome,
      invio: inviiLottiServizi.invio,
    })
    .from(inviiLottiServizi)
    .innerJoin(inviiLotti, eq(inviiLotti.id, inviiLottiServizi.lottoId))
    .innerJoin(fornitori, eq(fornitori.id, inviiLotti.fornitoreId))
    .where(inArray(inviiLottiServizi.servizioId, servizioIds))
    .orderBy(asc(inviiLottiServizi.servizioId), asc(inviiLottiServizi.invio), sql`${inviiLotti.id}`);
}
