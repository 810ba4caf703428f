import { useState } from 'react';
import { msg } from '#shared/messages.ts';
import type { PuntoFisico } from '#shared/schemas/punto-fisico.ts';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import {
  useDeletePuntoFisico,
  useUpdateQrCodes,
} from '#client/backoffice/features/punti-fisici/api/punti-fisici.ts';

/** The screen's dialogs (create/edit, delete) and the QR update, with their toasts. */
export function usePuntiActions() {
  const [dialog, setDialog] = useState<{ open: boolean; punto: PuntoFisico | null }>({
    open: false,
    punto: null,
  });
  const [deleting, setDeleting] = useState<PuntoFisico | null>(null);
  const remove = useDeletePuntoFisico();
  const updateQr = useUpdateQrCodes();

  const updateQrCodes = () =>
    updateQr.mutate(undefined, {
      onSuccess: (res) => toast({ title: 'QR codes aggiornati', description: res.message }),
      onError: () =>
        toast({
          title: msg.common.error,
          description: msg.puntoFisico.qrUpdateError,
          variant: 'destructive',
        }),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: msg.puntoFisico.deleteSuccess }),
      onError: (error) =>
        toast({
          title: msg.common.error,
          description: errorMessage(error, msg.puntoFisico.deleteError),
          variant: 'destructive',
        }),
      onSettled: () => setDeleting(null),
    });
  };

  return {
    dialog,
    openCreate: () => setDialog({ open: true, punto: null }),
    openEdit: (punto: PuntoFisico) => setDialog({ open: true, punto }),
    setDialogOpen: (open: boolean) => setDialog((d) => ({ ...d, open })),
    deleting,
    setDeleting,
    confirmDelete,
    isDeletePending: remove.isPending,
    updateQrCodes,
    isQrPending: updateQr.isPending,
  };
}
