import { SERVIZIO_STATI, SERVIZIO_TIPI, type ServizioStato, type ServizioTipo } from '#shared/domain.ts';
import { sql } from 'drizzle-orm';
import { pratiche, servizioStatoBit } from '#server/db/schema.ts';

/**
 * A practice a search found, read once with what the list needs to filter, count and order it:
 * its creation instant in microseconds since 1970 (exact in a double until the year 2255) and
 * the (type, status) pairs its services hold (`pratiche.stati_servizi`).
 */
export interface FoundPratica {
  id: number;
  micros: number;
  stati: number;
}

/**
 * A practice found as one piece of text, `id micros stati`: the search gathers them into one
 * column (`string_agg(…, ',')`) and parseFoundRows reads them back. Microseconds as an integer,
 * so the text is exact.
 */
export function foundRowText() {
  return sql<string>`concat_ws(' ', ${pratiche.id}, (extract(epoch from ${pratiche.dataCreazione}) * 1000000)::int8, ${pratiche.statiServizi})`;
}

/** The practices found, from the text foundRowText's pieces make (null: none found). */
export function parseFoundRows(text: string | null): FoundPratica[] {
  if (!text) return [];
  return text.split(',').map((piece) => {
    const [id, micros, stati] = piece.split(' ');
    return { id: Number(id), micros: Number(micros), stati: Number(stati) };
  });
}

/** The list's filters the found practices answer by themselves (a KO reason needs the services). */
export interface FoundFilters {
  servizio?: ServizioTipo;
  stato: readonly ServizioStato[];
  page: number;
  pageSize: number;
}

/** The bits of every pair of these types and statuses. */
function pairsMask(tipi: readonly ServizioTipo[], stati: readonly ServizioStato[]): number {
  let mask = 0;
  for (const tipo of tipi) for (const stato of stati) mask |= servizioStatoBit(tipo, stato);
  return mask;
}

/** A list's service filters: a type, statuses, a KO reason, each optional. */
interface ServiceFilters {
  servizio?: ServizioTipo;
  stato: readonly ServizioStato[];
  koMotivazione?: string;
}

/**
 * The service filters as the bits a practice must hold one of (`stati_servizi & mask <> 0`): a
 * service of the chosen type (any type without one) in one of the chosen statuses (any without
 * them). With a KO reason, a KO service of that type: the bits cannot tell the reason, so the
 * mask only narrows the practices whose services are looked up (pratiche.service.ts); with a KO
 * reason and statuses without 'ko', 0: none passes. Undefined without any service filter: every
 * practice passes, even one with no service.
 */
export function serviceFilterMask(filters: ServiceFilters): number | undefined {
  const { servizio, stato, koMotivazione } = filters;
  if (servizio === undefined && stato.length === 0 && !koMotivazione) return undefined;
  const tipi = servizio ? [servizio] : SERVIZIO_TIPI;
  if (koMotivazione) return stato.length === 0 || stato.includes('ko') ? pairsMask(tipi, ['ko']) : 0;
  return pairsMask(tipi, stato.length > 0 ? stato : SERVIZIO_STATI);
}

/**
 * The practices found that pass the service type and statuses (all of them without either), as
 * the SQL filters would keep them.
 */
export function foundMatching(
  found: readonly FoundPratica[],
  filters: ServiceFilters,
): readonly FoundPratica[] {
  const mask = serviceFilterMask(filters);
  return mask === undefined ? found : found.filter((p) => (p.stati & mask) !== 0);
}

/**
 * The list of a search from its practices found, without reading them again
 * (docs/performance.md#ricerca-delle-pratiche), with the same meaning as the filters in SQL:
 * - a service type keeps the practices holding a service of that type; statuses, those holding a
 *   service (of that type) in one of them;
 * - each status's count is the practices holding a service (of the chosen type) in it, whatever
 *   the status toggles, as the buttons count without a search;
 * - `matching` are the practices the filters keep, `page` their ids on the requested page, newest
 *   first, among those numbered up to `fino` (docs/performance.md#pagine-per-posizione).
 */
export function listFound(found: readonly FoundPratica[], filters: FoundFilters, fino: number) {
  const tipi = filters.servizio ? [filters.servizio] : SERVIZIO_TIPI;
  const matching = foundMatching(found, filters);
  const countsByStato = Object.fromEntries(
    SERVIZIO_STATI.map((stato) => {
      const bits = pairsMask(tipi, [stato]);
      return [stato, found.filter((p) => (p.stati & bits) !== 0).length];
    }),
  ) as Record<ServizioStato, number>;
  const start = (filters.page - 1) * filters.pageSize;
  const page = matching
    .filter((p) => p.id <= fino)
    .sort((a, b) => b.micros - a.micros || b.id - a.id)
    .slice(start, start + filters.pageSize)
    .map((p) => p.id);
  return { matching: matching.length, countsByStato, page };
}
