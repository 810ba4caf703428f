import { useState } from 'react';
import { msg } from '#shared/messages.ts';
import type { UsersPage } from '#shared/schemas/utente.ts';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { displayNameOf } from '#client/lib/format.ts';
import { useUnlockSignIn } from '#client/backoffice/features/utenti/api/utenti.ts';

type ListedUser = UsersPage['items'][number];

/** Ask, lift the lock, say so; on a failure the dialog stays open with the reason. */
export function useUnlockFlow() {
  const [unlocking, setUnlocking] = useState<ListedUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const unlock = useUnlockSignIn();
  const ask = (user: ListedUser) => {
    setError(null);
    setUnlocking(user);
  };
  const confirm = () => {
    if (!unlocking) return;
    unlock.mutate(unlocking.id, {
      onSuccess: () => {
        toast({ title: msg.user.lock.success, description: displayNameOf(unlocking) });
        setUnlocking(null);
      },
      onError: (err) => setError(errorMessage(err, msg.user.lock.error)),
    });
  };
  return { unlocking, error, ask, confirm, cancel: () => setUnlocking(null), isPending: unlock.isPending };
}
