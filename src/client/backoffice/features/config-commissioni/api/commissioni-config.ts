import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommissioneConfig, CommissioneConfigBody } from '#shared/schemas/commissione.ts';
import { api } from '#client/lib/api-client.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { commissioniConfigQueries } from '#client/backoffice/features/config-commissioni/api/queries.ts';

export function useCommissioniConfig() {
  return useQuery(commissioniConfigQueries.list());
}

/** Upsert per supplier and service (201 created, 200 updated). Existing commissions do not change. */
export function useSaveCommissioneConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommissioneConfigBody) =>
      api.post<CommissioneConfig>('/api/commissioni-fornitori', input),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.commissioniConfig.all]),
  });
}
