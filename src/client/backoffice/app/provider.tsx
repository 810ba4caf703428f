import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { msg } from '#shared/messages.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { currentToast, subscribeToToasts, toast } from '#client/components/ui/toast-store.ts';
import { authQueries, forgetSession, useCurrentUser } from '#client/backoffice/features/auth/api/auth.ts';
import { AuthProvider } from '#client/backoffice/features/auth/auth-context.tsx';

/**
 * A 401 while someone is signed in: the session is over. Everything cached goes, the router
 * shows the sign-in, and the sign-in comes back to the page the user was on.
 */
function onUnauthorized(queryClient: QueryClient) {
  if (!queryClient.getQueryData(authQueries.currentUser().queryKey)) return;
  forgetSession(queryClient);
  toast({ title: msg.app.sessionExpiredTitle, description: msg.app.sessionExpiredText });
}

const Toaster = lazy(() => import('#client/components/ui/toast.tsx').then((m) => ({ default: m.Toaster })));

/**
 * The toast component (Radix) loads with the first toast, or once someone is signed in: the
 * sign-in page does not wait for it (docs/performance.md#primo-caricamento).
 */
function DeferredToaster() {
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

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient({ onUnauthorized }));
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
