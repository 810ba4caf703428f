import { sql, type SQL } from 'drizzle-orm';

/**
 * The practice (`"pratiche"."id"`, named explicitly as in the list's other subqueries) has a
 * service whose scheda contratto is not complete or not there yet: the list's 'Scheda incompleta'
 * filter (docs/product/scheda-contratto.md#campi-richiesti).
 */
export function schedaIncompletaCondition(): SQL {
  return sql`exists (select 1 from servizi s_scheda left join schede_contratto sc on sc.servizio_id = s_scheda.id where s_scheda.pratica_id = "pratiche"."id" and sc.completa is not true)`;
}
