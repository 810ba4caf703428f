import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadContattoStato } from '#shared/domain.ts';
import type { ExportFormat } from '#shared/schemas/common.ts';
import type { LeadDetail, LeadListItem } from '#shared/schemas/lead.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { downloadFile } from '#client/lib/download.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import {
  leadFilterParams,
  leadQueries,
  type LeadFilters,
  type LeadQuery,
} from '#client/backoffice/features/leads/api/queries.ts';

export function useLeads(q: LeadQuery) {
  return useQuery(leadQueries.list(q));
}

export function useLeadDetail(id: number | null) {
  return useQuery({ ...leadQueries.detail(id ?? 0), enabled: id != null });
}

/** The contact status changes the lead's rows and detail only (no count on the dashboard). */
export function useUpdateLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    // One change at a time, in the order made: the select stays usable while one is saved.
    scope: { id: 'lead-status' },
    mutationFn: ({ id, status }: { id: number; status: LeadContattoStato }) =>
      api.patch<LeadListItem>(`/api/leads/${id}/status`, { status }),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.leads.all]),
  });
}

/** A deleted lead takes its practices and their unpaid commissions with it. */
export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/leads/${id}`),
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.leads.all,
        queryKeys.pratiche.all,
        queryKeys.commissioni.all,
        queryKeys.puntiFisici.all,
        queryKeys.dashboard.all,
      ]),
  });
}

/**
 * 'Unisci in questo lead' / 'Tieni separati' on a possible duplicate: the kept lead's detail comes
 * back; a merge moves practices (their lists and counts change, commissions do not).
 * See docs/product/lifecycle.md#doppioni
 */
export function useDecideDuplicato() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      altroLeadId,
      action,
    }: {
      id: number;
      altroLeadId: number;
      action: 'unisci' | 'tieni-separati';
    }) => api.post<LeadDetail>(`/api/leads/${id}/${action}`, { altroLeadId }),
    onSuccess: (_detail, { action }) =>
      invalidateKeys(
        queryClient,
        action === 'unisci'
          ? [queryKeys.leads.all, queryKeys.pratiche.all, queryKeys.puntiFisici.all, queryKeys.dashboard.all]
          : [queryKeys.leads.all],
      ),
  });
}

/** 'Esporta': the filtered list as XLSX or CSV. */
export function exportLeads(q: LeadFilters, format: ExportFormat) {
  return downloadFile(withQuery('/api/leads/export', { ...leadFilterParams(q), format }), `lead.${format}`);
}
