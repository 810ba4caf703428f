import { Lock } from 'lucide-react';
import { msg } from '#shared/messages.ts';
import { romeDateKey, romeParts } from '#shared/time.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { displayNameOf, formatDate } from '#client/lib/format.ts';
import type { useUnlockFlow } from '#client/backoffice/features/utenti/hooks/use-unlock-flow.ts';

/** 'Accesso bloccato fino alle 14:35' (Rome clock); the day too when the lock ends on another one. */
export function lockText(until: string, now = new Date()): string {
  const end = new Date(until);
  const p = romeParts(end);
  const time = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  return romeDateKey(end) === romeDateKey(now)
    ? msg.user.lock.untilToday(time)
    : msg.user.lock.untilDay(formatDate(end), time);
}

/** Shown while too many wrong passwords keep the user out (docs/security.md#limiti-di-accesso). */
export function SignInLockBadge({ until }: { until: string }) {
  return (
    <Badge variant="danger" className="gap-1" data-testid="accesso-bloccato">
      <Lock aria-hidden className="size-3" />
      {lockText(until)}
    </Badge>
  );
}

export function UnlockSignInDialog({ flow }: { flow: ReturnType<typeof useUnlockFlow> }) {
  const user = flow.unlocking;
  return (
    <ConfirmDialog
      open={user != null}
      onOpenChange={(open) => !open && flow.cancel()}
      title={msg.user.lock.confirmTitle}
      confirmLabel={msg.user.lock.confirm}
      confirmVariant="default"
      description={
        <>
          {user ? msg.user.lock.confirmDescription(displayNameOf(user), user.email) : ''}
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
