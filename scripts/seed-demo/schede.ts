import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/**
 * The demo's POD of a luce service, from the service's id: a valid code
 * (docs/product/scheda-contratto.md#controlli), one per supply, so the benchmark can search one.
 * A gas service's PDR is its id in 14 digits (demoPdr).
 */
const demoPod = (servizioId: number) => `IT001E${String(servizioId).padStart(8, '0')}`;
const demoPdr = (servizioId: number) => String(servizioId).padStart(14, '0');
const DEMO_CODES: Partial<Record<string, (servizioId: number) => string>> = { luce: demoPod, gas: demoPdr };

/** The demo's supply code (POD or PDR) of a service, undefined for a kind without one. */
export const demoSupplyCode = (servizio: { id: number; tipoServizio: string }): string | undefined =>
  DEMO_CODES[servizio.tipoServizio]?.(servizio.id);

/**
 * A scheda contratto begun on every luce and gas service the office has taken up (in lavorazione,
 * completed or KO): the supply's code typed, the rest still to fill, so the list's code search and
 * 'Scheda incompleta' read a table as full as the services (docs/product/scheda-contratto.md#ricerca).
 * One statement; the codes are demoPod's, written in SQL.
 */
export async function seedSchede(db: Database): Promise<number> {
  const result = await db.execute(sql`
    insert into schede_contratto (servizio_id, pratica_id, dati, completa, pod, pdr)
    select s.id, s.pratica_id,
      case when s.tipo_servizio = 'luce'
        then jsonb_build_object('pod', 'IT001E' || lpad(s.id::text, 8, '0'))
        else jsonb_build_object('pdr', lpad(s.id::text, 14, '0')) end,
      false,
      case when s.tipo_servizio = 'luce' then 'IT001E' || lpad(s.id::text, 8, '0') end,
      case when s.tipo_servizio = 'gas' then lpad(s.id::text, 14, '0') end
    from servizi s
    where s.tipo_servizio in ('luce', 'gas') and s.stato <> 'inserito'
    on conflict (servizio_id) do nothing`);
  return (
    (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
    (result as { rowCount?: number }).rowCount ??
    0
  );
}
