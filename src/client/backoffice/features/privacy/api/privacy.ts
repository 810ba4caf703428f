import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditTipo } from '#shared/domain.ts';
import type { AuditPage, PrivacySettings } from '#shared/schemas/audit.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { downloadFile } from '#client/lib/download.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

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
      queryKey: queryKeys.audit.list(filters),
      queryFn: ({ pageParam }) =>
        api.get<AuditPage>(withQuery('/api/audit', { ...filters, pageSize: PAGE_SIZE, cursor: pageParam })),
      initialPageParam: undefined as string | undefined,
      // Keyset pages: the server says where the next (older) one starts.
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  settings: () =>
    queryOptions({
      queryKey: queryKeys.privacy.settings(),
      queryFn: () => api.get<PrivacySettings>('/api/privacy/settings'),
    }),
};

/** Erasing a lead renames it in lists, practices and commissions. */
export function useEraseLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ documentiRimossi: number }>(`/api/leads/${id}/erase`),
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.leads.all,
        queryKeys.pratiche.all,
        queryKeys.commissioni.all,
        queryKeys.audit.all,
      ]),
  });
}

export function useUpdatePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacySettings) => api.put<PrivacySettings>('/api/privacy/settings', body),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.privacy.settings(), data);
      // Another retention period is another version of the notice (docs/privacy.md#informativa).
      void queryClient.invalidateQueries({ queryKey: queryKeys.impostazioni.all });
    },
  });
}

/** 'Esporta dati personali': the ZIP of everything held about the person. */
export function exportPersona(id: number) {
  return downloadFile(`/api/leads/${id}/personal-data`, `dati-personali-lead-${id}.zip`);
}
