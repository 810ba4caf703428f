import { createHash } from 'node:crypto';

/**
 * The distinct statements one connection keeps prepared: each holds a parsed query and perhaps
 * a plan in its PostgreSQL backend, so their number is capped. The server's reads are about a
 * hundred shapes; past the cap a new shape runs unnamed, as before.
 */
export const NAMED_STATEMENTS_PER_CONNECTION = 300;

const READ = /^\s*(select|with)\b/i;
/**
 * Reads whose best plan depends on a value, so PostgreSQL plans them for each one: a text search
 * (the term) and a list of ids (`idsAmong` in sql-helpers.ts: its length). A generic plan cannot
 * see either: for the ids it probed each one by key and sorted them all (1,394 ids: 6.4 ms), where
 * the list known walks the page's index and checks each entry in a hash of the ids (0.2 ms).
 */
const PLANNED_PER_VALUE = /\blike\b|= any\(\$\d+::int\[\]\)/i;

/**
 * The name a read is prepared under, on PostgreSQL and on PGlite, or undefined for a statement
 * sent unnamed: writes, text searches and id lists (docs/decisions/044-istruzioni-preparate.md).
 * A write that starts with WITH (the landing submission's) is named like a read: its inserts have
 * no plan that depends on the values.
 */
export function statementName(text: string): string | undefined {
  if (!READ.test(text) || PLANNED_PER_VALUE.test(text)) return undefined;
  return `ws_${createHash('sha1').update(text).digest('base64url')}`;
}
