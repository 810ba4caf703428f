import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  primaryKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  ESITI_CARICAMENTO_STATI,
  ESITO_RIGA_ESITI,
  type EsitiCaricamentoStato,
  type EsitoRigaEsito,
  type EsitoIdentificativo,
  type EsitoAzione,
} from '#shared/esiti-fornitori.ts';
import {
  AUDIT_TIPI,
  CHIAMATA_ESITI,
  EMAIL_STATI,
  EMAIL_TIPI,
  IMPORT_ESITI,
  IMPORT_RIGHE_NON_VALIDE,
  IMPORT_STATI,
  IMPORT_TIPI,
  NOTIFICA_TIPI,
  LEAD_CONTATTO_STATI,
  LEAD_EVENTO_TIPI,
  PAGAMENTO_STATI,
  PRATICA_EVENTO_TIPI,
  PRATICA_STATI,
  SERVIZIO_STATI,
  SERVIZIO_TIPI,
  type AuditTipo,
  type ChiamataEsito,
  type EmailStato,
  type EmailTipo,
  type ImportEsito,
  type ImportRigheNonValide,
  type ImportStato,
  type ImportTipo,
  type LeadContattoStato,
  type LeadEventoTipo,
  type NotificaTipo,
  type PagamentoStato,
  type PraticaEventoTipo,
  type PraticaStato,
  type ServizioStato,
  type ServizioTipo,
  ESTRATTO_RIGA_ESITI,
  RICONCILIAZIONE_STATI,
  RICONCILIAZIONE_VOCI,
  type EstrattoRigaEsito,
  type RiconciliazioneStato,
  type RiconciliazioneVoceTipo,
} from '#shared/domain.ts';
import type { Role } from '#shared/permissions.ts';
import {
  REGIMI_FISCALI,
  TIPI_PROFILO_FISCALE,
  type RegimeFiscale,
  type TipoProfiloFiscale,
} from '#shared/fisco.ts';
import type { ColonnaTracciato } from '#shared/invii-fornitori.ts';
import {
  MODI_STORNO,
  type Canale,
  type EsitoPostAttivazione,
  type ModoStorno,
  type RegolaStorno,
  type StornoDettaglio,
} from '#shared/commissioni/maturazione.ts';
import {
  CAMPI_PROPOSTA,
  LETTURA_STATI,
  PROPOSTA_STATI,
  type CampoProposta,
  type LetturaStato,
  type PropostaStato,
} from '#shared/schemas/proposte-scheda.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * What a search for a person matches (name and surname in both orders, e-mail), lower-cased once
 * when the user is written: the points' and users' lists compare with LIKE against a lower-cased
 * term instead of ILIKE folding every row they read. chr(1) separates the fields, as in the leads'
 * search text. See docs/performance.md#testo-di-ricerca
 */
const PERSON_SEARCH_TEXT = sql`lower(first_name || ' ' || last_name || chr(1) || last_name || ' ' || first_name || chr(1) || email)`;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    role: text('role').$type<Role>().notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    areaAssegnata: text('area_assegnata'),
    /** When the admin erased the person's data (docs/privacy.md#dati-dello-staff): the row stays, pseudonymised. */
    datiCancellatiAt: timestamp('dati_cancellati_at', { withTimezone: true }),
    createdAt: createdAt(),
    cerca: text('cerca').notNull().generatedAlwaysAs(PERSON_SEARCH_TEXT),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_role_idx').on(t.role),
    check(
      'users_role_check',
      inList('role', ['admin', 'amministrazione', 'area_manager', 'agente', 'punto_fisico']),
    ),
  ],
);

/** Server-side sessions: the id is an HMAC of the cookie token, so a database leak yields no cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * What the point-of-sale filters match: the shop's name and address, lower-cased once when the
 * point is written (chr(1) between them). The points list's search adds the landing code.
 * See docs/performance.md#testo-di-ricerca
 */
const PUNTO_SEARCH_TEXT = sql`lower(nome_attivita || chr(1) || indirizzo)`;

export const puntiFisici = pgTable(
  'punti_fisici',
  {
    id: serial('id').primaryKey(),
    nomeAttivita: text('nome_attivita').notNull(),
    indirizzo: text('indirizzo').notNull(),
    landingCode: text('landing_code').notNull(),
    utenteResponsabileId: integer('utente_responsabile_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    agenteId: integer('agente_id').references(() => users.id, { onDelete: 'restrict' }),
    areaManagerId: integer('area_manager_id').references(() => users.id, { onDelete: 'restrict' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    cerca: text('cerca').notNull().generatedAlwaysAs(PUNTO_SEARCH_TEXT),
  },
  (t) => [
    uniqueIndex('punti_fisici_landing_code_unique').on(t.landingCode),
    index('punti_fisici_responsabile_idx').on(t.utenteResponsabileId),
    index('punti_fisici_agente_idx').on(t.agenteId),
    index('punti_fisici_area_manager_idx').on(t.areaManagerId),
    index('punti_fisici_nome_idx').on(t.nomeAttivita),
  ],
);

/**
 * What the lead search matches (name and surname in both orders, e-mail, phone as typed), lower-cased
 * once when the lead is written (the generated column leads.cerca, copied to its practices and
 * scope rows): the search compares with LIKE against a lower-cased term, instead of ILIKE folding
 * every row it reads. chr(1) separates the fields: a search term cannot run from one field into
 * the next. See docs/performance.md#testo-di-ricerca
 */
const LEAD_SEARCH_TEXT = sql`lower(nome || ' ' || cognome || chr(1) || cognome || ' ' || nome || chr(1) || email || chr(1) || telefono)`;

/**
 * The windows of seven digits in a row of a lead's search text and phone key (SQL function
 * `ricerca_finestre_cifre`, in the baseline), one integer each: a phone search of seven digits or
 * more reads the few rows holding all its windows instead of the long lists of its digit
 * trigrams. The index and the search write the same expression for the index to be used.
 * See docs/performance.md#ricerca-dei-lead
 */
export function digitWindowsOf(t: { cerca: AnyPgColumn; telefonoNormalizzato: AnyPgColumn }) {
  return sql`ricerca_finestre_cifre(${t.cerca} || chr(1) || ${t.telefonoNormalizzato})`;
}

/**
 * The lead's search text of a row in hand, for a bulk load that writes the copies itself
 * (seed-demo). JavaScript's lower-casing equals PostgreSQL's for the demo's plain-letter names.
 */
export function leadSearchTextOf(r: { nome: string; cognome: string; email: string; telefono: string }) {
  return `${r.nome} ${r.cognome}\u0001${r.cognome} ${r.nome}\u0001${r.email}\u0001${r.telefono}`.toLowerCase();
}

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    cognome: text('cognome').notNull(),
    email: text('email').notNull(),
    telefono: text('telefono').notNull(),
    /** Lower-cased e-mail and digits-only phone: the keys that find a returning customer. */
    emailNormalizzata: text('email_normalizzata').notNull(),
    telefonoNormalizzato: text('telefono_normalizzato').notNull(),
    /** The search text (LEAD_SEARCH_TEXT), kept by PostgreSQL itself: never written by the app. */
    cerca: text('cerca').notNull().generatedAlwaysAs(LEAD_SEARCH_TEXT),
    puntoFisicoOriginaleId: integer('punto_fisico_originale_id').references(() => puntiFisici.id, {
      onDelete: 'set null',
    }),
    statoContatto: text('stato_contatto').$type<LeadContattoStato>().notNull().default('nuovo'),
    statoContattoAggiornatoAt: timestamp('stato_contatto_aggiornato_at', { withTimezone: true }),
    dataRegistrazione: timestamp('data_registrazione', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the person's data were erased (on request or by retention): see docs/privacy.md */
    datiCancellatiAt: timestamp('dati_cancellati_at', { withTimezone: true }),
    /**
     * The lead's place in 'Da chiamare' (docs/product/calls.md#la-coda): when it is due, null when
     * there is nothing to call about. A new lead is due at once; `chiamataFissata` says the time
     * was set (the customer's slot, a recall, the next try after 'Non risponde').
     */
    chiamataDa: timestamp('chiamata_da', { withTimezone: true }).defaultNow(),
    chiamataFissata: boolean('chiamata_fissata').notNull().default(false),
  },
  (t) => [
    // One lead per (phone, e-mail): the same person submitting again. Leads sharing only one of
    // the two are possible duplicates that staff merge or keep apart; the pair index (phone
    // first) and the e-mail index find them. See docs/product/lifecycle.md#doppioni
    uniqueIndex('leads_telefono_email_unique').on(t.telefonoNormalizzato, t.emailNormalizzata),
    index('leads_email_normalizzata_idx').on(t.emailNormalizzata),
    index('leads_punto_data_idx').on(t.puntoFisicoOriginaleId, t.dataRegistrazione),
    // A scope's leads in one contact status, counted from this index alone: an agent's
    // 'contattato' total (up to 10,000) 18 → 4 ms at 1,000,000 leads (docs/performance.md#totali-delle-liste).
    index('leads_punto_stato_idx').on(t.puntoFisicoOriginaleId, t.statoContatto, t.dataRegistrazione, t.id),
    // (date, id): the list's order, so one page (and a keyset cursor) reads just its rows. With
    // every column the list filters on (search text, phone key, first point, contact status): a
    // page's ids are found in this index alone, without reading each lead the walk passes over
    // (docs/performance.md#lista-dei-lead).
    index('leads_data_id_idx').on(
      t.dataRegistrazione,
      t.id,
      t.cerca,
      t.telefonoNormalizzato,
      t.puntoFisicoOriginaleId,
      t.statoContatto,
    ),
    index('leads_stato_contatto_data_id_idx').on(t.statoContatto, t.dataRegistrazione, t.id),
    // Trigram indexes (pg_trgm) make the '%term%' searches of leads and practices index scans.
    index('leads_ricerca_trgm_idx').using('gin', t.cerca.op('gin_trgm_ops')),
    index('leads_telefono_trgm_idx').using('gin', t.telefonoNormalizzato.op('gin_trgm_ops')),
    index('leads_finestre_cifre_idx').using('gin', digitWindowsOf(t)),
    // The queue's order within its groups, only its rows (docs/product/calls.md#la-coda).
    index('leads_coda_idx')
      .on(t.chiamataFissata, t.chiamataDa, t.id)
      .where(sql`chiamata_da is not null`),
    // The queue by first point, in the queue's order: counted from this index alone (the
    // not-barred check reads the phone key), and a small scope's whole queue read from it
    // (docs/performance.md#coda-delle-chiamate).
    index('leads_coda_punto_idx')
      .on(t.puntoFisicoOriginaleId, t.chiamataFissata, t.chiamataDa, t.id, t.telefonoNormalizzato)
      .where(sql`chiamata_da is not null and dati_cancellati_at is null`),
    check('leads_stato_contatto_check', inList('stato_contatto', LEAD_CONTATTO_STATI)),
  ],
);

/** Two leads sharing a phone or e-mail that staff decided are different people (ids in order). */
export const leadsSeparati = pgTable(
  'leads_separati',
  {
    leadAId: integer('lead_a_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    leadBId: integer('lead_b_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.leadAId, t.leadBId] }),
    index('leads_separati_b_idx').on(t.leadBId),
    check('leads_separati_ordine_check', sql`lead_a_id < lead_b_id`),
  ],
);

