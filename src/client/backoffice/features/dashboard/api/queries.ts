import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import type { PuntoFisicoStats } from '#shared/schemas/punto-fisico.ts';
import { api } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * The dashboard's reads. Its numbers change with points, leads, practices, services and
 * commissions: the mutations of those features invalidate `queryKeys.dashboard.all`.
 */
export const dashboardQueries = {
  stats: () =>
    queryOptions({
      queryKey: queryKeys.dashboard.stats(),
      queryFn: () => api.get<DashboardStats>('/api/dashboard/stats'),
    }),
  /** One point's numbers ('Performance Punti Fisici'), under the points' stats key. */
  puntoStats: (id: number) =>
    queryOptions({
      queryKey: queryKeys.puntiFisici.stats(id),
      queryFn: () => api.get<PuntoFisicoStats>(`/api/punti-fisici/${id}/stats`),
    }),
};

export function useDashboardStats() {
  return useQuery(dashboardQueries.stats());
}
