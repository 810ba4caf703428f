import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificaTipo } from '#shared/domain.ts';
import type { Preferenza } from '#shared/schemas/notifiche.ts';
import { api } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { notificheQueries, type RegistroQuery } from '#client/backoffice/features/notifiche/api/queries.ts';

export function usePreferenze() {
  return useQuery(notificheQueries.preferenze());
}

export function useSetPreferenza() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tipo, attiva }: { tipo: NotificaTipo; attiva: boolean }) =>
      api.put<Preferenza[]>(`/api/notifiche/preferenze/${tipo}`, { attiva }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.notifiche.preferenze(), data),
  });
}

export function useRegistro(query: RegistroQuery) {
  return useQuery(notificheQueries.registro(query));
}

/** A failed or expired e-mail back in the queue: only the log changes. */
export function useRiprovaEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`/api/notifiche/registro/${id}/riprova`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifiche.registroAll() }),
  });
}
