import { getTableColumns, getTableName, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '#server/db/client.ts';

/** Small SQL helpers every module needs once. */

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

/** These ids as an int[]: the array literal as one text parameter, cast by the server. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

/**
 * Many rows as one relation read from a single JSON parameter (`json_to_recordset`): a statement
 * over a thousand rows binds one value instead of one per cell, and building and parsing those
 * cells is what a batch of plain `values (...)` costs (docs/product/importazione.md#tempi).
 * `columns` gives each key of the row objects its SQL type; the relation is named `x`.
 */
export function jsonRows(rows: readonly object[], columns: Record<string, string>): SQL {
  const list = Object.entries(columns)
    .map(([name, type]) => `"${name}" ${type}`)
    .join(', ');
  return sql`json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(list)})`;
}

/**
 * `insert into <table> (...) select ... from jsonRows(...)`: the rows keyed by the table's own
 * (drizzle) names, every row with the keys of the first; columns left out take their defaults.
 * Add `on conflict` / `returning` after it.
 */
export function insertRows<T extends PgTable>(table: T, rows: readonly Partial<T['$inferInsert']>[]): SQL {
  const all = getTableColumns(table);
  const keys = Object.keys(rows[0] ?? {}).filter((k) => k in all);
  const types = Object.fromEntries(
    keys.map((k) => [all[k].name, all[k].getSQLType().replace(/^serial$/, 'integer')]),
  );
  const names = sql.raw(keys.map((k) => `"${all[k].name}"`).join(', '));
  const json = rows.map((r) => {
    const row = r as Record<string, unknown>;
    return Object.fromEntries(keys.map((k) => [all[k].name, row[k] ?? null]));
  });
  return sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${names} from ${jsonRows(json, types)}`;
}

/** The rows a raw statement returned, from PGlite or node-postgres. */
export async function executeRows<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
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
