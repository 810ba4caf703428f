import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Fornitore } from '#shared/schemas/fornitore.ts';
import { api, withQuery } from '#client/lib/api-client.ts';

export function fornitoriQuery(servizio: string) {
  const url = withQuery('/api/fornitori', { servizio });
  return queryOptions({ queryKey: [url], queryFn: () => api.get<Fornitore[]>(url) });
}

/** The supplier list of the edit dialog, loaded only once 'completato' is chosen. */
export function useFornitori(servizio: string, enabled: boolean) {
  return useQuery({ ...fornitoriQuery(servizio), enabled });
}
