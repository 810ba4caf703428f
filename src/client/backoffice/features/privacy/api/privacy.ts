import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditTipo } from '#shared/domain.ts';
import type { AuditPage, PrivacySettings } from '#shared/schemas/audit.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { downloadFile } from '#client/lib/download.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { impostazioniQueries } from '#client/backoffice/features/impostazioni/api/impostazioni.ts';
import { commissioniQueries } from '#client/backoffice/features/commissioni/api/queries.ts';
import { leadQueries } from '#client/backoffice/features/leads/api/queries.ts';
import { praticheQueries } from '#client/backoffice/features/pratiche/api/queries.ts';

export interface AuditFilters {
  tipo?: AuditTipo;
  utenteId?: number;
  dal?: string;
  al?: string;
}

const PAGE_SIZE = 50;

/** Every read of the privacy feature: keys and fetchers in one place. */
export const privacyQueries = {
  audit: (filters: AuditFilters) =>
    infiniteQueryOptions({
      queryKey: ['audit', filters] as const,
      queryFn: ({ pageParam }) =>
        api.get<AuditPage>(withQuery('/api/audit', { ...filters, pageSize: PAGE_SIZE, cursor: pageParam })),
      initialPageParam: undefined as string | undefined,
      // Keyset pages: the server says where the next (older) one starts.
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  settings: () =>
    queryOptions({
      queryKey: ['privacy', 'settings'] as const,
      queryFn: () => api.get<PrivacySettings>('/api/privacy/settings'),
    }),
};

/** Erasing a lead renames it in lists, practices and commissions. */
export function useEraseLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ documentiRimossi: number }>(`/api/leads/${id}/erase`),
    onSuccess: () =>
      invalidateKeys(queryClient, [leadQueries.all, praticheQueries.all, commissioniQueries.all, ['audit']]),
  });
}

export function useUpdatePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacySettings) => api.put<PrivacySettings>('/api/privacy/settings', body),
    onSuccess: (data) => {
      queryClient.setQueryData(privacyQueries.settings().queryKey, data);
      // Another retention period is another version of the notice (docs/privacy.md#informativa).
      void queryClient.invalidateQueries({ queryKey: impostazioniQueries.all });
    },
  });
}

/** 'Esporta dati personali': the ZIP of everything held about the person. */
export function exportPersona(id: number) {
  return downloadFile(`/api/leads/${id}/personal-data`, `dati-personali-lead-${id}.zip`);
}
