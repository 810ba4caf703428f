import { Plus, RefreshCw } from 'lucide-react';
import { can } from '#shared/permissions.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { PuntiGrid } from '#client/backoffice/features/punti-fisici/components/punti-grid.tsx';
import { PuntoFormDialog } from '#client/backoffice/features/punti-fisici/components/punto-form-dialog.tsx';
import { usePuntiActions } from '#client/backoffice/features/punti-fisici/hooks/use-punti-actions.ts';

/** `/punti-fisici`: the points in scope; managers create and edit, the admin deletes and updates QR codes. */
export function PuntiFisiciRoute() {
  const { user } = useAuth();
  const role = user!.role;
  const actions = usePuntiActions();

  return (
    <>
      <PageHeader
        title="Punti Fisici"
        subtitle="I negozi partner, le loro landing page e i QR code"
        actions={
          <>
            {can(role, 'qrCodes:update') && (
              <Button variant="outline" onClick={actions.updateQrCodes} disabled={actions.isQrPending}>
                <RefreshCw aria-hidden className={actions.isQrPending ? 'animate-spin' : undefined} />
                Aggiorna QR Codes
              </Button>
            )}
            {can(role, 'puntiFisici:create') && (
              <Button onClick={actions.openCreate}>
                <Plus aria-hidden />
                Nuovo Punto Fisico
              </Button>
            )}
          </>
        }
      />
      <PuntiGrid role={role} onEdit={actions.openEdit} onDelete={actions.setDeleting} />
      <PuntoFormDialog
        open={actions.dialog.open}
        punto={actions.dialog.punto}
        actorRole={role}
        onOpenChange={actions.setDialogOpen}
      />
      <ConfirmDialog
        open={actions.deleting != null}
        onOpenChange={(open) => !open && actions.setDeleting(null)}
        title="Eliminare il punto fisico?"
        description={
          actions.deleting
            ? `«${actions.deleting.nomeAttivita}» verrà eliminato con la sua landing page e il suo QR code. I lead già raccolti restano nell'archivio.`
            : ''
        }
        pending={actions.isDeletePending}
        onConfirm={actions.confirmDelete}
      />
    </>
  );
}
