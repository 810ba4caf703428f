import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { msg } from '#shared/messages.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { toast, Toaster } from '#client/components/ui/toast.tsx';
import { authQueries, forgetSession } from '../features/auth/api/auth';
import { AuthProvider } from '../features/auth/auth-context';

/**
 * A 401 while someone is signed in: the session is over. Everything cached goes, the router
 * shows the sign-in, and the sign-in comes back to the page the user was on.
 */
function onUnauthorized(queryClient: QueryClient) {
  if (!queryClient.getQueryData(authQueries.currentUser().queryKey)) return;
  forgetSession(queryClient);
  toast({ title: msg.app.sessionExpiredTitle, description: msg.app.sessionExpiredText });
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient({ onUnauthorized }));
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
