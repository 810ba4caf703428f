import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LeadContattoStato } from '#shared/domain.ts';
import type { LeadDetail, LeadList } from '#shared/schemas/lead.ts';
import { api, withQuery } from '#client/lib/api-client.ts';

export interface LeadFilters {
  puntoFisicoId?: number;
  search?: string;
  status?: LeadContattoStato;
  overdue?: boolean;
}

export interface LeadQuery extends LeadFilters {
  page: number;
  pageSize: number;
  /** The first page's `fino`, so later pages stay in step with it while leads come in. */
  fino?: number;
  /** The page starts after (`dopo`) or before (`prima`) this position of the list. */
  dopo?: string;
  prima?: string;
}

/** The list's filters as query parameters, shared by the list and its export. */
export function leadFilterParams(q: LeadFilters) {
  return {
    puntoFisicoId: q.puntoFisicoId,
    search: q.search?.trim() || undefined,
    status: q.status,
    overdue: q.overdue ? 'true' : undefined,
  };
}

/** Every read of the leads feature: keys and fetchers in one place. */
export const leadQueries = {
  all: ['leads'] as const,
  lists: () => [...leadQueries.all, 'list'] as const,
  list: (q: LeadQuery) =>
    queryOptions({
      queryKey: [...leadQueries.lists(), q] as const,
      queryFn: () =>
        api.get<LeadList>(
          withQuery('/api/leads', {
            ...leadFilterParams(q),
            page: q.page,
            pageSize: q.pageSize,
            fino: q.fino,
            dopo: q.dopo,
            prima: q.prima,
          }),
        ),
      // The previous page stays on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...leadQueries.all, 'detail', id] as const,
      queryFn: () => api.get<LeadDetail>(`/api/leads/${id}`),
    }),
};
