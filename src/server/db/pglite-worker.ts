/**
 * The embedded database on its own thread (docs/decisions/043-pglite-in-un-thread.md): PGlite's
 * WebAssembly PostgreSQL runs here, and the server's thread only sends statements and receives
 * rows (pglite-thread.ts). Everything PGlite does on a query (planning, executing, reading pages,
 * turning the protocol's messages into rows) then runs beside the HTTP, JSON and ORM work instead
 * of after it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Transaction } from '@electric-sql/pglite';
import { createPglite } from '#server/db/pglite.ts';
import type { ToThread, FromThread, WorkerData } from '#server/db/pglite-thread.ts';

if (!parentPort) throw new Error('pglite-worker.ts runs only as a worker thread');
const port = parentPort;
const { dataDir } = workerData as WorkerData;

function reply(message: FromThread) {
  try {
    port.postMessage(message);
  } catch (error) {
    // A value that cannot be copied to the other thread fails that query, not the worker.
    if (message.kind === 'ready') throw error;
    port.postMessage({
      kind: 'error',
      id: message.id,
      error: { message: `Risposta del database non trasferibile: ${String(error)}` },
    });
  }
}

/** A database error's fields (code, constraint, detail…) survive the trip between threads. */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  // Only plain values: a field holding an object (the query's options, a cause) could not be
  // copied to the other thread.
  const fields: Record<string, unknown> = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

/** Raw text for the columns whose parsers the caller applies on its side (see pglite-thread.ts). */
const keepText = (oids: number[]) => Object.fromEntries(oids.map((oid) => [oid, (value: string) => value]));

/**
 * Open transactions: the worker holds each inside PGlite's own transaction() until told to end it;
 * their statements run on its transaction object, the others wait for it as PGlite makes them.
 */
interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  /** The 'end' message to answer once PGlite has committed or rolled back. */
  endId?: number;
}
const transactions = new Map<number, OpenTransaction>();
class Rollback extends Error {}

const db = await createPglite({ dataDir });
reply({ kind: 'ready' });

function begin(id: number, txId: number) {
  let open: OpenTransaction | undefined;
  const settle = (error?: unknown) => {
    transactions.delete(txId);
    if (!open) reply({ kind: 'error', id, error: errorFields(error) });
    else if (open.endId === undefined) return;
    else if (error === undefined || error instanceof Rollback) reply({ kind: 'result', id: open.endId });
    else reply({ kind: 'error', id: open.endId, error: errorFields(error) });
  };
  db.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        open = { tx, end: (commit) => (commit ? resolve() : reject(new Rollback())) };
        transactions.set(txId, open);
        reply({ kind: 'result', id });
      }),
  ).then(() => settle(), settle);
}

port.on('message', (message: ToThread) => {
  switch (message.kind) {
    case 'query': {
      const open = message.tx === undefined ? undefined : transactions.get(message.tx);
      if (message.tx !== undefined && !open) {
        reply({ kind: 'error', id: message.id, error: { message: 'transazione non aperta' } });
        return;
      }
      const { sql, params, rowMode, textOids } = message;
      (open?.tx ?? db)
        .query<Record<string, unknown>>(sql, params, { rowMode, parsers: keepText(textOids) })
        .then(
          (result) =>
            reply({
              kind: 'result',
              id: message.id,
              result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows },
            }),
          (error: unknown) => reply({ kind: 'error', id: message.id, error: errorFields(error) }),
        );
      return;
    }
    case 'begin':
      begin(message.id, message.tx);
      return;
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) {
        reply({ kind: 'error', id: message.id, error: { message: 'transazione non aperta' } });
        return;
      }
      open.endId = message.id;
      open.end(message.commit);
      return;
    }
    case 'close':
      db.close().then(
        () => reply({ kind: 'result', id: message.id }),
        (error: unknown) => reply({ kind: 'error', id: message.id, error: errorFields(error) }),
      );
      return;
  }
});
