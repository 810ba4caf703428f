/**
 * The Italian codes a contract carries, checked the same way in the browser and on the server
 * (docs/product/scheda-contratto.md#controlli). Each check takes the text as a person typed it:
 * spaces and case do not matter, the rest must be exact. Well-kept packages do the algorithms
 * (codice-fiscale-js for the check character and omocodia, ibantools for ISO 13616 mod 97).
 */
import codiceFiscaleModule from 'codice-fiscale-js';
import { validateIBAN } from 'ibantools';

// The package's types declare a default export; its CommonJS bundle sets `CodiceFiscale` on
// module.exports, which is what both Node and Vite hand over as the default import.
const { CodiceFiscale } = codiceFiscaleModule as unknown as { CodiceFiscale: typeof codiceFiscaleModule };

/** Upper case, no spaces, dots or dashes: the form every code is stored and searched in. */
export function normalizeCode(s: string): string {
  return s.replace(/[\s.-]/g, '').toUpperCase();
}

/** 16 characters with a valid check character; omocodie (digits replaced by L–V) are accepted. */
export function isCodiceFiscale(s: string): boolean {
  return CodiceFiscale.check(normalizeCode(s));
}

/** 11 digits, the last the check digit of the first ten (the Luhn rule of the Agenzia delle Entrate). */
export function isPartitaIva(s: string): boolean {
  const code = normalizeCode(s);
  if (!/^\d{11}$/.test(code) || /^0+$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = Number(code[i]);
    if (i % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return (10 - (sum % 10)) % 10 === Number(code[10]);
}

/** Why an IBAN is refused, or null: `lunghezza` for an Italian IBAN that is not 27 characters. */
export function ibanIssue(s: string): 'lunghezza' | 'controllo' | null {
  const code = normalizeCode(s);
  if (code.startsWith('IT') && code.length !== 27) return 'lunghezza';
  return validateIBAN(code).valid ? null : 'controllo';
}

/** ISO 13616 (country layout and mod 97 = 1); an Italian one is 27 characters. */
export function isIban(s: string): boolean {
  return ibanIssue(s) === null;
}

/** POD of an electricity supply: IT, the distributor's 3 digits, E, then 8 or 9 characters. */
export function isPod(s: string): boolean {
  return /^IT\d{3}E[0-9A-Z]{8,9}$/.test(normalizeCode(s));
}

/** PDR of a gas supply: exactly 14 digits. */
export function isPdr(s: string): boolean {
  return /^\d{14}$/.test(normalizeCode(s));
}

/** CAP: exactly 5 digits. */
export function isCap(s: string): boolean {
  return /^\d{5}$/.test(s.trim());
}

/**
 * The two-letter codes of the Italian provinces and metropolitan cities (ISTAT, "sigla
 * automobilistica"): ISTAT's current list, with VS and SU of Sardinia's 2025 reorganisation, plus
 * CI, OG and OT, which documents and bills still carry. A unit test holds it against the ISTAT
 * list that codice-fiscale-js ships (docs/product/scheda-contratto.md#controlli).
 */
export const PROVINCE = [
  'AG',
  'AL',
  'AN',
  'AO',
  'AP',
  'AQ',
  'AR',
  'AT',
  'AV',
  'BA',
  'BG',
  'BI',
  'BL',
  'BN',
  'BO',
  'BR',
  'BS',
  'BT',
  'BZ',
  'CA',
  'CB',
  'CE',
  'CH',
  'CI',
  'CL',
  'CN',
  'CO',
  'CR',
  'CS',
  'CT',
  'CZ',
  'EN',
  'FC',
  'FE',
  'FG',
  'FI',
  'FM',
  'FR',
  'GE',
  'GO',
  'GR',
  'IM',
  'IS',
  'KR',
  'LC',
  'LE',
  'LI',
  'LO',
  'LT',
  'LU',
  'MB',
  'MC',
  'ME',
  'MI',
  'MN',
  'MO',
  'MS',
  'MT',
  'NA',
  'NO',
  'NU',
  'OG',
  'OR',
  'OT',
  'PA',
  'PC',
  'PD',
  'PE',
  'PG',
  'PI',
  'PN',
  'PO',
  'PR',
  'PT',
  'PU',
  'PV',
  'PZ',
  'RA',
  'RC',
  'RE',
  'RG',
  'RI',
  'RM',
  'RN',
  'RO',
  'SA',
  'SI',
  'SO',
  'SP',
  'SR',
  'SS',
  'SU',
  'SV',
  'TA',
  'TE',
  'TN',
  'TO',
  'TP',
  'TR',
  'TS',
  'TV',
  'UD',
  'VA',
  'VB',
  'VC',
  'VE',
  'VI',
  'VR',
  'VS',
  'VT',
  'VV',
] as const;

const PROVINCE_SET: ReadonlySet<string> = new Set(PROVINCE);

export function isProvincia(s: string): boolean {
  return PROVINCE_SET.has(s.trim().toUpperCase());
}

/**
 * Codice di migrazione of a fixed line (AGCOM 274/07/CONS): letters and digits, 7 to 18 of them.
 * Its segments differ between operators, so only the shape is checked.
 */
export function isCodiceMigrazione(s: string): boolean {
  return /^[A-Z0-9]{7,18}$/.test(normalizeCode(s));
}

/**
 * The plausible range of each quantity of a supply: outside it the value is almost surely a typo
 * (a kWh typed as W, a meter reading for a yearly consumption). See
 * docs/product/scheda-contratto.md#controlli
 */
export const RANGE_PLAUSIBILI = {
  potenzaKw: { min: 0.5, max: 200 },
  consumoKwh: { min: 1, max: 1_000_000 },
  // ARERA's conduct code covers gas supplies up to 200,000 Smc a year.
  consumoSmc: { min: 1, max: 200_000 },
  durataMesi: { min: 1, max: 120 },
  kmAnno: { min: 1_000, max: 300_000 },
} as const;

export function isInRange(value: number, range: { min: number; max: number }): boolean {
  return Number.isFinite(value) && value >= range.min && value <= range.max;
}

/** A document expiring on `scadenza` (YYYY-MM-DD) is still valid on `oggi` (YYYY-MM-DD, Europe/Rome). */
export function isDocumentoValido(scadenza: string, oggi: string): boolean {
  return scadenza >= oggi;
}
