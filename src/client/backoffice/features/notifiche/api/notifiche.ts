import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailStato, NotificaTipo } from '#shared/domain.ts';
import type { Preferenza, Registro } from '#shared/schemas/notifiche.ts';
import { api, withQuery } from '#client/lib/api-client.ts';

export const preferenzeKey = '/api/notifiche/preferenze';
export const registroKey = '/api/notifiche/registro';

export function usePreferenze() {
  return useQuery({ queryKey: [preferenzeKey], queryFn: () => api.get<Preferenza[]>(preferenzeKey) });
}

export function useSetPreferenza() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tipo, attiva }: { tipo: NotificaTipo; attiva: boolean }) =>
      api.put<Preferenza[]>(`${preferenzeKey}/${tipo}`, { attiva }),
    onSuccess: (data) => queryClient.setQueryData([preferenzeKey], data),
  });
}

export function useRegistro(query: { stato?: EmailStato; page: number; pageSize: number }) {
  const url = withQuery(registroKey, query);
  return useQuery({
    queryKey: [url],
    queryFn: () => api.get<Registro>(url),
    placeholderData: keepPreviousData,
  });
}

export function useRiprovaEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`${registroKey}/${id}/riprova`, {}),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(registroKey) }),
  });
}
