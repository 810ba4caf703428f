/**
 * IBAN and document numbers as lists and e-mails show them: enough to recognise, not enough to
 * use (docs/privacy.md#scheda-contratto). The full value is only in the scheda itself.
 */
import { normalizeCode } from '#shared/validators/codici.ts';

/** "IT60 **** 3456": country and check digits, and the last four characters. */
export function maskIban(iban: string): string {
  const code = normalizeCode(iban);
  if (code.length <= 8) return '****';
  return `${code.slice(0, 4)} **** ${code.slice(-4)}`;
}

/** "*****123": the last three characters only. */
export function maskDocumento(numero: string): string {
  const code = normalizeCode(numero);
  if (code.length <= 3) return '***';
  return `${'*'.repeat(Math.min(code.length - 3, 6))}${code.slice(-3)}`;
}
