import { Plus, RefreshCw } from 'lucide-react';
import { msg } from '#shared/messages.ts';
import { can, type Role } from '#shared/permissions.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import type { usePuntiActions } from '#client/backoffice/features/punti-fisici/hooks/use-punti-actions.ts';

type PuntiActions = ReturnType<typeof usePuntiActions>;

/** The Punti fisici header's buttons, as the role may: update the QR codes, a new point. */
export function PuntiHeaderActions({ role, actions }: { role: Role; actions: PuntiActions }) {
  return (
    <>
      {can(role, 'qrCodes:update') && (
        <Button variant="outline" onClick={actions.updateQrCodes} disabled={actions.isQrPending}>
          <RefreshCw aria-hidden className={actions.isQrPending ? 'animate-spin' : undefined} />
          {msg.puntiScreen.updateQr}
        </Button>
      )}
      {can(role, 'puntiFisici:create') && (
        <Button onClick={actions.openCreate}>
          <Plus aria-hidden />
          {msg.puntiScreen.create}
        </Button>
      )}
    </>
  );
}

/** Asks before deleting the point chosen for it. */
export function DeletePuntoDialog({ actions }: { actions: PuntiActions }) {
  return (
    <ConfirmDialog
      open={actions.deleting != null}
      onOpenChange={(open) => !open && actions.setDeleting(null)}
      title={msg.puntiScreen.deleteTitle}
      description={actions.deleting ? msg.puntiScreen.deleteDescription(actions.deleting.nomeAttivita) : ''}
      pending={actions.isDeletePending}
      onConfirm={actions.confirmDelete}
    />
  );
}
