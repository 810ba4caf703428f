import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LeadContattoStato } from '#shared/domain.ts';
import type { LeadDetail, LeadList } from '#shared/schemas/lead.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export interface LeadFilters {
  puntoFisicoId?: number;
  search?: string;
  status?: LeadContattoStato;
  overdue?: boolean;
}

export interface LeadQuery extends LeadFilters {
  pageSize: number;
  /** The page after this one's position (the previous page's `nextCursor`); none: the first page. */
  cursor?: string;
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
  list: (q: LeadQuery) =>
    queryOptions({
      queryKey: queryKeys.leads.list(q),
      queryFn: () =>
        api.get<LeadList>(
          withQuery('/api/leads', {
            ...leadFilterParams(q),
            pageSize: q.pageSize,
            cursor: q.cursor,
          }),
        ),
      // The previous page stays on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: queryKeys.leads.detail(id),
      queryFn: () => api.get<LeadDetail>(`/api/leads/${id}`),
    }),
};