/**
 * A lead's own history: duplicates merged into it, duplicates kept apart. Names are kept as
 * text, so the record survives the merged lead and the user. See docs/product/lifecycle.md#doppioni
 */
export const leadsEventi = pgTable(
  'leads_eventi',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    utenteNome: text('utente_nome'),
    tipo: text('tipo').$type<LeadEventoTipo>().notNull(),
    descrizione: text('descrizione').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('leads_eventi_lead_idx').on(t.leadId, t.createdAt),
    check('leads_eventi_tipo_check', inList('tipo', LEAD_EVENTO_TIPI)),
  ],
);

/**
 * Each call's outcome, who recorded it and when (docs/product/calls.md#esiti); the name is kept as
 * text so the record survives the user.
 */
export const chiamate = pgTable(
  'chiamate',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    esito: text('esito').$type<ChiamataEsito>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    utenteNome: text('utente_nome'),
    /** For 'Richiamare': when, already moved into the calling hours. */
    richiamareAt: timestamp('richiamare_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chiamate_lead_idx').on(t.leadId, t.createdAt),
    // The dashboard's share of leads called within 24 hours reads the last 30 days by date.
    index('chiamate_created_idx').on(t.createdAt),
    check('chiamate_esito_check', inList('esito', CHIAMATA_ESITI)),
  ],
);

/**
 * Numbers the customer asked never to be called on again ('Non chiamare più'), by the normalised
 * phone of docs/product/lifecycle.md#doppioni: every lead with the number leaves the queue and the
 * contact exports (docs/product/calls.md#non-chiamare-più).
 */
