import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client.ts';
import { parsePeriodoEstratto } from '#shared/periodi.ts';
import { addRomeDays, romeDayStartFromKey } from '#shared/time.ts';

/**
 * The lines of a reconciliation as one SQL query (docs/product/fornitori-riconciliazione.md#calcolo),
 * read for the preview and inserted as they are at confirmation: the database sums, exact, and
 * no service or row is held in memory whatever the size of the statement.
 *
 * Expected per service = the revenue of its commission rows of this supplier whose day of birth
 * (Rome calendar) falls in the month, a storno counted in the month of the commission it negates:
 * a service activated in March and clawed back in April is expected 0 in March.
 * Revenue of one row (docs/product/commissions.md#formule): for fixed amounts the four amounts add
 * up to it (the structure is what is left); for noleggio the roles' bonuses are paid on top of the
 * percentages by the structure, so they are taken off.
 */

/** The half-open Rome interval of a yyyy-MM month. */
export function monthBounds(periodo: string): { start: Date; end: Date } {
  const p = parsePeriodoEstratto(periodo);
  if (!p) throw new Error(`periodo ${periodo}`);
  return { start: romeDayStartFromKey(p.dataInizio), end: addRomeDays(romeDayStartFromKey(p.dataFine), 1) };
}

const REVENUE =
  sql.raw(`(c.importo_punto_fisico + c.importo_agente + c.importo_area_manager + c.importo_amministrazione
  - case when c.tipo_servizio = 'noleggio' then
      coalesce((c.bonus_applicati->>'puntoFisico')::numeric, 0)
      + coalesce((c.bonus_applicati->>'agente')::numeric, 0)
      + coalesce((c.bonus_applicati->>'areaManager')::numeric, 0)
    else 0 end)`);

/**
 * Columns: servizio_id, pratica_id, tipo_servizio, cliente, riga, identificativo, atteso, pagato,
 * tipo, ordine (the order lines are listed in: differences first, each kind by row and service).
 */
export function vociQuery(estrattoId: number, fornitoreId: number, periodo: string): SQL {
  const { start, end } = monthBounds(periodo);
  return sql`
    with atteso as (
      select c.servizio_id, sum(${REVENUE}) as importo,
        min(c.pratica_id) as pratica_id, min(c.tipo_servizio) as tipo_servizio, min(c.customer_name) as cliente
      from commissioni c left join commissioni o on o.id = c.storno_of_id
      where c.fornitore_id = ${fornitoreId}
        and coalesce(o.data_completamento, c.data_completamento) >= ${start.toISOString()}::timestamptz
        and coalesce(o.data_completamento, c.data_completamento) < ${end.toISOString()}::timestamptz
      group by c.servizio_id
    ),
    pagato as (
      select servizio_id, sum(importo) as importo, min(riga) as riga, min(identificativo) as identificativo
      from estratti_fornitori_righe
      where estratto_id = ${estrattoId} and esito = 'trovato' and servizio_id is not null
      group by servizio_id
    ),
    per_servizio as (
      select coalesce(a.servizio_id, p.servizio_id) as servizio_id,
        coalesce(a.importo, 0) as atteso, coalesce(p.importo, 0) as pagato, p.servizio_id is not null as pagata,
        a.pratica_id, a.tipo_servizio, a.cliente, p.riga, p.identificativo
      from atteso a full join pagato p on p.servizio_id = a.servizio_id
      where a.importo <> 0 or p.servizio_id is not null
    ),
    voci as (
      select v.servizio_id, coalesce(v.pratica_id, s.pratica_id) as pratica_id,
        coalesce(v.tipo_servizio, s.tipo_servizio) as tipo_servizio,
        coalesce(v.cliente, l.nome || ' ' || l.cognome) as cliente,
        v.riga, coalesce(v.identificativo, sc.pod, sc.pdr) as identificativo, v.atteso, v.pagato,
        case when not v.pagata then 'mancante'
          when v.pagato < v.atteso then 'pagato_meno'
          when v.pagato > v.atteso then 'pagato_piu'
          else 'in_regola' end as tipo
      from per_servizio v
      left join servizi s on s.id = v.servizio_id
      left join schede_contratto sc on sc.servizio_id = v.servizio_id
      left join pratiche pr on pr.id = s.pratica_id
      left join leads l on l.id = pr.lead_id
      union all
      select null, null, null, null, r.riga, r.identificativo, 0, r.importo, 'sconosciuto'
      from estratti_fornitori_righe r
      where r.estratto_id = ${estrattoId} and r.esito in ('non_trovato', 'ambiguo')
    )
    select voci.*, case tipo when 'pagato_meno' then 1 when 'mancante' then 2 when 'sconosciuto' then 3
      when 'pagato_piu' then 4 else 5 end as ordine
    from voci`;
}

/** Totals and per-kind figures over a set of lines with columns tipo, atteso, pagato. */
export const TOTALI_COLUMNS = sql.raw(`coalesce(sum(atteso), 0)::text as atteso,
  coalesce(sum(pagato), 0)::text as pagato,
  coalesce(sum(atteso - pagato) filter (where tipo in ('mancante', 'pagato_meno')), 0)::text as da_recuperare`);

/** The rows of a raw query (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
