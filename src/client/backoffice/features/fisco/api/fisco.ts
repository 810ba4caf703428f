import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnasarcoRiepilogo, RitenuteRiepilogo } from '#shared/schemas/fisco.ts';
import type { ProfiloFiscaleInput, ProfiloFiscaleResponse } from '#shared/schemas/profilo-fiscale.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** Every read of the fiscal feature: keys and fetchers in one place (docs/product/commissions.md#profilo-fiscale). */
export const fiscoQueries = {
  profilo: (userId: number) =>
    queryOptions({
      queryKey: queryKeys.fisco.profilo(userId),
      queryFn: () => api.get<ProfiloFiscaleResponse>(`/api/users/${userId}/profilo-fiscale`),
    }),
  enasarco: (periodo: string) =>
    queryOptions({
      queryKey: queryKeys.fisco.enasarco(periodo),
      queryFn: () => api.get<EnasarcoRiepilogo>(withQuery('/api/fisco/enasarco', { periodo })),
    }),
  ritenute: (periodo: string) =>
    queryOptions({
      queryKey: queryKeys.fisco.ritenute(periodo),
      queryFn: () => api.get<RitenuteRiepilogo>(withQuery('/api/fisco/ritenute', { periodo })),
    }),
};

export const useProfiloFiscale = (userId: number) => useQuery(fiscoQueries.profilo(userId));
export const useRiepilogoEnasarco = (periodo: string) => useQuery(fiscoQueries.enasarco(periodo));
export const useRiepilogoRitenute = (periodo: string) => useQuery(fiscoQueries.ritenute(periodo));

/** A new profile changes the summaries too. */
export function useSaveProfiloFiscale(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfiloFiscaleInput) =>
      api.put<ProfiloFiscaleResponse>(`/api/users/${userId}/profilo-fiscale`, input),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.fisco.all]),
  });
}
