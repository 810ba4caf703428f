import { renderToString } from 'react-dom/server';
import { paths } from '#shared/permissions.ts';
import { App } from '#client/backoffice/app/app.tsx';

/**
 * The sign-in page, rendered once at build time (vite.config.ts) with the very components the
 * browser hydrates: a phone paints the form before the back-office's JavaScript has arrived
 * (docs/performance.md#primo-caricamento).
 */
export function prerenderSignIn(): string {
  return renderToString(<App ssrPath={paths.auth} />);
}
