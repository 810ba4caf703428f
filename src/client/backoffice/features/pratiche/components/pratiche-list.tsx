import { fillMessage, msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { CursorPagination } from '#client/components/ui/pagination.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import type { useCursorPages } from '#client/lib/cursor-pages.ts';
import { describeTotal, pageCount } from '#client/lib/page-total.ts';
import type { PraticheList as PraticheListData } from '#shared/schemas/pratica.ts';
import type { UseQueryResult } from '@tanstack/react-query';
import { PraticaCard } from '#client/backoffice/features/pratiche/components/pratica-card.tsx';

/** The count line, one card per practice of the page, the pager; its error state with 'Riprova'. */
export function PraticheList(props: {
  query: UseQueryResult<PraticheListData>;
  pager: ReturnType<typeof useCursorPages>;
  pageSize: number;
  role: Role;
}) {
  const { query, pager, pageSize, role } = props;
  const data = query.data;
  const { pages, atLeast } = data
    ? pageCount(data, pageSize, pager.page, data.items.length)
    : { pages: 1, atLeast: false };
  // While a page loads the one on screen is the old one: its cursor is not the next page's.
  const nextCursor = query.isPlaceholderData ? null : (data?.nextCursor ?? null);

  if (query.isError) {
    // A broken position (a hand-edited cursor): asking again cannot help, the first page can.
    if (query.error instanceof ApiError && query.error.status === 400)
      return (
        <ErrorState
          message={query.error.serverMessage ?? msg.common.invalidCursor}
          onRetry={pager.first}
          retryLabel={msg.common.backToFirstPage}
        />
      );
    return (
      <ErrorState
        message={fillMessage(msg.pratica.listError, { message: query.error.message })}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (!data) {
    return (
      <div className="grid gap-4" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-56 w-full" />
        ))}
      </div>
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
        {describeTotal(data, 'pratica trovata', 'pratiche trovate')}
      </p>
      {data.items.length === 0 ? (
        <div className="rounded-lg border bg-card p-10 text-center text-muted-foreground">
          {msg.pratica.empty}
        </div>
      ) : (
        <div className={query.isPlaceholderData ? 'grid gap-4 opacity-60' : 'grid gap-4'}>
          {data.items.map((p) => (
            <PraticaCard key={p.id} pratica={p} role={role} />
          ))}
        </div>
      )}
      <CursorPagination
        page={pager.page}
        pages={pages}
        atLeast={atLeast}
        nextCursor={nextCursor}
        onNext={pager.next}
        onPrevious={pager.previous}
      />
    </>
  );
}
