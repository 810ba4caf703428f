import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Impostazioni, ImpostazioniResponse } from '#shared/schemas/impostazioni.ts';
import { api } from '#client/lib/api-client.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** GET /api/impostazioni: the company phone and the notice's controller (admin). */
export const impostazioniQueries = {
  detail: () =>
    queryOptions({
      queryKey: queryKeys.impostazioni.detail(),
      queryFn: () => api.get<ImpostazioniResponse>('/api/impostazioni'),
    }),
};

/** Saving changes the lists' phone warnings too (punti fisici, utenti), and the audit log. */
export function useUpdateImpostazioni() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Impostazioni) => api.put<ImpostazioniResponse>('/api/impostazioni', body),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.impostazioni.detail(), data);
      void invalidateKeys(queryClient, [queryKeys.puntiFisici.all, queryKeys.users.all, queryKeys.audit.all]);
    },
  });
}
