import { queryOptions } from '@tanstack/react-query';
import type { CommissioneConfig } from '#shared/schemas/commissione.ts';
import { api } from '#client/lib/api-client.ts';
import { STALE_TIME } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The commission settings per supplier and service (also served as /api/commission-settings). */
export const commissioniConfigQueries = {
  list: () =>
    queryOptions({
      queryKey: queryKeys.commissioniConfig.list(),
      queryFn: () => api.get<CommissioneConfig[]>('/api/commissioni-fornitori'),
      staleTime: STALE_TIME.reference,
    }),
};
