import type { Readable } from 'node:stream';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import yazl from 'yazl';
import { msg } from '#shared/messages.ts';
import { RETENTION_MONTHS_DEFAULT, type PrivacySettings } from '#shared/schemas/audit.ts';
import { romeParts, romeWallTimeToDate } from '#shared/time.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import {
  consensi,
  documenti,
  emailOutbox,
  fornitori,
  impostazioni,
  leads,
  pratiche,
  schedeContratto,
  servizi,
  serviziStorico,
} from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { bumpInformativa } from '#server/modules/impostazioni/impostazioni-store.ts';
import { lottiDeiServizi } from '#server/modules/invii-fornitori/lotti-privacy.ts';
import { anonymiseLeads } from '#server/modules/privacy/anonymise.ts';
import { proposteForExport } from '#server/modules/letture-bollette/letture.service.ts';

const m = msg.privacy;

export interface PrivacyDeps {
  storage: DocumentStorage;
  /** consentKeyFrom(server secret) */
  consentKey: Buffer;
}

/** Removes the stored files after the commit; one that fails stays for the orphan sweep. */
async function removeFiles(storage: DocumentStorage, filenames: string[]): Promise<void> {
  for (const filename of filenames) await storage.remove(filename).catch(() => undefined);
}

/**
 * The admin erases a person's data on request (GDPR art. 17; docs/privacy.md#cancellazione).
 * 404 for an unknown lead, 409 for one already erased.
 */
export async function eraseLead(
  db: Database,
  deps: PrivacyDeps,
  actor: Actor,
  id: number,
  ip: string,
  now = new Date(),
): Promise<{ documentiRimossi: number }> {
  const filenames = await db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id, datiCancellatiAt: leads.datiCancellatiAt })
      .from(leads)
      .where(eq(leads.id, id));
    if (!lead) throw AppError.notFound(msg.lead.notFound);
    if (lead.datiCancellatiAt) throw AppError.conflict(m.erase.already, 'DATI_GIA_CANCELLATI');
    const result = await anonymiseLeads(tx, deps.storage, [id], deps.consentKey, now);
    await recordAudit(tx, {
      tipo: 'cancellazione_dati_lead',
      who: actor,
      ip,
      oggetto: { tipo: 'lead', id },
      dettagli: { documenti: result.filenames.length, lotti: result.lotti },
    });
    return result;
  });
  await removeFiles(deps.storage, [...filenames.filenames, ...filenames.vecchiFileLotti]);
  return { documentiRimossi: filenames.filenames.length };
}

