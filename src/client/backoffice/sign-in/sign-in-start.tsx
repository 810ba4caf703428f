import { startTransition } from 'react';
import type * as ReactDomClient from 'react-dom/client';
import type { User } from '#shared/schemas/utente.ts';
import { SIGN_IN_PRERENDER_ATTRIBUTE } from '#shared/sign-in-page.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { rootOptions } from '#client/backoffice/app/root-options.ts';
import { SignInApp } from '#client/backoffice/sign-in/sign-in-app.tsx';

/**
 * Takes over the sign-in form the build rendered into auth.html (in dev, renders it). Once someone
 * has signed in (or was already), the back-office's code is loaded and replaces the form in this
 * very page, at the page they were sent back to: no second page load, and the toast of the sign-in
 * stays (docs/primo-caricamento.md).
 */
export function startSignIn(reactDom: typeof ReactDomClient) {
  const container = document.getElementById('root')!;
  const queryClient = createQueryClient();
  let leaving = false;
  const goTo = (path: string) => {
    if (leaving) return;
    leaving = true;
    const user = queryClient.getQueryData<User | null>(queryKeys.auth.user()) ?? undefined;
    import('#client/backoffice/backoffice-start.tsx').then(
      ({ startBackoffice }) => {
        root.unmount();
        window.history.replaceState(null, '', path);
        startBackoffice(reactDom, user);
      },
      // The back-office's files could not be fetched here (a new version replaced them): the
      // page itself loads them.
      () => window.location.replace(path),
    );
  };
  const app = <SignInApp queryClient={queryClient} goTo={goTo} />;
  let root: ReactDomClient.Root;
  if (container.hasAttribute(SIGN_IN_PRERENDER_ATTRIBUTE)) {
    // In a transition React hydrates in short slices that leave the page answering.
    startTransition(() => {
      root = reactDom.hydrateRoot(container, app, rootOptions);
    });
  } else {
    root = reactDom.createRoot(container, rootOptions);
    root.render(app);
  }
}
