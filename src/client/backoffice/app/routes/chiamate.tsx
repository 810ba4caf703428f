import { msg } from '#shared/messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useChiamate } from '#client/backoffice/features/chiamate/api/chiamate.ts';
import { ChiamateList } from '#client/backoffice/features/chiamate/components/chiamate-list.tsx';

const c = msg.chiamate;

/** `/chiamate`: whom to call now, late, new, and the recalls to come (docs/product/calls.md). */
export function ChiamateRoute() {
  const query = useChiamate();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <PageHeader title={c.title} subtitle={c.subtitle} />
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <ErrorState
          message={c.loadError}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : items.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-center text-muted-foreground">{c.empty}</p>
      ) : (
        <div className="grid gap-4">
          <ChiamateList items={items} />
          {query.hasNextPage && (
            <Button
              variant="outline"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {c.more}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
