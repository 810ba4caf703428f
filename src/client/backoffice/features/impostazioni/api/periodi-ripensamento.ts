import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PeriodiRipensamentoBody, PeriodiRipensamentoResponse } from '#shared/schemas/maturazione.ts';
import { api } from '#client/lib/api-client.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** GET /api/impostazioni/ripensamento: the withdrawal period of each channel (admin). */
export const periodiRipensamentoQueries = {
  detail: () =>
    queryOptions({
      queryKey: queryKeys.impostazioni.ripensamento(),
      queryFn: () => api.get<PeriodiRipensamentoResponse>('/api/impostazioni/ripensamento'),
    }),
};

/** Saving applies to completions from now on; the audit log records it. */
export function useSavePeriodiRipensamento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PeriodiRipensamentoBody) =>
      api.put<PeriodiRipensamentoResponse>('/api/impostazioni/ripensamento', body),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.impostazioni.ripensamento(), data);
      void invalidateKeys(queryClient, [queryKeys.audit.all]);
    },
  });
}
