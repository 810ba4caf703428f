import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import { api } from '#client/lib/api-client.ts';

/**
 * The dashboard's reads. Its numbers change with points, leads, practices, services and
 * commissions: the mutations of those features invalidate `dashboardQueries.all`.
 */
export const dashboardQueries = {
  all: ['dashboard'] as const,
  stats: () =>
    queryOptions({
      queryKey: [...dashboardQueries.all, 'stats'] as const,
      queryFn: () => api.get<DashboardStats>('/api/dashboard/stats'),
    }),
};

export function useDashboardStats() {
  return useQuery(dashboardQueries.stats());
}
