import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api-client.ts';
import { DASHBOARD_STATS_KEY } from '#client/backoffice/features/dashboard/api/get-dashboard-stats.ts';
import { PRATICHE_KEY } from './get-pratiche';

export function useDeletePratica() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/pratiche/${id}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [PRATICHE_KEY] }),
        queryClient.invalidateQueries({ queryKey: [DASHBOARD_STATS_KEY] }),
      ]),
  });
}
