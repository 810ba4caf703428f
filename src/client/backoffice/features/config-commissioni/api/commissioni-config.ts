import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommissioneConfig, CommissioneConfigBody } from '#shared/schemas/commissione.ts';
import { api } from '#client/lib/api-client.ts';

/** The API serves this path and its alias /api/commission-settings; the screen uses this one. */
export const commissioniConfigKey = '/api/commissioni-fornitori';

export const commissioniConfigQuery = queryOptions({
  queryKey: [commissioniConfigKey],
  queryFn: () => api.get<CommissioneConfig[]>(commissioniConfigKey),
});

export function useCommissioniConfig() {
  return useQuery(commissioniConfigQuery);
}

/** Upsert per supplier and service (201 created, 200 updated). */
export function useSaveCommissioneConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommissioneConfigBody) => api.post<CommissioneConfig>(commissioniConfigKey, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [commissioniConfigKey] }),
  });
}
