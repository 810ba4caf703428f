/**
 * The embedded database's statements as the server's thread sends them
 * (src/server/db/pglite-statements.ts, docs/decisions/049-istruzioni-preparate-su-pglite.md):
 * each in one exchange, reads prepared once under a name. Values must read exactly as PGlite's own
 * `query()` reads them, errors must leave the database usable, and only reads are named.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, PGLITE_SHARED_BUFFERS } from '#server/db/pglite.ts';
import { PgliteStatements, statementParam } from '#server/db/pglite-statements.ts';

// PGlite's own protocol; the PostgreSQL run has nothing to test here.
const skip = Boolean(process.env.TEST_DATABASE_URL);
let db: PGlite;
// One per database, as the server's thread has: the names it prepared are the backend's.
let statements: PgliteStatements;

beforeAll(async () => {
  if (skip) return;
  db = await createPglite();
  statements = new PgliteStatements(db);
  await db.exec(
    `create table voci (id serial primary key, testo text not null, dati jsonb, quando timestamptz)`,
  );
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const prepared = async () =>
  (await db.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (r) => r.name,
  );

describe.skipIf(skip)('istruzioni del database incorporato', () => {
  it.each([
    ['text with quotes, a backslash and accents', 'text', `D'Amico "Zoë" \\ fine`],
    ['an empty string', 'text', ''],
    ['an integer', 'int', 42],
    ['a negative decimal', 'numeric', -12.5],
    ['a big integer', 'bigint', 9007199254740993n],
    ['true', 'boolean', true],
    ['false', 'boolean', false],
    ['null', 'text', null],
    ['an instant', 'timestamptz', new Date('2026-03-29T01:30:00.123Z')],
    ['an integer list', 'int[]', [1, 2, 3]],
    ['an empty list', 'int[]', []],
    [
      'a text list with commas, braces, quotes and a NULL word',
      'text[]',
      ['a,b', '{x}', 'say "hi"', 'NULL', 'b\\c'],
    ],
    ['a text list holding a null', 'text[]', ['a', null]],
    ['an object as JSON', 'jsonb', { nome: "D'Amico", lista: [1, 'x'], vuoto: null }],
    ['bytes', 'bytea', new Uint8Array([0, 1, 254, 255])],
  ])('reads %s as PGlite’s own query does', async (_label, type, value) => {
    const text = `select $1::${type} as v, pg_typeof($1::${type})::text as t`;
    const own = await db.query(text, [value]);
    const ours = await statements.run({ sql: text, params: [value] });
    expect(ours.rows).toEqual(own.rows);
    expect(ours.fields).toEqual(own.fields);
  });

  it('writes a parameter as text with its type left to PostgreSQL, bytes as bytes', () => {
    expect(statementParam(new Date('2026-01-02T03:04:05.006Z'))).toBe('2026-01-02T03:04:05.006Z');
    expect(statementParam(['a"b', null, ['c']])).toBe('{"a\\"b",NULL,{"c"}}');
    expect(statementParam({ a: 1 })).toBe('{"a":1}');
    expect(statementParam(undefined)).toBeNull();
    expect(Buffer.isBuffer(statementParam(new Uint8Array([1])))).toBe(true);
  });

  it('prepares a read once under its name; writes, text searches and id lists stay unnamed', async () => {
    const before = await prepared();
    await statements.run({
      sql: `insert into voci (testo, dati) values ($1, $2)`,
      params: ['uno', { n: 1 }],
    });
    await statements.run({ sql: `update voci set testo = $1 where testo = $2`, params: ['Uno', 'uno'] });
    await statements.run({ sql: `select id from voci where testo like $1`, params: ['%n%'] });
    await statements.run({ sql: `select id from voci where id = any($1::int[])`, params: [[1]] });
    expect(await prepared()).toEqual(before);

    const read = `select testo, dati from voci where testo = $1`;
    // Past five executions PostgreSQL may keep a generic plan: the values stay the same.
    for (let i = 0; i < 8; i++) {
      const result = await statements.run({ sql: read, params: ['Uno'] });
      expect(result.rows).toEqual([{ testo: 'Uno', dati: { n: 1 } }]);
    }
    expect((await prepared()).length).toBe(before.length + 1);
    const plans = await db.query<{ n: number }>(
      `select generic_plans + custom_plans as n from pg_prepared_statements where statement = $1`,
      [read],
    );
    expect(plans.rows).toEqual([{ n: 8 }]);
  });

  it('reports the affected rows of a write and the rows of a write that returns them', async () => {
    const inserted = await statements.run({
      sql: `insert into voci (testo, quando) values ($1, $2), ($3, $2) returning testo`,
      params: ['due', new Date('2026-05-01T10:00:00Z'), 'tre'],
    });
    expect(inserted.rows).toEqual([{ testo: 'due' }, { testo: 'tre' }]);
    const deleted = await statements.run({
      sql: `delete from voci where testo in ($1, $2)`,
      params: ['due', 'tre'],
    });
    expect(deleted.affectedRows).toBe(2);
  });

  it('keeps the database usable after a read that fails to parse or fails to run', async () => {
    const broken = `select nessuna_colonna from voci where id = $1`;
    // The second time too: a statement that failed to parse was never taken as prepared.
    for (let i = 0; i < 2; i++)
      await expect(statements.run({ sql: broken, params: [1] })).rejects.toMatchObject({ code: '42703' });
    const dividing = `select 1 / $1::int as q`;
    await expect(statements.run({ sql: dividing, params: [0] })).rejects.toMatchObject({ code: '22012' });
    expect((await statements.run({ sql: dividing, params: [1] })).rows).toEqual([{ q: 1 }]);
  });

  it('runs the statements of an open transaction inside it, and an error there rolls it back', async () => {
    const countRow = async () =>
      (await statements.run({ sql: `select count(*)::int as n from voci` })).rows[0];
    const before = await countRow();
    await expect(
      db.transaction(async () => {
        await statements.run({ sql: `insert into voci (testo) values ($1)`, params: ['dentro'] }, true);
        await statements.run({ sql: `select 1 / $1::int`, params: [0] }, true);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await countRow()).toEqual(before);
  });

  it('names at most as many reads as its limit, then sends the others unnamed', async () => {
    const limited = new PgliteStatements(db, 2);
    const before = (await prepared()).length;
    for (const n of [101, 102, 103, 104]) {
      const result = await limited.run({ sql: `select ${n} as n where $1::int = 1`, params: [1] });
      expect(result.rows).toEqual([{ n }]);
    }
    expect((await prepared()).length).toBe(before + 2);
  });
});

describe.skipIf(skip)('memoria del database incorporato', () => {
  it('keeps a small buffer cache: pages outside it come from the kernel, not from the server', async () => {
    const { rows } = await db.query<{ shared_buffers: string }>('show shared_buffers');
    expect(rows[0].shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
  });
});
