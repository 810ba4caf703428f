import type { RootOptions } from 'react-dom/client';

/** The options of the back-office's React roots (the sign-in page's and the back-office's). */
export const rootOptions: RootOptions = {
  // An error an error boundary caught is handled (the user sees it with 'Riprova'): a warning for
  // developers, not an uncaught error.
  onCaughtError: (error, info) =>
    console.warn('Errore gestito da un error boundary', error, info.componentStack),
};
