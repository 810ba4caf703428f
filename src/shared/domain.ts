/** Domain vocabularies shared by the database, API and UI. See docs/product/lifecycle.md */

// The service kinds and what each means live in the catalogue; re-exported here with the other
// vocabularies of the domain.
export {
  SERVIZI_PRINCIPALI,
  SERVIZI_RICHIEDIBILI,
  SERVIZIO_TIPI,
  type ServizioRichiedibile,
  type ServizioTipo,
} from '#shared/servizi-catalogo.ts';

export const SERVIZIO_STATI = ['inserito', 'in_lavorazione', 'completato', 'ko'] as const;
export type ServizioStato = (typeof SERVIZIO_STATI)[number];

export const PRATICA_STATI = ['inserita', 'in_lavorazione', 'completata', 'ko'] as const;
export type PraticaStato = (typeof PRATICA_STATI)[number];

export const KO_MOTIVAZIONI = [
  'dati_errati',
  'cliente_non_raggiungibile',
  'documentazione_incompleta',
  'cliente_non_interessato',
  'altro',
  // Only through the outcome after activation, which checks the window (docs/product/lifecycle.md#esiti-dopo-lattivazione).
  'ripensamento',
] as const;
export type KoMotivazione = (typeof KO_MOTIVAZIONI)[number];
/** The reasons a person picks in the status dialog: a withdrawal goes through its outcome. */
export const KO_MOTIVAZIONI_MANUALI = KO_MOTIVAZIONI.filter((k) => k !== 'ripensamento');

export const LEAD_CONTATTO_STATI = ['nuovo', 'contattato', 'non_raggiungibile'] as const;
export type LeadContattoStato = (typeof LEAD_CONTATTO_STATI)[number];

export const PAGAMENTO_STATI = ['non_pagato', 'pagato'] as const;
export type PagamentoStato = (typeof PAGAMENTO_STATI)[number];

/**
 * What the e-mail outbox carries: a new lead told to staff, its confirmation to the customer,
 * the morning digest of overdue leads, a service completed or gone KO (docs/product/notifications.md).
 */
export const EMAIL_TIPI = [
  'lead_nuovo',
  'lead_conferma',
  'lead_in_ritardo',
  'servizio_completato',
  'servizio_ko',
  'chiamata_invito',
  'utente_invito',
  // A clawback after activation, to each payee (docs/product/commissions.md#regole-di-storno).
  'commissione_stornata',
] as const;
export type EmailTipo = (typeof EMAIL_TIPI)[number];

/** The kinds a user may switch on or off in their profile (the customer's confirmation is not one). */
export const NOTIFICA_TIPI = ['lead_nuovo', 'lead_in_ritardo', 'servizio_completato', 'servizio_ko'] as const;
export type NotificaTipo = (typeof NOTIFICA_TIPI)[number];

/**
 * Life of an outbox row: queued (also between retries), claimed by a worker, sent; or failed
 * after the last attempt; or expired, unsent, once too old to be useful.
 */
export const EMAIL_STATI = ['in_coda', 'in_invio', 'inviato', 'fallito', 'scaduto'] as const;
export type EmailStato = (typeof EMAIL_STATI)[number];

/** The ten one-hour call-back slots, Monday to Friday. See docs/product/landing.md#passo-4-fascia-oraria */
export const FASCE_ORARIE = [
  '09:00-10:00',
  '10:00-11:00',
  '11:00-12:00',
  '12:00-13:00',
  '13:00-14:00',
  '14:00-15:00',
  '15:00-16:00',
  '16:00-17:00',
  '17:00-18:00',
  '18:00-19:00',
] as const;

/** A nuovo lead older than this has missed the promised call-back. See docs/product/lifecycle.md#stato-di-contatto */
export const LEAD_CONTACT_PROMISE_HOURS = 24;

export const DEMO_LANDING_CODE = 'WE-FN2KFIPU';

/**
 * Version of the privacy notice's text. The version stored with each consent is this one, followed
 * by the revision of the data the admin sets ('2025-01.3'); before any change, this alone.
 * See docs/privacy.md#informativa
 */
export const PRIVACY_NOTICE_VERSION = '2025-01';

export function privacyNoticeVersion(revisione: number): string {
  return revisione > 0 ? `${PRIVACY_NOTICE_VERSION}.${revisione}` : PRIVACY_NOTICE_VERSION;
}

/** Multipart parts of the bill upload. Page parts come from the camera: images only. */
export const UPLOAD_PARTS = [
  'singleFile',
  'luceFile',
  'gasFile',
  'lucePage1',
  'lucePage2',
  'gasPage1',
  'gasPage2',
  'combinedFile',
  'combinedPage1',
  'combinedPage2',
] as const;

/** The multipart part of the staff upload (POST /api/leads/upload-files): one or more files. */
export const STAFF_UPLOAD_PART = 'files';

/** Events of a practice's own history (documents added by staff or deleted by the admin). */
/**
 * A lead's history: a duplicate merged into it, or kept apart from it (docs/product/lifecycle.md#doppioni),
 * a call's outcome (docs/product/calls.md#esiti).
 */
export const LEAD_EVENTO_TIPI = ['duplicato_unito', 'duplicato_separato', 'chiamata'] as const;
export type LeadEventoTipo = (typeof LEAD_EVENTO_TIPI)[number];

