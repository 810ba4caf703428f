import { queryOptions } from '@tanstack/react-query';
import type { PuntiFisiciPage } from '#shared/schemas/punto-fisico.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export const PUNTI_PAGE_SIZE = 25;

/** Every read of the points-of-sale feature: keys and fetchers in one place. */
export const puntiFisiciQueries = {
  /** One page of the list (25 points), narrowed by the search box, after `cursor`. */
  list: (params: { q: string; cursor?: string }) =>
    queryOptions({
      queryKey: queryKeys.puntiFisici.list(params),
      queryFn: () =>
        api.get<PuntiFisiciPage>(
          withQuery('/api/punti-fisici', { q: params.q, cursor: params.cursor, pageSize: PUNTI_PAGE_SIZE }),
        ),
    }),
};
