import { and, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { LEAD_CONTACT_PROMISE_HOURS } from '#shared/domain.ts';
import { leads, numeriNonChiamare } from '#server/db/schema.ts';

/**
 * Which leads the queue holds and which of them are late (docs/product/calls.md#la-coda): one
 * definition, read by the queue, the dashboard's cards and the morning digest.
 */

/** Never proposed: a number the customer asked not to be called on again. */
export const notBarred = (): SQL =>
  sql`not exists (select 1 from ${numeriNonChiamare} nc where nc.telefono_normalizzato = ${leads.telefonoNormalizzato})`;

/** In the queue: a time to call, data not erased, the number not barred. */
export function inQueue(): SQL {
  return and(isNotNull(leads.chiamataDa), isNull(leads.datiCancellatiAt), notBarred())!;
}

/** New leads still `nuovo` past the promised 24 hours (the queue's 'In ritardo' group). */
export function lateInQueue(now: Date): SQL {
  return and(
    inQueue(),
    eq(leads.chiamataFissata, false),
    eq(leads.statoContatto, 'nuovo'),
    lt(leads.dataRegistrazione, new Date(now.getTime() - LEAD_CONTACT_PROMISE_HOURS * 60 * 60_000)),
  )!;
}
