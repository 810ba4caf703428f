import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { normalizeTelefono, phoneSearchDigits } from '#shared/domain.ts';
import { digitWindowsOf, leads, pratiche } from '#server/db/schema.ts';
import { lowerTextContains } from '#server/db/sql-helpers.ts';
import { schedaCodeLeads, schedaCodePratiche } from '#server/modules/servizi/scheda-sql.ts';

/** What a term is looked for as: the text as typed, or a phone's digits in the phone key. */
type SearchPattern = { on: 'text' | 'telefono'; value: string };

function searchPatterns(term: string | undefined): SearchPattern[] {
  const search = term?.trim();
  if (!search) return [];
  const digits = phoneSearchDigits(search);
  // The stored key drops the Italian prefix: "+39 347…" must find "347…" too.
  const normalised = digits && normalizeTelefono(search);
  const patterns: SearchPattern[] = [{ on: 'text', value: search }];
  // "333 123 4567" finds "+39 3331234567": the phone compared digits only.
  if (digits) patterns.push({ on: 'telefono', value: digits });
  if (digits && normalised && normalised !== digits) patterns.push({ on: 'telefono', value: normalised });
  return patterns;
}

/**
 * One pattern's condition. The text goes through the trigram index (LIKE:
 * docs/performance.md#testo-di-ricerca) unless `withoutTrigrams`: the rows are found another way
 * (a broad term's walk of the list, a person's own keys) and strpos, with the same matches, keeps
 * PostgreSQL from reading the trigram index as well.
 */
function patternMatches(
  text: SQLWrapper,
  telefonoNormalizzato: SQLWrapper,
  p: SearchPattern,
  withoutTrigrams = false,
): SQL {
  if (p.on === 'telefono') return sql`${telefonoNormalizzato} like ${`%${p.value}%`}`;
  return withoutTrigrams ? sql`strpos(${text}, lower(${p.value})) > 0` : lowerTextContains(text, p.value);
}

/**
 * The patterns by value, for one index read per value: a phone's digits typed without spaces are
 * both the text's and the phone's value.
 */
function byValue(patterns: SearchPattern[]): Array<[string, SearchPattern[]]> {
  return [...new Set(patterns.map((p) => p.value))].map((v) => [v, patterns.filter((p) => p.value === v)]);
}

/** Seven digits in a row: the width of the baseline's windows (ricerca_finestre_cifre). */
const DIGIT_WINDOW_RUN = /[0-9]{7}/;

/**
 * The leads holding a pattern with seven digits in a row, found by their digit windows
 * (docs/performance.md#ricerca-dei-lead): the index gives the leads holding every window of the
 * pattern, and strpos keeps those where the pattern is found as a whole, as LIKE would. strpos,
 * not LIKE, so that PostgreSQL cannot also read the trigram index and merge its long digit lists.
 * The ids are gathered first (`= any(array(...))`): PostgreSQL has no statistics on the windows
 * and would guess thousands of matches, then walk the list by date looking for them.
 */
function digitWindowLeads(patterns: SearchPattern[]): SQL {
  const found = or(
    ...byValue(patterns).map(([value, same]) =>
      and(
        sql`${digitWindowsOf(leads)} @> ricerca_finestre_cifre(${value})`,
        or(
          ...same.map((p) =>
            p.on === 'text'
              ? sql`strpos(${leads.cerca}, lower(${value})) > 0`
              : sql`strpos(${leads.telefonoNormalizzato}, ${value}) > 0`,
          ),
        ),
      ),
    ),
  );
  return sql`array(select ${leads.id} from ${leads} where ${found})`;
}

/**
 * The search box on a lead's lower-cased search text (leads.cerca, or its copy in pratiche) and
 * phone key: name and surname in both orders, e-mail, phone as typed, or the phone's digits. The
 * leads' list and the practices' list (by their customer) search the same way. `broad`: the term
 * is known to match more than the search's bound, and the list walks its index for the page.
 */
export function searchMatches(
  table: typeof leads | typeof pratiche,
  term: string | undefined,
  options: { broad?: boolean } = {},
) {
  const patterns = searchPatterns(term);
  if (patterns.length === 0) return undefined;
  const byWindows = patterns.filter((p) => DIGIT_WINDOW_RUN.test(p.value));
  return or(
    // A codice fiscale, partita IVA, POD or PDR typed whole: its scheda contratto's exact match.
    table === leads ? schedaCodeLeads(leads.id, term) : schedaCodePratiche(pratiche.id, term),
    ...patterns
      .filter((p) => !byWindows.includes(p))
      .map((p) => patternMatches(table.cerca, table.telefonoNormalizzato, p, options.broad)),
    byWindows.length > 0
      ? // A practice's search text and phone key are its customer's (copied by triggers): its
        // customer found is the practice found, through pratiche_lead_idx.
        sql`${table === leads ? leads.id : pratiche.leadId} = any(${digitWindowLeads(byWindows)})`
      : undefined,
  );
}
