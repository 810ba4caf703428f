/**
 * Names the code chooses (a counter's scope or figure, a service type) and the zero of the commissions'
 * scopes are written into the statement's text, not sent as parameters: PostgreSQL's generic plan
 * of a named read then sees them, uses the partial indexes that need them and keeps one plan
 * instead of planning every request (docs/decisions/051-costanti-nel-testo.md). User input never
 * takes this way: inlineName refuses anything but a code name.
 */
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#shared/permissions.ts';
import type { Database } from '#server/db/client.ts';
import { namedStatementClient } from '#server/db/named-statements.ts';
import * as schema from '#server/db/schema.ts';
import { inlineName, inlineNamesAmong } from '#server/db/sql-helpers.ts';
import type { Actor } from '#server/lib/actor.ts';
import { commissioniScope } from '#server/modules/commissioni/commissioni.scope.ts';
import { leadsTotalQuery, pointCountersQuery } from '#server/modules/punti-fisici/contatori.ts';

const dialect = new PgDialect();
// Builds statements without a connection, to read their text.
const mock: Database = drizzle.mock({ schema });
const textOf = (query: SQL) => dialect.sqlToQuery(query);
const actor = (role: Role, id = 42) => ({ id, role }) as Actor;

describe('a name written into the text', () => {
  it.each(['tutti', 'punto', 'agente', 'lead|non_risponde', 'pratiche|*|ko', 'servizi|luce|in_lavorazione'])(
    'writes %s as a quoted literal, with no parameter',
    (name) => {
      expect(textOf(sql`select ${inlineName(name)}`)).toEqual({ sql: `select '${name}'`, params: [] });
    },
  );

  it.each(["o'brien", 'Agente', 'lead stato', '', "x'); drop table leads; --", 'è', '1'])(
    'refuses %j',
    (name) => {
      expect(() => inlineName(name)).toThrow('Nome non scrivibile nel testo');
    },
  );

  it('writes a list of names, and an empty list as false', () => {
    expect(textOf(sql`v ${inlineNamesAmong(sql.raw('voce'), ['lead', 'lead|nuovo'])}`).sql).toBe(
      "v voce in ('lead', 'lead|nuovo')",
    );
    expect(textOf(inlineNamesAmong(sql.raw('voce'), [])).sql).toBe('false');
  });
});

describe('the scopes and counters send only the person as a parameter', () => {
  it.each([
    ['admin', undefined, []],
    ['amministrazione', '"commissioni"."importo_amministrazione" <> 0', []],
    ['punto_fisico', '"commissioni"."importo_punto_fisico" <> 0', [42]],
    ['agente', '"commissioni"."importo_agente" <> 0', [42]],
    ['area_manager', '"commissioni"."importo_area_manager" <> 0', [42]],
  ] as const)('commissions of %s', (role, zero, params) => {
    const scope = commissioniScope(actor(role));
    if (!zero) return expect(scope).toBeUndefined();
    const query = textOf(scope!);
    expect(query.sql).toContain(zero);
    expect(query.params).toEqual(params);
  });

  it.each([
    ['admin', []],
    ['agente', [42]],
  ] as const)('the counters of %s', (role, params) => {
    const leads = leadsTotalQuery(mock, actor(role), 'lead|contattato').toSQL();
    expect(leads.sql).toContain("'lead|contattato'");
    expect(leads.params).toEqual(params);
    const figures = pointCountersQuery(mock, actor(role), ['pratiche', 'pratiche|*|ko']).toSQL();
    expect(figures.sql).toContain("in ('pratiche', 'pratiche|*|ko')");
    expect(figures.params).toEqual(params);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('a partial index and the generic plan, on a PostgreSQL connection', () => {
  // One connection, so pg_prepared_statements (per connection) shows what this pool prepared.
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle>;
  const plans = async (fragment: string) =>
    (
      await pool.query<{ statement: string; generic_plans: string; custom_plans: string }>(
        'select statement, generic_plans, custom_plans from pg_prepared_statements',
      )
    ).rows.filter((p) => p.statement.includes(fragment));

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 1, Client: namedStatementClient() });
    db = drizzle(pool);
    // As commissioni: most rows are 0 for a role, and its list reads its partial index.
    await db.execute(sql`create table if not exists prova_parziale (
      id int primary key, payee int, importo numeric(10,2) not null, quando timestamptz not null)`);
    await db.execute(sql`insert into prova_parziale
      select g, g % 50, case when g % 10 = 0 then 5 else 0 end, timestamptz '2026-01-01' + g * interval '1 minute'
      from generate_series(1, 50000) g`);
    await db.execute(
      sql`create index prova_parziale_elenco on prova_parziale (payee, quando, id) where importo <> 0`,
    );
    await db.execute(sql`analyze prova_parziale`);
  });

  afterAll(async () => {
    await pool?.query('drop table if exists prova_parziale');
    await pool?.end();
  });

  const page = (zero: SQL, payee: number) =>
    db.execute(
      sql`select id from prova_parziale where payee = ${payee} and importo <> ${zero} order by quando desc, id desc limit 25`,
    );

  it('with the zero as a parameter, PostgreSQL plans the page again every time', async () => {
    for (let i = 0; i < 12; i++) expect((await page(sql`${0}`, 10)).rows).toHaveLength(25);
    const [mine] = await plans('importo <> $2');
    expect(Number(mine.custom_plans)).toBe(12);
    expect(Number(mine.generic_plans)).toBe(0);
  });

  it('with the zero in the text, it keeps one plan after five, with the same rows', async () => {
    for (let i = 0; i < 12; i++) {
      const rows = (await page(sql.raw('0'), 10)).rows;
      expect(rows).toEqual((await page(sql`${0}`, 10)).rows);
    }
    const [mine] = await plans('importo <> 0');
    expect(Number(mine.custom_plans)).toBe(5);
    expect(Number(mine.generic_plans)).toBe(7);
  });
});
