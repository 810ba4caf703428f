import { useQuery } from '@tanstack/react-query';
import type { BeneficiariList, EstrattoFormato } from '#shared/schemas/estratto-conto.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { downloadFile } from '#client/lib/download.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

const BASE = '/api/estratti-conto';

/** The payees with movements in a period (admin and amministrazione). */
export function useBeneficiari(periodo: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.estrattiConto.beneficiari(periodo),
    queryFn: () => api.get<BeneficiariList>(withQuery(`${BASE}/beneficiari`, { periodo })),
    enabled,
  });
}

/** One payee's statement (docs/product/commissions.md#estratto-conto). */
export function downloadEstratto(beneficiarioId: number, periodo: string, formato: EstrattoFormato) {
  return downloadFile(
    withQuery(`${BASE}/${beneficiarioId}`, { periodo, formato }),
    `estratto-conto-${periodo}.${formato}`,
  );
}

/** Every payee's statement of the period in one ZIP. */
export function downloadEstrattiZip(periodo: string) {
  return downloadFile(withQuery(`${BASE}/zip`, { periodo }), `estratti-conto-${periodo}.zip`);
}
