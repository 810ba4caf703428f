import { SearchX, Store } from 'lucide-react';
import { useEffect } from 'react';
import { msg } from '#shared/messages.ts';
import { can, type Role } from '#shared/permissions.ts';
import type { PuntoFisico } from '#shared/schemas/punto-fisico.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { describeTotal, pageCount } from '#client/lib/page-total.ts';
import { useFirstPageFino } from '#client/lib/stable-pages.ts';
import { usePuntiFisici } from '#client/backoffice/features/punti-fisici/api/punti-fisici.ts';
import { PUNTI_PAGE_SIZE, puntiFisiciQueries } from '#client/backoffice/features/punti-fisici/api/queries.ts';
import { PuntoCard } from '#client/backoffice/features/punti-fisici/components/punto-card.tsx';

const m = msg.puntoFisico;

/**
 * One page of the points in the role's scope as cards, with the count line and the pager;
 * loading, error with 'Riprova', 'no points yet' and 'nothing matches the search' states.
 */
export function PuntiGrid(props: {
  role: Role;
  q: string;
  page: number;
  onPageChange: (page: number, options?: { replace?: boolean }) => void;
  onClearSearch: () => void;
  onEdit: (punto: PuntoFisico) => void;
  onDelete: (punto: PuntoFisico) => void;
}) {
  const { role, q, page, onPageChange, onClearSearch, onEdit, onDelete } = props;
  // Later pages are read up to the first page's newest point (docs/performance.md#paginazione-stabile).
  const fino = useFirstPageFino(puntiFisiciQueries.list({ q, page: 1 }).queryKey, page);
  const punti = usePuntiFisici({ q, page, fino });
  const data = punti.isPlaceholderData ? undefined : punti.data;
  const { pages } = punti.data
    ? pageCount(punti.data, PUNTI_PAGE_SIZE, page, punti.data.items.length)
    : { pages: 1 };
  // A page past the end (the last point of the page deleted, an old link): the last one instead.
  const pastTheEnd = data != null && data.items.length === 0 && data.total > 0;
  useEffect(() => {
    if (pastTheEnd) onPageChange(pages, { replace: true });
  }, [pastTheEnd, pages, onPageChange]);

  if (punti.isLoading) {
    return (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-80" />
        ))}
      </div>
    );
  }
  if (punti.isError) {
    return (
      <ErrorState
        message={`${m.loadError}: ${punti.error.message}`}
        onRetry={() => void punti.refetch()}
        isRetrying={punti.isFetching}
      />
    );
  }
  const count = (
    <p className="mb-2 text-sm text-muted-foreground" aria-live="polite" data-testid="punti-count">
      {punti.data ? describeTotal(punti.data, m.listCount.one, m.listCount.many) : ''}
    </p>
  );
  if (punti.data?.total === 0 && q) {
    return (
      <>
        <Card className="flex flex-col items-center gap-2 p-10 text-center" data-testid="punti-empty-search">
          <SearchX className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">{m.emptySearch}</h2>
          <p className="text-muted-foreground">{m.emptySearchHint}</p>
          <Button variant="outline" className="mt-2" onClick={onClearSearch}>
            {m.clearSearch}
          </Button>
        </Card>
      </>
    );
  }
  if (punti.data?.total === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 p-10 text-center">
        <Store className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">{m.emptyTitle}</h2>
        <p className="text-muted-foreground">
          {can(role, 'puntiFisici:create') ? m.emptyManagers : m.emptyOthers}
        </p>
      </Card>
    );
  }
  return (
    <>
      {count}
      <div
        className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
        aria-busy={punti.isPlaceholderData || undefined}
      >
        {punti.data?.items.map((p) => (
          <PuntoCard key={p.id} punto={p} role={role} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />
        ))}
      </div>
      <Pagination page={page} pages={pages} onPageChange={onPageChange} className="mt-4" />
    </>
  );
}
