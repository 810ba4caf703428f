import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { StatoMaturazione } from '#shared/commissioni/maturazione.ts';
import type { PagamentoStato } from '#shared/domain.ts';
import type { DateRange } from '#shared/periodi.ts';
import type { CommissioniList } from '#shared/schemas/commissione.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The list's filters: payment status and two Europe/Rome days, both inclusive. */
export interface CommissioniFilters extends DateRange {
  status?: PagamentoStato;
  maturazione?: StatoMaturazione;
}

export interface CommissioniQuery extends CommissioniFilters {
  pageSize: number;
  /** The page after this one's position (the previous page's `nextCursor`); none: the first page. */
  cursor?: string;
}

export function commissioniFilterParams(f: CommissioniFilters) {
  return { status: f.status, maturazione: f.maturazione, dataInizio: f.dataInizio, dataFine: f.dataFine };
}

/** Every read of the commissions feature: keys and fetchers in one place. */
export const commissioniQueries = {
  list: (q: CommissioniQuery) =>
    queryOptions({
      queryKey: queryKeys.commissioni.list(q),
      queryFn: () =>
        api.get<CommissioniList>(
          withQuery('/api/commissioni', {
            ...commissioniFilterParams(q),
            pageSize: q.pageSize,
            cursor: q.cursor,
          }),
        ),
      // The previous page stays on screen (dimmed) while the next one loads.
      placeholderData: keepPreviousData,
    }),
};
