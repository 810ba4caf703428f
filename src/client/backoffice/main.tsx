import { startTransition } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { App } from '#client/backoffice/app/app.tsx';
import { SIGN_IN_PRERENDER_ATTRIBUTE } from '#shared/sign-in-page.ts';
import './backoffice.css';

const options: RootOptions = {
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
