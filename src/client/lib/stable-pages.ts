import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The `fino` of a list's first page, read from the query cache, to send with the later pages: they
 * then leave out the rows that arrived after the first page was read, so paging never repeats or
 * skips a row while rows come in (docs/performance.md#pagine-per-posizione). Undefined on page 1
 * (the server answers with a fresh one) and when the first page was never read (a shared link to
 * page 3): the server then reads up to its newest row.
 */
export function useFirstPageFino(firstPageKey: QueryKey, page: number): number | undefined {
  const queryClient = useQueryClient();
  if (page <= 1) return undefined;
  return queryClient.getQueryData<{ fino?: number }>(firstPageKey)?.fino;
}
