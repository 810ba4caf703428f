import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EsitoPostAttivazioneBody, EsitoPostAttivazioneResult } from '#shared/schemas/maturazione.ts';
import { api } from '#client/lib/api-client.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

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
      invalidateKeys(queryClient, [
        queryKeys.pratiche.all,
        queryKeys.commissioni.all,
        queryKeys.dashboard.all,
      ]),
  });
}
