import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { msg } from '#shared/messages.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { toast } from '#client/components/ui/toast-store.ts';
import type { User } from '#shared/schemas/utente.ts';
import { forgetSession } from '#client/backoffice/features/auth/api/auth.ts';
import { DeferredToaster } from '#client/backoffice/app/deferred-toaster.tsx';
import { AuthProvider } from '#client/backoffice/features/auth/auth-context.tsx';

/**
 * A 401 while someone is signed in: the session is over. Everything cached goes, the router
 * shows the sign-in, and the sign-in comes back to the page the user was on.
 */
function onUnauthorized(queryClient: QueryClient) {
  if (!queryClient.getQueryData(queryKeys.auth.user())) return;
  forgetSession(queryClient);
  toast({ title: msg.app.sessionExpiredTitle, description: msg.app.sessionExpiredText });
}

/** `signedInUser`: who has just signed in on the sign-in page, so the session is not read again. */
export function AppProvider({ children, signedInUser }: { children: ReactNode; signedInUser?: User }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient({ onUnauthorized });
    if (signedInUser) client.setQueryData(queryKeys.auth.user(), signedInUser);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
