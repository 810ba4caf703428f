import { useMutation, useQuery } from '@tanstack/react-query';
import type { ImportRigheNonValide, ImportTipo } from '#shared/domain.ts';
import type { Importazione } from '#shared/schemas/importazione.ts';
import { api, apiRequest, withQuery } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

const url = (id: number) => `/api/importazioni/${id}`;
export const errorReportUrl = (id: number) => `${url(id)}/errori`;

/** The file goes as the request body itself, as it is on disk. */
export function useUploadImport() {
  return useMutation({
    mutationFn: ({ tipo, file }: { tipo: ImportTipo; file: File }) =>
      apiRequest<Importazione>(
        'POST',
        withQuery('/api/importazioni', { tipo, nomeFile: file.name }),
        undefined,
        {
          body: file,
          headers: { 'Content-Type': 'application/octet-stream' },
        },
      ),
  });
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: (input: {
      id: number;
      mappatura: Record<string, number | null>;
      righeNonValide: ImportRigheNonValide;
      calcolaCommissioni: boolean;
    }) =>
      api.put<Importazione>(`${url(input.id)}/anteprima`, {
        mappatura: input.mappatura,
        righeNonValide: input.righeNonValide,
        calcolaCommissioni: input.calcolaCommissioni,
      }),
  });
}

export function useApplyImport() {
  return useMutation({ mutationFn: (id: number) => api.post<Importazione>(`${url(id)}/applica`) });
}

/** The running import, read again every half second until it ends (the progress bar). */
export function useImportProgress(id: number | null) {
  return useQuery({
    queryKey: queryKeys.importazioni.one(id),
    queryFn: () => api.get<Importazione>(url(id!)),
    enabled: id != null,
    refetchInterval: (query) => {
      const stato = query.state.data?.stato;
      return stato === 'completata' || stato === 'fallita' ? false : 500;
    },
  });
}
