import { renderToString } from 'react-dom/server';
import { paths } from '#shared/paths.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { SignInApp } from '#client/backoffice/sign-in/sign-in-app.tsx';

/**
 * The sign-in page, rendered once at build time (vite.config.ts) with the very components the
 * browser hydrates: a phone paints the form before its JavaScript has arrived
 * (docs/primo-caricamento.md).
 */
export function prerenderSignIn(): string {
  return renderToString(<SignInApp queryClient={createQueryClient()} goTo={() => {}} ssrPath={paths.auth} />);
}
