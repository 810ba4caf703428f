/**
 * Statements on the embedded database as the server sends them to PostgreSQL
 * (docs/decisions/049-istruzioni-preparate-su-pglite.md): a read goes out as a named statement,
 * parsed once and, once PostgreSQL keeps a generic plan, planned once; every statement is one
 * exchange with PGlite's backend (Parse, Bind, Describe, Execute, Sync together) instead of the
 * six that PGlite's `query()` makes. Runs in the database's thread (pglite-worker.ts).
 */
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import { NAMED_STATEMENTS_PER_CONNECTION, statementName } from '#server/db/statement-names.ts';

export interface Statement {
  sql: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  /** Per-type parsers for the result's columns, over PGlite's own. */
  parsers?: Record<number, (value: string) => unknown>;
}

const { serialize } = protocol;

/** An array element as PostgreSQL's array syntax writes it: quoted, `"` and `\` escaped. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return arrayLiteral(value);
  const text = value instanceof Uint8Array ? `\\x${Buffer.from(value).toString('hex')}` : scalarText(value);
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
}

function arrayLiteral(values: readonly unknown[]): string {
  return `{${values.map(arrayElement).join(',')}}`;
}

function scalarText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value) ?? '';
}

/**
 * A parameter as text, its type left to PostgreSQL to infer from the statement (the way
 * node-postgres sends it on PostgreSQL, so both databases read the same values the same way):
 * arrays in array syntax, dates as ISO instants, objects as JSON, bytes in binary.
 */
export function statementParam(value: unknown): string | Buffer | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return arrayLiteral(value);
  return scalarText(value);
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * One connection's statements: PGlite is a single backend, so the names it has prepared are
 * those of this object, at most NAMED_STATEMENTS_PER_CONNECTION of them.
 */
export class PgliteStatements {
  private readonly prepared = new Set<string>();

  constructor(
    private readonly db: PGlite,
    private readonly limit = NAMED_STATEMENTS_PER_CONNECTION,
  ) {}

  /**
   * Runs one statement. Outside a transaction it waits for any open one, as `query()` does;
   * `inTransaction` is for the statements of the transaction that holds the database.
   */
  run(statement: Statement, inTransaction = false): Promise<Results> {
    const execute = () => this.db._runExclusiveQuery(() => this.execute(statement, inTransaction));
    return inTransaction ? execute() : this.db._runExclusiveTransaction(execute);
  }

  private async name(text: string): Promise<string | undefined> {
    const name = statementName(text);
    if (name === undefined || this.prepared.has(name)) return name;
    if (this.prepared.size >= this.limit) return undefined;
    // Parsed on its own the first time: a statement that fails to parse is never taken as prepared.
    await this.db.execProtocol(joined([serialize.parse({ name, text }), serialize.sync()]), {
      syncToFs: false,
    });
    this.prepared.add(name);
    return name;
  }

  private async execute(statement: Statement, inTransaction: boolean): Promise<Results> {
    const name = await this.name(statement.sql);
    const message = joined([
      ...(name === undefined ? [serialize.parse({ text: statement.sql })] : []),
      serialize.bind({ statement: name ?? '', values: (statement.params ?? []).map(statementParam) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    // Throws the database's error once the whole exchange is done, Sync included: the backend is
    // ready for the next statement either way.
    const { messages } = await this.db.execProtocol(message, { syncToFs: false });
    if (!inTransaction) await this.db.syncToFs();
    const [result] = parse.parseResults(messages, this.db.parsers, {
      rowMode: statement.rowMode,
      parsers: statement.parsers,
    });
    return result;
  }
}
