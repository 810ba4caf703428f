/**
 * When a commission matures and how much a clawback takes back: pure rules on Rome calendar days
 * (YYYY-MM-DD) and integer cents. See docs/product/commissions.md#maturazione and
 * docs/product/commissions.md#regole-di-storno.
 */
import type { Cents } from '#shared/money.ts';
import { romeDateKey } from '#shared/time.ts';
import { CANALI } from '#shared/schemas/scheda.ts';

export type Canale = (typeof CANALI)[number];

/**
 * The withdrawal period (ripensamento) of each sales channel, in days, with its source: the
 * defaults the admin may change in Impostazioni. The only table of these periods.
 */
export const PERIODI_RIPENSAMENTO: ReadonlyArray<{ canale: Canale; giorni: number; fonte: string }> = [
  {
    canale: 'porta_a_porta',
    giorni: 30,
    fonte: 'ARERA 395/2024/R/com (dal 1° gennaio 2025), Codice di condotta commerciale 366/2018',
  },
  { canale: 'telefono', giorni: 14, fonte: 'Codice del consumo, artt. 52–59 (contratti a distanza)' },
  { canale: 'web_qr', giorni: 14, fonte: 'Codice del consumo, artt. 52–59 (contratti a distanza)' },
  {
    canale: 'negozio',
    giorni: 14,
    fonte: 'prudenziale: come i contratti fuori dai locali commerciali (applicabilità non verificata)',
  },
];

export type PeriodiRipensamento = Record<Canale, number>;

export const PERIODI_RIPENSAMENTO_DEFAULT: PeriodiRipensamento = Object.fromEntries(
  PERIODI_RIPENSAMENTO.map((p) => [p.canale, p.giorni]),
) as PeriodiRipensamento;

/** The days of a channel; a commission with no known channel waits the longest period of all. */
export function giorniRipensamento(periodi: PeriodiRipensamento, canale: Canale | null): number {
  return canale ? periodi[canale] : Math.max(...CANALI.map((c) => periodi[c]));
}

const DAY_MS = 86_400_000;
const dayNumber = (key: string) => {
  const [y, m, d] = key.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
};
const keyOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** A calendar day plus some days (calendar arithmetic: a DST change day is one day like any other). */
export function addDays(key: string, days: number): string {
  return keyOf(dayNumber(key) + days);
}

/**
 * The last day on which the customer may withdraw: the period starts the day after the contract
 * (day 1) and its last day is day `giorni`. A 14-day period from a contract of 1 March ends on
 * 15 March; the commission matures on 16 March at 00:00 Rome time.
 */
export function fineRipensamento(dataContratto: string, giorni: number): string {
  return addDays(dataContratto, giorni);
}

export const STATI_MATURAZIONE = ['in_maturazione', 'maturata'] as const;
export type StatoMaturazione = (typeof STATI_MATURAZIONE)[number];

/**
 * In maturazione until the end (Rome clock) of the window's last day; a commission with no
 * window recorded (computed before windows were recorded) is matured.
 */
export function statoMaturazione(fine: string | null, now: Date): StatoMaturazione {
  return fine != null && romeDateKey(now) <= fine ? 'in_maturazione' : 'maturata';
}

/** A withdrawal dated `data` is in time when it falls on or before the window's last day. */
export function isRipensamentoInTermine(fine: string, data: string): boolean {
  return data <= fine;
}

/**
 * What may happen to a completed service after activation (docs/product/lifecycle.md#esiti-dopo-lattivazione):
 * outcomes recorded on it, not statuses of their own.
 */
export const ESITI_POST_ATTIVAZIONE = ['ripensamento', 'cessato', 'moroso'] as const;
export type EsitoPostAttivazione = (typeof ESITI_POST_ATTIVAZIONE)[number];

// ---------------------------------------------------------------------------------------------
// Clawback rules (regole di storno)
// ---------------------------------------------------------------------------------------------

export const MODI_STORNO = ['intero', 'proporzionale'] as const;
export type ModoStorno = (typeof MODI_STORNO)[number];

/** Within `mesi` months of activation, clawed back in full or in proportion to the months missing. */
export interface RegolaStorno {
  mesi: number;
  modo: ModoStorno;
}

/** Why a storno row exists after an outcome, and the share its rule took back. */
export interface StornoDettaglio {
  motivo: EsitoPostAttivazione;
  /** The outcome's day, YYYY-MM-DD. */
  data: string;
  /** The rule applied (none for a withdrawal, which cancels it all). */
  regola?: RegolaStorno;
  mesiTrascorsi?: number;
  quota?: { num: number; den: number };
}

const lastDayOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * Whole months from activation to the outcome's day: a month is complete on the same day number
 * of a later month (or on that month's last day when it has no such day: 31 January → 28
 * February is one month).
 */
export function mesiInteri(attivazione: string, data: string): number {
  const [y1, m1, d1] = attivazione.split('-').map(Number);
  const [y2, m2, d2] = data.split('-').map(Number);
  const months = (y2 - y1) * 12 + (m2 - m1);
  const dayNeeded = Math.min(d1, lastDayOfMonth(y2, m2));
  return Math.max(0, d2 >= dayNeeded ? months : months - 1);
}

/** The share clawed back as a fraction, or null when the rule takes nothing back. */
export function quotaStorno(
  regola: RegolaStorno | null,
  mesiTrascorsi: number,
): { num: number; den: number } | null {
  if (!regola || mesiTrascorsi >= regola.mesi) return null;
  return regola.modo === 'intero'
    ? { num: 1, den: 1 }
    : { num: regola.mesi - mesiTrascorsi, den: regola.mesi };
}

/**
 * amount × num / den to the cent, half away from zero (like every share in the engine), negated:
 * the storno of that share. 0 stays 0.
 */
export function stornoQuota(amount: Cents, quota: { num: number; den: number }): Cents {
  const product = BigInt(amount) * BigInt(quota.num);
  const den = BigInt(quota.den);
  const negative = product < 0n;
  const abs = negative ? -product : product;
  let q = abs / den;
  if ((abs % den) * 2n >= den) q += 1n;
  const share = Number(negative ? -q : q);
  return 0 - share;
}
