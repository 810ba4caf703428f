import { msg } from '#shared/messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { useChiamate } from '#client/backoffice/features/chiamate/api/chiamate.ts';
import { ChiamateList } from '#client/backoffice/features/chiamate/components/chiamate-list.tsx';

const c = msg.chiamate;

/** The queue as read so far: loading, its error, nobody to call, or the list with «more». */
export function ChiamateResults({ query }: { query: ReturnType<typeof useChiamate> }) {
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return query.isPending ? (
    <Spinner />
  ) : query.isError ? (
    <ErrorState message={c.loadError} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
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
  );
}