/** Everything held about one person, as the JSON file of their export. */
async function collectPersona(db: DbExecutor, id: number) {
  const [lead] = await db.select().from(leads).where(eq(leads.id, id));
  if (!lead) throw AppError.notFound(msg.lead.notFound);
  const praticheRows = await db
    .select()
    .from(pratiche)
    .where(eq(pratiche.leadId, id))
    .orderBy(asc(pratiche.id));
  const praticheIds = praticheRows.map((p) => p.id);
  const serviziRows = praticheIds.length
    ? await db
        .select({
          id: servizi.id,
          praticaId: servizi.praticaId,
          tipoServizio: servizi.tipoServizio,
          stato: servizi.stato,
          koMotivazione: servizi.koMotivazione,
          fornitore: fornitori.nome,
          ridPresente: servizi.ridPresente,
          numeroForniture: servizi.numeroForniture,
          dataCreazione: servizi.dataCreazione,
          dataUltimoAggiornamento: servizi.dataUltimoAggiornamento,
        })
        .from(servizi)
        .leftJoin(fornitori, eq(fornitori.id, servizi.fornitoreId))
        .where(inArray(servizi.praticaId, praticheIds))
        .orderBy(asc(servizi.id))
    : [];
  const storico = serviziRows.length
    ? await db
        .select({
          servizioId: serviziStorico.servizioId,
          daStato: serviziStorico.daStato,
          aStato: serviziStorico.aStato,
          motivazione: serviziStorico.motivazione,
          data: serviziStorico.createdAt,
        })
        .from(serviziStorico)
        .where(
          inArray(
            serviziStorico.servizioId,
            serviziRows.map((s) => s.id),
          ),
        )
        .orderBy(asc(serviziStorico.id))
    : [];
  const schede = praticheIds.length
    ? await db
        .select({ servizioId: schedeContratto.servizioId, dati: schedeContratto.dati })
        .from(schedeContratto)
        .where(inArray(schedeContratto.praticaId, praticheIds))
    : [];
  const lotti = await lottiDeiServizi(
    db,
    serviziRows.map((s) => s.id),
  );
  const proposte = await proposteForExport(
    db,
    serviziRows.map((s) => s.id),
  );
  const docs = praticheIds.length
    ? await db
        .select({
          id: documenti.id,
          praticaId: documenti.praticaId,
          filename: documenti.filename,
          nome: documenti.displayName,
          tipo: documenti.mimeType,
          dimensione: documenti.sizeBytes,
          sha256: documenti.sha256,
          caricatoIl: documenti.createdAt,
        })
        .from(documenti)
        .where(inArray(documenti.praticaId, praticheIds))
        .orderBy(asc(documenti.id))
    : [];
  const consensiRows = await db
    .select({
      versioneInformativa: consensi.versioneInformativa,
      testo: consensi.testo,
      accettatoIl: consensi.accettatoAt,
      ip: consensi.ip,
      userAgent: consensi.userAgent,
      praticaId: consensi.praticaId,
    })
    .from(consensi)
    .where(eq(consensi.leadId, id))
    .orderBy(asc(consensi.id));
  // The messages sent to the customer themselves (staff messages would name staff).
  const email = await db
    .select({
      destinatario: emailOutbox.destinatario,
      oggetto: emailOutbox.oggetto,
      testo: emailOutbox.testo,
      stato: emailOutbox.stato,
      creataIl: emailOutbox.createdAt,
      inviataIl: emailOutbox.inviatoAt,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.leadId, id), isNull(emailOutbox.userId)))
    .orderBy(asc(emailOutbox.id));
  return {
    data: {
      generatoIl: new Date().toISOString(),
      cliente: {
        id: lead.id,
        nome: lead.nome,
        cognome: lead.cognome,
        email: lead.email,
        telefono: lead.telefono,
        dataRegistrazione: lead.dataRegistrazione,
        statoContatto: lead.statoContatto,
        datiCancellatiIl: lead.datiCancellatiAt,
      },
      pratiche: praticheRows.map((p) => ({
        id: p.id,
        stato: p.statoPratica,
        dataCreazione: p.dataCreazione,
        orarioContatto: p.orarioContatto,
        note: p.note,
        indirizzoIp: p.indirizzoIp,
        userAgent: p.userAgent,
        servizi: serviziRows
          .filter((s) => s.praticaId === p.id)
          .map(({ praticaId: _p, ...s }) => ({
            ...s,
            storico: storico.filter((h) => h.servizioId === s.id).map(({ servizioId: _s, ...h }) => h),
            schedaContratto: schede.find((c) => c.servizioId === s.id)?.dati ?? null,
            // What the bill reader read about the person (docs/product/lettura-bolletta.md#privacy).
            // The batches that sent it to its supplier (docs/privacy.md#lotti-inviati-ai-fornitori).
            inviiAlFornitore: lotti.filter((l) => l.servizioId === s.id).map(({ servizioId: _s, ...l }) => l),
            proposteDallaBolletta: proposte
              .filter((pr) => pr.servizioId === s.id)
              .map(({ servizioId: _s, ...pr }) => pr),
          })),
        documenti: docs
          .filter((d) => d.praticaId === p.id)
          .map(({ praticaId: _p, filename: _f, ...d }) => ({ ...d, file: documentPath(d) })),
      })),
      consensiPrivacy: consensiRows,
      emailInviateAlCliente: email,
    },
    docs,
  };
}

const documentPath = (d: { id: number; nome: string }) =>
  `documenti/${d.id}-${d.nome.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 120)}`;

/**
 * What the admin hands to a person who asks for their data (GDPR art. 15 and 20): a ZIP with
 * dati.json and every document, written while it is sent. Recorded in the audit log.
 */
export async function exportPersona(
  db: Database,
  deps: PrivacyDeps,
  actor: Actor,
  id: number,
  ip: string,
): Promise<Readable> {
  const { data, docs } = await collectPersona(db, id);
  await recordAudit(db, {
    tipo: 'esportazione_dati_persona',
    who: actor,
    ip,
    oggetto: { tipo: 'lead', id },
    dettagli: { documenti: docs.length },
  });
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), 'dati.json');
  const out = zip.outputStream as Readable;
  const run = async () => {
    for (const d of docs) {
      const file = await deps.storage.get(d.filename);
      if (!file) continue;
      zip.addReadStream(file.stream, documentPath(d), { size: file.size });
      // One document open at a time: wait until yazl has read it.
      await new Promise<void>((resolve, reject) => {
        file.stream.once('end', resolve).once('close', resolve).once('error', reject);
      });
    }
    zip.end();
  };
  run().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

