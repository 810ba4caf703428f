import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Fornitore, FornitoreBody } from '#shared/schemas/fornitore.ts';
import { api } from '#client/lib/api-client.ts';
import { commissioniConfigKey } from '#client/backoffice/features/config-commissioni/api/commissioni-config.ts';

export const fornitoriKey = '/api/fornitori';

/** Every supplier, active or not (the admin's list); the service dialog reads ?servizio= instead. */
export const allFornitoriQuery = queryOptions({
  queryKey: [fornitoriKey],
  queryFn: () => api.get<Fornitore[]>(fornitoriKey),
});

export function useAllFornitori() {
  return useQuery(allFornitoriQuery);
}

function useInvalidateFornitori() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      // Also the ?servizio= lists of the practice dialog, and the configurations that carry the name.
      queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(fornitoriKey) }),
      queryClient.invalidateQueries({ queryKey: [commissioniConfigKey] }),
    ]);
}

export function useCreateFornitore() {
  const invalidate = useInvalidateFornitori();
  return useMutation({
    mutationFn: (input: FornitoreBody) => api.post<Fornitore>(fornitoriKey, input),
    onSuccess: invalidate,
  });
}

export function useUpdateFornitore() {
  const invalidate = useInvalidateFornitori();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: FornitoreBody }) =>
      api.put<Fornitore>(`${fornitoriKey}/${id}`, input),
    onSuccess: invalidate,
  });
}
