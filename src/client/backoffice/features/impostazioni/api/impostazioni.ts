import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Impostazioni, ImpostazioniResponse } from '#shared/schemas/impostazioni.ts';
import { api } from '#client/lib/api-client.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { puntiFisiciQueries } from '#client/backoffice/features/punti-fisici/api/queries.ts';
import { userQueries } from '#client/backoffice/features/utenti/api/queries.ts';

/** GET /api/impostazioni: the company phone and the notice's controller (admin). */
export const impostazioniQueries = {
  all: ['impostazioni'] as const,
  detail: () =>
    queryOptions({
      queryKey: ['impostazioni'] as const,
      queryFn: () => api.get<ImpostazioniResponse>('/api/impostazioni'),
    }),
};

/** Saving changes the lists' phone warnings too (punti fisici, utenti), and the audit log. */
export function useUpdateImpostazioni() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Impostazioni) => api.put<ImpostazioniResponse>('/api/impostazioni', body),
    onSuccess: (data) => {
      queryClient.setQueryData(impostazioniQueries.detail().queryKey, data);
      void invalidateKeys(queryClient, [puntiFisiciQueries.all, userQueries.all, ['audit']]);
    },
  });
}
