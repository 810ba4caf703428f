import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { currentToast, subscribeToToasts } from '#client/components/ui/toast-store.ts';
import { useCurrentUser } from '#client/backoffice/features/auth/api/auth.ts';

const Toaster = lazy(() => import('#client/components/ui/toast.tsx').then((m) => ({ default: m.Toaster })));

/**
 * The toast component (Radix) loads with the first toast, or once someone is signed in: the
 * sign-in page does not wait for it (docs/primo-caricamento.md).
 */
export function DeferredToaster() {
  const signedIn = useCurrentUser().data != null;
  const hasToast = useSyncExternalStore(
    subscribeToToasts,
    () => currentToast() != null,
    // The sign-in page rendered at build time, and the browser's hydration of it: no toast yet.
    () => false,
  );
  const [needed, setNeeded] = useState(false);
  if (!needed && (hasToast || signedIn)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
