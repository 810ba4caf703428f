import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { servizioStatusResultSchema, ServizioStatusInput } from '#shared/schemas/servizio.ts';
import { api } from '#client/lib/api-client.ts';
import { DASHBOARD_STATS_KEY } from '#client/backoffice/features/dashboard/api/get-dashboard-stats.ts';
import { PRATICHE_KEY } from './get-pratiche';

export function useUpdateServizioStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ServizioStatusInput }) =>
      api.put<z.infer<typeof servizioStatusResultSchema>>(`/api/servizi/${id}/status`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [PRATICHE_KEY] }),
        queryClient.invalidateQueries({ queryKey: [DASHBOARD_STATS_KEY] }),
      ]),
  });
}
