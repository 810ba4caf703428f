/** Domain vocabularies of SPEC §3–§4 and DECISIONS §5–§6, shared by the database, API and UI. */

/** Service codes a practice can hold (SPEC §3; financial ones only through the demo landing). */
export const SERVIZIO_TIPI = ['luce', 'gas', 'internet', 'noleggio', 'finanziamenti', 'assicurazioni'] as const;
export type ServizioTipo = (typeof SERVIZIO_TIPI)[number];

/** Codes the landing payload may carry (SPEC §3 "Allowed service codes"). */
export const SERVIZI_RICHIEDIBILI = ['luce', 'gas', 'internet', 'sim', 'noleggio', 'servizi_marketing', 'finanziamenti', 'assicurazioni'] as const;
export type ServizioRichiedibile = (typeof SERVIZI_RICHIEDIBILI)[number];

/** The four services of the back-office filters and the commission engine. */
export const SERVIZI_PRINCIPALI = ['luce', 'gas', 'internet', 'noleggio'] as const;

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
] as const;
export type KoMotivazione = (typeof KO_MOTIVAZIONI)[number];

export const LEAD_CONTATTO_STATI = ['nuovo', 'contattato', 'non_raggiungibile'] as const;
export type LeadContattoStato = (typeof LEAD_CONTATTO_STATI)[number];

export const PAGAMENTO_STATI = ['non_pagato', 'pagato'] as const;
export type PagamentoStato = (typeof PAGAMENTO_STATI)[number];

/** SPEC §9: the ten one-hour call-back slots, Monday to Friday. */
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

/** A nuovo lead older than this has missed the promised call-back (DECISIONS §5). */
export const LEAD_CONTACT_PROMISE_HOURS = 24;

export const DEMO_LANDING_CODE = 'WE-FN2KFIPU';
