import { Plus } from 'lucide-react';
import { useState } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import type { Fornitore } from '#shared/schemas/fornitore.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { ConfigDialog } from '#client/backoffice/features/config-commissioni/components/config-dialog.tsx';
import { ConfigFilters } from '#client/backoffice/features/config-commissioni/components/config-filters.tsx';
import { ConfigGrid } from '#client/backoffice/features/config-commissioni/components/config-grid.tsx';
import {
  useConfigFilters,
  useConfigOverview,
} from '#client/backoffice/features/config-commissioni/hooks/use-config-overview.ts';
import { FornitoreDialog } from '#client/backoffice/features/fornitori/components/fornitore-dialog.tsx';
import { RetentionCard } from '#client/backoffice/features/privacy/components/retention-card.tsx';

/** `/admin-commissioni` (admin only; the router shows the others their denial). See docs/product/screens.md#config-commissioni */
export function ConfigCommissioniRoute() {
  const [filters, setFilters] = useConfigFilters();
  const [target, setTarget] = useState<{ fornitoreId: number; servizio: string } | null>(null);
  // undefined: closed; null: 'Nuovo Fornitore'; a supplier: its edit.
  const [editingFornitore, setEditingFornitore] = useState<Fornitore | null | undefined>(undefined);
  const view = useConfigOverview(filters, target);

  return (
    <>
      <PageHeader
        title={msg.configCommissioni.pageTitle}
        subtitle={msg.configCommissioni.subtitle}
        actions={
          <Button onClick={() => setEditingFornitore(null)}>
            <Plus aria-hidden />
            {msg.fornitoreAdmin.nuovo}
          </Button>
        }
      />
      <ConfigFilters value={filters} onChange={setFilters} />
      {view.error ? (
        <ErrorState
          message={fillMessage(msg.configCommissioni.loadError, { message: view.error.message })}
          onRetry={() => void view.refetch()}
          isRetrying={view.isFetching}
        />
      ) : view.isLoading ? (
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <ConfigGrid
          view={view}
          onConfigure={(fornitoreId, servizio) => setTarget({ fornitoreId, servizio })}
          onEditFornitore={setEditingFornitore}
        />
      )}
      <RetentionCard />
      <ConfigDialog target={view.dialogTarget} onOpenChange={(open) => !open && setTarget(null)} />
      <FornitoreDialog
        fornitore={editingFornitore}
        onOpenChange={(open) => !open && setEditingFornitore(undefined)}
      />
    </>
  );
}
