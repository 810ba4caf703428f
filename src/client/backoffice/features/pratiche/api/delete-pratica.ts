import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { DASHBOARD_STATS_KEY } from '../../dashboard/api/get-dashboard-stats';
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
