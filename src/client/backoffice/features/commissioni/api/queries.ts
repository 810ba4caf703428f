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
  page: number;
  pageSize: number;
  /** The first page's `fino`, so later pages stay in step with it while commissions come in. */
  fino?: number;
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
            page: q.page,
            pageSize: q.pageSize,
            fino: q.fino,
          }),
        ),
      // The previous page stays on screen (dimmed) while the next one loads.
      placeholderData: keepPreviousData,
    }),
};
