import { useState } from 'react';
import { msg } from '#shared/messages.ts';
import type { Commissione } from '#shared/schemas/commissione.ts';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import {
  useDeleteCommissione,
  useUpdatePayment,
} from '#client/backoffice/features/commissioni/api/commissioni.ts';

const m = msg.commissioniScreen;

/** The admin's two actions on a commission: the payment dialog and the delete confirmation. */
export function useCommissioneActions() {
  const [paying, setPaying] = useState<Commissione | null>(null);
  const [deleting, setDeleting] = useState<Commissione | null>(null);
  const updatePayment = useUpdatePayment();
  const remove = useDeleteCommissione();

  const confirmPayment = (note: string) => {
    if (!paying) return;
    const status = paying.statoPagamento === 'pagato' ? 'non_pagato' : 'pagato';
    updatePayment.mutate(
      { id: paying.id, status, note },
      {
        onSuccess: () => {
          setPaying(null);
          toast({
            title: m.statusSuccess,
            description: `Commissione #${paying.id}: ${status === 'pagato' ? m.pagato : m.nonPagato}`,
          });
        },
        // The catalogue's text, with the server's reason underneath when it gave one.
        onError: (error) =>
          toast({
            title: msg.commissione.statusError,
            description: error instanceof ApiError ? error.serverMessage : undefined,
            variant: 'destructive',
          }),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const id = deleting.id;
    remove.mutate(id, {
      onSuccess: () => toast({ title: m.deleteSuccess, description: `Commissione #${id}` }),
      onError: (error) =>
        toast({
          title: msg.commissione.deleteError,
          description: error instanceof ApiError ? error.serverMessage : undefined,
          variant: 'destructive',
        }),
      onSettled: () => setDeleting(null),
    });
  };

  return {
    paying,
    setPaying,
    deleting,
    setDeleting,
    confirmPayment,
    confirmDelete,
    isPaymentPending: updatePayment.isPending,
    isDeletePending: remove.isPending,
  };
}
