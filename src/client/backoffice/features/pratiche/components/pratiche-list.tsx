import { fillMessage, msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { describeTotal, pageCount } from '#client/lib/page-total.ts';
import type { PraticheList as PraticheListData } from '#shared/schemas/pratica.ts';
import type { UseQueryResult } from '@tanstack/react-query';
import { PraticaCard } from '#client/backoffice/features/pratiche/components/pratica-card.tsx';

/** The count line, one card per practice of the page, the pager; its error state with 'Riprova'. */
export function PraticheList(props: {
  query: UseQueryResult<PraticheListData>;
  page: number;
  onPageChange: (page: number) => void;
  role: Role;
}) {
  const { query, page, onPageChange, role } = props;
  const data = query.data;
  const { pages, atLeast } = data
    ? pageCount(data, data.pageSize, page, data.items.length)
    : { pages: 1, atLeast: false };

  if (query.isError) {
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
      <Pagination page={page} pages={pages} atLeast={atLeast} onPageChange={onPageChange} />
    </>
  );
}
