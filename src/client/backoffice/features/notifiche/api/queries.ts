import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EmailStato } from '#shared/domain.ts';
import type { Preferenza, Registro } from '#shared/schemas/notifiche.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { STALE_TIME } from '#client/lib/query-client.ts';

export type RegistroQuery = {
  stato?: EmailStato;
  cursor?: string;
  pageSize: number;
};

/** Every read of the notifications feature: keys and fetchers in one place. */
export const notificheQueries = {
  all: ['notifiche'] as const,
  preferenze: () =>
    queryOptions({
      queryKey: [...notificheQueries.all, 'preferenze'] as const,
      queryFn: () => api.get<Preferenza[]>('/api/notifiche/preferenze'),
      staleTime: STALE_TIME.reference,
    }),
  registroAll: () => [...notificheQueries.all, 'registro'] as const,
  registro: (query: RegistroQuery) =>
    queryOptions({
      queryKey: [...notificheQueries.registroAll(), query] as const,
      queryFn: () => api.get<Registro>(withQuery('/api/notifiche/registro', query)),
      placeholderData: keepPreviousData,
      staleTime: STALE_TIME.list,
    }),
};
