import { or, sql, type SQLWrapper } from 'drizzle-orm';
import { normalizeTelefono, phoneSearchDigits } from '#shared/domain.ts';
import { containsPattern } from '#server/db/sql-helpers.ts';

/**
 * The search box on a lead's lower-cased search text (leads.cerca, or its copy in lead_utenti and
 * pratiche) and phone key: name and surname in both orders, e-mail, phone as typed, or the
 * phone's digits. The leads' list and the practices' list (by their customer) search the same way.
 */
export function searchMatches(text: SQLWrapper, telefonoNormalizzato: SQLWrapper, term: string | undefined) {
  const search = term?.trim();
  if (!search) return undefined;
  const digits = phoneSearchDigits(search);
  // The stored key drops the Italian prefix: "+39 347…" must find "347…" too.
  const normalised = digits && normalizeTelefono(search);
  return or(
    // The text is stored lower-cased: LIKE against the term lower-cased by the same lower() as
    // the stored text, one trigram index (docs/performance.md#testo-di-ricerca).
    sql`${text} like lower(${containsPattern(search)})`,
    // "333 123 4567" finds "+39 3331234567": the phone compared digits only.
    digits ? sql`${telefonoNormalizzato} like ${`%${digits}%`}` : undefined,
    digits && normalised !== digits ? sql`${telefonoNormalizzato} like ${`%${normalised}%`}` : undefined,
  );
}
