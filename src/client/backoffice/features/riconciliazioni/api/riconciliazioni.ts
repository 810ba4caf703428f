import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RiconciliazioneVoceTipo } from '#shared/domain.ts';
import type {
  DaRecuperare,
  Estratto,
  EstrattoMappatura,
  Riconciliazione,
  RiconciliazioniPage,
  VociPage,
} from '#shared/schemas/riconciliazione.ts';
import { api, apiRequest, withQuery } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** Supplier payment reconciliation (docs/product/fornitori-riconciliazione.md). */
const base = '/api/riconciliazioni';
export const exportUrl = (id: number) => `${base}/${id}/export`;

export const riconciliazioniQueries = {
  list: (cursor?: string) =>
    queryOptions({
      queryKey: queryKeys.riconciliazioni.list(cursor),
      queryFn: () => api.get<RiconciliazioniPage>(withQuery(base, { cursor, pageSize: 20 })),
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: queryKeys.riconciliazioni.one(id),
      queryFn: () => api.get<Riconciliazione>(`${base}/${id}`),
    }),
  voci: (id: number, cursor?: string, tipo?: RiconciliazioneVoceTipo) =>
    queryOptions({
      queryKey: queryKeys.riconciliazioni.voci(id, cursor, tipo),
      queryFn: () => api.get<VociPage>(withQuery(`${base}/${id}/voci`, { cursor, tipo, pageSize: 50 })),
    }),
  daRecuperare: () =>
    queryOptions({
      queryKey: queryKeys.riconciliazioni.daRecuperare(),
      queryFn: () => api.get<DaRecuperare>(`${base}/da-recuperare`),
    }),
};

export const useRiconciliazioni = (cursor?: string) => useQuery(riconciliazioniQueries.list(cursor));
export const useRiconciliazione = (id: number) => useQuery(riconciliazioniQueries.one(id));
export const useVoci = (id: number, cursor?: string) => useQuery(riconciliazioniQueries.voci(id, cursor));
export const useDaRecuperare = (enabled: boolean) =>
  useQuery({ ...riconciliazioniQueries.daRecuperare(), enabled });

/** The statement goes as the request body itself, as it is on disk. */
export function useUploadEstratto() {
  return useMutation({
    mutationFn: ({ fornitoreId, periodo, file }: { fornitoreId: number; periodo: string; file: File }) =>
      apiRequest<Estratto>(
        'POST',
        withQuery(`${base}/estratti`, { fornitoreId, periodo, nomeFile: file.name }),
        undefined,
        { body: file, headers: { 'Content-Type': 'application/octet-stream' } },
      ),
  });
}

export function usePreviewEstratto() {
  return useMutation({
    mutationFn: ({ id, mappatura }: { id: number; mappatura: EstrattoMappatura }) =>
      api.put<Estratto>(`${base}/estratti/${id}/anteprima`, { mappatura }),
  });
}

/** The statement being previewed, read again every half second while `running` (the progress bar). */
export function useEstrattoProgress(id: number, running: boolean) {
  return useQuery({
    queryKey: queryKeys.riconciliazioni.estratto(id),
    queryFn: () => api.get<Estratto>(`${base}/estratti/${id}`),
    enabled: running,
    refetchInterval: running ? 500 : false,
  });
}

export function useConfermaEstratto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Riconciliazione>(`${base}/estratti/${id}/conferma`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.riconciliazioni.all }),
  });
}

export function useChiudiRiconciliazione() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, nota }: { id: number; nota: string }) =>
      api.post<Riconciliazione>(`${base}/${id}/chiudi`, { nota }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.riconciliazioni.all }),
  });
}