export const numeriNonChiamare = pgTable('numeri_non_chiamare', {
  telefonoNormalizzato: text('telefono_normalizzato').primaryKey(),
  leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const pratiche = pgTable(
  'pratiche',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    puntoFisicoId: integer('punto_fisico_id').references(() => puntiFisici.id, { onDelete: 'set null' }),
    statoPratica: text('stato_pratica').$type<PraticaStato>().notNull().default('inserita'),
    orarioContatto: text('orario_contatto'),
    indirizzoIp: text('indirizzo_ip'),
    userAgent: text('user_agent'),
    note: text('note'),
    documentiCaricati: jsonb('documenti_caricati'),
    dataCreazione: timestamp('data_creazione', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The customer's search text (leads.cerca) and phone key, copied from the lead by triggers
     * (by a trigger in the baseline; the default is never kept): the search box reads the practices' own trigram
     * index instead of each practice's customer. See docs/performance.md#ricerca-delle-pratiche
     */
    cerca: text('cerca').notNull().default(''),
    telefonoNormalizzato: text('telefono_normalizzato').notNull().default(''),
    /**
     * Held at a point other than its lead's first: the second shop of a returning customer sees
     * the lead through it (docs/product/roles-and-scope.md#lead-di-un-punto). Set by
     * markAltroPunto (src/server/modules/punti-fisici/scope.ts) wherever a practice is opened or moved.
     */
    altroPunto: boolean('altro_punto').notNull().default(false),
  },
  (t) => [
    index('pratiche_lead_idx').on(t.leadId),
    // A few in a hundred: the leads a point sees beyond those that came in there first.
    index('pratiche_altro_punto_idx')
      .on(t.puntoFisicoId, t.leadId)
      .where(sql`altro_punto`),
    index('pratiche_ricerca_idx').using(
      'gin',
      t.cerca.op('gin_trgm_ops'),
      t.telefonoNormalizzato.op('gin_trgm_ops'),
    ),
    index('pratiche_punto_data_id_idx').on(t.puntoFisicoId, t.dataCreazione, t.id),
    index('pratiche_stato_idx').on(t.statoPratica, t.dataCreazione),
    // The list's order with the search text and the point: a search's or a point name's page is
    // found in this index alone, newest first, without reading each practice it passes over
    // (docs/performance.md#filtri-delle-pratiche).
    index('pratiche_data_id_idx').on(t.dataCreazione, t.id, t.cerca, t.puntoFisicoId),
    check('pratiche_stato_check', inList('stato_pratica', PRATICA_STATI)),
  ],
);

export const fornitori = pgTable(
  'fornitori',
  {
    id: serial('id').primaryKey(),
    codice: text('codice').notNull(),
    nome: text('nome').notNull(),
    serviziSupportati: text('servizi_supportati')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('fornitori_codice_unique').on(t.codice)],
);

export const servizi = pgTable(
  'servizi',
  {
    id: serial('id').primaryKey(),
    praticaId: integer('pratica_id')
      .notNull()
      .references(() => pratiche.id, { onDelete: 'cascade' }),
    tipoServizio: text('tipo_servizio').$type<ServizioTipo>().notNull(),
    stato: text('stato').$type<ServizioStato>().notNull().default('inserito'),
    koMotivazione: text('ko_motivazione'),
    fornitoreId: integer('fornitore_id').references(() => fornitori.id, { onDelete: 'restrict' }),
    ridPresente: boolean('rid_presente').notNull().default(false),
    numeroForniture: integer('numero_forniture').notNull().default(1),
    bonusPuntoFisico: money('bonus_punto_fisico').notNull().default('0'),
    bonusAgente: money('bonus_agente').notNull().default('0'),
    bonusAreaManager: money('bonus_area_manager').notNull().default('0'),
    totaleVendita: money('totale_vendita'),
    dataCreazione: timestamp('data_creazione', { withTimezone: true }).notNull().defaultNow(),
    dataUltimoAggiornamento: timestamp('data_ultimo_aggiornamento', { withTimezone: true })
      .notNull()
      .defaultNow(),
    /** An outcome after activation (ripensamento, cessato, moroso) and its day. See docs/product/lifecycle.md#esiti-dopo-lattivazione */
    esitoPostAttivazione: text('esito_post_attivazione').$type<EsitoPostAttivazione>(),
    dataEsito: date('data_esito', { mode: 'string' }),
  },
  (t) => [
    index('servizi_pratica_idx').on(t.praticaId),
    // The practice list's service filters are EXISTS over servizi; its totals count them by
    // merging `pratiche_pkey` with one of these, in practice order: a status, a type (with its
    // statuses in the index), a KO reason (docs/performance.md#filtri-delle-pratiche).
    index('servizi_stato_pratica_idx').on(t.stato, t.praticaId),
    index('servizi_tipo_pratica_idx').on(t.tipoServizio, t.praticaId, t.stato),
    index('servizi_ko_pratica_idx')
      .on(t.koMotivazione, t.praticaId)
      .where(sql`stato = 'ko'`),
    check('servizi_tipo_check', inList('tipo_servizio', SERVIZIO_TIPI)),
    check('servizi_stato_check', inList('stato', SERVIZIO_STATI)),
    check('servizi_numero_forniture_check', sql`numero_forniture between 1 and 10`),
  ],
);

/**
 * The scheda contratto of a service (docs/product/scheda-contratto.md): the whole scheda in `dati`,
 * validated by the shared zod schema, and copies of what is searched or filtered in typed columns
 * with their own indexes (docs/decisions/055-scheda-contratto.md). `completa` is written with
 * every save from the shared rule (isSchedaCompleta); a service with no row is incomplete.
 */
export const schedeContratto = pgTable(
  'schede_contratto',
  {
    servizioId: integer('servizio_id')
      .primaryKey()
      .references(() => servizi.id, { onDelete: 'cascade' }),
    praticaId: integer('pratica_id')
      .notNull()
      .references(() => pratiche.id, { onDelete: 'cascade' }),
    dati: jsonb('dati').$type<Record<string, string | boolean>>().notNull(),
    completa: boolean('completa').notNull().default(false),
    codiceFiscale: text('codice_fiscale'),
    partitaIva: text('partita_iva'),
    pod: text('pod'),
    pdr: text('pdr'),
    aggiornataDa: integer('aggiornata_da').references(() => users.id, { onDelete: 'set null' }),
    aggiornataIl: timestamp('aggiornata_il', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schede_contratto_pratica_idx').on(t.praticaId),
    // Exact matches of the search box on a normalised code (docs/product/scheda-contratto.md#ricerca).
    index('schede_contratto_cf_idx')
      .on(t.codiceFiscale)
      .where(sql`codice_fiscale is not null`),
    index('schede_contratto_piva_idx')
      .on(t.partitaIva)
      .where(sql`partita_iva is not null`),
    index('schede_contratto_pod_idx')
      .on(t.pod)
      .where(sql`pod is not null`),
    index('schede_contratto_pdr_idx')
      .on(t.pdr)
      .where(sql`pdr is not null`),
  ],
);

/** Who changed a service's status, when, from what, to what and why. See docs/product/lifecycle.md#storico */
export const serviziStorico = pgTable(
  'servizi_storico',
  {
    id: serial('id').primaryKey(),
    servizioId: integer('servizio_id')
      .notNull()
      .references(() => servizi.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    daStato: text('da_stato'),
    aStato: text('a_stato').$type<ServizioStato>().notNull(),
    motivazione: text('motivazione'),
    /** Where a change came from when not typed by hand: 'esito fornitore, file X riga N' (docs/product/fornitori-esiti.md). */
    nota: text('nota'),
    createdAt: createdAt(),
  },
  (t) => [index('servizi_storico_servizio_idx').on(t.servizioId, t.createdAt)],
);

export const documenti = pgTable(
  'documenti',
  {
    id: serial('id').primaryKey(),
    praticaId: integer('pratica_id')
      .notNull()
      .references(() => pratiche.id, { onDelete: 'cascade' }),
    /** Random storage key: never derived from what the visitor sent. */
    filename: text('filename').notNull(),
    displayName: text('display_name').notNull(),
    /** Form part it came from: luceFile, gasPage1, combinedFile, … */
    parte: text('parte').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** Set on the pages that were also merged into one PDF document. */
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => documenti.id, {
      onDelete: 'set null',
    }),
    /** The staff member who attached it; null for the customer's own upload from the landing. */
    caricatoDaId: integer('caricato_da_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('documenti_filename_unique').on(t.filename),
    index('documenti_pratica_idx').on(t.praticaId),
  ],
);

/**
 * What happened to a practice beyond its services' statuses: documents added by staff and
 * deleted by the admin (docs/product/lifecycle.md#documenti). Names are kept as text, so the
 * record survives the document and the user.
 */
export const praticheEventi = pgTable(
  'pratiche_eventi',
  {
    id: serial('id').primaryKey(),
    praticaId: integer('pratica_id')
      .notNull()
      .references(() => pratiche.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who did it, as named at the time. */
    utenteNome: text('utente_nome'),
    tipo: text('tipo').$type<PraticaEventoTipo>().notNull(),
    descrizione: text('descrizione').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pratiche_eventi_pratica_idx').on(t.praticaId, t.createdAt),
    check('pratiche_eventi_tipo_check', inList('tipo', PRATICA_EVENTO_TIPI)),
  ],
);

export const commissioniFornitori = pgTable(
  'commissioni_fornitori',
  {
    id: serial('id').primaryKey(),
    fornitoreId: integer('fornitore_id')
      .notNull()
      .references(() => fornitori.id, { onDelete: 'cascade' }),
    servizio: text('servizio').$type<ServizioTipo>().notNull(),
    commissionePuntoFisico: money('commissione_punto_fisico').notNull().default('0'),
    commissioneAgente: money('commissione_agente').notNull().default('0'),
    commissioneAreaManager: money('commissione_area_manager').notNull().default('0'),
    ricavoBase: money('ricavo_base').notNull().default('0'),
    bonusRid: money('bonus_rid').notNull().default('0'),
    commissioneAggiuntivaPuntoFisico: money('commissione_aggiuntiva_punto_fisico').notNull().default('0'),
    commissioneAggiuntivaAgente: money('commissione_aggiuntiva_agente').notNull().default('0'),
    commissioneAggiuntivaAreaManager: money('commissione_aggiuntiva_area_manager').notNull().default('0'),
    commissioneAggiuntivaRidPuntoFisico: money('commissione_aggiuntiva_rid_punto_fisico')
      .notNull()
      .default('0'),
    commissioneAggiuntivaRidAgente: money('commissione_aggiuntiva_rid_agente').notNull().default('0'),
    commissioneAggiuntivaRidAreaManager: money('commissione_aggiuntiva_rid_area_manager')
      .notNull()
      .default('0'),
    percentualePuntoFisico: numeric('percentuale_punto_fisico', { precision: 5, scale: 2 })
      .notNull()
      .default('0'),
    percentualeAgente: numeric('percentuale_agente', { precision: 5, scale: 2 }).notNull().default('0'),
    percentualeAreaManager: numeric('percentuale_area_manager', { precision: 5, scale: 2 })
      .notNull()
      .default('0'),
    percentualeStruttura: numeric('percentuale_struttura', { precision: 5, scale: 2 }).notNull().default('0'),
    /** The clawback rule: within stornoMesi months of activation, in full or pro rata (docs/product/commissions.md#regole-di-storno). */
    stornoMesi: integer('storno_mesi'),
    stornoModo: text('storno_modo').$type<ModoStorno>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('commissioni_fornitori_fornitore_servizio_unique').on(t.fornitoreId, t.servizio),
    check('commissioni_fornitori_storno_modo_check', inList('storno_modo', MODI_STORNO)),
  ],
);

export const commissioni = pgTable(
  'commissioni',
  {
    id: serial('id').primaryKey(),
    praticaId: integer('pratica_id')
      .notNull()
      .references(() => pratiche.id, { onDelete: 'cascade' }),
    servizioId: integer('servizio_id')
      .notNull()
      .references(() => servizi.id, { onDelete: 'cascade' }),
    tipoServizio: text('tipo_servizio').$type<ServizioTipo>().notNull(),
    fornitoreId: integer('fornitore_id').references(() => fornitori.id, { onDelete: 'restrict' }),
    /** Snapshot of the customer's name at completion, for the payout list. */
    customerName: text('customer_name').notNull(),
    puntoFisicoId: integer('punto_fisico_id').references(() => puntiFisici.id, { onDelete: 'set null' }),
    /** Payees fixed at computation time: later changes to the point don't move money. See docs/product/commissions.md#beneficiari */
    payeePuntoFisicoId: integer('payee_punto_fisico_id').references(() => users.id, { onDelete: 'restrict' }),
    payeeAgenteId: integer('payee_agente_id').references(() => users.id, { onDelete: 'restrict' }),
    payeeAreaManagerId: integer('payee_area_manager_id').references(() => users.id, { onDelete: 'restrict' }),
    unitaBase: integer('unita_base').notNull().default(0),
    unitaAggiuntive: integer('unita_aggiuntive').notNull().default(0),
    importoPuntoFisico: money('importo_punto_fisico').notNull(),
    importoAgente: money('importo_agente').notNull(),
    importoAreaManager: money('importo_area_manager').notNull(),
    importoAmministrazione: money('importo_amministrazione').notNull(),
    hasBonus: boolean('has_bonus').notNull().default(false),
    bonusApplicati: jsonb('bonus_applicati').$type<{
      puntoFisico: string;
      agente: string;
      areaManager: string;
    }>(),
    statoPagamento: text('stato_pagamento').$type<PagamentoStato>().notNull().default('non_pagato'),
    notePagamento: text('note_pagamento'),
    dataPagamento: timestamp('data_pagamento', { withTimezone: true }),
    dataCompletamento: timestamp('data_completamento', { withTimezone: true }).notNull().defaultNow(),
    /** A storno row negates a paid commission whose service left 'completato'. See docs/product/commissions.md#storni */
    stornoOfId: integer('storno_of_id').references((): AnyPgColumn => commissioni.id, {
      onDelete: 'restrict',
    }),
    /**
     * Maturing (docs/product/commissions.md#maturazione): the contract's day and channel, and the
     * last day of its withdrawal window. Null on storni and on commissions older than the window.
     */
    dataContratto: date('data_contratto', { mode: 'string' }),
    canale: text('canale').$type<Canale>(),
    fineRipensamento: date('fine_ripensamento', { mode: 'string' }),
    /** Paid while still in maturazione: an advance. */
    anticipo: boolean('anticipo').notNull().default(false),
    /** The supplier's clawback rule when the commission was computed. */
    regolaStorno: jsonb('regola_storno').$type<RegolaStorno>(),
    /** On a storno row after an outcome: why, when, and the share the rule took back. */
    stornoDettaglio: jsonb('storno_dettaglio').$type<StornoDettaglio>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('commissioni_pratica_idx').on(t.praticaId),
    index('commissioni_servizio_idx').on(t.servizioId),
    index('commissioni_punto_idx').on(t.puntoFisicoId),
    // One index per role's scope, in the list's order (docs/performance.md#indici): a page reads its rows only.
    index('commissioni_data_id_idx').on(t.dataCompletamento, t.id),
    index('commissioni_stato_data_id_idx').on(t.statoPagamento, t.dataCompletamento, t.id),
    index('commissioni_amministrazione_idx')
      .on(t.dataCompletamento, t.id)
      .where(sql`importo_amministrazione <> 0`),
    index('commissioni_payee_pf_idx').on(t.payeePuntoFisicoId),
    index('commissioni_payee_ag_idx').on(t.payeeAgenteId),
    index('commissioni_payee_am_idx').on(t.payeeAreaManagerId),
    index('commissioni_pf_elenco_idx')
      .on(t.payeePuntoFisicoId, t.dataCompletamento, t.id)
      .where(sql`importo_punto_fisico <> 0`),
    index('commissioni_ag_elenco_idx')
      .on(t.payeeAgenteId, t.dataCompletamento, t.id)
      .where(sql`importo_agente <> 0`),
    index('commissioni_am_elenco_idx')
      .on(t.payeeAreaManagerId, t.dataCompletamento, t.id)
      .where(sql`importo_area_manager <> 0`),
    // A payee's list filtered by payment status ('Pagate'): its rows of that status in date order,
    // instead of walking back past the unpaid ones (docs/performance.md#commissioni-per-stato).
    index('commissioni_pf_stato_idx')
      .on(t.payeePuntoFisicoId, t.statoPagamento, t.dataCompletamento, t.id)
      .where(sql`importo_punto_fisico <> 0`),
    index('commissioni_ag_stato_idx')
      .on(t.payeeAgenteId, t.statoPagamento, t.dataCompletamento, t.id)
      .where(sql`importo_agente <> 0`),
    index('commissioni_am_stato_idx')
      .on(t.payeeAreaManagerId, t.statoPagamento, t.dataCompletamento, t.id)
      .where(sql`importo_area_manager <> 0`),
    // The same for the amministrazione's scope.
    index('commissioni_amministrazione_stato_idx')
      .on(t.statoPagamento, t.dataCompletamento, t.id)
      .where(sql`importo_amministrazione <> 0`),
    uniqueIndex('commissioni_storno_of_unique').on(t.stornoOfId),
    // The commissions still in their window: few, whatever the table's size.
    index('commissioni_fine_ripensamento_idx').on(t.fineRipensamento),
    check('commissioni_stato_pagamento_check', inList('stato_pagamento', PAGAMENTO_STATI)),
  ],
);

/**
 * The register of commission statements (docs/decisions/012-estratti-conto-e-documenti.md): one
 * row per distinct statement produced, numbered without gaps within the year of production.
 * The same content asked for again gets its number back; a changed one gets the next number.
 */
export const estrattiConto = pgTable(
  'estratti_conto',
  {
    id: serial('id').primaryKey(),
    anno: integer('anno').notNull(),
    numero: integer('numero').notNull(),
    beneficiarioId: integer('beneficiario_id').references(() => users.id, { onDelete: 'set null' }),
    /** The payee as printed: name, e-mail, role; kept when the user changes or goes. */
    intestatario: jsonb('intestatario')
      .$type<{ nome: string; cognome: string; email: string; ruolo: string }>()
      .notNull(),
    periodo: text('periodo').notNull(),
    /** sha256 of what the statement says (rows, amounts, payment states, payee): same content, same number. */
    impronta: text('impronta').notNull(),
    /** The totals it stated, in decimal strings. */
    totali: jsonb('totali').$type<Record<string, string | number>>().notNull(),
    prodottoDaId: integer('prodotto_da_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('estratti_conto_anno_numero_unique').on(t.anno, t.numero),
    index('estratti_conto_beneficiario_idx').on(t.beneficiarioId, t.periodo, t.impronta),
  ],
);

/** The last number given in each year; its row lock makes numbering one at a time, without gaps. */
export const estrattiContoContatori = pgTable('estratti_conto_contatori', {
  anno: integer('anno').primaryKey(),
  ultimo: integer('ultimo').notNull(),
});

/**
 * Privacy consent given on the landing: what, when, from where (GDPR art. 7 proof). Append-only:
 * a trigger refuses every DELETE and every UPDATE but the one pseudonymisation that an erasure
 * makes (docs/privacy.md#consensi). Lead and practice are plain ids, not foreign keys, so the
 * proof outlives them.
 */
export const consensi = pgTable(
  'consensi',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id').notNull(),
    praticaId: integer('pratica_id'),
    versioneInformativa: text('versione_informativa').notNull(),
    testo: text('testo').notNull(),
    accettatoAt: timestamp('accettato_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Keyed hashes (HMAC-SHA256) of the normalised phone and e-mail, written by the erasure. */
    improntaTelefono: text('impronta_telefono'),
    improntaEmail: text('impronta_email'),
    pseudonimizzatoAt: timestamp('pseudonimizzato_at', { withTimezone: true }),
  },
  (t) => [
    index('consensi_lead_idx').on(t.leadId),
    index('consensi_impronta_telefono_idx').on(t.improntaTelefono),
    index('consensi_impronta_email_idx').on(t.improntaEmail),
  ],
);

/**
 * The audit log (docs/privacy.md#registro-delle-attività): who did what, when, from where.
 * Append-only (a trigger refuses UPDATE and DELETE). The actor is a plain id with the name and
 * e-mail as they were, so a record outlives the user and never changes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    createdAt: createdAt(),
    tipo: text('tipo').$type<AuditTipo>().notNull(),
    utenteId: integer('utente_id'),
    /** "Nome Cognome <email>" at the time, or the e-mail typed at a failed sign-in. */
    utente: text('utente'),
    ip: text('ip'),
    oggettoTipo: text('oggetto_tipo'),
    oggettoId: integer('oggetto_id'),
    dettagli: jsonb('dettagli').$type<Record<string, unknown>>(),
  },
  (t) => [
    // One index per filter, each in the screen's order (newest first), for keyset pages.
    index('audit_log_data_id_idx').on(t.createdAt, t.id),
    index('audit_log_tipo_data_id_idx').on(t.tipo, t.createdAt, t.id),
    index('audit_log_utente_data_id_idx').on(t.utenteId, t.createdAt, t.id),
    check('audit_log_tipo_check', inList('tipo', AUDIT_TIPI)),
  ],
);

/** Settings the admin changes from the back-office (e.g. the retention of unconverted leads). */
export const impostazioni = pgTable('impostazioni', {
  chiave: text('chiave').primaryKey(),
  valore: jsonb('valore').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** A repeated submission with the same key returns the stored answer and creates nothing. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    scope: text('scope').notNull(),
    praticaId: integer('pratica_id').references(() => pratiche.id, { onDelete: 'cascade' }),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * One row per periodic job: who holds it and until when. Claiming is one atomic upsert, so with
 * several instances on one database each run happens on one of them (docs/architecture.md#lavori-periodici).
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  lockedBy: text('locked_by').notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/**
 * Rate-limit windows shared by every instance on PostgreSQL: one row per key (route and IP, or
 * login and e-mail…), counted with one atomic upsert per hit. Expired rows are removed by a
 * periodic job. On the embedded database the counters live in the process instead.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Days on which a once-a-day job (the morning digest) has done its work, so that later runs of
 * the same day skip it without recomputing anything.
 */
export const jobDailyRuns = pgTable(
  'job_daily_runs',
  {
    job: text('job').notNull(),
    /** Europe/Rome calendar day, yyyy-MM-dd. */
    day: text('day').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);

/**
 * The e-mail outbox (docs/product/notifications.md): every message is written here in the transaction of
 * the event that causes it, then sent by the worker. The dedupe key makes enqueueing idempotent
 * (one digest per person per day, one notice per person per event).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    tipo: text('tipo').$type<EmailTipo>().notNull(),
    destinatario: text('destinatario').notNull(),
    oggetto: text('oggetto').notNull(),
    testo: text('testo').notNull(),
    html: text('html').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    stato: text('stato').$type<EmailStato>().notNull().default('in_coda'),
    tentativi: integer('tentativi').notNull().default(0),
    prossimoTentativoAt: timestamp('prossimo_tentativo_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `in_invio`: the worker's claim; past it, another worker may take the row over. */
    bloccatoFinoAt: timestamp('bloccato_fino_at', { withTimezone: true }),
    /** Unsent by then, the message is no longer useful and becomes `scaduto`. */
    scadeAt: timestamp('scade_at', { withTimezone: true }).notNull(),
    ultimoErrore: text('ultimo_errore'),
    messageId: text('message_id'),
    inviatoAt: timestamp('inviato_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Who it is for, when staff; null for the customer's confirmation. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Deleting a lead or practice deletes the messages about it (they carry the customer's data). */
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    praticaId: integer('pratica_id').references(() => pratiche.id, { onDelete: 'cascade' }),
    /** A calendar invitation (ICS text) sent with the message (docs/product/calls.md#calendario). */
    allegatoIcs: text('allegato_ics'),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_key_unique').on(t.dedupeKey),
    // The worker's claim reads only the rows still to send, by due time.
    index('email_outbox_da_inviare_idx')
      .on(t.prossimoTentativoAt)
      .where(sql`stato in ('in_coda', 'in_invio')`),
    // Every run of the worker (one per submission) expires the unsent rows past scade_at: by index,
    // not a scan of the queue, which grows as long as SMTP is not configured.
    index('email_outbox_scadenza_idx')
      .on(t.scadeAt)
      .where(sql`stato in ('in_coda', 'in_invio')`),
    // The admin's log: newest first, all or one status.
    index('email_outbox_created_idx').on(t.createdAt, t.id),
    index('email_outbox_stato_created_idx').on(t.stato, t.createdAt, t.id),
    index('email_outbox_user_idx').on(t.userId),
    index('email_outbox_lead_idx').on(t.leadId),
    index('email_outbox_pratica_idx').on(t.praticaId),
    check('email_outbox_tipo_check', inList('tipo', EMAIL_TIPI)),
    check('email_outbox_stato_check', inList('stato', EMAIL_STATI)),
  ],
);

/** A user's explicit on/off per kind; without a row the role's default applies (docs/product/notifications.md). */
export const notifichePreferenze = pgTable(
  'notifiche_preferenze',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: text('tipo').$type<NotificaTipo>().notNull(),
    attiva: boolean('attiva').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tipo] }),
    check('notifiche_preferenze_tipo_check', inList('tipo', NOTIFICA_TIPI)),
  ],
);

/**
 * A user's TOTP second factor (docs/security.md#verifica-in-due-passaggi). The secret is
 * encrypted at rest (AES-256-GCM, key derived from SESSION_SECRET) and never sent again after
 * enrolment. `confirmedAt` null: an enrolment started and not yet confirmed with a code, which
 * does not protect the account yet. `lastStep` is the time step of the last accepted code: a code
 * of that step or an older one is refused, so an observed code cannot be replayed.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per enrolled user, stored as SHA-256 hashes; a used one keeps its row. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in half done: the password was right and the second factor is still due ('totp'), or
 * the user's role requires one that they have not enrolled yet ('enrol'). Not a session: it
 * opens nothing but the second step. Stored as the HMAC of the token, like sessions.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'totp' | 'enrol'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_challenges_user_idx').on(t.userId),
    index('login_challenges_expires_idx').on(t.expiresAt),
    check('login_challenges_kind_check', inList('kind', ['totp', 'enrol'])),
  ],
);

/** Per-role security settings set by the admin: today whether the second factor is required. */
export const roleSettings = pgTable(
  'role_settings',
  {
    role: text('role').$type<Role>().primaryKey(),
    totpRequired: boolean('totp_required').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  () => [
    check(
      'role_settings_role_check',
      inList('role', ['admin', 'amministrazione', 'area_manager', 'agente', 'punto_fisico']),
    ),
  ],
);

/**
 * Each point's figures, kept by triggers in the same transaction as every change to leads,
 * practices and services (one definition each, in the baseline): the dashboard's cards, a point's
 * row in Punti fisici and the practice list's status buttons are exact at any size.
 * `puntoFisicoId`: the point, 0 = none. `voce`: 'lead' (the leads that came in there first);
 * 'pratiche'; 'servizi|tipo|stato' (services); 'pratiche|tipo|stato', 'pratiche|*|stato' and
 * 'pratiche|tipo|*' (practices with at least one such service). A sum over points is exact: a
 * lead has one first point, a practice one point. See docs/performance.md#contatori
 */
export const contatoriPunti = pgTable(
  'contatori_punti',
  {
    puntoFisicoId: integer('punto_fisico_id').notNull(),
    voce: text('voce').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.puntoFisicoId, t.voce] }),
    // One figure over every point (the company's): one range of this index.
    index('contatori_punti_voce_idx').on(t.voce, t.puntoFisicoId, t.n),
  ],
);

/**
 * One row per service with its practice's date and point, kept by triggers in the same
 * transaction as every change to `servizi` and `pratiche`: the practice list filtered by status or
 * KO reason over the whole company reads each (type, status) range of these indexes in the list's
 * order, instead of walking back through the newest practices, nearly all still 'inserito'
 * (measured in docs/performance.md#filtri-delle-pratiche); and the leads list's total for a
 * service filter finds a type's leads, at some points or all, without reading every practice of
 * those points (docs/performance.md#lista-dei-lead). Never written by the application.
 */
export const serviziElenco = pgTable(
  'servizi_elenco',
  {
    servizioId: integer('servizio_id').primaryKey(),
    praticaId: integer('pratica_id').notNull(),
    leadId: integer('lead_id').notNull(),
    puntoFisicoId: integer('punto_fisico_id'),
    tipoServizio: text('tipo_servizio').notNull(),
    stato: text('stato').notNull(),
    koMotivazione: text('ko_motivazione'),
    /** The practice's dataCreazione (the list's order), not the service's. */
    dataCreazione: timestamp('data_creazione', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('servizi_elenco_idx').on(t.tipoServizio, t.stato, t.dataCreazione, t.praticaId, t.leadId),
    index('servizi_elenco_punto_idx').on(
      t.puntoFisicoId,
      t.tipoServizio,
      t.stato,
      t.dataCreazione,
      t.praticaId,
      t.leadId,
    ),
    // A type's leads in lead order: a bounded count of them stops at its bound.
    index('servizi_elenco_lead_idx').on(t.tipoServizio, t.leadId),
    index('servizi_elenco_ko_idx')
      .on(t.tipoServizio, t.koMotivazione, t.dataCreazione, t.praticaId)
      .where(sql`stato = 'ko'`),
    // A status or KO reason of any type, without a point: one range instead of one per type.
    index('servizi_elenco_stato_idx').on(t.stato, t.dataCreazione, t.praticaId),
    index('servizi_elenco_ko_motivo_idx')
      .on(t.koMotivazione, t.dataCreazione, t.praticaId)
      .where(sql`stato = 'ko'`),
  ],
);

/**
 * Commission sums per Europe/Rome day, kept by triggers in the same transaction as every change
 * to `commissioni` (in the baseline), so that the dashboard and a point's stats read a few hundred
 * rows instead of summing every commission in scope (docs/performance.md#somme-delle-commissioni).
 * `ambito`/`ambitoId`: 'admin' (0, importo_amministrazione of every row), 'amministrazione' (0, the
 * four amounts of the rows with importo_amministrazione ≠ 0), or a payee slot ('punto_fisico',
 * 'agente', 'area_manager', ambitoId = user id: its own amount).
 * `puntoFisicoId`: 0 = every commission of the scope (with or without a point), otherwise only
 * the commissions of that point. `giorno`: the Rome day of data_completamento.
 */
export const commissioniGiorni = pgTable(
  'commissioni_giorni',
  {
    ambito: text('ambito').notNull(),
    ambitoId: integer('ambito_id').notNull(),
    puntoFisicoId: integer('punto_fisico_id').notNull(),
    giorno: date('giorno', { mode: 'string' }).notNull(),
    // Migration 0014: split by payment status and storno, with the scope's row count, so that the
    // Commissioni summary and the statements' totals read these rows too.
    statoPagamento: text('stato_pagamento').$type<PagamentoStato>().notNull().default('non_pagato'),
    storno: boolean('storno').notNull().default(false),
    righe: integer('righe').notNull().default(0),
    importo: numeric('importo', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'commissioni_giorni_pk',
      columns: [t.ambito, t.ambitoId, t.puntoFisicoId, t.giorno, t.statoPagamento, t.storno],
    }),
  ],
);

/**
 * A password invitation (docs/product/importazione.md#inviti): a user with no password sets one
 * through the e-mailed link. Only the token's SHA-256 is stored; valid 72 hours, used once.
 */
export const invitiPassword = pgTable(
  'inviti_password',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('inviti_password_user_idx').on(t.userId)],
);

/** An uploaded file being imported, its column mapping and its progress (docs/product/importazione.md). */
export const importazioni = pgTable(
  'importazioni',
  {
    id: serial('id').primaryKey(),
    tipo: text('tipo').$type<ImportTipo>().notNull(),
    nomeFile: text('nome_file').notNull(),
    stato: text('stato').$type<ImportStato>().notNull().default('caricata'),
    intestazioni: jsonb('intestazioni').$type<string[]>().notNull(),
    rigaIntestazione: integer('riga_intestazione').notNull(),
    mappatura: jsonb('mappatura').$type<Record<string, number | null>>(),
    righeNonValide: text('righe_non_valide').$type<ImportRigheNonValide>().notNull().default('salta'),
    /** Leads only: completed services get their commission ('calcola le commissioni per i servizi completati'). */
    calcolaCommissioni: boolean('calcola_commissioni').notNull().default(false),
    totale: integer('totale').notNull(),
    elaborate: integer('elaborate').notNull().default(0),
    conteggi: jsonb('conteggi').$type<Record<ImportEsito, number>>(),
    creatoDa: integer('creato_da').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completataAt: timestamp('completata_at', { withTimezone: true }),
  },
  () => [
    check('importazioni_tipo_check', inList('tipo', IMPORT_TIPI)),
    check('importazioni_stato_check', inList('stato', IMPORT_STATI)),
    check('importazioni_righe_non_valide_check', inList('righe_non_valide', IMPORT_RIGHE_NON_VALIDE)),
  ],
);

/** One data row of an import: its cells as read, and what the check or the apply said of it. */
export const importazioniRighe = pgTable(
  'importazioni_righe',
  {
    importazioneId: integer('importazione_id')
      .notNull()
      .references(() => importazioni.id, { onDelete: 'cascade' }),
    /** The row's number in the spreadsheet (1 = the file's first line), as the user sees it. */
    riga: integer('riga').notNull(),
    valori: jsonb('valori').$type<string[]>().notNull(),
    esito: text('esito').$type<ImportEsito>(),
    errori: jsonb('errori').$type<Array<{ colonna: string; valore: string; motivo: string }>>(),
  },
  (t) => [
    primaryKey({ columns: [t.importazioneId, t.riga] }),
    check(
      'importazioni_righe_esito_check',
      sql.raw(`esito is null or esito in (${IMPORT_ESITI.map((v) => `'${v}'`).join(', ')})`),
    ),
  ],
);

/** The mapping confirmed for a set of headers, offered again for the next file with the same ones. */
export const importMappature = pgTable(
  'import_mappature',
  {
    tipo: text('tipo').$type<ImportTipo>().notNull(),
    chiave: text('chiave').notNull(),
    mappatura: jsonb('mappatura').$type<Record<string, number | null>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tipo, t.chiave] })],
);

