import { msg } from '#shared/messages.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { displayNameOf } from '#client/lib/format.ts';
import type { useDeleteUserFlow } from '#client/backoffice/features/utenti/hooks/use-delete-user-flow.ts';

/** The delete confirmation; a refusal stays in it, saying why. */
export function DeleteUserDialog({ flow }: { flow: ReturnType<typeof useDeleteUserFlow> }) {
  return (
    <ConfirmDialog
      open={flow.deleting != null}
      onOpenChange={(open) => !open && flow.cancel()}
      title={msg.utentiScreen.deleteTitle}
      description={
        <>
          {flow.deleting
            ? msg.utentiScreen.deleteDescription(displayNameOf(flow.deleting), flow.deleting.email)
            : ''}
          {flow.error && (
            <span
              role="alert"
              className="mt-3 block rounded-md border border-destructive/40 bg-red-50 p-3 text-destructive"
            >
              {flow.error}
            </span>
          )}
        </>
      }
      pending={flow.isPending}
      onConfirm={flow.confirm}
    />
  );
}
