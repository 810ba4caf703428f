/**
 * The server's side of the embedded database on its own thread (pglite-worker.ts,
 * docs/decisions/043-pglite-in-un-thread.md). It offers what drizzle's PGlite driver calls on a
 * PGlite (`query`, `transaction`), so the ORM, the migrations and every service stay as they are.
 */
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

export interface WorkerData {
  dataDir: string;
}

export interface ThreadQuery {
  sql: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  /** Columns of these types come back as text: the caller's parsers turn them into values. */
  textOids: number[];
}

export type ToThread =
  | ({ kind: 'query'; id: number; tx?: number } & ThreadQuery)
  | { kind: 'begin'; id: number; tx: number }
  | { kind: 'end'; id: number; tx: number; commit: boolean }
  | { kind: 'close'; id: number };

type ThreadResult = Pick<Results, 'rows' | 'fields' | 'affectedRows'>;

export type FromThread =
  | { kind: 'ready' }
  | { kind: 'result'; id: number; result?: ThreadResult }
  | { kind: 'error'; id: number; error: Record<string, unknown> };

type Parsers = Partial<Record<number, (value: string, typeId: number) => unknown>>;

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Parsers;
}

/** What a transaction's callback receives: the same queries, inside the transaction. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/**
 * The worker: the bundle's sibling in dist/, or, under tsx and vitest (from the repository's root),
 * the TypeScript source behind tsx's loader, which a worker does not inherit.
 */
function startWorker(workerData: WorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', here), { workerData });
  const source = JSON.stringify(new URL('./pglite-worker.ts', here).href);
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); })`,
    { eval: true, workerData },
  );
}

/** An error as the worker described it, with its SQLSTATE, constraint and detail. */
function rebuildError(fields: Record<string, unknown>): Error {
  const message = typeof fields.message === 'string' ? fields.message : 'errore del database';
  return Object.assign(new Error(message), fields);
}

/** The caller's parsers, applied here to the columns the worker left as text. */
function applyParsers(result: ThreadResult, options: QueryOptions | undefined): void {
  const parsers = options?.parsers;
  if (!parsers) return;
  const columns = result.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID];
    return parse === undefined ? [] : [{ index, name: field.name, oid: field.dataTypeID, parse }];
  });
  if (columns.length === 0) return;
  const byIndex = options.rowMode === 'array';
  for (const row of result.rows as Array<Record<string | number, unknown>>) {
    for (const c of columns) {
      const key = byIndex ? c.index : c.name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = c.parse(value as string, c.oid);
    }
  }
}

export class PgliteThread {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r?: ThreadResult) => void; reject: (e: Error) => void }
  >();
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromThread) => {
      if (message.kind === 'ready') return;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.kind === 'result') waiting.resolve(message.result);
      else waiting.reject(rebuildError(message.error));
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`Il database incorporato si è fermato (codice ${code}).`)));
  }

  /** Starts the worker on `dataDir` and resolves once the database is open. */
  static async start(dataDir: string): Promise<PgliteThread> {
    const worker = startWorker({ dataDir });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: FromThread) => {
        if (message.kind !== 'ready') return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`Il database incorporato non si è aperto (codice ${code}).`)),
      );
    });
    return new PgliteThread(worker);
  }

  private send(message: ToThread): Promise<ThreadResult | undefined> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.set(message.id, { resolve, reject });
      try {
        this.worker.postMessage(message);
      } catch (error) {
        // A parameter that cannot be copied to the worker (never one drizzle sends).
        this.pending.delete(message.id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  private async run<T>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
  ): Promise<Results<T>> {
    const result = (await this.send({
      kind: 'query',
      id: this.nextId++,
      tx,
      sql,
      params,
      rowMode: options?.rowMode,
      textOids: Object.keys(options?.parsers ?? {}).map(Number),
    }))!;
    applyParsers(result, options);
    return result as Results<T>;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.run<T>(sql, params, options);
  }

  /** Commits when `callback` resolves, rolls back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.nextId++;
    await this.send({ kind: 'begin', id: this.nextId++, tx });
    let result: T;
    try {
      result = await callback({ query: (sql, params, options) => this.run(sql, params, options, tx) });
    } catch (error) {
      await this.send({ kind: 'end', id: this.nextId++, tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.send({ kind: 'end', id: this.nextId++, tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (!this.failure) await this.send({ kind: 'close', id: this.nextId++ });
    this.failure = new Error('Il database incorporato è chiuso.');
    await this.worker.terminate();
  }
}