const RETENTION_KEY = 'conservazione_lead_mesi';

export async function getPrivacySettings(db: DbExecutor): Promise<PrivacySettings> {
  const [row] = await db.select().from(impostazioni).where(eq(impostazioni.chiave, RETENTION_KEY));
  const value = Number(row?.valore);
  return { conservazioneLeadMesi: Number.isInteger(value) && value > 0 ? value : RETENTION_MONTHS_DEFAULT };
}

export async function updatePrivacySettings(
  db: Database,
  actor: Actor,
  ip: string,
  input: PrivacySettings,
): Promise<PrivacySettings> {
  return db.transaction(async (tx) => {
    const before = await getPrivacySettings(tx);
    await tx
      .insert(impostazioni)
      .values({ chiave: RETENTION_KEY, valore: input.conservazioneLeadMesi, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: impostazioni.chiave,
        set: { valore: input.conservazioneLeadMesi, updatedBy: actor.id, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      tipo: 'impostazioni_modificate',
      who: actor,
      ip,
      oggetto: { tipo: 'impostazioni' },
      dettagli: {
        conservazioneLeadMesi: { da: before.conservazioneLeadMesi, a: input.conservazioneLeadMesi },
        // The notice states the period: another period is another notice (docs/privacy.md#informativa).
        ...(before.conservazioneLeadMesi !== input.conservazioneLeadMesi
          ? { versioneInformativa: await bumpInformativa(tx, actor) }
          : {}),
      },
    });
    return getPrivacySettings(tx);
  });
}

/** The start of the retention window: that many months before `now`, on the Rome clock. */
export function retentionCutoff(now: Date, months: number): Date {
  const p = romeParts(now);
  return romeWallTimeToDate(p.year, p.month - months, p.day, p.hour, p.minute);
}

const RETENTION_BATCH = 200;

/**
 * Anonymises the leads never converted whose last practice is older than the retention period
 * (docs/privacy.md#conservazione). Never converted: no service ever completed, that is none
 * `completato` now and no commission ever computed (a storno still means it was sold). Batches of
 * RETENTION_BATCH leads, each in its own transaction with its audit event; idempotent (an erased
 * lead is not picked again).
 */
export async function runRetention(
  db: Database,
  deps: PrivacyDeps,
  now: Date,
): Promise<{ anonimizzati: number; mesi: number }> {
  const { conservazioneLeadMesi: mesi } = await getPrivacySettings(db);
  const cutoff = retentionCutoff(now, mesi);
  let after: { at: string; id: number } | null = null;
  let anonimizzati = 0;
  for (;;) {
    const batch = await db
      .select({ id: leads.id, at: sql<string>`${leads.dataRegistrazione}::text` })
      .from(leads)
      .where(
        and(
          isNull(leads.datiCancellatiAt),
          lt(leads.dataRegistrazione, cutoff),
          after
            ? sql`(${leads.dataRegistrazione}, ${leads.id}) > (${after.at}::timestamptz, ${after.id})`
            : undefined,
          sql`not exists (select 1 from pratiche p where p.lead_id = ${leads.id}
                and (p.data_creazione >= ${cutoff.toISOString()}::timestamptz
                  or exists (select 1 from servizi s where s.pratica_id = p.id and s.stato = 'completato')
                  or exists (select 1 from commissioni c where c.pratica_id = p.id)))`,
        ),
      )
      .orderBy(asc(leads.dataRegistrazione), asc(leads.id))
      .limit(RETENTION_BATCH);
    if (batch.length === 0) break;
    after = batch[batch.length - 1];
    const filenames = await db.transaction(async (tx) => {
      const result = await anonymiseLeads(
        tx,
        deps.storage,
        batch.map((b) => b.id),
        deps.consentKey,
        now,
      );
      if (result.leadIds.length)
        await recordAudit(tx, {
          tipo: 'conservazione_anonimizzazione',
          who: null,
          ip: null,
          oggetto: { tipo: 'lead' },
          dettagli: {
            mesi,
            limite: cutoff.toISOString(),
            lead: result.leadIds.length,
            leadIds: result.leadIds,
            documenti: result.filenames.length,
            lotti: result.lotti,
          },
        });
      anonimizzati += result.leadIds.length;
      return [...result.filenames, ...result.vecchiFileLotti];
    });
    await removeFiles(deps.storage, filenames);
    if (batch.length < RETENTION_BATCH) break;
  }
  return { anonimizzati, mesi };
}