export const PRATICA_EVENTO_TIPI = [
  'documento_aggiunto',
  'documento_eliminato',
  'scheda_modificata',
] as const;
export type PraticaEventoTipo = (typeof PRATICA_EVENTO_TIPI)[number];

/** The roles paid on commission, each with its statement (estratto conto). */
export const BENEFICIARIO_RUOLI = ['punto_fisico', 'agente', 'area_manager'] as const;
export type BeneficiarioRuolo = (typeof BENEFICIARIO_RUOLI)[number];

/** See docs/product/landing.md#caricamento-delle-bollette */
export const UPLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 10;

/** Digits only, without the Italian +39/0039 prefix: the key that finds a returning customer. */
export function normalizeTelefono(telefono: string): string {
  let digits = telefono.replace(/\D/g, '');
  if (digits.startsWith('0039')) digits = digits.slice(4);
  else if (digits.startsWith('39') && digits.length === 12) digits = digits.slice(2);
  // No digits at all (the phone has no format rule): the trimmed text itself, so it never collides with ''.
  return digits || `t:${telefono.trim().toLowerCase()}`;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The digits a search compares with phone numbers, or null when the term is not a phone: only a
 * term made of digits and phone punctuation ("+39 333 12-34") counts, so that "verdi12" never
 * matches every phone containing "12".
 */
export function phoneSearchDigits(search: string): string | null {
  if (!/^[\d\s+()./-]+$/.test(search)) return null;
  const digits = search.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

/**
 * What the audit log records (docs/privacy.md#registro-delle-attività): access to the
 * back-office, changes to people's accounts, data leaving the system, erasures and retention.
 */
export const AUDIT_TIPI = [
  'accesso',
  'accesso_fallito',
  'accesso_sbloccato',
  'uscita',
  'utente_creato',
  'utente_eliminato',
  'ruolo_modificato',
  'password_modificata',
  'utente_attivato',
  'utente_disattivato',
  'esportazione',
  'esportazione_dati_persona',
  'cancellazione_dati_lead',
  // A staff member's own data exported, and erased (docs/privacy.md#dati-dello-staff).
  'esportazione_dati_utente',
  'cancellazione_dati_utente',
  'eliminazione_lead',
  'conservazione_anonimizzazione',
  'impostazioni_modificate',
  'secondo_fattore_attivato',
  'secondo_fattore_disattivato',
  'secondo_fattore_azzerato',
  'codici_recupero_rigenerati',
  'codice_recupero_usato',
  'importazione',
  'invito_inviato',
  'password_impostata',
  'profilo_fiscale_modificato',
  // A supplier's outcome file uploaded, and applied (docs/product/fornitori-esiti.md).
  'esiti_caricati',
  'esiti_applicati',
  // Supplier payment reconciliation (docs/product/fornitori-riconciliazione.md).
  'riconciliazione_caricata',
  'riconciliazione_confermata',
  'riconciliazione_chiusa',
] as const;
export type AuditTipo = (typeof AUDIT_TIPI)[number];

/** What a call to a lead ended with, one tap each in 'Da chiamare' (docs/product/calls.md#esiti). */
export const CHIAMATA_ESITI = [
  'non_risponde',
  'richiamare',
  'appuntamento_fissato',
  'non_interessato',
  'numero_errato',
  'non_chiamare_piu',
] as const;
export type ChiamataEsito = (typeof CHIAMATA_ESITI)[number];

/** What an import file holds (docs/product/importazione.md). */
export const IMPORT_TIPI = ['punti_fisici', 'utenti', 'leads'] as const;
export type ImportTipo = (typeof IMPORT_TIPI)[number];

/** An import's life: uploaded, checked (preview), being applied, done, or stopped by an error. */
export const IMPORT_STATI = ['caricata', 'verificata', 'in_corso', 'completata', 'fallita'] as const;
export type ImportStato = (typeof IMPORT_STATI)[number];

/** What the check says of one row: new, an update, already there or repeated, or in error. */
export const IMPORT_ESITI = ['nuovo', 'aggiorna', 'duplicato', 'errore'] as const;
export type ImportEsito = (typeof IMPORT_ESITI)[number];

/** Invalid rows are left out, or stop the whole file (chosen on the preview). */
export const IMPORT_RIGHE_NON_VALIDE = ['salta', 'blocca'] as const;
export type ImportRigheNonValide = (typeof IMPORT_RIGHE_NON_VALIDE)[number];

/**
 * Supplier payment reconciliation (docs/product/fornitori-riconciliazione.md): how a statement row
 * met our services, and what each line of a reconciliation says.
 */
/** 'ignorata': a totals row of the file, which pays no service. */
export const ESTRATTO_RIGA_ESITI = ['trovato', 'non_trovato', 'ambiguo', 'ignorata'] as const;
export type EstrattoRigaEsito = (typeof ESTRATTO_RIGA_ESITI)[number];
export const RICONCILIAZIONE_VOCI = [
  'pagato_meno',
  'pagato_piu',
  'mancante',
  'sconosciuto',
  'in_regola',
] as const;
export type RiconciliazioneVoceTipo = (typeof RICONCILIAZIONE_VOCI)[number];
export const RICONCILIAZIONE_STATI = ['aperta', 'chiusa'] as const;
export type RiconciliazioneStato = (typeof RICONCILIAZIONE_STATI)[number];
