import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PagamentoStato } from '#shared/domain.ts';
import type { Commissione } from '#shared/schemas/commissione.ts';
import type { ExportFormat } from '#shared/schemas/common.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { downloadFile } from '#client/lib/download.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import {
  commissioniFilterParams,
  commissioniQueries,
  type CommissioniFilters,
  type CommissioniQuery,
} from '#client/backoffice/features/commissioni/api/queries.ts';

/** `enabled: false` while the filters cannot be sent (a custom range that ends before it starts). */
export function useCommissioni(q: CommissioniQuery, enabled = true) {
  return useQuery({ ...commissioniQueries.list(q), enabled });
}

/** The list and its totals, the dashboard's commission figures and the per-point stats. */
function useInvalidateCommissioni() {
  const queryClient = useQueryClient();
  return () =>
    invalidateKeys(queryClient, [
      queryKeys.commissioni.all,
      queryKeys.dashboard.all,
      queryKeys.puntiFisici.allStats,
    ]);
}

/** PATCH /api/commissioni/{id}/payment: status and an optional note; admin only. */
export function useUpdatePayment() {
  const invalidate = useInvalidateCommissioni();
  return useMutation({
    mutationFn: ({ id, status, note }: { id: number; status: PagamentoStato; note: string }) =>
      api.patch<Commissione>(`/api/commissioni/${id}/payment`, { status, note: note.trim() || null }),
    onSuccess: invalidate,
  });
}

export function useDeleteCommissione() {
  const invalidate = useInvalidateCommissioni();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/commissioni/${id}`),
    onSuccess: invalidate,
  });
}

/** 'Esporta': the filtered commissions as XLSX or CSV, with the role's own amounts. */
export function exportCommissioni(filters: CommissioniFilters, format: ExportFormat) {
  return downloadFile(
    withQuery('/api/commissioni/export', { ...commissioniFilterParams(filters), format }),
    `commissioni.${format}`,
  );
}
