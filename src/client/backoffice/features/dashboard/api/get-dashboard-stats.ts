import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import { api } from '#client/lib/api-client.ts';

/** The dashboard's query key: invalidated after point-of-sale, lead and practice changes. */
export const DASHBOARD_STATS_KEY = '/api/dashboard/stats';

export const dashboardStatsQuery = queryOptions({
  queryKey: [DASHBOARD_STATS_KEY],
  queryFn: () => api.get<DashboardStats>(DASHBOARD_STATS_KEY),
});

export function useDashboardStats() {
  return useQuery(dashboardStatsQuery);
}
