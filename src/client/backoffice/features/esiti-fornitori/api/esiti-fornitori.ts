import { useMutation, useQuery } from '@tanstack/react-query';
import type { ServizioTipo } from '#shared/domain.ts';
import type { EsitiCaricamento, EsitiMappaturaInput } from '#shared/schemas/esiti-fornitori.ts';
import { api, apiRequest, withQuery } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

const url = (id: number) => `/api/esiti-fornitori/${id}`;
export const nonApplicateUrl = (id: number) => `${url(id)}/non-applicate`;

/** The file goes as the request body itself, as it is on disk. */
export function useUploadEsiti() {
  return useMutation({
    mutationFn: ({
      fornitoreId,
      tipoServizio,
      file,
    }: {
      fornitoreId: number;
      tipoServizio?: ServizioTipo;
      file: File;
    }) =>
      apiRequest<EsitiCaricamento>(
        'POST',
        withQuery('/api/esiti-fornitori', { fornitoreId, tipoServizio, nomeFile: file.name }),
        undefined,
        { body: file, headers: { 'Content-Type': 'application/octet-stream' } },
      ),
  });
}

export function usePreviewEsiti() {
  return useMutation({
    mutationFn: (input: { id: number; mappatura: EsitiMappaturaInput }) =>
      api.put<EsitiCaricamento>(`${url(input.id)}/anteprima`, { mappatura: input.mappatura }),
  });
}

export function useApplyEsiti() {
  return useMutation({ mutationFn: (id: number) => api.post<EsitiCaricamento>(`${url(id)}/applica`) });
}

/** The running apply, read again every half second until it ends (the progress bar). */
export function useEsitiProgress(id: number | null) {
  return useQuery({
    queryKey: queryKeys.esitiFornitori.one(id),
    queryFn: () => api.get<EsitiCaricamento>(url(id!)),
    enabled: id != null,
    refetchInterval: (query) => {
      const stato = query.state.data?.stato;
      return stato === 'completato' || stato === 'fallito' ? false : 500;
    },
  });
}
