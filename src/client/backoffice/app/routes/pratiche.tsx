import { useLocation } from 'wouter';
import { msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import { ExportMenu } from '#client/components/ui/export-menu.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useCursorPages } from '#client/lib/cursor-pages.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { exportPratiche, usePratiche } from '#client/backoffice/features/pratiche/api/pratiche.ts';
import { PraticheFilters } from '#client/backoffice/features/pratiche/components/pratiche-filters.tsx';
import { PraticheList } from '#client/backoffice/features/pratiche/components/pratiche-list.tsx';
import { usePraticheUrlState } from '#client/backoffice/features/pratiche/hooks/use-pratiche-url-state.ts';

const PAGE_SIZE = 20;

/** `/pratiche`: filters and search in the URL (links from leads and points set them too). See docs/product/screens.md#pratiche */
export function PraticheRoute() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [filters, setFilters] = usePraticheUrlState();
  // The pages already shown, by their cursors (docs/architecture.md#liste-e-paginazione): new
  // filters start again from the first page.
  const pager = useCursorPages(JSON.stringify(filters));
  const query = usePratiche({ ...filters, pageSize: PAGE_SIZE, cursor: pager.cursor });

  return (
    <>
      <PageHeader
        title={msg.pratica.pageTitle}
        subtitle={msg.praticheScreen.subtitle}
        actions={
          <ExportMenu
            description={msg.praticheScreen.exportDescription}
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
        onChange={(next, options) => setFilters(next, options)}
        onReset={() => navigate(paths.pratiche)}
        counts={query.data?.countsByStato}
      />
      <PraticheList query={query} pager={pager} pageSize={PAGE_SIZE} role={user!.role} />
    </>
  );
}
