import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { isCodiceFiscale, isPartitaIva, isPdr, isPod, normalizeCode } from '#shared/validators/codici.ts';

/**
 * The practice (`"pratiche"."id"`, named explicitly as in the list's other subqueries) has a
 * service whose scheda contratto is not complete or not there yet: the list's 'Scheda incompleta'
 * filter (docs/product/scheda-contratto.md#campi-richiesti).
 */
export function schedaIncompletaCondition(): SQL {
  return sql`exists (select 1 from servizi s_scheda left join schede_contratto sc on sc.servizio_id = s_scheda.id where s_scheda.pratica_id = "pratiche"."id" and sc.completa is not true)`;
}

/** The term as a scheda's code (normalised), when it is a whole valid one. */
function schedaCodeOf(term: string | undefined): string | undefined {
  if (!term) return undefined;
  const code = normalizeCode(term);
  return isCodiceFiscale(code) || isPartitaIva(code) || isPod(code) || isPdr(code) ? code : undefined;
}

/**
 * The schede holding the code, through the four partial indexes of schede_contratto (a BitmapOr):
 * an exact match, so the search box finds a practice by its POD among a million
 * (docs/product/scheda-contratto.md#ricerca).
 */
const holdsCode = (code: string) =>
  sql`(sc.codice_fiscale = ${code} or sc.partita_iva = ${code} or sc.pod = ${code} or sc.pdr = ${code})`;

/**
 * The practices whose scheda holds the term as a code, as `id = any(array(…))`: the few ids are
 * gathered first, as the digit windows are (lead-search.ts). Undefined when the term is no code.
 */
export function schedaCodePratiche(praticaId: SQLWrapper, term: string | undefined): SQL | undefined {
  const code = schedaCodeOf(term);
  if (!code) return undefined;
  return sql`${praticaId} = any(array(select sc.pratica_id from schede_contratto sc where ${holdsCode(code)}))`;
}

/** The same for the leads: the customers of those practices. */
export function schedaCodeLeads(leadId: SQLWrapper, term: string | undefined): SQL | undefined {
  const code = schedaCodeOf(term);
  if (!code) return undefined;
  return sql`${leadId} = any(array(select p_scheda.lead_id from schede_contratto sc join pratiche p_scheda on p_scheda.id = sc.pratica_id where ${holdsCode(code)}))`;
}