/**
 * The reading of a bill attached to a practice (docs/product/lettura-bolletta.md): queued in the
 * transaction that stores the document, read by the `letture-bollette` job one at a time, off the
 * request path. `bloccataFinoAt` is the running reader's claim: past it (the process died), the
 * next run takes the reading again, up to a few attempts.
 */
export const lettureBollette = pgTable(
  'letture_bollette',
  {
    id: serial('id').primaryKey(),
    documentoId: integer('documento_id')
      .notNull()
      .references(() => documenti.id, { onDelete: 'cascade' }),
    praticaId: integer('pratica_id')
      .notNull()
      .references(() => pratiche.id, { onDelete: 'cascade' }),
    stato: text('stato').$type<LetturaStato>().notNull().default('in_coda'),
    tentativi: integer('tentativi').notNull().default(0),
    bloccataFinoAt: timestamp('bloccata_fino_at', { withTimezone: true }),
    /** Why a bill is `illeggibile`: a code (nessun_testo, tempo_scaduto, errore), never its text. */
    motivo: text('motivo'),
    createdAt: createdAt(),
    finitaAt: timestamp('finita_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('letture_bollette_documento_unique').on(t.documentoId),
    index('letture_bollette_pratica_idx').on(t.praticaId),
    // The job's claim reads only the readings still to do, oldest first.
    index('letture_bollette_da_fare_idx')
      .on(t.id)
      .where(sql`stato in ('in_coda', 'in_corso')`),
    check('letture_bollette_stato_check', inList('stato', LETTURA_STATI)),
  ],
);

/**
 * A value the bill reader proposes for a service's scheda, and the operator's decision. Nothing
 * here writes the scheda: the operator's own save does (docs/product/lettura-bolletta.md).
 */
export const proposteScheda = pgTable(
  'proposte_scheda',
  {
    id: serial('id').primaryKey(),
    servizioId: integer('servizio_id')
      .notNull()
      .references(() => servizi.id, { onDelete: 'cascade' }),
    letturaId: integer('lettura_id')
      .notNull()
      .references(() => lettureBollette.id, { onDelete: 'cascade' }),
    campo: text('campo').$type<CampoProposta>().notNull(),
    valore: text('valore').notNull(),
    pagina: integer('pagina').notNull(),
    /** 0–1, two decimals. */
    confidenza: real('confidenza').notNull(),
    stato: text('stato').$type<PropostaStato>().notNull().default('proposta'),
    decisaDaId: integer('decisa_da_id').references(() => users.id, { onDelete: 'set null' }),
    /** The decider's name as it was: the record survives the user. */
    decisaDaNome: text('decisa_da_nome'),
    decisaAt: timestamp('decisa_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('proposte_scheda_servizio_idx').on(t.servizioId, t.id),
    index('proposte_scheda_lettura_idx').on(t.letturaId),
    index('proposte_scheda_decisa_da_idx').on(t.decisaDaId),
    check('proposte_scheda_campo_check', inList('campo', CAMPI_PROPOSTA)),
    check('proposte_scheda_stato_check', inList('stato', PROPOSTA_STATI)),
    check('proposte_scheda_confidenza_check', sql`confidenza between 0 and 1`),
  ],
);

/**
 * A payee's fiscal profile (50b): what their statement withholds, Enasarco and the ritenuta
 * d'acconto (docs/product/commissions.md#profilo-fiscale). One row per user, set by the admin;
 * it goes with the user.
 */
export const profiliFiscali = pgTable(
  'profili_fiscali',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: text('tipo').$type<TipoProfiloFiscale>().notNull(),
    partitaIva: text('partita_iva').notNull(),
    regime: text('regime').$type<RegimeFiscale>().notNull(),
    /** 50 or 20: the share of the commission the ritenuta is computed on. */
    baseRitenuta: integer('base_ritenuta').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('profili_fiscali_updated_by_idx').on(t.updatedById),
    check('profili_fiscali_tipo_check', inList('tipo', TIPI_PROFILO_FISCALE)),
    check('profili_fiscali_regime_check', inList('regime', REGIMI_FISCALI)),
    check('profili_fiscali_base_check', sql`base_ritenuta in (50, 20)`),
  ],
);

/**
 * A supplier's outcome file ('esiti', docs/product/fornitori-esiti.md): uploaded for one supplier
 * (and service type), checked against the mapping in the preview, applied as a job.
 */
export const esitiCaricamenti = pgTable(
  'esiti_caricamenti',
  {
    id: serial('id').primaryKey(),
    fornitoreId: integer('fornitore_id')
      .notNull()
      .references(() => fornitori.id, { onDelete: 'cascade' }),
    tipoServizio: text('tipo_servizio').$type<ServizioTipo>(),
    nomeFile: text('nome_file').notNull(),
    stato: text('stato').$type<EsitiCaricamentoStato>().notNull().default('caricato'),
    intestazioni: jsonb('intestazioni').$type<string[]>().notNull(),
    rigaIntestazione: integer('riga_intestazione').notNull(),
    /** The distinct values of each column (the first few), for the value mapping step. */
    valoriColonne: jsonb('valori_colonne').$type<string[][]>().notNull(),
    mappatura: jsonb('mappatura').$type<EsitiMappatura>(),
    totale: integer('totale').notNull(),
    elaborate: integer('elaborate').notNull().default(0),
    conteggi: jsonb('conteggi').$type<Partial<Record<EsitoRigaEsito, number>>>(),
    creatoDa: integer('creato_da').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completatoAt: timestamp('completato_at', { withTimezone: true }),
  },
  () => [check('esiti_caricamenti_stato_check', inList('stato', ESITI_CARICAMENTO_STATI))],
);

/** The mapping of a supplier's outcome file: header texts, and each outcome value's target. */
export interface EsitiMappatura {
  identificativi: Partial<Record<EsitoIdentificativo, string | null>>;
  esito: string;
  data: string | null;
  valori: Record<string, EsitoAzione>;
}

/** One data row of an outcome file: its cells, and what the preview or the apply said of it. */
export const esitiRighe = pgTable(
  'esiti_righe',
  {
    caricamentoId: integer('caricamento_id')
      .notNull()
      .references(() => esitiCaricamenti.id, { onDelete: 'cascade' }),
    riga: integer('riga').notNull(),
    valori: jsonb('valori').$type<string[]>().notNull(),
    esito: text('esito').$type<EsitoRigaEsito>(),
    servizioId: integer('servizio_id'),
    motivo: text('motivo'),
  },
  (t) => [
    primaryKey({ columns: [t.caricamentoId, t.riga] }),
    index('esiti_righe_servizio_idx')
      .on(t.caricamentoId, t.servizioId)
      .where(sql`servizio_id is not null`),
    check(
      'esiti_righe_esito_check',
      sql.raw(`esito is null or esito in (${ESITO_RIGA_ESITI.map((v) => `'${v}'`).join(', ')})`),
    ),
  ],
);

/** The last confirmed mapping of each supplier, proposed for its next file. */
export const esitiMappature = pgTable('esiti_mappature', {
  fornitoreId: integer('fornitore_id')
    .primaryKey()
    .references(() => fornitori.id, { onDelete: 'cascade' }),
  mappatura: jsonb('mappatura').$type<EsitiMappatura>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A supplier's layout for one kind of service (docs/product/fornitori-invii.md#tracciato): each
 * save is a new version, never an update, so a batch names the exact layout it was written with.
 */
export const tracciatiFornitori = pgTable(
  'tracciati_fornitori',
  {
    id: serial('id').primaryKey(),
    fornitoreId: integer('fornitore_id')
      .notNull()
      .references(() => fornitori.id, { onDelete: 'cascade' }),
    tipoServizio: text('tipo_servizio').$type<ServizioTipo>().notNull(),
    versione: integer('versione').notNull(),
    colonne: jsonb('colonne').$type<ColonnaTracciato[]>().notNull(),
    salvatoDaId: integer('salvato_da_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name as it was: the record survives the user. */
    salvatoDaNome: text('salvato_da_nome'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tracciati_fornitori_versione_unique').on(t.fornitoreId, t.tipoServizio, t.versione),
    index('tracciati_fornitori_salvato_da_idx').on(t.salvatoDaId),
  ],
);

/**
 * A batch of services sent to a supplier (docs/product/fornitori-invii.md#lotti): numbered per
 * supplier, with the layout version and the file itself (a key of the document storage).
 */
export const inviiLotti = pgTable(
  'invii_lotti',
  {
    id: serial('id').primaryKey(),
    fornitoreId: integer('fornitore_id')
      .notNull()
      .references(() => fornitori.id, { onDelete: 'restrict' }),
    numero: integer('numero').notNull(),
    tipoServizio: text('tipo_servizio').$type<ServizioTipo>().notNull(),
    formato: text('formato').$type<'xlsx' | 'csv'>().notNull(),
    /** 0: the default layout. */
    tracciatoVersione: integer('tracciato_versione').notNull(),
    fileKey: text('file_key').notNull(),
    righe: integer('righe').notNull(),
    reinvioDiId: integer('reinvio_di_id').references((): AnyPgColumn => inviiLotti.id, {
      onDelete: 'set null',
    }),
    creatoDaId: integer('creato_da_id').references(() => users.id, { onDelete: 'set null' }),
    creatoDaNome: text('creato_da_nome'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invii_lotti_numero_unique').on(t.fornitoreId, t.numero),
    uniqueIndex('invii_lotti_file_key_unique').on(t.fileKey),
    index('invii_lotti_reinvio_di_idx').on(t.reinvioDiId),
    index('invii_lotti_creato_da_idx').on(t.creatoDaId),
    check('invii_lotti_formato_check', sql`formato in ('xlsx', 'csv')`),
  ],
);

/**
 * The services of each batch. `invio` counts the sendings of one service (1 the first, 2 an
 * 'Invia di nuovo'…): unique per service, so two exports racing for the same service cannot both
 * send it, and only a deliberate re-send makes a second row.
 */
export const inviiLottiServizi = pgTable(
  'invii_lotti_servizi',
  {
    lottoId: integer('lotto_id')
      .notNull()
      .references(() => inviiLotti.id, { onDelete: 'cascade' }),
    servizioId: integer('servizio_id')
      .notNull()
      .references(() => servizi.id, { onDelete: 'cascade' }),
    invio: integer('invio').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lottoId, t.servizioId] }),
    uniqueIndex('invii_lotti_servizi_invio_unique').on(t.servizioId, t.invio),
  ],
);

// ---- Supplier payment reconciliation (49c, docs/product/fornitori-riconciliazione.md) ----

/** The columns of a supplier's statement, as confirmed last time: proposed for its next file. */
export const estrattiMappature = pgTable('estratti_mappature', {
  fornitoreId: integer('fornitore_id')
    .primaryKey()
    .references(() => fornitori.id, { onDelete: 'cascade' }),
  mappatura: jsonb('mappatura')
    .$type<{ identificativi: Array<{ colonna: string; chiave: string }>; importo: string }>()
    .notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An uploaded statement waiting for its preview and confirmation: its rows are kept here, and
 * nothing is a reconciliation until the office confirms (then `confermatoAt` is set).
 */
export const estrattiFornitori = pgTable(
  'estratti_fornitori',
  {
    id: serial('id').primaryKey(),
    fornitoreId: integer('fornitore_id')
      .notNull()
      .references(() => fornitori.id, { onDelete: 'cascade' }),
    /** yyyy-MM, a Europe/Rome calendar month. */
    periodo: text('periodo').notNull(),
    nomeFile: text('nome_file').notNull(),
    intestazioni: jsonb('intestazioni').$type<string[]>().notNull(),
    rigaIntestazione: integer('riga_intestazione').notNull(),
    /** The mapping of the last preview; null until one ran. */
    mappatura: jsonb('mappatura').$type<{
      identificativi: Array<{ colonna: string; chiave: string }>;
      importo: string;
    }>(),
    totale: integer('totale').notNull(),
    creatoDa: integer('creato_da').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    confermatoAt: timestamp('confermato_at', { withTimezone: true }),
  },
  (t) => [index('estratti_fornitori_fornitore_idx').on(t.fornitoreId, t.periodo)],
);

/** One data row of a statement: its cells, and after the preview its amount and service. */
export const estrattiFornitoriRighe = pgTable(
  'estratti_fornitori_righe',
  {
    estrattoId: integer('estratto_id')
      .notNull()
      .references(() => estrattiFornitori.id, { onDelete: 'cascade' }),
    riga: integer('riga').notNull(),
    valori: jsonb('valori').$type<string[]>().notNull(),
    esito: text('esito').$type<EstrattoRigaEsito>(),
    servizioId: integer('servizio_id').references(() => servizi.id, { onDelete: 'set null' }),
    importo: money('importo'),
    /** The identifier as the file writes it, for the lines a person reads. */
    identificativo: text('identificativo'),
  },
  (t) => [
    primaryKey({ columns: [t.estrattoId, t.riga] }),
    check(
      'estratti_fornitori_righe_esito_check',
      sql.raw(`esito is null or esito in (${ESTRATTO_RIGA_ESITI.map((v) => `'${v}'`).join(', ')})`),
    ),
  ],
);

/** One supplier and month, reconciled: totals kept, lines in riconciliazioniVoci; closed = read-only. */
export const riconciliazioni = pgTable(
  'riconciliazioni',
  {
    id: serial('id').primaryKey(),
    fornitoreId: integer('fornitore_id')
      .notNull()
      .references(() => fornitori.id, { onDelete: 'restrict' }),
    periodo: text('periodo').notNull(),
    estrattoId: integer('estratto_id')
      .notNull()
      .references(() => estrattiFornitori.id, { onDelete: 'restrict' }),
    stato: text('stato').$type<RiconciliazioneStato>().notNull().default('aperta'),
    atteso: money('atteso').notNull(),
    pagato: money('pagato').notNull(),
    /** Expected less paid over the lines paid less or missing: what the supplier still owes. */
    daRecuperare: money('da_recuperare').notNull(),
    confermataDa: integer('confermata_da').references(() => users.id, { onDelete: 'set null' }),
    confermataDaNome: text('confermata_da_nome'),
    confermataAt: timestamp('confermata_at', { withTimezone: true }).notNull(),
    chiusaDa: integer('chiusa_da').references(() => users.id, { onDelete: 'set null' }),
    chiusaDaNome: text('chiusa_da_nome'),
    chiusaAt: timestamp('chiusa_at', { withTimezone: true }),
    notaChiusura: text('nota_chiusura'),
  },
  (t) => [
    uniqueIndex('riconciliazioni_fornitore_periodo_unique').on(t.fornitoreId, t.periodo),
    index('riconciliazioni_periodo_id_idx').on(t.periodo, t.id),
    check('riconciliazioni_stato_check', inList('stato', RICONCILIAZIONE_STATI)),
  ],
);

/** A line of a reconciliation: one service (expected and/or paid), or one unknown statement row. */
export const riconciliazioniVoci = pgTable(
  'riconciliazioni_voci',
  {
    id: serial('id').primaryKey(),
    riconciliazioneId: integer('riconciliazione_id')
      .notNull()
      .references(() => riconciliazioni.id, { onDelete: 'cascade' }),
    tipo: text('tipo').$type<RiconciliazioneVoceTipo>().notNull(),
    servizioId: integer('servizio_id').references(() => servizi.id, { onDelete: 'set null' }),
    praticaId: integer('pratica_id'),
    tipoServizio: text('tipo_servizio').$type<ServizioTipo>(),
    cliente: text('cliente'),
    /** The statement row (the first, when several pay one service); null when nothing was paid. */
    riga: integer('riga'),
    identificativo: text('identificativo'),
    atteso: money('atteso').notNull(),
    pagato: money('pagato').notNull(),
  },
  (t) => [
    index('riconciliazioni_voci_idx').on(t.riconciliazioneId, t.tipo, t.id),
    check('riconciliazioni_voci_tipo_check', inList('tipo', RICONCILIAZIONE_VOCI)),
  ],
);
