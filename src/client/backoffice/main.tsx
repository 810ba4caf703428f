import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '#client/backoffice/app/provider.tsx';
import { AppRouter } from '#client/backoffice/app/router.tsx';
import { RootErrorBoundary } from '#client/backoffice/app/screen-error-boundary.tsx';
import './backoffice.css';

createRoot(document.getElementById('root')!, {
  // An error an error boundary caught is handled (the user sees it with 'Riprova'): a warning for
  // developers, not an uncaught error.
  onCaughtError: (error, info) =>
    console.warn('Errore gestito da un error boundary', error, info.componentStack),
}).render(
  <StrictMode>
    <RootErrorBoundary>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </RootErrorBoundary>
  </StrictMode>,
);
