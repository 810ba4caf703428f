import type * as ReactDomClient from 'react-dom/client';
import type { User } from '#shared/schemas/utente.ts';
import { App } from '#client/backoffice/app/app.tsx';
import { rootOptions } from '#client/backoffice/app/root-options.ts';

/**
 * Renders the back-office into the page. react-dom arrives as an argument, not an import: the
 * entry (main.tsx) loads it beside this module, so each is evaluated in a task of its own
 * (docs/primo-caricamento.md). The sign-in page of /auth calls this once someone has
 * signed in, with that user (sign-in/sign-in-start.tsx).
 */
export function startBackoffice({ createRoot }: typeof ReactDomClient, signedInUser?: User) {
  createRoot(document.getElementById('root')!, rootOptions).render(<App signedInUser={signedInUser} />);
}
