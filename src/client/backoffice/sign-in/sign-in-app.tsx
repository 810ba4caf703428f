import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { Router, useSearch } from 'wouter';
import { useCurrentUser } from '#client/backoffice/features/auth/api/auth.ts';
import { returnPathFrom } from '#client/backoffice/features/auth/return-to.ts';
import { DeferredToaster } from '#client/backoffice/app/deferred-toaster.tsx';
import { LoginRoute } from '#client/backoffice/app/routes/login.tsx';
import { RootErrorBoundary } from '#client/backoffice/app/screen-error-boundary.tsx';

interface SignInAppProps {
  queryClient: QueryClient;
  /** Takes the signed-in user on to the back-office page `path` (sign-in-start.tsx). */
  goTo: (path: string) => void;
  /** The address when the build renders it without a browser (prerender.tsx). */
  ssrPath?: string;
}

/**
 * The sign-in page of /auth on its own: the form and what it needs, not the back-office, which
 * loads once someone has signed in (docs/primo-caricamento.md). The same tree the
 * build renders into auth.html and the browser hydrates.
 */
export function SignInApp({ queryClient, goTo, ssrPath }: SignInAppProps) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath}>
        <RootErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <AlreadySignedIn goTo={goTo} />
            <LoginRoute goTo={goTo} />
            <DeferredToaster />
          </QueryClientProvider>
        </RootErrorBoundary>
      </Router>
    </StrictMode>
  );
}

/** Someone already signed in who opens /auth goes on as soon as the session is read. */
function AlreadySignedIn({ goTo }: { goTo: (path: string) => void }) {
  const signedIn = useCurrentUser().data != null;
  const search = useSearch();
  useEffect(() => {
    if (signedIn) goTo(returnPathFrom(search));
  }, [signedIn, search, goTo]);
  return null;
}
