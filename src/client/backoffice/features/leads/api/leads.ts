import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadContattoStato } from '#shared/domain.ts';
import type { LeadDetail, LeadList, LeadListItem } from '#shared/schemas/lead.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { downloadFile } from '#client/lib/download.ts';
import { DASHBOARD_STATS_KEY } from '#client/backoffice/features/dashboard/api/get-dashboard-stats.ts';

export const leadsKey = '/api/leads';

export interface LeadQuery {
  puntoFisicoId?: number;
  search?: string;
  status?: LeadContattoStato;
  overdue?: boolean;
  page: number;
  pageSize: number;
}

function filterParams(q: Omit<LeadQuery, 'page' | 'pageSize'>) {
  return {
    puntoFisicoId: q.puntoFisicoId,
    search: q.search?.trim() || undefined,
    status: q.status,
    overdue: q.overdue ? 'true' : undefined,
  };
}

export const leadsQuery = (q: LeadQuery) => {
  const url = withQuery(leadsKey, { ...filterParams(q), page: q.page, pageSize: q.pageSize });
  return queryOptions({ queryKey: [url], queryFn: () => api.get<LeadList>(url) });
};

export function useLeads(q: LeadQuery) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ ...leadsQuery(q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useLeadDetail(id: number | null) {
  return useQuery({
    queryKey: [`${leadsKey}/${id}`],
    queryFn: () => api.get<LeadDetail>(`${leadsKey}/${id}`),
    enabled: id != null,
    staleTime: 0,
  });
}

function useInvalidateLeads() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(leadsKey) }),
      queryClient.invalidateQueries({ queryKey: [DASHBOARD_STATS_KEY] }),
      queryClient.invalidateQueries({ queryKey: ['/api/punti-fisici'] }),
    ]);
}

export function useUpdateLeadStatus() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: LeadContattoStato }) =>
      api.patch<LeadListItem>(`${leadsKey}/${id}/status`, { status }),
    onSuccess: invalidate,
  });
}

export function useDeleteLead() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${leadsKey}/${id}`),
    onSuccess: invalidate,
  });
}

/** 'Esporta': the filtered list as XLSX or CSV. See docs/product/screens.md#esportazioni */
export function exportLeads(q: Omit<LeadQuery, 'page' | 'pageSize'>, format: 'xlsx' | 'csv') {
  return downloadFile(withQuery(`${leadsKey}/export`, { ...filterParams(q), format }), `lead.${format}`);
}
