import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { RootErrorBoundary } from './app/screen-error-boundary';
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
