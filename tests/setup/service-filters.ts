import { sql, type SQL } from 'drizzle-orm';

/**
 * The practices' service filters by their definition, for tests that read the list afresh: a
 * service of practice `p` of the type, in one of the statuses, KO with the reason. Empty when no
 * filter is set (every practice passes, even one without services).
 */
export function serviceFilterByDefinition(f: {
  servizio?: string;
  stato: readonly string[];
  koMotivazione?: string;
}): SQL {
  if (!f.servizio && f.stato.length === 0 && !f.koMotivazione) return sql``;
  const ofType = f.servizio ? sql`and s.tipo_servizio = ${f.servizio}` : sql``;
  const inStatus = f.stato.length
    ? sql`and s.stato in (${sql.join(
        f.stato.map((st) => sql`${st}`),
        sql`, `,
      )})`
    : sql``;
  const reason = f.koMotivazione ? sql`and s.stato = 'ko' and s.ko_motivazione = ${f.koMotivazione}` : sql``;
  return sql`and exists (select 1 from servizi s where s.pratica_id = p.id ${ofType} ${inStatus} ${reason})`;
}
