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

type Rows = Array<{ ambito: string; ambito_id: number; voce: string; n: number }>;

/** Every counter as a fresh count over the tables, written independently of the triggers. */
export async function freshCounts(db: Database): Promise<Record<string, number>> {
  const fresh = await rows<Rows[number]>(
    db,
    sql`
    with membri as (
      select punto_fisico_originale_id as punto, id as lead from leads where punto_fisico_originale_id is not null
      union
      select punto_fisico_id, lead_id from pratiche where punto_fisico_id is not null
    ), slot as (
      select 'punto_fisico' as ruolo, utente_responsabile_id as utente, id as punto from punti_fisici
      union all select 'agente', agente_id, id from punti_fisici where agente_id is not null
      union all select 'area_manager', area_manager_id, id from punti_fisici where area_manager_id is not null
    )
    select 'tutti' as ambito, 0 as ambito_id, 'lead' as voce, count(*)::int as n from leads
    union all select 'punto', punto, 'lead', count(*)::int from membri group by punto
    union all select s.ruolo, s.utente, 'lead', count(distinct m.lead)::int from slot s join membri m on m.punto = s.punto group by 1, 2
    union all select 'tutti', 0, 'lead|' || stato_contatto, count(*)::int from leads group by 3
    union all select 'punto', m.punto, 'lead|' || l.stato_contatto, count(*)::int
      from membri m join leads l on l.id = m.lead group by 2, 3
    union all select s.ruolo, s.utente, 'lead|' || l.stato_contatto, count(distinct m.lead)::int
      from slot s join membri m on m.punto = s.punto join leads l on l.id = m.lead group by 1, 2, 3
    union all select 'punto', coalesce(punto_fisico_id, 0), 'pratiche', count(*)::int from pratiche group by 2
    union all select 'punto', coalesce(p.punto_fisico_id, 0), 'servizi|' || s.tipo_servizio || '|' || s.stato, count(*)::int
      from servizi s join pratiche p on p.id = s.pratica_id group by 2, 3
    union all select 'punto', coalesce(p.punto_fisico_id, 0), 'pratiche|' || s.tipo_servizio || '|' || s.stato, count(distinct p.id)::int
      from servizi s join pratiche p on p.id = s.pratica_id group by 2, 3
    union all select 'punto', coalesce(p.punto_fisico_id, 0), 'pratiche|*|' || s.stato, count(distinct p.id)::int
      from servizi s join pratiche p on p.id = s.pratica_id group by 2, 3
    union all select 'tutti', 0, 'pratiche', count(*)::int from pratiche
    union all select 'tutti', 0, 'servizi|' || tipo_servizio || '|' || stato, count(*)::int from servizi group by 3
    union all select 'tutti', 0, 'pratiche|' || tipo_servizio || '|' || stato, count(distinct pratica_id)::int
      from servizi group by 3
    union all select 'tutti', 0, 'pratiche|*|' || stato, count(distinct pratica_id)::int from servizi group by 3
    union all select 'punto', coalesce(p.punto_fisico_id, 0), 'pratiche|' || s.tipo_servizio || '|*', count(distinct p.id)::int
      from servizi s join pratiche p on p.id = s.pratica_id group by 2, 3
    union all select 'tutti', 0, 'pratiche|' || tipo_servizio || '|*', count(distinct pratica_id)::int from servizi group by 3`,
  );
  return Object.fromEntries(
    fresh.filter((r) => r.n !== 0).map((r) => [`${r.ambito}:${r.ambito_id}:${r.voce}`, r.n]),
  );
}

export async function keptCounts(db: Database): Promise<Record<string, number>> {
  const kept = await rows<Rows[number]>(
    db,
    // The company's figures are kept in stripes (migration 0024): their sum is the figure.
    sql`select ambito, case when ambito = 'tutti' then 0 else ambito_id end as ambito_id, voce, sum(n)::int as n
      from contatori group by 1, 2, 3 having sum(n) <> 0`,
  );
  return Object.fromEntries(kept.map((r) => [`${r.ambito}:${r.ambito_id}:${r.voce}`, r.n]));
}

