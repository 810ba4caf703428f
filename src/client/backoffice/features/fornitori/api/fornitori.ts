import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Fornitore, FornitoreBody } from '#shared/schemas/fornitore.ts';
import { api } from '#client/lib/api-client.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** Also the configurations, which carry the supplier's name. */
function useInvalidateFornitori() {
  const queryClient = useQueryClient();
  return () => invalidateKeys(queryClient, [queryKeys.fornitori.all, queryKeys.commissioniConfig.all]);
}

export function useCreateFornitore() {
  const invalidate = useInvalidateFornitori();
  return useMutation({
    mutationFn: (input: FornitoreBody) => api.post<Fornitore>('/api/fornitori', input),
    onSuccess: invalidate,
  });
}

export function useUpdateFornitore() {
  const invalidate = useInvalidateFornitori();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: FornitoreBody }) =>
      api.put<Fornitore>(`/api/fornitori/${id}`, input),
    onSuccess: invalidate,
  });
}
