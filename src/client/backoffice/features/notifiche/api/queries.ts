import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EmailStato } from '#shared/domain.ts';
import type { Preferenza, Registro } from '#shared/schemas/notifiche.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { STALE_TIME } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export type RegistroQuery = {
  stato?: EmailStato;
  cursor?: string;
  pageSize: number;
};

/** Every read of the notifications feature: keys and fetchers in one place. */
export const notificheQueries = {
  preferenze: () =>
    queryOptions({
      queryKey: queryKeys.notifiche.preferenze(),
      queryFn: () => api.get<Preferenza[]>('/api/notifiche/preferenze'),
      staleTime: STALE_TIME.reference,
    }),
  registro: (query: RegistroQuery) =>
    queryOptions({
      queryKey: queryKeys.notifiche.registro(query),
      queryFn: () => api.get<Registro>(withQuery('/api/notifiche/registro', query)),
      placeholderData: keepPreviousData,
      staleTime: STALE_TIME.list,
    }),
};
