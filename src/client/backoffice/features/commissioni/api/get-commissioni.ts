import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PagamentoStato } from '#shared/domain.ts';
import type { DateRange } from '#shared/periodi.ts';
import type { CommissioniList } from '#shared/schemas/commissione.ts';
import { api, withQuery } from '#client/lib/api-client.ts';

export const COMMISSIONI_KEY = '/api/commissioni';

/** The list's filters: payment status and two Europe/Rome days, both inclusive. */
export interface CommissioniFilters extends DateRange {
  status?: PagamentoStato;
}

export function filterParams(f: CommissioniFilters) {
  return { status: f.status, dataInizio: f.dataInizio, dataFine: f.dataFine };
}

export function commissioniQuery(filters: CommissioniFilters & { page: number; pageSize: number }) {
  const url = withQuery(COMMISSIONI_KEY, {
    ...filterParams(filters),
    page: filters.page,
    pageSize: filters.pageSize,
  });
  return queryOptions({
    queryKey: [COMMISSIONI_KEY, url],
    queryFn: () => api.get<CommissioniList>(url),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** `enabled: false` while the filters cannot be sent (a custom range that ends before it starts). */
export function useCommissioni(
  filters: CommissioniFilters & { page: number; pageSize: number },
  enabled = true,
) {
  return useQuery({ ...commissioniQuery(filters), enabled });
}
