/**
 * The period selector of the Commissioni screen (docs/product/screens.md#commissioni): each period as two Europe/Rome
 * calendar days (yyyy-MM-dd, both inclusive), the form GET /api/commissioni and its export take.
 * Pure calendar arithmetic: "today" is read on the Rome clock, whatever the browser's zone is.
 */
import { romeParts } from '#shared/time.ts';

export const PERIODI = [
  'tutti',
  'oggi',
  'settimana',
  'mese',
  'trimestre',
  'anno',
  'ultimi30',
  'personalizzato',
] as const;
export type Periodo = (typeof PERIODI)[number];

export const PERIODO_LABELS: Record<Periodo, string> = {
  tutti: 'Tutti i periodi',
  oggi: 'Oggi',
  settimana: 'Questa settimana',
  mese: 'Questo mese',
  trimestre: 'Questo trimestre',
  anno: "Quest'anno",
  ultimi30: 'Ultimi 30 giorni',
  personalizzato: 'Personalizzato',
};

/** dataInizio and dataFine as the API takes them; absent = unbounded on that side. */
export interface DateRange {
  dataInizio?: string;
  dataFine?: string;
}

/** A calendar day with no time and no zone: UTC is used only as a calendar, never as a clock. */
function dayKey(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/**
 * The days of a period around `now`: weeks start on Monday, 'Ultimi 30 giorni' is
 * today − 30 days up to today; the calendar periods run to their last day. 'Personalizzato' takes
 * the two dates typed (either may be empty).
 */
export function periodoRange(periodo: Periodo, now: Date, custom: DateRange = {}): DateRange {
  const { year, month, day } = romeParts(now);
  switch (periodo) {
    case 'tutti':
      return {};
    case 'oggi':
      return { dataInizio: dayKey(year, month, day), dataFine: dayKey(year, month, day) };
    case 'settimana': {
      const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay(); // 0 = Sunday
      const monday = day - ((weekday + 6) % 7);
      return { dataInizio: dayKey(year, month, monday), dataFine: dayKey(year, month, monday + 6) };
    }
    case 'mese':
      // Day 0 of the next month is the last day of this one.
      return { dataInizio: dayKey(year, month, 1), dataFine: dayKey(year, month + 1, 0) };
    case 'trimestre': {
      const first = Math.floor((month - 1) / 3) * 3 + 1;
      return { dataInizio: dayKey(year, first, 1), dataFine: dayKey(year, first + 3, 0) };
    }
    case 'anno':
      return { dataInizio: dayKey(year, 1, 1), dataFine: dayKey(year, 12, 31) };
    case 'ultimi30':
      return { dataInizio: dayKey(year, month, day - 30), dataFine: dayKey(year, month, day) };
    case 'personalizzato':
      return { dataInizio: custom.dataInizio || undefined, dataFine: custom.dataFine || undefined };
  }
}

/** yyyy-MM-dd → dd/MM/yyyy, for showing a range without going through a Date. */
export function formatDayKey(key: string): string {
  const [y, m, d] = key.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * The period of a commission statement (estratto conto): a calendar month 'yyyy-MM' or a quarter
 * 'yyyy-Tn' (T = trimestre), as Rome calendar days like every other period of the screen.
 * See docs/product/commissions.md#estratto-conto.
 */
export interface PeriodoEstratto {
  key: string;
  tipo: 'mese' | 'trimestre';
  anno: number;
  /** 1–12 for a month, 1–4 for a quarter. */
  numero: number;
  dataInizio: string;
  dataFine: string;
  /** 'marzo 2026', '1° trimestre 2026'. */
  label: string;
}

export const PERIODO_ESTRATTO_PATTERN = /^(\d{4})-(?:(0[1-9]|1[0-2])|T([1-4]))$/;

export const MESI_ESTESI = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const;

function periodoMese(anno: number, mese: number): PeriodoEstratto {
  return {
    key: `${anno}-${String(mese).padStart(2, '0')}`,
    tipo: 'mese',
    anno,
    numero: mese,
    dataInizio: dayKey(anno, mese, 1),
    dataFine: dayKey(anno, mese + 1, 0),
    label: `${MESI_ESTESI[mese - 1]} ${anno}`,
  };
}

function periodoTrimestre(anno: number, trimestre: number): PeriodoEstratto {
  const first = (trimestre - 1) * 3 + 1;
  return {
    key: `${anno}-T${trimestre}`,
    tipo: 'trimestre',
    anno,
    numero: trimestre,
    dataInizio: dayKey(anno, first, 1),
    dataFine: dayKey(anno, first + 3, 0),
    label: `${trimestre}° trimestre ${anno}`,
  };
}

/** '2026-03' or '2026-T1' → the period; anything else → null. */
export function parsePeriodoEstratto(key: string): PeriodoEstratto | null {
  const match = PERIODO_ESTRATTO_PATTERN.exec(key);
  if (!match) return null;
  const anno = Number(match[1]);
  if (anno < 2000) return null;
  return match[2] ? periodoMese(anno, Number(match[2])) : periodoTrimestre(anno, Number(match[3]));
}

/** The periods a statement can be asked for around `now`: the last `mesi` months and `trimestri` quarters, newest first. */
export function periodiEstrattoRecenti(now: Date, mesi = 12, trimestri = 4) {
  const { year, month } = romeParts(now);
  const months: PeriodoEstratto[] = [];
  for (let i = 0; i < mesi; i++) {
    const total = year * 12 + (month - 1) - i;
    months.push(periodoMese(Math.floor(total / 12), (total % 12) + 1));
  }
  const quarters: PeriodoEstratto[] = [];
  const currentQuarter = Math.floor((month - 1) / 3);
  for (let i = 0; i < trimestri; i++) {
    const total = year * 4 + currentQuarter - i;
    quarters.push(periodoTrimestre(Math.floor(total / 4), (total % 4) + 1));
  }
  return { mesi: months, trimestri: quarters };
}
