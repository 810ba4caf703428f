import { StrictMode } from 'react';
import { Router } from 'wouter';
import type { User } from '#shared/schemas/utente.ts';
import { AppProvider } from '#client/backoffice/app/provider.tsx';
import { AppRouter } from '#client/backoffice/app/router.tsx';
import { RootErrorBoundary } from '#client/backoffice/app/screen-error-boundary.tsx';

/**
 * The whole back-office. `signedInUser`: who has just signed in on the sign-in page of /auth,
 * which loads the back-office then (src/client/backoffice/sign-in/sign-in-start.tsx).
 */
export function App({ signedInUser }: { signedInUser?: User }) {
  return (
    <StrictMode>
      <Router>
        <RootErrorBoundary>
          <AppProvider signedInUser={signedInUser}>
            <AppRouter />
          </AppProvider>
        </RootErrorBoundary>
      </Router>
    </StrictMode>
  );
}
