import { StrictMode } from 'react';
import { Router } from 'wouter';
import { AppProvider } from '#client/backoffice/app/provider.tsx';
import { AppRouter } from '#client/backoffice/app/router.tsx';
import { RootErrorBoundary } from '#client/backoffice/app/screen-error-boundary.tsx';

/**
 * The whole back-office. `ssrPath` is the address when the build renders it without a browser
 * (prerender.tsx); in the browser the address is the page's own. The same tree both ways, so the
 * browser can take over the sign-in page the build rendered (docs/performance.md#primo-caricamento).
 */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath}>
        <RootErrorBoundary>
          <AppProvider>
            <AppRouter />
          </AppProvider>
        </RootErrorBoundary>
      </Router>
    </StrictMode>
  );
}
