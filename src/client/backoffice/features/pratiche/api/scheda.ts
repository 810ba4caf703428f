import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SchedaResponse } from '#shared/schemas/scheda.ts';
import { api } from '#client/lib/api-client.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** A service's scheda contratto, under the practices' key: their invalidation refreshes it too. */
const schedaQuery = (servizioId: number) =>
  queryOptions({
    queryKey: queryKeys.pratiche.scheda(servizioId),
    queryFn: () => api.get<SchedaResponse>(`/api/servizi/${servizioId}/scheda`),
  });

export function useScheda(servizioId: number) {
  return useQuery(schedaQuery(servizioId));
}

/**
 * Saving changes the scheda, the practice's history, the service's RID and the list's
 * 'Scheda incompleta' filter: every practices query is refreshed.
 */
export function useSaveScheda(servizioId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.put<SchedaResponse>(`/api/servizi/${servizioId}/scheda`, body),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.pratiche.scheda(servizioId), data);
      return invalidateKeys(queryClient, [queryKeys.pratiche.all]);
    },
  });
}
