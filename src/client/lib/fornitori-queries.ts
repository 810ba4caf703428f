import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Fornitore } from '#shared/schemas/fornitore.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { STALE_TIME } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * Suppliers: reference data that several back-office features read (commission settings,
 * outcomes, reconciliation, the service dialog), changed rarely and only by the suppliers feature.
 */
export const fornitoriQueries = {
  /** Every supplier, active or not (the admin's list). */
  list: () =>
    queryOptions({
      queryKey: queryKeys.fornitori.list(),
      queryFn: () => api.get<Fornitore[]>('/api/fornitori'),
      staleTime: STALE_TIME.reference,
    }),
  /** The suppliers offering one service (the service dialog, once 'completato' is chosen). */
  byServizio: (servizio: string) =>
    queryOptions({
      queryKey: queryKeys.fornitori.byServizio(servizio),
      queryFn: () => api.get<Fornitore[]>(withQuery('/api/fornitori', { servizio })),
      staleTime: STALE_TIME.reference,
    }),
};

export function useAllFornitori() {
  return useQuery(fornitoriQueries.list());
}

/** The supplier list of the service dialog, loaded only once 'completato' is chosen. */
export function useFornitori(servizio: string, enabled: boolean) {
  return useQuery({ ...fornitoriQueries.byServizio(servizio), enabled });
}
