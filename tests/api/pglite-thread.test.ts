/**
 * The server's embedded database on its own thread (src/server/db/pglite-thread.ts,
 * docs/decisions/043-pglite-in-un-thread.md). Through drizzle, as the services use it, it must
 * behave as PGlite in the server's thread did: the same values, transactions that commit or roll
 * back as a whole (also when the commit itself fails), errors with their SQLSTATE, and a query sent
 * while a transaction is open waits for it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '#server/db/client.ts';
import { PgliteThread } from '#server/db/pglite-thread.ts';
import { prepareDatabase } from '#server/db/prepare.ts';
import { leads } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/sql-helpers.ts';
import { databaseErrorCode } from '#server/lib/log-safety.ts';
import { insertLead } from '#test/setup/factories.ts';

// The thread is the embedded database's; the PostgreSQL run has nothing to test here.
const skip = Boolean(process.env.TEST_DATABASE_URL);
let folder: string;
let handle: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  if (skip) return;
  folder = mkdtempSync(path.join(tmpdir(), 'winsolution-thread-test-'));
  handle = await openDatabase({ dataDir: folder, owner: { purpose: 'test' }, thread: true });
  db = handle.db;
  await prepareDatabase(handle, { adminEmail: 'admin@thread.it', adminPassword: 'password-thread-1' });
}, 120_000);

afterAll(async () => {
  await handle?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
const leadCount = async () => (await db.select({ n: count() }).from(leads))[0].n;

describe.skipIf(skip)('database incorporato in un thread', () => {
  it('gives back the values PGlite gives in the same thread: dates, amounts, JSON, arrays, nulls', async () => {
    const lead = await insertLead(db, { nome: 'Zoë', cognome: "D'Amico" });
    const [read] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(read).toEqual(lead);
    expect(read.dataRegistrazione).toBeInstanceOf(Date);
    expect(read.nome).toBe('Zoë');

    const result = await db.execute(
      sql`select timestamptz '2026-03-29 01:30:00+00' as t, date '2026-02-28' as d, 12.50::numeric as n,
                 '{"a":[1,"x"]}'::jsonb as j, array[1,2,3]::int[] as a, null::text as z, true as b`,
    );
    // drizzle asks for dates and times as text and turns them into values itself.
    expect(rowsOf(result)[0]).toEqual({
      t: '2026-03-29 01:30:00+00',
      d: '2026-02-28',
      n: '12.50',
      j: { a: [1, 'x'] },
      a: [1, 2, 3],
      z: null,
      b: true,
    });
  });

  it('commits every write of a transaction together', async () => {
    const before = await leadCount();
    await db.transaction(async (tx) => {
      await insertLead(tx as unknown as Database);
      await insertLead(tx as unknown as Database);
    });
    expect(await leadCount()).toBe(before + 2);
  });

  it('a transaction that throws leaves nothing behind and rethrows its error', async () => {
    const before = await leadCount();
    const failure = new Error('annullata dal test');
    await expect(
      db.transaction(async (tx) => {
        await insertLead(tx as unknown as Database);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await leadCount()).toBe(before);
  });

  it('a nested transaction rolls back alone, the outer one commits', async () => {
    const before = await leadCount();
    await db.transaction(async (tx) => {
      await insertLead(tx as unknown as Database);
      await tx
        .transaction(async (inner) => {
          await insertLead(inner as unknown as Database);
          throw new Error('solo il punto di salvataggio');
        })
        .catch(() => undefined);
    });
    expect(await leadCount()).toBe(before + 1);
  });

  it('a database error keeps its SQLSTATE, which the API turns into its Italian message', async () => {
    const lead = await insertLead(db);
    const error = await insertLead(db, { email: lead.email, telefono: lead.telefono }).catch(
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(databaseErrorCode(error)).toBe('23505');
  });

  it('a commit that fails (a deferred check) rejects the transaction and keeps nothing', async () => {
    await db.execute(sql`create table if not exists prova_differita (
      id int primary key, padre int references prova_differita (id) deferrable initially deferred)`);
    const error = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into prova_differita values (1, 99)`);
      })
      .catch((e: unknown) => e);
    expect(databaseErrorCode(error)).toBe('23503');
    const left = await db.execute(sql`select count(*)::int as n from prova_differita`);
    expect(rowsOf(left)[0]).toEqual({ n: 0 });
  });

  it('a query sent while a transaction is open waits for its commit, then sees its writes', async () => {
    const before = await leadCount();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    let outside: number | undefined;
    let outsideDuring: number | undefined;
    const transaction = db.transaction(async (tx) => {
      await insertLead(tx as unknown as Database);
      inserted();
      await gate;
      // This transaction's query goes to the thread after the outside read, and the thread
      // answers in order: a read that had not waited would have its answer before this one.
      await tx.execute(sql`select 1`);
      outsideDuring = outside;
    });
    await insertedOnce;
    const read = leadCount().then((n) => (outside = n));
    // Every pending callback runs before the next turn of the event loop: the read is sent.
    await new Promise((resolve) => setImmediate(resolve));
    open();
    await transaction;
    await read;
    expect(outsideDuring).toBeUndefined();
    expect(outside).toBe(before + 1);
  });

  it("applies the caller's parsers, and refuses queries once closed with a clear error", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'winsolution-thread-close-'));
    try {
      const thread = await PgliteThread.start(dir);
      expect((await thread.query<{ uno: number }>('select 1 as uno')).rows).toEqual([{ uno: 1 }]);
      // The caller's parsers get the column's text, as PGlite gives it to them.
      const parsed = await thread.query(`select date '2026-11-27' as d, null::date as vuota, 2 as n`, [], {
        rowMode: 'array',
        parsers: { 1082: (text) => `giorno ${text}` },
      });
      expect(parsed.rows).toEqual([['giorno 2026-11-27', null, 2]]);
      await thread.close();
      await expect(thread.query('select 1')).rejects.toThrow(/database incorporato/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
