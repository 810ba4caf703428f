import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { StatoMaturazione } from '#shared/commissioni/maturazione.ts';
import type { PagamentoStato } from '#shared/domain.ts';
import type { DateRange } from '#shared/periodi.ts';
import type { CommissioniList } from '#shared/schemas/commissione.ts';
import { api, withQuery } from '#client/lib/api-client.ts';

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
  all: ['commissioni'] as const,
  list: (q: CommissioniQuery) =>
    queryOptions({
      queryKey: [...commissioniQueries.all, 'list', q] as const,
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
