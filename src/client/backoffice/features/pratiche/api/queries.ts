import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Documento } from '#shared/schemas/landing.ts';
import type { Pratica, PraticheList } from '#shared/schemas/pratica.ts';
import type { ProposteServizio } from '#shared/schemas/proposte-scheda.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export interface PraticheFilters {
  search: string;
  servizio: string;
  puntoFisicoId: number | null;
  stati: string[];
  koMotivazione: string;
  /** Only practices with a service whose scheda contratto is incomplete. */
  schedaIncompleta: boolean;
}

export interface PraticheQuery extends PraticheFilters {
  pageSize: number;
  /** The page after this one's position (the previous page's `nextCursor`); none: the first page. */
  cursor?: string;
}

/** The list's filters as query parameters, shared by the list and its export. */
export function praticheFilterParams(filters: PraticheFilters) {
  return {
    search: filters.search.trim(),
    servizio: filters.servizio,
    puntoFisicoId: filters.puntoFisicoId,
    stato: filters.stati.join(','),
    // The KO reason only applies while KO is toggled.
    koMotivazione: filters.stati.includes('ko') ? filters.koMotivazione : '',
    schedaIncompleta: filters.schedaIncompleta ? 'true' : undefined,
  };
}

export const praticaFileUrl = (praticaId: number, filename: string) =>
  `/api/pratiche/${praticaId}/files/${encodeURIComponent(filename)}`;

/** Every read of the practices feature: keys and fetchers in one place. */
export const praticheQueries = {
  list: (q: PraticheQuery) =>
    queryOptions({
      queryKey: queryKeys.pratiche.list(q),
      queryFn: () =>
        api.get<PraticheList>(
          withQuery('/api/pratiche', {
            ...praticheFilterParams(q),
            pageSize: q.pageSize,
            cursor: q.cursor,
          }),
        ),
      // The previous page stays on screen (dimmed) while the next one loads.
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: queryKeys.pratiche.detail(id),
      queryFn: () => api.get<Pratica>(`/api/pratiche/${id}`),
    }),
  files: (praticaId: number) =>
    queryOptions({
      queryKey: queryKeys.pratiche.files(praticaId),
      queryFn: () => api.get<Documento[]>(`/api/pratiche/${praticaId}/files`),
    }),
  /** What the bill reader proposes for one service (docs/product/lettura-bolletta.md). */
  proposte: (servizioId: number) =>
    queryOptions({
      queryKey: queryKeys.pratiche.proposte(servizioId),
      queryFn: () => api.get<ProposteServizio>(`/api/servizi/${servizioId}/proposte`),
    }),
};
