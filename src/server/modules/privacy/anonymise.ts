import { createHmac } from 'node:crypto';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { msg } from '#shared/messages.ts';
import type { DbExecutor } from '#server/db/client.ts';
import {
  commissioni,
  consensi,
  documenti,
  emailOutbox,
  esitiRighe,
  estrattiFornitoriRighe,
  leads,
  pratiche,
  praticheEventi,
  schedeContratto,
  proposteScheda,
  riconciliazioniVoci,
  servizi,
} from '#server/db/schema.ts';
import { togliDaiLotti } from '#server/modules/invii-fornitori/lotti-privacy.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';

const m = msg.privacy;

/**
 * The key of the consent proof's hashes, derived from the server secret: a stolen database
 * alone cannot test phone numbers against them. See docs/privacy.md#consensi.
 */
export function consentKeyFrom(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('winsolution:prova-consenso:v1').digest();
}

/** HMAC-SHA256 (hex) of a normalised phone or e-mail: whoever brings the same value finds the proof. */
export function consentFingerprint(key: Buffer, normalised: string): string {
  return createHmac('sha256', key).update(normalised).digest('hex');
}

/** IPv4 to its /24 (last byte 0), IPv6 to its /48: enough to place a request, not to name a line. */
export function truncateIp(ip: string | null): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0`;
  if (ip.includes(':')) {
    const [head] = ip.split('::');
    const groups = head.split(':').filter(Boolean).slice(0, 3);
    while (groups.length < 3) groups.push('0');
    return `${groups.join(':')}::`;
  }
  return null;
}

/** Stand-ins for the unique lookup keys of an erased lead: letters only, so no digit search finds them. */
function erasedKey(leadId: number): string {
  return `cancellato-${String(leadId).replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)))}`;
}

export const ERASED_CUSTOMER_NAME = `${m.erasedNome} ${m.erasedCognome}`;

/**
 * Turns the consent rows of a lead into pseudonymised proof: keyed hashes of the phone and the
 * e-mail, the IP truncated, the user agent dropped. The only UPDATE the table's trigger allows.
 */
export async function pseudonymiseConsents(
  tx: DbExecutor,
  lead: { id: number; emailNormalizzata: string; telefonoNormalizzato: string },
  key: Buffer,
  now: Date,
): Promise<void> {
  const rows = await tx
    .select({ id: consensi.id, ip: consensi.ip })
    .from(consensi)
    .where(and(eq(consensi.leadId, lead.id), isNull(consensi.pseudonimizzatoAt)));
  for (const row of rows)
    await tx
      .update(consensi)
      .set({
        improntaTelefono: consentFingerprint(key, lead.telefonoNormalizzato),
        improntaEmail: consentFingerprint(key, lead.emailNormalizzata),
        ip: truncateIp(row.ip),
        userAgent: null,
        pseudonimizzatoAt: now,
      })
      .where(eq(consensi.id, row.id));
}

/**
 * The rows of suppliers' outcome files and statements matched to these practices' services, and
 * the reconciliation lines naming them, hold the customer's POD, codice fiscale, name
 * (docs/privacy.md#lotti-inviati-ai-fornitori): their cells are emptied, the name replaced; the
 * outcome, the amounts and the counts stay.
 */
export async function togliDaiFileFornitori(tx: DbExecutor, praticheIds: number[]): Promise<void> {
  if (praticheIds.length === 0) return;
  const ids = tx.select({ id: servizi.id }).from(servizi).where(inArray(servizi.praticaId, praticheIds));
  await tx.update(esitiRighe).set({ valori: [] }).where(inArray(esitiRighe.servizioId, ids));
  await tx
    .update(estrattiFornitoriRighe)
    .set({ valori: [] })
    .where(inArray(estrattiFornitoriRighe.servizioId, ids));
  await tx
    .update(riconciliazioniVoci)
    .set({ cliente: ERASED_CUSTOMER_NAME, identificativo: null })
    .where(inArray(riconciliazioniVoci.servizioId, ids));
}

export interface AnonymiseResult {
  leadIds: number[];
  /** Storage keys of the documents, to remove once the transaction has committed. */
  filenames: string[];
  /** The batch files rewritten without these people's rows; their old keys, to remove after the commit. */
  lotti: number;
  vecchiFileLotti: string[];
}

/**
 * Erases the personal data of these leads, inside the caller's transaction (docs/privacy.md#cancellazione):
 * names, contacts, notes, IPs, user agents, documents (rows here; files by the caller after the
 * commit), e-mails about them; keeps practices, services, commissions (amounts, payees, dates)
 * and the consent proof, pseudonymised. Leads already erased are skipped: idempotent.
 */
export async function anonymiseLeads(
  tx: DbExecutor,
  storage: DocumentStorage,
  ids: number[],
  key: Buffer,
  now: Date,
): Promise<AnonymiseResult> {
  const none = { leadIds: [], filenames: [], lotti: 0, vecchiFileLotti: [] };
  if (ids.length === 0) return none;
  const targets = await tx
    .select({
      id: leads.id,
      emailNormalizzata: leads.emailNormalizzata,
      telefonoNormalizzato: leads.telefonoNormalizzato,
    })
    .from(leads)
    .where(and(inArray(leads.id, ids), isNull(leads.datiCancellatiAt)))
    .for('update');
  if (targets.length === 0) return none;
  const leadIds = targets.map((t) => t.id);

  for (const lead of targets) await pseudonymiseConsents(tx, lead, key, now);

  const praticheIds = (
    await tx.select({ id: pratiche.id }).from(pratiche).where(inArray(pratiche.leadId, leadIds))
  ).map((p) => p.id);

  let filenames: string[] = [];
  // The batch files sent to suppliers hold their rows (docs/privacy.md#lotti-inviati-ai-fornitori):
  // rewritten before the leads are marked erased, which the rewrite counts on.
  const lotti = await togliDaiLotti(tx, storage, praticheIds);
  await togliDaiFileFornitori(tx, praticheIds);
  if (praticheIds.length) {
    const docs = await tx
      .delete(documenti)
      .where(inArray(documenti.praticaId, praticheIds))
      .returning({ filename: documenti.filename });
    filenames = docs.map((d) => d.filename);
    // The readings of those documents go with them (cascade); their proposals name the person.
    await tx
      .delete(proposteScheda)
      .where(
        inArray(
          proposteScheda.servizioId,
          tx.select({ id: servizi.id }).from(servizi).where(inArray(servizi.praticaId, praticheIds)),
        ),
      );
    await tx
      .update(pratiche)
      .set({ note: null, indirizzoIp: null, userAgent: null, documentiCaricati: null })
      .where(inArray(pratiche.id, praticheIds));
    // The scheda contratto is all personal data: codice fiscale, document, addresses, IBAN
    // (docs/privacy.md#scheda-contratto).
    await tx.delete(schedeContratto).where(inArray(schedeContratto.praticaId, praticheIds));
    // The events name the documents as they were uploaded ("carta d'identità Rossi.pdf").
    await tx
      .update(praticheEventi)
      .set({ descrizione: m.erase.eventoDocumento })
      .where(inArray(praticheEventi.praticaId, praticheIds));
    // The payout list's snapshot of the name; amounts, payees and dates stay as they are.
    await tx
      .update(commissioni)
      .set({ customerName: ERASED_CUSTOMER_NAME })
      .where(inArray(commissioni.praticaId, praticheIds));
  }
  await tx
    .delete(emailOutbox)
    .where(
      or(
        inArray(emailOutbox.leadId, leadIds),
        praticheIds.length ? inArray(emailOutbox.praticaId, praticheIds) : undefined,
      ),
    );
  for (const id of leadIds)
    await tx
      .update(leads)
      .set({
        nome: m.erasedNome,
        cognome: m.erasedCognome,
        email: '',
        telefono: '',
        emailNormalizzata: erasedKey(id),
        telefonoNormalizzato: erasedKey(id),
        datiCancellatiAt: now,
      })
      .where(eq(leads.id, id));
  return { leadIds, filenames, lotti: lotti.lotti, vecchiFileLotti: lotti.vecchiFile };
}
