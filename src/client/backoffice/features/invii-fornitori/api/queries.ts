import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ColonnaTracciato } from '#shared/invii-fornitori.ts';
import type { Anteprima, DaInviarePage, LottiPage, Tracciato } from '#shared/schemas/invii-fornitori.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** Supplier layouts, 'Da inviare' and batches (docs/product/fornitori-invii.md): one key tree per supplier. */
export const inviiQueries = {
  tracciato: (fornitoreId: number, tipoServizio: string) =>
    queryOptions({
      queryKey: queryKeys.inviiFornitori.tracciato(fornitoreId, tipoServizio),
      queryFn: () => api.get<Tracciato>(`/api/invii-fornitori/${fornitoreId}/tracciati/${tipoServizio}`),
    }),
  anteprima: (fornitoreId: number, tipoServizio: string, colonne: ColonnaTracciato[]) =>
    queryOptions({
      queryKey: queryKeys.inviiFornitori.anteprima(fornitoreId, tipoServizio, colonne),
      queryFn: () =>
        api.post<Anteprima>(`/api/invii-fornitori/${fornitoreId}/anteprima`, { tipoServizio, colonne }),
      placeholderData: keepPreviousData,
    }),
  daInviare: (fornitoreId: number, tipoServizio: string, cursor: string | undefined) =>
    queryOptions({
      queryKey: queryKeys.inviiFornitori.daInviare(fornitoreId, tipoServizio, cursor),
      queryFn: () =>
        api.get<DaInviarePage>(
          withQuery(`/api/invii-fornitori/${fornitoreId}/da-inviare`, { tipoServizio, cursor, pageSize: 25 }),
        ),
    }),
  lotti: (fornitoreId: number, cursor: string | undefined) =>
    queryOptions({
      queryKey: queryKeys.inviiFornitori.lotti(fornitoreId, cursor),
      queryFn: () =>
        api.get<LottiPage>(withQuery(`/api/invii-fornitori/${fornitoreId}/lotti`, { cursor, pageSize: 10 })),
    }),
};

/** The stored file of a batch, as it was sent. */
export const lottoFileUrl = (id: number) => `/api/invii-lotti/${id}/file`;
