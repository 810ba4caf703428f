import { sql } from 'drizzle-orm';
import type { ServizioTipo } from '#shared/domain.ts';
import { normalizeCode } from '#shared/validators/codici.ts';
import type { DbExecutor } from '#server/db/client.ts';

/**
 * Which services a supplier's file means (docs/product/fornitori-esiti.md#abbinamento): the
 * outcome file and the payment statement both name a service by our service or practice number,
 * its POD/PDR or the customer's codice fiscale.
 */
export type ChiaveServizio = {
  servizioId?: number;
  praticaId?: number;
  podPdr?: string;
  codiceFiscale?: string;
};
export type Abbinamento =
  | { esito: 'trovato'; servizioId: number }
  | { esito: 'non_trovato' }
  | { esito: 'ambiguo'; servizioIds: number[] };

interface Key {
  i: number;
  sid: number | null;
  pid: number | null;
  cod: string | null;
  cf: string | null;
}

const code = (s: string | undefined) => (s == null || normalizeCode(s) === '' ? null : normalizeCode(s));
const id = (n: number | undefined) =>
  n != null && Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;

/**
 * For each key, the services of this supplier (and type, if given) it names; one query per batch of keys.
 *
 * Every field a key gives must hold (service 12 with POD X is service 12 only if its scheda has POD
 * X). A service is the supplier's when it is recorded with it, or when it has no supplier yet and
 * the supplier offers its type (a service gets its supplier when it is sent or completed). Codes
 * are compared in their stored form (normalizeCode): spaces, dots, dashes and case do not matter.
 * A key that gives nothing, or an id that cannot exist, finds nothing.
 */
export async function abbinaServizi(
  db: DbExecutor,
  fornitoreId: number,
  chiavi: ChiaveServizio[],
  tipoServizio?: ServizioTipo,
): Promise<Abbinamento[]> {
  const keys: Key[] = [];
  const result: Abbinamento[] = chiavi.map(() => ({ esito: 'non_trovato' }));
  chiavi.forEach((k, i) => {
    const key = {
      i,
      sid: id(k.servizioId),
      pid: id(k.praticaId),
      cod: code(k.podPdr),
      cf: code(k.codiceFiscale),
    };
    const invalidId = (k.servizioId != null && key.sid == null) || (k.praticaId != null && key.pid == null);
    if (!invalidId && (key.sid ?? key.pid ?? key.cod ?? key.cf) != null) keys.push(key);
  });
  if (keys.length === 0) return result;

  // Each key reaches its candidates through the index of its most specific field; the final
  // filter then checks every field the key gives.
  const rows = await db.execute<{ i: number; ids: number[] }>(sql`
    with k as (
      select * from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb)
        as k(i int, sid int, pid int, cod text, cf text)
    ),
    cand as (
      select k.i, s.id from k join servizi s on s.id = k.sid where k.sid is not null
      union
      select k.i, s.id from k join servizi s on s.pratica_id = k.pid where k.sid is null and k.pid is not null
      union
      select k.i, sc.servizio_id from k join schede_contratto sc on sc.pod = k.cod
        where k.sid is null and k.pid is null and k.cod is not null
      union
      select k.i, sc.servizio_id from k join schede_contratto sc on sc.pdr = k.cod
        where k.sid is null and k.pid is null and k.cod is not null
      union
      select k.i, sc.servizio_id from k join schede_contratto sc on sc.codice_fiscale = k.cf
        where k.sid is null and k.pid is null and k.cod is null and k.cf is not null
    )
    select c.i, array_agg(s.id order by s.id) as ids
    from cand c
    join k on k.i = c.i
    join servizi s on s.id = c.id
    left join schede_contratto sc on sc.servizio_id = s.id
    where (
        s.fornitore_id = ${fornitoreId}
        or (s.fornitore_id is null
            and s.tipo_servizio = any(select unnest(f.servizi_supportati) from fornitori f where f.id = ${fornitoreId}))
      )
      and (${tipoServizio ?? null}::text is null or s.tipo_servizio = ${tipoServizio ?? null}::text)
      and (k.pid is null or s.pratica_id = k.pid)
      and (k.cod is null or sc.pod = k.cod or sc.pdr = k.cod)
      and (k.cf is null or sc.codice_fiscale = k.cf)
    group by c.i`);
  for (const row of (rows as { rows: { i: number; ids: number[] }[] }).rows) {
    const ids = row.ids.map(Number);
    result[Number(row.i)] =
      ids.length === 1 ? { esito: 'trovato', servizioId: ids[0] } : { esito: 'ambiguo', servizioIds: ids };
  }
  return result;
}
