import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  LEAD_CONTATTO_STATI,
  PAGAMENTO_STATI,
  PRATICA_STATI,
  SERVIZIO_STATI,
  SERVIZIO_TIPI,
  type LeadContattoStato,
  type PagamentoStato,
  type PraticaStato,
  type ServizioStato,
  type ServizioTipo,
} from '#shared/domain.ts';
import type { Role } from '#shared/permissions.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

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
    createdAt: createdAt(),
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
 * What the lead search matches (name and surname in both orders, e-mail, phone as typed), one
 * expression so that one trigram index serves it. chr(1) separates the fields: a search term
 * cannot run from one field into the next, exactly as with one ILIKE per field.
 */
export function leadSearchText(t: {
  nome: AnyPgColumn;
  cognome: AnyPgColumn;
  email: AnyPgColumn;
  telefono: AnyPgColumn;
}) {
  return sql`(${t.nome} || ' ' || ${t.cognome} || chr(1) || ${t.cognome} || ' ' || ${t.nome} || chr(1) || ${t.email} || chr(1) || ${t.telefono})`;
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
    puntoFisicoOriginaleId: integer('punto_fisico_originale_id').references(() => puntiFisici.id, {
      onDelete: 'set null',
    }),
    statoContatto: text('stato_contatto').$type<LeadContattoStato>().notNull().default('nuovo'),
    statoContattoAggiornatoAt: timestamp('stato_contatto_aggiornato_at', { withTimezone: true }),
    dataRegistrazione: timestamp('data_registrazione', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leads_email_normalizzata_unique').on(t.emailNormalizzata),
    uniqueIndex('leads_telefono_normalizzato_unique').on(t.telefonoNormalizzato),
    index('leads_punto_data_idx').on(t.puntoFisicoOriginaleId, t.dataRegistrazione),
    index('leads_data_idx').on(t.dataRegistrazione),
    index('leads_stato_contatto_idx').on(t.statoContatto, t.dataRegistrazione),
    // Trigram indexes (pg_trgm) make the '%term%' searches of leads and practices index scans.
    index('leads_ricerca_trgm_idx').using('gin', sql`${leadSearchText(t)} gin_trgm_ops`),
    index('leads_telefono_trgm_idx').using('gin', t.telefonoNormalizzato.op('gin_trgm_ops')),
    check('leads_stato_contatto_check', inList('stato_contatto', LEAD_CONTATTO_STATI)),
  ],
);

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
  },
  (t) => [
    index('pratiche_lead_idx').on(t.leadId),
    index('pratiche_punto_data_idx').on(t.puntoFisicoId, t.dataCreazione),
    index('pratiche_stato_idx').on(t.statoPratica, t.dataCreazione),
    index('pratiche_data_idx').on(t.dataCreazione),
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
  },
  (t) => [
    index('servizi_pratica_idx').on(t.praticaId),
    // Status first: the per-status practice counts of the practice list read this index only.
    index('servizi_stato_pratica_idx').on(t.stato, t.praticaId),
    index('servizi_tipo_idx').on(t.tipoServizio),
    check('servizi_tipo_check', inList('tipo_servizio', SERVIZIO_TIPI)),
    check('servizi_stato_check', inList('stato', SERVIZIO_STATI)),
    check('servizi_numero_forniture_check', sql`numero_forniture between 1 and 10`),
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('documenti_filename_unique').on(t.filename),
    index('documenti_pratica_idx').on(t.praticaId),
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('commissioni_fornitori_fornitore_servizio_unique').on(t.fornitoreId, t.servizio)],
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
    createdAt: createdAt(),
  },
  (t) => [
    index('commissioni_pratica_idx').on(t.praticaId),
    index('commissioni_servizio_idx').on(t.servizioId),
    index('commissioni_data_idx').on(t.dataCompletamento),
    index('commissioni_stato_idx').on(t.statoPagamento, t.dataCompletamento),
    index('commissioni_payee_pf_idx').on(t.payeePuntoFisicoId),
    index('commissioni_payee_ag_idx').on(t.payeeAgenteId),
    index('commissioni_payee_am_idx').on(t.payeeAreaManagerId),
    uniqueIndex('commissioni_storno_of_unique').on(t.stornoOfId),
    check('commissioni_stato_pagamento_check', inList('stato_pagamento', PAGAMENTO_STATI)),
  ],
);

/** Privacy consent given on the landing: what, when, from where (GDPR art. 7 proof). */
export const consensi = pgTable(
  'consensi',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    praticaId: integer('pratica_id').references(() => pratiche.id, { onDelete: 'cascade' }),
    versioneInformativa: text('versione_informativa').notNull(),
    testo: text('testo').notNull(),
    accettatoAt: timestamp('accettato_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('consensi_lead_idx').on(t.leadId)],
);

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
