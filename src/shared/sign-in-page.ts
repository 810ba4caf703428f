/**
 * The sign-in page the build renders (vite.config.ts) and the server sends for /auth
 * (src/server/plugins/spa.ts). See docs/primo-caricamento.md
 */
export const SIGN_IN_PAGE_FILE = 'auth.html';
/** On the root element of auth.html: the browser hydrates the form instead of rendering anew. */
export const SIGN_IN_PRERENDER_ATTRIBUTE = 'data-prerendered';
