import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ExportFormat } from '#shared/schemas/common.ts';
import type { StaffUploadResponse } from '#shared/schemas/documenti.ts';
import type { Documento } from '#shared/schemas/landing.ts';
import type { servizioStatusResultSchema, ServizioStatusInput } from '#shared/schemas/servizio.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { downloadFile } from '#client/lib/download.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import {
  praticheFilterParams,
  praticheQueries,
  type PraticheFilters,
  type PraticheQuery,
} from '#client/backoffice/features/pratiche/api/queries.ts';

export function usePratiche(q: PraticheQuery) {
  return useQuery(praticheQueries.list(q));
}

export function usePratica(id: number) {
  return useQuery(praticheQueries.detail(id));
}

/** Loaded when the documents list is opened. */
export function usePraticaFiles(praticaId: number, enabled: boolean) {
  return useQuery({ ...praticheQueries.files(praticaId), enabled });
}

/**
 * A service's status moves the practice's status, may create or claw back a commission, and
 * changes the dashboard's, the point's and the lead's counts.
 */
export function useUpdateServizioStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ServizioStatusInput }) =>
      api.put<z.infer<typeof servizioStatusResultSchema>>(`/api/servizi/${id}/status`, body),
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.pratiche.all,
        queryKeys.commissioni.all,
        queryKeys.puntiFisici.all,
        queryKeys.leads.all,
        queryKeys.dashboard.all,
      ]),
  });
}

/** A deleted practice takes its services, unpaid commissions and documents with it. */
export function useDeletePratica() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/pratiche/${id}`),
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.pratiche.all,
        queryKeys.commissioni.all,
        queryKeys.puntiFisici.all,
        queryKeys.leads.all,
        queryKeys.dashboard.all,
      ]),
  });
}

/**
 * 'Aggiungi documenti': files attached by staff to the practice named or, from a lead, to its most
 * recent one (`POST /api/leads/upload-files`); the practice's documents and counts change.
 */
export function useUploadDocumenti(leadId: number, praticaId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => {
      const body = new FormData();
      body.set('leadId', String(leadId));
      if (praticaId != null) body.set('praticaId', String(praticaId));
      for (const file of files) body.append('files', file, file.name);
      return api.post<StaffUploadResponse>('/api/leads/upload-files', body);
    },
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.pratiche.all, queryKeys.leads.all]),
  });
}

/** The admin deletes one document of a practice (recorded in the practice's history). */
export function useDeleteDocumento(praticaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doc: Documento) =>
      api.delete<void>(`/api/pratiche/${praticaId}/files/${encodeURIComponent(doc.filename)}`),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.pratiche.all, queryKeys.leads.all]),
  });
}

/** 'Esporta': the filtered practices as XLSX or CSV, one row per service. */
export function exportPratiche(filters: PraticheFilters, format: ExportFormat) {
  return downloadFile(
    withQuery('/api/pratiche/export', { ...praticheFilterParams(filters), format }),
    `pratiche.${format}`,
  );
}
