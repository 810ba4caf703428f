import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ChiamataEsito } from '#shared/domain.ts';
import type {
  ChiamataEsitoResult,
  ChiamateCruscotto,
  ChiamateList,
  Consulente,
} from '#shared/schemas/chiamate.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** Every read of 'Da chiamare': keys and fetchers in one place. */
export const chiamateQueries = {
  list: (consulenteId?: number) =>
    infiniteQueryOptions({
      queryKey: queryKeys.chiamate.list(consulenteId),
      queryFn: ({ pageParam }) =>
        api.get<ChiamateList>(withQuery('/api/chiamate', { consulenteId, cursor: pageParam ?? undefined })),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      // The queue moves with the clock: read it again every minute while it is open.
      refetchInterval: 60_000,
    }),
  /** Admin and amministrazione: the people whose queue the filter can show. */
  consulenti: (term: string) =>
    queryOptions({
      queryKey: queryKeys.chiamate.consulenti(term),
      queryFn: () => api.get<Consulente[]>(withQuery('/api/chiamate/consulenti', { q: term || undefined })),
      placeholderData: keepPreviousData,
    }),
  /** One person by id: the name on the chip of a consultant chosen before a reload. */
  consulente: (id: number) =>
    queryOptions({
      queryKey: queryKeys.chiamate.consulente(id),
      queryFn: () => api.get<Consulente[]>(withQuery('/api/chiamate/consulenti', { id })),
      select: (found) => found[0] ?? null,
      staleTime: Infinity,
    }),
  cruscotto: () =>
    queryOptions({
      queryKey: queryKeys.chiamate.cruscotto(),
      queryFn: () => api.get<ChiamateCruscotto>('/api/chiamate/cruscotto'),
    }),
};

export function useChiamate(consulenteId?: number) {
  return useInfiniteQuery(chiamateQueries.list(consulenteId));
}

/** Loaded once the chooser opens: the first people at once, then by the typed text. */
export function useConsulenti(term: string, enabled: boolean) {
  return useQuery({ ...chiamateQueries.consulenti(term), enabled });
}

export function useConsulente(id: number | undefined) {
  return useQuery({ ...chiamateQueries.consulente(id ?? 0), enabled: id !== undefined });
}

export function useChiamateCruscotto() {
  return useQuery(chiamateQueries.cruscotto());
}

/** An outcome changes the queue, the cards and the lead's status and history. */
export function useRecordEsito() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      leadId,
      esito,
      richiamareAt,
    }: {
      leadId: number;
      esito: ChiamataEsito;
      richiamareAt?: string;
    }) => api.post<ChiamataEsitoResult>(`/api/chiamate/${leadId}/esito`, { esito, richiamareAt }),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.chiamate.all, queryKeys.leads.all]),
  });
}
