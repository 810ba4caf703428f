import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Proposta } from '#shared/schemas/proposte-scheda.ts';
import { api } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { praticheQueries } from '#client/backoffice/features/pratiche/api/queries.ts';

/** While a bill is being read, how often the panel asks again. */
const POLL_MS = 4000;

/** The service's proposals, asked again every few seconds while its bill is still being read. */
export function useProposte(servizioId: number) {
  return useQuery({
    ...praticheQueries.proposte(servizioId),
    refetchInterval: (query) => (query.state.data?.lettura === 'in_corso' ? POLL_MS : false),
  });
}

/** 'Usa' or 'Scarta': records the operator's decision on one proposal; the scheda is saved apart. */
export function useDecideProposta(servizioId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, azione }: { id: number; azione: 'accetta' | 'rifiuta' }) =>
      api.post<Proposta>(`/api/servizi/${servizioId}/proposte/${id}/${azione}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.pratiche.proposte(servizioId) }),
  });
}
