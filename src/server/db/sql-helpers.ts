import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '#server/db/client.ts';

/** Small SQL helpers every module needs once. */

/** Column names for an INSERT's list (a column in a `sql` template is written with its table). */
export const columnNames = (...columns: AnyColumn[]): SQL =>
  sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );

/**
 * A page's bound written into the statement's text instead of sent as a parameter. With LIMIT or
 * OFFSET as a parameter PostgreSQL plans a named read for a tenth of the rows, finds that dearer
 * and plans every request again; with the number in the text it can keep one generic plan
 * (docs/decisions/044-istruzioni-preparate.md). Only for the few values pages take (page sizes,
 * a first page's bounds): each value is another statement.
 */
export function inlineInt(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Limite di pagina non valido: ${n}`);
  return sql.raw(String(n));
}

/** inlineInt for the query builder's `.limit()`, which takes a number or SQL alike (it writes `limit ${value}`). */
export function inlineLimit(n: number): number {
  return inlineInt(n) as unknown as number;
}

/**
 * A name the code chooses (a counter's scope or figure, a role), written into the statement's text
 * as a literal instead of sent as a parameter, for the same reason as inlineInt: a partial index
 * or the statistics of a small set of names only serve a generic plan that sees the name
 * (docs/decisions/051-costanti-nel-testo.md). Only lower-case letters, `_`, `|` and `*`, so no
 * user text can ever reach it.
 */
export function inlineName(name: string): SQL {
  if (!/^[a-z_|*]+$/.test(name)) throw new Error(`Nome non scrivibile nel testo: ${name}`);
  return sql.raw(`'${name}'`);
}

/** `column` is one of `names` (inlineName each), e.g. the figures a page reads. */
export function inlineNamesAmong(column: SQLWrapper, names: readonly string[]): SQL {
  if (names.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(names.map(inlineName), sql`, `)})`;
}

/** An ILIKE pattern matching `text` anywhere, with the wildcards the user typed taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A text stored lower-cased (a search column such as leads.cerca) holds `text` anywhere: LIKE
 * against the term lower-cased by the same lower() as the stored text, instead of ILIKE folding
 * every row read (docs/performance.md#testo-di-ricerca).
 */
export function lowerTextContains(lowerCased: SQLWrapper, text: string): SQL {
  return sql`${lowerCased} like lower(${containsPattern(text)})`;
}

/**
 * lowerTextContains for a statement that reads only small tables (the points and the people: a
 * few hundred rows, read whole whatever the term). strpos instead of LIKE: the statement is then
 * prepared like any read and keeps one plan, instead of being planned again for every term
 * (docs/decisions/044-istruzioni-preparate.md). A statement that also reads leads or practices
 * keeps LIKE: how many points or people match changes its best plan. The term is lower-cased
 * once, in a subquery: in a kept (generic) plan `lower($1)` would run again for every row
 * compared, and a broad term's walk compares thousands (docs/performance.md#ricerca-dei-lead).
 */
export function lowerTextIncludes(lowerCased: SQLWrapper, text: string): SQL {
  return sql`strpos(${lowerCased}, (select lower(${text}))) > 0`;
}

/**
 * `column` is one of `ids`: the array literal as one text parameter, cast by the server (both
 * drivers accept it), however many ids.
 */
export function idsAmong(column: SQLWrapper, ids: number[]): SQL {
  return sql`${column} = any(${intArray(ids)})`;
}

/**
 * idsAmong for a named read that should keep one plan (docs/decisions/044-istruzioni-preparate.md):
 * PostgreSQL estimates `in (select unnest($1))` at a few rows whatever the array, so the generic
 * plan costs no more than a planned one and is kept; with `= any($1)` it knows the array's length
 * only when planning for it, and plans again on every request.
 */
export function idsIn(column: SQLWrapper, ids: readonly number[]): SQL {
  return sql`${column} in (select unnest(${intArray(ids)}))`;
}

/** These ids as an int[]: the array literal as one text parameter, cast by the server. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

/** An error PostgreSQL raised with this SQLSTATE, from PGlite or node-postgres (drizzle may wrap it in `cause`). */
export function hasSqlState(error: unknown, sqlState: string): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === sqlState || e?.cause?.code === sqlState;
}

/** A unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/**
 * The highest id of a table (its primary key's last entry, one index read), 0 when it is empty:
 * the `fino` of a stable list page (docs/performance.md#paginazione-stabile).
 */
export function newestIdSql(table: PgTable & { id: AnyPgColumn }): SQL<number> {
  return sql<number>`(select coalesce(max(${table.id}), 0) from ${table})`;
}

/** The same, read by a query of its own (a page with no rows has no column to carry it). */
export async function newestId(db: DbExecutor, table: PgTable & { id: AnyPgColumn }): Promise<number> {
  const [row] = await db.select({ id: sql<number | null>`max(${table.id})` }).from(table);
  return Number(row?.id ?? 0);
}

/**
 * A fixed query prepared once per database handle: drizzle builds its SQL text and result
 * mapping once, not at every request (building costs more CPU than PostgreSQL spends running a
 * page's read). Only for queries whose shape never changes; values come in as placeholders.
 * A transaction is a handle of its own, so inside one the query is prepared again.
 */
export function preparedPerDb<Prepared>(prepare: (db: DbExecutor) => Prepared): (db: DbExecutor) => Prepared {
  const byDb = new WeakMap<DbExecutor, Prepared>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = prepare(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
