/**
 * Bulk writes of the demo data with COPY: PostgreSQL through pg-copy-streams, PGlite from a blob.
 * A batch of tables is written in one transaction of the raw client underneath drizzle, so a
 * failure leaves nothing half-written.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/** A table to fill: its name and, per column, how to read the value from a row. */
export interface CopyTable<Row> {
  table: string;
  columns: Record<string, (row: Row) => unknown>;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const escapeText = (text: string) => text.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c]);

function arrayElement(value: unknown): string {
  if (value == null) return 'NULL';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /^[^{}",\\\s]+$/.test(text) && text.toUpperCase() !== 'NULL'
    ? text
    : `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** One value in COPY's text format: \N for null, ISO dates, t/f, array and JSON literals. */
export function copyValue(value: unknown): string {
  if (value == null) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return escapeText(`{${value.map(arrayElement).join(',')}}`);
  if (typeof value === 'object') return escapeText(JSON.stringify(value));
  return escapeText(typeof value === 'string' ? value : JSON.stringify(value));
}

function* copyLines<Row>(spec: CopyTable<Row>, rows: readonly Row[], batch = 2000): Generator<string> {
  const readers = Object.values(spec.columns);
  for (let i = 0; i < rows.length; i += batch) {
    let text = '';
    for (const row of rows.slice(i, i + batch))
      text += readers.map((r) => copyValue(r(row))).join('\t') + '\n';
    yield text;
  }
}

const copySql = (spec: CopyTable<never>, source: string) =>
  `COPY ${spec.table} (${Object.keys(spec.columns).join(', ')}) FROM ${source}`;

export interface BulkWriter {
  copy<Row>(spec: CopyTable<Row>, rows: readonly Row[]): Promise<void>;
}

/** The database underneath is a PostgreSQL server (a pool of connections), not PGlite. */
export function isPostgres(db: Database): boolean {
  return (db as unknown as { $client: unknown }).$client instanceof pg.Pool;
}

/**
 * Triggers (and the foreign-key checks, which are triggers too) skipped for this transaction: a
 * bulk load then writes plain rows, ten times faster, and rebuildDerivedTables puts right what
 * the triggers would have done. Only a superuser may; PGlite's user is one.
 */
const WITHOUT_TRIGGERS = 'SET LOCAL session_replication_role = replica';

/** Whether this connection may load without triggers (see WITHOUT_TRIGGERS). */
export async function maySkipTriggers(db: Database): Promise<boolean> {
  const [row] = await db.select({ on: sql<string>`current_setting('is_superuser')` }).from(sql`(select 1) x`);
  return row?.on === 'on';
}

/** Runs `write` in one transaction whose `copy` loads rows with COPY. */
export async function inBulkTransaction<T>(
  db: Database,
  write: (w: BulkWriter) => Promise<T>,
  options: { withoutTriggers?: boolean } = {},
): Promise<T> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    const conn = await client.connect();
    try {
      await conn.query('BEGIN');
      if (options.withoutTriggers) await conn.query(WITHOUT_TRIGGERS);
      const result = await write({
        async copy(spec, rows) {
          if (rows.length === 0) return;
          const t0 = Date.now();
          const stream = conn.query(copyFrom(copySql(spec as CopyTable<never>, 'STDIN')));
          await pipeline(Readable.from(copyLines(spec, rows)), stream);
          if (process.env.PROFILE_COPY)
            console.log(`  COPY ${spec.table} ${rows.length}: ${Date.now() - t0} ms`);
        },
      });
      await conn.query('COMMIT');
      return result;
    } catch (error) {
      await conn.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      conn.release();
    }
  }
  return client.transaction(async (tx: PgliteTransaction) => {
    if (options.withoutTriggers) await tx.query(WITHOUT_TRIGGERS);
    return write({
      async copy(spec, rows) {
        if (rows.length === 0) return;
        const blob = new Blob([...copyLines(spec, rows)]);
        await tx.query(copySql(spec as CopyTable<never>, `'/dev/blob'`), [], { blob });
      },
    });
  });
}

/** What a rebuild needs of a connection or transaction: a query with parameters, answering rows. */
interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/**
 * The tables the derived ones are computed from, held still while they are: SHARE blocks every
 * write and lets two rebuilding transactions hold it at once.
 */
const HOLD_SOURCES = 'LOCK TABLE leads, pratiche, servizi, commissioni, punti_fisici IN SHARE MODE';
/** Sorts and groupings over millions of rows: in memory rather than in temporary files. */
const REBUILD_WORK_MEM = "set local work_mem = '256MB'";
/**
 * The derived tables' rebuilds (in the baseline), in two groups that read and write different
 * tables: the points' counters; commission days and the services' list rows.
 */
const REBUILD_GROUPS = [
  ['select ricalcola_contatori_punti()'],
  ['select ricalcola_commissioni_giorni()', 'select ricalcola_servizi_elenco()'],
];

/** Throws naming the first foreign key of `tables` that a row breaks. */
async function checkForeignKeys(conn: Queryable, tables: string[]): Promise<void> {
  const { rows: keys } = await conn.query<{
    name: string;
    child: string;
    parent: string;
    cc: string[];
    pc: string[];
  }>(
    `select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
       array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cc,
       array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as pc
     from pg_constraint c
     where c.contype = 'f' and c.conrelid = any($1::regclass[])`,
    [tables],
  );
  const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
  for (const k of keys) {
    const notNull = k.cc.map((c) => `c.${q(c)} IS NOT NULL`).join(' AND ');
    const match = k.cc.map((c, i) => `p.${q(k.pc[i])} = c.${q(c)}`).join(' AND ');
    const { rows: broken } = await conn.query(
      `SELECT 1 FROM ${k.child} c WHERE ${notNull} AND NOT EXISTS (SELECT 1 FROM ${k.parent} p WHERE ${match}) LIMIT 1`,
    );
    if (broken.length > 0) throw new Error(`Dati demo non coerenti: ${k.child} viola ${k.name}`);
  }
}

/**
 * After a load without triggers: every foreign key of `tables` checked at once (the per-row checks
 * were skipped), then the tables kept by triggers computed again from the source tables, while
 * the source tables are held still so that no concurrent change is counted twice or lost. Throws,
 * and changes nothing, if a reference points nowhere. On PostgreSQL the two groups of rebuilds run
 * on two connections at once (each keeps one core busy: 58 → 41 s at 1,000,000 leads); both
 * transactions commit only when both have succeeded.
 */
export async function rebuildDerivedTables(db: Database, tables: string[]): Promise<void> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (!(client instanceof pg.Pool)) {
    await client.transaction(async (tx) => {
      await tx.query(HOLD_SOURCES);
      await checkForeignKeys(tx, tables);
      await tx.query(REBUILD_WORK_MEM);
      for (const statement of REBUILD_GROUPS.flat()) await tx.query(statement);
    });
    return;
  }
  const conns = [await client.connect(), await client.connect()];
  try {
    for (const conn of conns) {
      await conn.query('BEGIN');
      await conn.query(HOLD_SOURCES);
    }
    await checkForeignKeys(conns[0], tables);
    const rebuilt = await Promise.allSettled(
      REBUILD_GROUPS.map(async (statements, i) => {
        await conns[i].query(REBUILD_WORK_MEM);
        for (const statement of statements) await conns[i].query(statement);
      }),
    );
    const failed = rebuilt.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    for (const conn of conns) await conn.query('COMMIT');
  } catch (error) {
    for (const conn of conns) await conn.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    for (const conn of conns) conn.release();
  }
}

/** Ids taken from a table's own sequence: rows can be linked before they are written. */
export async function reserveIds(
  db: Database,
  table: 'leads' | 'pratiche' | 'servizi' | 'commissioni',
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db
    .select({ id: sql<number>`nextval(pg_get_serial_sequence(${table}, 'id'))::int` })
    .from(sql`generate_series(1, ${count})`);
  return rows.map((r) => Number(r.id));
}

/**
 * Runs `statements` in order on two connections at once, each taking the next when it is free:
 * an index build or a VACUUM uses one core, so one connection alone leaves the second idle.
 * `settings` are set on each connection first.
 */
async function onTwoConnections(pool: pg.Pool, statements: string[], settings: string[] = []) {
  const queue = [...statements];
  const worker = async () => {
    const conn = await pool.connect();
    try {
      for (const setting of settings) await conn.query(setting);
      for (let s = queue.shift(); s; s = queue.shift()) {
        const started = Date.now();
        await conn.query(s);
        // Where the rebuild's minutes go, statement by statement (docs/performance.md#caricamento-dei-dati-demo).
        if (process.env.PROFILE_COPY) console.log(`  ${Date.now() - started} ms  ${s.slice(0, 110)}`);
      }
    } finally {
      conn.release();
    }
  };
  await Promise.all([worker(), worker()]);
}

/**
 * A maintenance command (ANALYZE, VACUUM) for every table, the biggest first, on PostgreSQL on two
 * connections (at 1,000,000 leads a VACUUM (ANALYZE) of the whole database takes about 24 s on one).
 */
export async function maintainTables(db: Database, command: 'analyze' | 'vacuum (analyze)'): Promise<void> {
  const result = await db.execute(
    sql`select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables
      order by pg_total_relation_size(relid) desc`,
  );
  const { rows } = result as { rows: Array<{ name: string }> };
  const statements = rows.map((r) => `${command} ${r.name}`);
  if (!isPostgres(db)) {
    for (const statement of statements) await db.execute(sql.raw(statement));
    return;
  }
  await onTwoConnections((db as unknown as { $client: pg.Pool }).$client, statements);
}

/**
 * Drops the secondary indexes of `tables` (not primary keys, not unique ones: they keep the data
 * right) and returns how to build them again. A bulk load into few rows then writes plain heaps
 * and builds each index once, sorted, instead of updating trigram indexes row after row. The
 * rebuild uses a large maintenance_work_mem and PostgreSQL's parallel index build.
 */
export async function withoutSecondaryIndexes(
  db: Database,
  tables: string[],
): Promise<{ count: number; rebuild: () => Promise<void> }> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const { rows } = await pool.query<{ name: string; table: string; def: string }>(
    `select i.indexrelid::regclass::text as name, i.indrelid::regclass::text as table,
            pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid = any($1::regclass[]) and not i.indisprimary and not i.indisunique
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const r of rows) await pool.query(`drop index ${r.name}`);
  return {
    count: rows.length,
    async rebuild() {
      // A GIN index is built by one process only. The GIN indexes go first, the biggest table's
      // first: the person's search keys alone take about 3 minutes at 1,000,000 leads, and started
      // last they would run alone at the end.
      const { rows: sizes } = await pool.query<{ table: string; bytes: string }>(
        `select t::text as table, pg_relation_size(t) as bytes from unnest($1::regclass[]) t`,
        [tables],
      );
      const tableBytes = new Map(sizes.map((r) => [r.table, Number(r.bytes)]));
      const cost = (r: (typeof rows)[number]) =>
        (tableBytes.get(r.table) ?? 0) * (/ USING gin /i.test(r.def) ? 1e6 : 1);
      await onTwoConnections(
        pool,
        [...rows]
          .sort((a, b) => cost(b) - cost(a))
          .map((r) => r.def.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')),
        [`set maintenance_work_mem = '256MB'`, 'set max_parallel_maintenance_workers = 2'],
      );
    },
  };
}
