import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EsitoPostAttivazioneBody, EsitoPostAttivazioneResult } from '#shared/schemas/maturazione.ts';
import { api } from '#client/lib/api-client.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { commissioniQueries } from '#client/backoffice/features/commissioni/api/queries.ts';
import { dashboardQueries } from '#client/backoffice/features/dashboard/api/queries.ts';
import { praticheQueries } from '#client/backoffice/features/pratiche/api/queries.ts';

/**
 * An outcome after activation (docs/product/lifecycle.md#esiti-dopo-lattivazione): it may move the
 * service to KO and create or remove commissions, so the practice, commissions and dashboard change.
 */
export function useRegistraEsito() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EsitoPostAttivazioneBody }) =>
      api.post<EsitoPostAttivazioneResult>(`/api/servizi/${id}/esito`, body),
    onSuccess: () =>
      invalidateKeys(queryClient, [praticheQueries.all, commissioniQueries.all, dashboardQueries.all]),
  });
}
