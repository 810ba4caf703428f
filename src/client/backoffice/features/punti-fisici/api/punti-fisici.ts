import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePuntoFisicoInput, PuntoFisico } from '#shared/schemas/punto-fisico.ts';
import { api } from '#client/lib/api-client.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { puntiFisiciQueries } from '#client/backoffice/features/punti-fisici/api/queries.ts';

/** One page of the points in scope; the previous page stays on screen while the next loads. */
export function usePuntiFisici(params: { q: string; cursor?: string }) {
  return useQuery({ ...puntiFisiciQueries.list(params), placeholderData: keepPreviousData });
}

/** Points and the dashboard's point counts. */
function useInvalidatePunti(options: { names?: boolean } = {}) {
  const queryClient = useQueryClient();
  return () =>
    invalidateKeys(queryClient, [
      queryKeys.puntiFisici.all,
      queryKeys.dashboard.all,
      // Leads and practices show the point's name: only a change of name or a deletion touches them.
      ...(options.names ? [queryKeys.leads.all, queryKeys.pratiche.all] : []),
    ]);
}

export function useCreatePuntoFisico() {
  const invalidate = useInvalidatePunti();
  return useMutation({
    mutationFn: (input: CreatePuntoFisicoInput) => api.post<PuntoFisico>('/api/punti-fisici', input),
    onSuccess: invalidate,
  });
}

export function useUpdatePuntoFisico() {
  const invalidate = useInvalidatePunti({ names: true });
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CreatePuntoFisicoInput }) =>
      api.put<PuntoFisico>(`/api/punti-fisici/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeletePuntoFisico() {
  const invalidate = useInvalidatePunti({ names: true });
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/punti-fisici/${id}`),
    onSuccess: invalidate,
  });
}

/** New QR images: the points' cards only. */
export function useUpdateQrCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string; updated: number }>('/api/admin/update-qr-codes'),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.puntiFisici.all]),
  });
}
