import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PraticheList } from '#shared/schemas/pratica.ts';
import { api, withQuery } from '#client/lib/api-client.ts';

export interface PraticheFilters {
  search: string;
  servizio: string;
  puntoFisicoId: number | null;
  stati: string[];
  koMotivazione: string;
  page: number;
  pageSize: number;
}

export const PRATICHE_KEY = '/api/pratiche';

/** The list's filters as query parameters, shared by the list and its export. */
export function filterParams(filters: Omit<PraticheFilters, 'page' | 'pageSize'>) {
  return {
    search: filters.search.trim(),
    servizio: filters.servizio,
    puntoFisicoId: filters.puntoFisicoId,
    stato: filters.stati.join(','),
    // The KO reason only applies while KO is toggled.
    koMotivazione: filters.stati.includes('ko') ? filters.koMotivazione : '',
  };
}

export function praticheQuery(filters: PraticheFilters) {
  const url = withQuery(PRATICHE_KEY, {
    ...filterParams(filters),
    page: filters.page,
    pageSize: filters.pageSize,
  });
  return queryOptions({
    queryKey: [PRATICHE_KEY, url],
    queryFn: () => api.get<PraticheList>(url),
    placeholderData: keepPreviousData,
  });
}

export function usePratiche(filters: PraticheFilters) {
  return useQuery(praticheQuery(filters));
}
