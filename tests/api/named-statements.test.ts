/**
 * On PostgreSQL the server's reads go out as named statements, parsed once per connection and
 * planned once when PostgreSQL keeps a generic plan (src/server/db/named-statements.ts,
 * docs/decisions/044-istruzioni-preparate.md). Writes and text searches stay unnamed; results do
 * not change; a connection keeps at most a bounded number of them.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedStatementClient } from '#server/db/named-statements.ts';
import { statementName } from '#server/db/statement-names.ts';
import { idsAmong, idsIn, inlineInt, lowerTextContains, lowerTextIncludes } from '#server/db/sql-helpers.ts';

describe('which statements are named', () => {
  it.each([
    ['a select', 'select "id" from "leads" where "id" = $1', true],
    ['a select after spaces and a new line', '\n  select count(*) from "pratiche"', true],
    ['a query with a common table expression', 'with t as (select 1) select * from t', true],
    ['an upper-case SELECT', 'SELECT 1', true],
    ['an insert', 'insert into "leads" ("nome") values ($1)', false],
    ['an update', 'update "leads" set "nome" = $1', false],
    ['a delete', 'delete from "sessions" where "id" = $1', false],
    ['a search by pattern', 'select "id" from "leads" where "cerca" like lower($1)', false],
    ['a search by pattern in upper case', 'select 1 where $1 LIKE $2', false],
    [
      'a search of a small table by strpos',
      'select "id" from "punti_fisici" where strpos("cerca", (select lower($1))) > 0',
      true,
    ],
    ['a read among a list of ids', 'select "id" from "leads" where "id" = any($1::int[]) limit 25', false],
    ['a transaction command', 'begin', false],
    ['a column merely named like "selected"', 'selected', false],
  ])('%s: named %s', (_label, text, named) => {
    expect(statementName(text) !== undefined).toBe(named);
  });

  it('leaves unnamed a read among ids as idsAmong writes it, however many', () => {
    const dialect = new PgDialect();
    for (const ids of [[1], [1, 2, 3], Array.from({ length: 2000 }, (_, i) => i)]) {
      const { sql: text } = dialect.sqlToQuery(
        sql`select "lead_id" from "lead_utenti" where ${idsAmong(sql.raw('"lead_id"'), ids)} limit 25`,
      );
      expect(statementName(text)).toBeUndefined();
    }
  });

  it('gives the same text the same name and another text another, within PostgreSQL’s 63 bytes', () => {
    const a = statementName('select 1')!;
    expect(statementName('select 1')).toBe(a);
    expect(statementName('select 2')).not.toBe(a);
    expect(Buffer.byteLength(a)).toBeLessThanOrEqual(63);
  });
});

describe('a page bound written into the text', () => {
  const dialect = new PgDialect();
  it.each([0, 1, 25, 200])('writes %i into the text, with no parameter', (n) => {
    expect(dialect.sqlToQuery(sql`select 1 limit ${inlineInt(n)}`)).toEqual({
      sql: `select 1 limit ${n}`,
      params: [],
    });
  });

  it.each([-1, 2.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses %s', (n) => {
    expect(() => inlineInt(n)).toThrow('Limite di pagina non valido');
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('named statements on a PostgreSQL connection', () => {
  // One connection, so pg_prepared_statements (per connection) shows what this pool prepared.
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle>;
  const prepared = async () =>
    (
      await pool.query<{ statement: string; generic_plans: string; custom_plans: string }>(
        'select statement, generic_plans, custom_plans from pg_prepared_statements order by statement',
      )
    ).rows;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 1, Client: namedStatementClient(4) });
    db = drizzle(pool);
    await db.execute(
      sql`create table if not exists prova_istruzioni (id int primary key, nome text, importo numeric(10,2), quando timestamptz)`,
    );
    await db.execute(
      sql`insert into prova_istruzioni select g, 'nome ' || g, g * 1.25, timestamptz '2026-11-01 10:00+00' + g * interval '1 hour' from generate_series(1, 200) g`,
    );
  });

  afterAll(async () => {
    await pool?.query('drop table if exists prova_istruzioni');
    await pool?.end();
  });

  it('prepares a read once, returns the same values every time, and lets PostgreSQL stop planning it', async () => {
    const read = (id: number) =>
      db.execute(sql`select id, nome, importo, quando from prova_istruzioni where id = ${id}`);
    const first = await read(7);
    for (let id = 1; id <= 12; id++) await read(id);
    const again = await read(7);
    expect(again.rows).toEqual(first.rows);
    expect(first.rows).toEqual([
      { id: 7, nome: 'nome 7', importo: '8.75', quando: '2026-11-01 17:00:00+00' },
    ]);
    const mine = (await prepared()).filter((p) => p.statement.includes('from prova_istruzioni where id'));
    expect(mine).toHaveLength(1);
    expect(Number(mine[0].generic_plans)).toBeGreaterThan(0);
  });

  it('keeps one plan for a page whose LIMIT is in the text', async () => {
    const page = (after: number) =>
      db.execute(sql`select id from prova_istruzioni where id > ${after} order by id limit ${inlineInt(25)}`);
    for (let after = 0; after < 10; after++) expect((await page(after * 10)).rows).toHaveLength(25);
    const mine = (await prepared()).filter((p) => p.statement.includes('limit 25'));
    expect(mine).toHaveLength(1);
    expect(Number(mine[0].generic_plans)).toBeGreaterThan(0);
  });

  it('keeps one plan for a read among ids written with idsIn, however many ids', async () => {
    const lists = [
      [2, 3],
      [4, 5, 6],
      [7],
      Array.from({ length: 25 }, (_, i) => i + 100),
      [8, 9],
      [10, 11, 12],
      [13],
    ];
    for (const ids of lists) {
      const among = await db.execute(
        sql`select id from prova_istruzioni where ${idsIn(sql.raw('id'), ids)} order by id`,
      );
      expect(among.rows).toEqual(ids.map((id) => ({ id })));
    }
    const mine = (await prepared()).filter((p) => p.statement.includes('unnest('));
    expect(mine).toHaveLength(1);
    expect(Number(mine[0].generic_plans)).toBeGreaterThan(0);
  });

  it('leaves writes, text searches and reads among ids unnamed', async () => {
    await db.execute(sql`update prova_istruzioni set nome = ${'aggiornato'} where id = ${1}`);
    const found = await db.execute(sql`select id from prova_istruzioni where nome like ${'aggiorn%'}`);
    expect(found.rows).toEqual([{ id: 1 }]);
    for (const ids of [
      [2, 3],
      [4, 5, 6],
    ]) {
      const among = await db.execute(
        sql`select id from prova_istruzioni where ${idsAmong(sql.raw('id'), ids)} order by id`,
      );
      expect(among.rows).toEqual(ids.map((id) => ({ id })));
    }
    const texts = (await prepared()).map((p) => p.statement);
    expect(texts.some((t) => t.includes('update prova_istruzioni'))).toBe(false);
    expect(texts.some((t) => t.includes('like'))).toBe(false);
    expect(texts.some((t) => t.includes('any('))).toBe(false);
  });

  it('reports an error of a named read and keeps the connection usable, inside a transaction too', async () => {
    const divide = (by: number) => db.execute(sql`select 10 / ${by}::int as q`);
    await expect(divide(0)).rejects.toMatchObject({ cause: { code: '22012' } });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 10 / ${0}::int as q`);
      }),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    expect((await divide(5)).rows).toEqual([{ q: 2 }]);
  });

  it('keeps at most the cap per connection; further shapes still answer, unnamed', async () => {
    const others = (rows: Awaited<ReturnType<typeof prepared>>) =>
      rows.filter((p) => !p.statement.includes('pg_prepared_statements'));
    expect(others(await prepared()).length).toBeLessThan(4);
    for (let i = 0; i < 5; i++) {
      const result = await db.execute(
        sql.raw(`select count(*)::int as n from prova_istruzioni where id > ${i}`),
      );
      expect(result.rows).toEqual([{ n: 200 - i }]);
    }
    // The cap is 4 in this pool: the new shapes fill it, the rest run unnamed.
    expect(others(await prepared())).toHaveLength(4);
  });
});

describe.skipIf(!url)('a search of a small table (points, people) on a PostgreSQL connection', () => {
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle>;
  const nome = sql.raw('lower(nome)');
  const includes = (q: string) =>
    db.execute(sql`select id from prova_ricerca_piccola where ${lowerTextIncludes(nome, q)} order by id`);
  const like = (q: string) =>
    db.execute(sql`select id from prova_ricerca_piccola where ${lowerTextContains(nome, q)} order by id`);

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 1, Client: namedStatementClient() });
    db = drizzle(pool);
    await db.execute(sql`create table if not exists prova_ricerca_piccola (id int primary key, nome text)`);
    await db.execute(
      sql`insert into prova_ricerca_piccola select g, 'Bar Centrale ' || g from generate_series(1, 300) g`,
    );
    await db.execute(
      sql`insert into prova_ricerca_piccola values (1001, 'Sconto 50% Bar_Roma'), (1002, 'Sconto 50 bar roma')`,
    );
  });

  afterAll(async () => {
    await pool?.query('drop table if exists prova_ricerca_piccola');
    await pool?.end();
  });

  it('finds what the LIKE search finds, the wildcards typed taken literally', async () => {
    for (const q of ['50%', 'BAR_', 'sconto 50', 'centrale 29', '', 'nessuno']) {
      expect((await includes(q)).rows, q).toEqual((await like(q)).rows);
    }
    expect((await includes('50%')).rows).toEqual([{ id: 1001 }]);
  });

  it('is prepared once and keeps one plan for every term, where LIKE stays planned per term', async () => {
    for (const q of ['bar', 'centrale 1', 'roma', 'sconto', 'bar', 'centrale 2', 'zzz', 'bar 3'])
      await includes(q);
    const texts = (
      await pool.query<{ statement: string; generic_plans: string }>(
        'select statement, generic_plans from pg_prepared_statements',
      )
    ).rows;
    const mine = texts.filter((p) => p.statement.includes('strpos('));
    expect(mine).toHaveLength(1);
    expect(Number(mine[0].generic_plans)).toBeGreaterThan(0);
    expect(texts.some((p) => p.statement.includes(' like '))).toBe(false);
  });
});
