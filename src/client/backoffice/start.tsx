import { startTransition } from 'react';
import type * as ReactDomClient from 'react-dom/client';
import { App } from '#client/backoffice/app/app.tsx';
import { SIGN_IN_PRERENDER_ATTRIBUTE } from '#shared/sign-in-page.ts';

/**
 * Takes over the page with the back-office. react-dom arrives as an argument, not an import: the
 * entry (main.tsx) loads it beside this module, so each is evaluated in a task of its own
 * (docs/performance.md#primo-caricamento).
 */
export function startBackoffice({ createRoot, hydrateRoot }: typeof ReactDomClient) {
  const options: ReactDomClient.RootOptions = {
    // An error an error boundary caught is handled (the user sees it with 'Riprova'): a warning for
    // developers, not an uncaught error.
    onCaughtError: (error, info) =>
      console.warn('Errore gestito da un error boundary', error, info.componentStack),
  };
  const container = document.getElementById('root')!;

  // /auth arrives with the sign-in form already in its HTML (auth.html, built by vite.config.ts):
  // React takes it over instead of replacing it, in a transition, so in short slices that leave the
  // page answering (docs/performance.md#primo-caricamento). Every other page renders here.
  if (container.hasAttribute(SIGN_IN_PRERENDER_ATTRIBUTE)) {
    startTransition(() => {
      hydrateRoot(container, <App />, options);
    });
  } else {
    createRoot(container, options).render(<App />);
  }
}
