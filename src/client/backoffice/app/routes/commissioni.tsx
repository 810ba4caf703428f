import { msg } from '#shared/messages.ts';
import { ExportMenu } from '#client/components/ui/export-menu.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useCursorPages } from '#client/lib/cursor-pages.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { exportCommissioni } from '#client/backoffice/features/commissioni/api/commissioni.ts';
import {
  CommissioniFilters,
  EMPTY_COMMISSIONI_FILTERS,
} from '#client/backoffice/features/commissioni/components/commissioni-filters.tsx';
import {
  canDownloadEstratti,
  EstrattoContoButton,
} from '#client/backoffice/features/commissioni/components/estratto-conto-dialog.tsx';
import { CommissioniList } from '#client/backoffice/features/commissioni/components/commissioni-list.tsx';
import {
  commissioniRange,
  useCommissioniUrlState,
} from '#client/backoffice/features/commissioni/hooks/use-commissioni-url-state.ts';

const m = msg.commissioniScreen;

/** `/commissioni`: status and period in the URL; an impossible custom period is refused inline. See docs/product/screens.md#commissioni */
export function CommissioniRoute() {
  const { user } = useAuth();
  const [filterState, setFilterState] = useCommissioniUrlState();
  const { range, rangeError, filters } = commissioniRange(filterState);
  // The pages already shown, by their cursors (docs/architecture.md#liste-e-paginazione): new
  // filters start again from the first page.
  const pager = useCursorPages(JSON.stringify(filters));

  return (
    <>
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <div className="flex flex-wrap gap-2">
            {canDownloadEstratti(user!.role) && <EstrattoContoButton role={user!.role} userId={user!.id} />}
            <ExportMenu
              description={m.exportDescription}
              onExport={(format) => exportCommissioni(filters, format)}
              disabled={!!rangeError}
              onError={(error) =>
                toast({
                  title: msg.common.error,
                  description: errorMessage(error, m.exportError),
                  variant: 'destructive',
                })
              }
            />
          </div>
        }
      />
      <CommissioniFilters
        value={filterState}
        range={range}
        rangeError={rangeError}
        // A typed date replaces the history entry; the buttons and the period add one.
        onChange={(next) => setFilterState(next, { replace: 'custom' in next })}
        onReset={() => setFilterState(EMPTY_COMMISSIONI_FILTERS)}
      />
      {/* Nothing is asked of the server for a range it would refuse: the filters say why. */}
      {!rangeError && <CommissioniList filters={filters} pager={pager} role={user!.role} />}
    </>
  );
}
