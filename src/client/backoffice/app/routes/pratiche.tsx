import { Pagination } from '#client/components/ui/pagination.tsx';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fillMessage, msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import { ExportMenu } from '#client/components/ui/export-menu.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { exportPratiche } from '#client/backoffice/features/pratiche/api/export-pratiche.ts';
import { usePratiche } from '#client/backoffice/features/pratiche/api/get-pratiche.ts';
import { PraticaCard } from '#client/backoffice/features/pratiche/components/pratica-card.tsx';
import {
  EMPTY_FILTERS,
  PraticheFilters,
  type FilterState,
} from '#client/backoffice/features/pratiche/components/pratiche-filters.tsx';

const PAGE_SIZE = 20;

function filtersFromUrl(search: string): FilterState {
  const params = new URLSearchParams(search);
  const id = Number(params.get('puntoFisicoId'));
  return {
    ...EMPTY_FILTERS,
    search: params.get('search') ?? '',
    puntoFisicoId: Number.isInteger(id) && id > 0 ? id : null,
  };
}

/** The URL's ?search= and ?puntoFisicoId= seed the filters (links from leads and points). See docs/product/screens.md#pratiche */
export function PraticheRoute() {
  const search = useSearch();
  // A new URL query (a link followed while here) starts over from it.
  return <PraticheScreen key={search} initial={filtersFromUrl(search)} />;
}

function PraticheScreen({ initial }: { initial: FilterState }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(filters.search);
  const query = usePratiche({ ...filters, search: debouncedSearch, page, pageSize: PAGE_SIZE });

  const change = (next: Partial<FilterState>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const reset = () => {
    setFilters(EMPTY_FILTERS);
    setPage(1);
    navigate(paths.pratiche, { replace: true });
  };

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <>
      <PageHeader
        title={msg.pratica.pageTitle}
        subtitle="Segui le pratiche dal primo contatto al completamento"
        actions={
          <ExportMenu
            description="Esporta le pratiche filtrate, una riga per servizio"
            // The filters as they are in the form: a search typed a moment ago counts already.
            onExport={(format) => exportPratiche(filters, format)}
            onError={(error) =>
              toast({
                title: msg.common.error,
                description: errorMessage(error, msg.pratica.exportError),
                variant: 'destructive',
              })
            }
          />
        }
      />
      <PraticheFilters value={filters} onChange={change} onReset={reset} counts={data?.countsByStato} />

      {query.isError && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {fillMessage(msg.pratica.listError, { message: query.error.message })}
        </div>
      )}

      {query.isLoading && (
        <div className="grid gap-4" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56 w-full" />
          ))}
        </div>
      )}

      {data && !query.isError && (
        <>
          <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
            {data.total === 1 ? '1 pratica trovata' : `${data.total} pratiche trovate`}
          </p>
          {data.items.length === 0 ? (
            <div className="rounded-lg border bg-card p-10 text-center text-muted-foreground">
              {msg.pratica.empty}
            </div>
          ) : (
            <div className={query.isPlaceholderData ? 'grid gap-4 opacity-60' : 'grid gap-4'}>
              {data.items.map((p) => (
                <PraticaCard key={p.id} pratica={p} role={user!.role} />
              ))}
            </div>
          )}
          <Pagination page={page} pages={pages} onPageChange={setPage} />
        </>
      )}
    </>
  );
}
