import { queryOptions } from '@tanstack/react-query';
import type { CommissioneConfig } from '#shared/schemas/commissione.ts';
import { api } from '#client/lib/api-client.ts';
import { STALE_TIME } from '#client/lib/query-client.ts';

/** The commission settings per supplier and service (also served as /api/commission-settings). */
export const commissioniConfigQueries = {
  all: ['commissioni-config'] as const,
  list: () =>
    queryOptions({
      queryKey: [...commissioniConfigQueries.all, 'list'] as const,
      queryFn: () => api.get<CommissioneConfig[]>('/api/commissioni-fornitori'),
      staleTime: STALE_TIME.reference,
    }),
};
