import { useLocation } from 'wouter';
import { msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import { ExportMenu } from '#client/components/ui/export-menu.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useFirstPageFino } from '#client/lib/stable-pages.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { exportPratiche, usePratiche } from '#client/backoffice/features/pratiche/api/pratiche.ts';
import { praticheQueries } from '#client/backoffice/features/pratiche/api/queries.ts';
import { PraticheFilters } from '#client/backoffice/features/pratiche/components/pratiche-filters.tsx';
import { PraticheList } from '#client/backoffice/features/pratiche/components/pratiche-list.tsx';
import { usePraticheUrlState } from '#client/backoffice/features/pratiche/hooks/use-pratiche-url-state.ts';

const PAGE_SIZE = 20;

/** `/pratiche`: filters, search and page in the URL (links from leads and points set them too). See docs/product/screens.md#pratiche */
export function PraticheRoute() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [state, setState] = usePraticheUrlState();
  const { page, ...filters } = state;
  // Later pages are read up to the first page's newest practice (docs/performance.md#pagine-per-posizione).
  const fino = useFirstPageFino(
    praticheQueries.list({ ...filters, page: 1, pageSize: PAGE_SIZE }).queryKey,
    page,
  );
  const query = usePratiche({ ...filters, page, pageSize: PAGE_SIZE, fino });

  return (
    <>
      <PageHeader
        title={msg.pratica.pageTitle}
        subtitle="Segui le pratiche dal primo contatto al completamento"
        actions={
          <ExportMenu
            description="Esporta le pratiche filtrate, una riga per servizio"
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
      <PraticheFilters
        value={filters}
        onChange={(next, options) => setState({ ...next, page: 1 }, options)}
        onReset={() => navigate(paths.pratiche)}
        counts={query.data?.countsByStato}
      />
      <PraticheList query={query} page={page} onPageChange={(p) => setState({ page: p })} role={user!.role} />
    </>
  );
}
