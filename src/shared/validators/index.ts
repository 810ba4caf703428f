/**
 * The Italian codes read from a bill, checked once for client and server.
 * Merged with the scheda engineer's validators at merge: same names, one implementation kept.
 */
import CodiceFiscaleModule from 'codice-fiscale-js';

// The package is CommonJS: its `module.exports` is `{ CodiceFiscale }`, whatever its types say.
const CodiceFiscale = (CodiceFiscaleModule as unknown as { CodiceFiscale: typeof CodiceFiscaleModule })
  .CodiceFiscale;

/** Upper case, without spaces, dots or dashes: how a code is typed, printed or read by OCR. */
export function normalizeCode(value: string): string {
  return value.replace(/[\s.\-_/]+/g, '').toUpperCase();
}

/** POD (luce): `IT`, the distributor's 3 digits, `E`, then 8 or 9 characters. */
export function isPod(value: string): boolean {
  return /^IT\d{3}E[0-9A-Z]{8,9}$/.test(normalizeCode(value));
}

/** PDR (gas): 14 digits. */
export function isPdr(value: string): boolean {
  return /^\d{14}$/.test(normalizeCode(value));
}

/** Codice fiscale of a person: shape, omocodia and check character (codice-fiscale-js). */
export function isCodiceFiscale(value: string): boolean {
  const code = normalizeCode(value);
  return /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(code)
    ? CodiceFiscale.check(code)
    : false;
}
