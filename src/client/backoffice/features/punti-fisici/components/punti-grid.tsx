import { SearchX, Store } from 'lucide-react';
import { useEffect } from 'react';
import { msg } from '#shared/messages.ts';
import { can, type Role } from '#shared/permissions.ts';
import type { PuntoFisico } from '#shared/schemas/punto-fisico.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { CursorPagination } from '#client/components/ui/pagination.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { describeTotal, pageCount } from '#client/lib/page-total.ts';
import { useCursorPages } from '#client/lib/cursor-pages.ts';
import { usePuntiFisici } from '#client/backoffice/features/punti-fisici/api/punti-fisici.ts';
import { PUNTI_PAGE_SIZE } from '#client/backoffice/features/punti-fisici/api/queries.ts';
import { PuntoCard } from '#client/backoffice/features/punti-fisici/components/punto-card.tsx';

const m = msg.puntoFisico;

/**
 * One page of the points in the role's scope as cards, with the count line and the pager;
 * loading, error with 'Riprova', 'no points yet' and 'nothing matches the search' states.
 */
export function PuntiGrid(props: {
  role: Role;
  q: string;
  onClearSearch: () => void;
  onEdit: (punto: PuntoFisico) => void;
  onDelete: (punto: PuntoFisico) => void;
}) {
  const { role, q, onClearSearch, onEdit, onDelete } = props;
  // Pages by cursor (docs/architecture.md#liste-e-paginazione); a new search starts again.
  const pager = useCursorPages(q);
  const punti = usePuntiFisici({ q, cursor: pager.cursor });
  const data = punti.isPlaceholderData ? undefined : punti.data;
  const { pages, atLeast } = punti.data
    ? pageCount(punti.data, PUNTI_PAGE_SIZE, pager.page, punti.data.items.length)
    : { pages: 1, atLeast: false };
  // A page emptied (its last point deleted): the one before instead.
  const emptied = data != null && data.items.length === 0 && pager.page > 1;
  const { previous } = pager;
  useEffect(() => {
    if (emptied) previous();
  }, [emptied, previous]);

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
        // Every row as tall as the tallest card: the cards of a page line up (docs/product/screens.md#punti-fisici).
        className="grid grid-cols-1 gap-4 md:auto-rows-fr md:grid-cols-2 xl:grid-cols-3"
        aria-busy={punti.isPlaceholderData || undefined}
      >
        {punti.data?.items.map((p) => (
          <PuntoCard key={p.id} punto={p} role={role} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />
        ))}
      </div>
      <CursorPagination
        page={pager.page}
        pages={pages}
        atLeast={atLeast}
        nextCursor={data?.nextCursor ?? null}
        onNext={pager.next}
        onPrevious={pager.previous}
        className="mt-4"
      />
    </>
  );
}
