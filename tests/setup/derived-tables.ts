import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '#server/db/client.ts';

/**
 * The tables kept by triggers (docs/performance.md#contatori, #somme-delle-commissioni) against a
 * fresh computation over the source tables, written independently of the triggers and of the
 * rebuild functions: the figures a screen shows never drift, whichever way the data came in.
 */

/** The rows of a raw query, on PGlite and PostgreSQL alike. */
export async function rows<T = Record<string, number>>(
  db: Database,
  query: ReturnType<typeof sql>,
): Promise<T[]> {
  return (((await db.execute(query)) as unknown as { rows: T[] }).rows ?? []) as T[];
}

type Somma = {
  ambito: string;
  ambito_id: number;
  punto: number;
  giorno: string;
  stato: string;
  storno: boolean;
  righe: number;
  importo: string;
};
const key = (r: Somma) => `${r.ambito}:${r.ambito_id}:${r.punto}:${r.giorno}:${r.stato}:${r.storno}`;
const value = (r: Somma) => `${Number(r.righe)} righe, ${r.importo}`;

/**
 * Every scope's row count and sum per Rome day, payment status and storno flag, written from the
 * role scopes (commissioniScope), independently of the triggers.
 */
export async function freshSums(db: Database): Promise<Record<string, string>> {
  const fresh = await rows<Somma>(
    db,
    sql`with c as (
      select *, (data_completamento at time zone 'Europe/Rome')::date::text as giorno,
        storno_of_id is not null as storno from commissioni
    ), s (ambito, ambito_id, punto, giorno, stato, storno, importo) as (
      select 'admin', 0, p.punto, c.giorno, c.stato_pagamento, c.storno, c.importo_amministrazione from c
        cross join lateral (values (0), (c.punto_fisico_id)) p (punto)
      union all select 'amministrazione', 0, p.punto, c.giorno, c.stato_pagamento, c.storno,
        c.importo_punto_fisico + c.importo_agente + c.importo_area_manager + c.importo_amministrazione from c
        cross join lateral (values (0), (c.punto_fisico_id)) p (punto) where c.importo_amministrazione <> 0
      union all select 'punto_fisico', c.payee_punto_fisico_id, p.punto, c.giorno, c.stato_pagamento, c.storno, c.importo_punto_fisico from c
        cross join lateral (values (0), (c.punto_fisico_id)) p (punto) where c.payee_punto_fisico_id is not null and c.importo_punto_fisico <> 0
      union all select 'agente', c.payee_agente_id, p.punto, c.giorno, c.stato_pagamento, c.storno, c.importo_agente from c
        cross join lateral (values (0), (c.punto_fisico_id)) p (punto) where c.payee_agente_id is not null and c.importo_agente <> 0
      union all select 'area_manager', c.payee_area_manager_id, p.punto, c.giorno, c.stato_pagamento, c.storno, c.importo_area_manager from c
        cross join lateral (values (0), (c.punto_fisico_id)) p (punto) where c.payee_area_manager_id is not null and c.importo_area_manager <> 0
    )
    select ambito, ambito_id, punto, giorno, stato, storno, count(*)::int as righe, sum(importo)::text as importo
    from s where punto is not null group by 1, 2, 3, 4, 5, 6`,
  );
  return Object.fromEntries(fresh.map((r) => [key(r), value(r)]));
}

export async function keptSums(db: Database): Promise<Record<string, string>> {
  const kept = await rows<Somma>(
    db,
    sql`select ambito, ambito_id, punto_fisico_id as punto, giorno::text as giorno, stato_pagamento as stato,
        storno, righe, importo::text as importo
      from commissioni_giorni where importo <> 0 or righe <> 0`,
  );
  return Object.fromEntries(kept.map((r) => [key(r), value(r)]));
}

type Rows = Array<{ punto: number; voce: string; n: number }>;

/** Every point's counter as a fresh count over the tables, written independently of the triggers. */
export async function freshCounts(db: Database): Promise<Record<string, number>> {
  const fresh = await rows<Rows[number]>(
    db,
    sql`
    with sp as (select coalesce(p.punto_fisico_id, 0) as punto, p.id as pratica, s.tipo_servizio as tipo, s.stato
      from servizi s join pratiche p on p.id = s.pratica_id)
    select coalesce(punto_fisico_originale_id, 0) as punto, 'lead' as voce, count(*)::int as n from leads group by 1
    union all select coalesce(punto_fisico_id, 0), 'pratiche', count(*)::int from pratiche group by 1
    union all select punto, 'servizi|' || tipo || '|' || stato, count(*)::int from sp group by 1, 2
    union all select punto, 'pratiche|' || tipo || '|' || stato, count(distinct pratica)::int from sp group by 1, 2
    union all select punto, 'pratiche|*|' || stato, count(distinct pratica)::int from sp group by 1, 2
    union all select punto, 'pratiche|' || tipo || '|*', count(distinct pratica)::int from sp group by 1, 2`,
  );
  return Object.fromEntries(fresh.filter((r) => r.n !== 0).map((r) => [`${r.punto}:${r.voce}`, r.n]));
}

export async function keptCounts(db: Database): Promise<Record<string, number>> {
  const kept = await rows<Rows[number]>(
    db,
    sql`select punto_fisico_id as punto, voce, n from contatori_punti where n <> 0`,
  );
  return Object.fromEntries(kept.map((r) => [`${r.punto}:${r.voce}`, r.n]));
}

/** The practices' copies of their customer's search text and phone key, and the lead's own search text. */
export async function expectSearchCopiesFresh(db: Database) {
  // Each practice's copy of its customer's search text and phone key.
  const staleCopies = await rows(
    db,
    sql`select p.id from pratiche p join leads l on l.id = p.lead_id
      where p.telefono_normalizzato <> l.telefono_normalizzato
        or p.cerca <> l.cerca`,
  );
  expect(staleCopies).toEqual([]);
  // The lead's own search text, lower-cased by PostgreSQL, written out again here.
  const staleTexts = await rows(
    db,
    sql`select l.id from leads l
      where l.cerca <> lower(l.nome || ' ' || l.cognome || chr(1) || l.cognome || ' ' || l.nome || chr(1) || l.email || chr(1) || l.telefono)`,
  );
  expect(staleTexts).toEqual([]);
}

/**
 * servizi_elenco (docs/performance.md#filtri-delle-pratiche) against the services joined with
 * their practices now: same rows, same practice date, point and customer.
 */
export async function expectServiziElencoFresh(db: Database, step: string) {
  const read = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const kept = await read(
    sql`select servizio_id, pratica_id, lead_id, punto_fisico_id, tipo_servizio, stato, ko_motivazione,
        data_creazione::text
      from servizi_elenco order by servizio_id`,
  );
  const fresh = await read(
    sql`select s.id as servizio_id, s.pratica_id, p.lead_id, p.punto_fisico_id, s.tipo_servizio, s.stato,
        s.ko_motivazione, p.data_creazione::text as data_creazione
      from servizi s join pratiche p on p.id = s.pratica_id order by s.id`,
  );
  expect(kept, step).toEqual(fresh);
}

/** Counters, search copies, the services' list table and per-day commission sums all equal a fresh computation. */
export async function expectDerivedTablesFresh(db: Database, step: string) {
  expect(await keptCounts(db), step).toEqual(await freshCounts(db));
  await expectSearchCopiesFresh(db);
  await expectServiziElencoFresh(db, step);
  expect(await keptSums(db), step).toEqual(await freshSums(db));
}
