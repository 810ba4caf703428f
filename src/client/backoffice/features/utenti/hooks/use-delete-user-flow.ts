import { useState } from 'react';
import { msg } from '#shared/messages.ts';
import type { User } from '#shared/schemas/utente.ts';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useDeleteUser } from '#client/backoffice/features/utenti/api/utenti.ts';

/** Ask, delete, and on a refusal (409: referenced by a point or a commission) keep the dialog open saying why. */
export function useDeleteUserFlow() {
  const [deleting, setDeleting] = useState<User | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteUser();

  const ask = (user: User) => {
    setError(null);
    setDeleting(user);
  };
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Utente eliminato' });
        setDeleting(null);
      },
      onError: (err) => {
        const text = errorMessage(err, msg.user.deleteError);
        setError(text);
        toast({ title: msg.common.error, description: text, variant: 'destructive' });
      },
    });
  };
  return { deleting, error, ask, confirm, cancel: () => setDeleting(null), isPending: remove.isPending };
}