/** The leads each person and each point see by the scope rule itself, against the kept membership (with the lead's date, status and search text), and the practices' copies of their customer's words. */
export async function expectScopeMembership(db: Database) {
  const fresh = await rows<Rows[number]>(
    db,
    sql`select x.ruolo as ambito, x.utente as ambito_id, x.lead::text as voce, 1 as n from (
      select 'punto_fisico' as ruolo, pf.utente_responsabile_id as utente, l.id as lead from leads l join punti_fisici pf
        on pf.id = l.punto_fisico_originale_id or exists (select 1 from pratiche p where p.lead_id = l.id and p.punto_fisico_id = pf.id)
      union select 'agente', pf.agente_id, l.id from leads l join punti_fisici pf
        on pf.id = l.punto_fisico_originale_id or exists (select 1 from pratiche p where p.lead_id = l.id and p.punto_fisico_id = pf.id)
        where pf.agente_id is not null
      union select 'area_manager', pf.area_manager_id, l.id from leads l join punti_fisici pf
        on pf.id = l.punto_fisico_originale_id or exists (select 1 from pratiche p where p.lead_id = l.id and p.punto_fisico_id = pf.id)
        where pf.area_manager_id is not null) x
    order by 1, 2, 3`,
  );
  const kept = await rows<Rows[number]>(
    db,
    sql`select lu.ruolo as ambito, lu.user_id as ambito_id, lu.lead_id::text as voce, 1 as n
      from lead_utenti lu join leads l on l.id = lu.lead_id and l.data_registrazione = lu.data_registrazione
        and l.stato_contatto = lu.stato_contatto and l.telefono_normalizzato = lu.telefono_normalizzato
        and l.cerca = lu.cerca
      order by 1, 2, 3`,
  );
  expect(kept).toEqual(fresh);
  // Each practice's copy of its customer's search text and phone key (migration 0021).
  const staleCopies = await rows(
    db,
    sql`select p.id from pratiche p join leads l on l.id = p.lead_id
      where p.telefono_normalizzato <> l.telefono_normalizzato
        or p.cerca <> l.cerca`,
  );
  expect(staleCopies).toEqual([]);
  // Each practice's (type, status) pairs of its services (migration 0042), computed afresh.
  const staleStati = await rows(
    db,
    sql`select p.id, p.stati_servizi from pratiche p
      where p.stati_servizi <> coalesce((select bit_or(servizio_stato_bit(s.tipo_servizio, s.stato))
        from servizi s where s.pratica_id = p.id), 0)`,
  );
  expect(staleStati).toEqual([]);
  // The lead's own search text, lower-cased by PostgreSQL (migration 0025), written out again here.
  const staleTexts = await rows(
    db,
    sql`select l.id from leads l
      where l.cerca <> lower(l.nome || ' ' || l.cognome || chr(1) || l.cognome || ' ' || l.nome || chr(1) || l.email || chr(1) || l.telefono)`,
  );
  expect(staleTexts).toEqual([]);
  // The leads of each point, with the lead's date and status (the point filter reads them there).
  const freshPoints = await rows<Rows[number]>(
    db,
    sql`select 'punto' as ambito, x.p as ambito_id, x.l::text as voce, 1 as n from (
      select punto_fisico_originale_id as p, id as l from leads where punto_fisico_originale_id is not null
      union select punto_fisico_id, lead_id from pratiche where punto_fisico_id is not null) x
    order by 2, 3`,
  );
  const keptPoints = await rows<Rows[number]>(
    db,
    sql`select 'punto' as ambito, lp.punto_fisico_id as ambito_id, lp.lead_id::text as voce, 1 as n
      from lead_punti lp join leads l on l.id = lp.lead_id and l.data_registrazione = lp.data_registrazione
        and l.stato_contatto = lp.stato_contatto
      order by 2, 3`,
  );
  expect(keptPoints).toEqual(freshPoints);
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

/** Counters, lead scopes, the services' list table and per-day commission sums all equal a fresh computation. */
export async function expectDerivedTablesFresh(db: Database, step: string) {
  expect(await keptCounts(db), step).toEqual(await freshCounts(db));
  await expectScopeMembership(db);
  await expectServiziElencoFresh(db, step);
  expect(await keptSums(db), step).toEqual(await freshSums(db));
}
