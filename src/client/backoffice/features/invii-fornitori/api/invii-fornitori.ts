import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ColonnaTracciato } from '#shared/invii-fornitori.ts';
import type { ExportFormat } from '#shared/schemas/common.ts';
import type { Lotto, Tracciato } from '#shared/schemas/invii-fornitori.ts';
import { api } from '#client/lib/api-client.ts';
import { downloadFile } from '#client/lib/download.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { lottoFileUrl } from '#client/backoffice/features/invii-fornitori/api/queries.ts';

export function useSaveTracciato(fornitoreId: number, tipoServizio: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (colonne: ColonnaTracciato[]) =>
      api.put<Tracciato>(`/api/invii-fornitori/${fornitoreId}/tracciati/${tipoServizio}`, { colonne }),
    onSuccess: (saved) =>
      queryClient.setQueryData(queryKeys.inviiFornitori.tracciato(fornitoreId, tipoServizio), saved),
  });
}

/** The browser's download of a batch's file, as it was stored. */
export const downloadLotto = (id: number) => downloadFile(lottoFileUrl(id), `lotto-${id}`);

/** A new batch (or 'Invia di nuovo'): the lists of the supplier and the practices change with it. */
function useLottoMutation<T>(fornitoreId: number, send: (input: T) => Promise<Lotto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (lotto) => {
      await invalidateKeys(queryClient, [
        queryKeys.inviiFornitori.fornitore(fornitoreId),
        queryKeys.pratiche.all,
      ]);
      await downloadLotto(lotto.id);
    },
  });
}

export function useCreateLotto(fornitoreId: number, tipoServizio: string) {
  return useLottoMutation(fornitoreId, (formato: ExportFormat) =>
    api.post<Lotto>(`/api/invii-fornitori/${fornitoreId}/lotti`, { tipoServizio, formato }),
  );
}

export function useReinviaLotto(fornitoreId: number) {
  return useLottoMutation(fornitoreId, (lotto: Lotto) =>
    api.post<Lotto>(`/api/invii-lotti/${lotto.id}/reinvio`, { formato: lotto.formato }),
  );
}
