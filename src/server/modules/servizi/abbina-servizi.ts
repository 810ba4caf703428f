import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ServizioTipo } from '#shared/domain.ts';
import { normalizeCode } from '#shared/validators/codici.ts';
import type { DbExecutor } from '#server/db/client.ts';
import { schedeContratto, servizi } from '#server/db/schema.ts';

/**
 * The services of one supplier that rows of a supplier's file name (the outcomes' and the
 * payments' files share it). A key's given fields must all agree; none found, one, or several.
 * NOTE: placeholder owned by the 49b engineer; their version replaces this one at merge.
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

interface Candidato {
  id: number;
  praticaId: number;
  pod: string | null;
  pdr: string | null;
  codiceFiscale: string | null;
}

export async function abbinaServizi(
  db: DbExecutor,
  fornitoreId: number,
  chiavi: ChiaveServizio[],
  tipoServizio?: ServizioTipo,
): Promise<Abbinamento[]> {
  const norm = chiavi.map((k) => ({
    ...k,
    podPdr: k.podPdr ? normalizeCode(k.podPdr) : undefined,
    codiceFiscale: k.codiceFiscale ? normalizeCode(k.codiceFiscale) : undefined,
  }));
  const ids = [...new Set(norm.flatMap((k) => (k.servizioId ? [k.servizioId] : [])))];
  const pratiche = [...new Set(norm.flatMap((k) => (k.praticaId ? [k.praticaId] : [])))];
  const codes = [...new Set(norm.flatMap((k) => (k.podPdr ? [k.podPdr] : [])))];
  const cfs = [...new Set(norm.flatMap((k) => (k.codiceFiscale ? [k.codiceFiscale] : [])))];
  const any: SQL[] = [];
  if (ids.length) any.push(inArray(servizi.id, ids));
  if (pratiche.length) any.push(inArray(servizi.praticaId, pratiche));
  if (codes.length) any.push(inArray(schedeContratto.pod, codes), inArray(schedeContratto.pdr, codes));
  if (cfs.length) any.push(inArray(schedeContratto.codiceFiscale, cfs));
  const candidati: Candidato[] = any.length
    ? await db
        .select({
          id: servizi.id,
          praticaId: servizi.praticaId,
          pod: schedeContratto.pod,
          pdr: schedeContratto.pdr,
          codiceFiscale: schedeContratto.codiceFiscale,
        })
        .from(servizi)
        .leftJoin(schedeContratto, eq(schedeContratto.servizioId, servizi.id))
        .where(
          and(
            eq(servizi.fornitoreId, fornitoreId),
            tipoServizio ? eq(servizi.tipoServizio, tipoServizio) : sql`true`,
            or(...any),
          ),
        )
    : [];
  return norm.map((k) => {
    const given = k.servizioId || k.praticaId || k.podPdr || k.codiceFiscale;
    if (!given) return { esito: 'non_trovato' };
    const found = candidati.filter(
      (c) =>
        (!k.servizioId || c.id === k.servizioId) &&
        (!k.praticaId || c.praticaId === k.praticaId) &&
        (!k.podPdr || c.pod === k.podPdr || c.pdr === k.podPdr) &&
        (!k.codiceFiscale || c.codiceFiscale === k.codiceFiscale),
    );
    if (found.length === 0) return { esito: 'non_trovato' };
    if (found.length === 1) return { esito: 'trovato', servizioId: found[0].id };
    return { esito: 'ambiguo', servizioIds: found.map((c) => c.id) };
  });
}
