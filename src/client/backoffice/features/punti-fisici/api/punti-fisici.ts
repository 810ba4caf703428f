import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePuntoFisicoInput,
  PuntoFisico,
  PuntoFisicoStats,
  PuntoSuggestion,
} from '#shared/schemas/punto-fisico.ts';
import { PUNTI_SUGGEST_MIN_CHARS } from '#shared/schemas/punto-fisico.ts';
import type { Role } from '#shared/permissions.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { DASHBOARD_STATS_KEY } from '#client/backoffice/features/dashboard/api/get-dashboard-stats.ts';

export const puntiFisiciKey = '/api/punti-fisici';

export const puntiFisiciQuery = queryOptions({
  queryKey: [puntiFisiciKey],
  queryFn: () => api.get<PuntoFisico[]>(puntiFisiciKey),
});

export function usePuntiFisici() {
  return useQuery(puntiFisiciQuery);
}

export const puntoFisicoQuery = (id: number) =>
  queryOptions({
    queryKey: [`${puntiFisiciKey}/${id}`],
    queryFn: () => api.get<PuntoFisico>(`${puntiFisiciKey}/${id}`),
  });

export function usePuntoFisico(id: number | undefined) {
  return useQuery({ ...puntoFisicoQuery(id ?? 0), enabled: id != null && id > 0 });
}

export const puntoFisicoStatsQuery = (id: number) =>
  queryOptions({
    queryKey: [`${puntiFisiciKey}/${id}/stats`],
    queryFn: () => api.get<PuntoFisicoStats>(`${puntiFisiciKey}/${id}/stats`),
  });

/** Point-of-sale filter suggestions (from 2 characters, at most 10). */
export function usePuntiSuggestions(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: [withQuery(`${puntiFisiciKey}/suggest`, { q: term })],
    queryFn: () => api.get<PuntoSuggestion[]>(withQuery(`${puntiFisiciKey}/suggest`, { q: term })),
    enabled: term.length >= PUNTI_SUGGEST_MIN_CHARS,
    staleTime: 30_000,
  });
}

export interface PersonResult {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

/** Person search of the point dialogs; a failed search gives an empty list. */
export function usePersonSearch(q: string, role: Extract<Role, 'punto_fisico' | 'agente' | 'area_manager'>) {
  const term = q.trim();
  const url = withQuery('/api/users/search', { q: term, role });
  return useQuery({
    queryKey: [url],
    queryFn: () => api.get<PersonResult[]>(url).catch(() => [] as PersonResult[]),
    enabled: term.length >= 2,
    staleTime: 0,
  });
}

function useInvalidatePunti() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(puntiFisiciKey) }),
      queryClient.invalidateQueries({ queryKey: [DASHBOARD_STATS_KEY] }),
    ]);
}

export function useCreatePuntoFisico() {
  const invalidate = useInvalidatePunti();
  return useMutation({
    mutationFn: (input: CreatePuntoFisicoInput) => api.post<PuntoFisico>(puntiFisiciKey, input),
    onSuccess: invalidate,
  });
}

export function useUpdatePuntoFisico() {
  const invalidate = useInvalidatePunti();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CreatePuntoFisicoInput }) =>
      api.put<PuntoFisico>(`${puntiFisiciKey}/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeletePuntoFisico() {
  const invalidate = useInvalidatePunti();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${puntiFisiciKey}/${id}`),
    onSuccess: invalidate,
  });
}

export function useUpdateQrCodes() {
  const invalidate = useInvalidatePunti();
  return useMutation({
    mutationFn: () => api.post<{ message: string; updated: number }>('/api/admin/update-qr-codes'),
    onSuccess: invalidate,
  });
}
