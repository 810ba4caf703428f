/**
 * The path a request really targets, the way the router sees it: percent-decoded, repeated
 * slashes collapsed, lower-cased, without the query. Checks that look at the path (is it the
 * API?) use this, never the raw URL: `/%61pi/…`, `//api/…` and `/API/…` are all `/api/…`.
 */
export function normalisedPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  let decoded = raw;
  // Decoding twice covers a doubly encoded path (%2561pi); a malformed escape keeps the raw text.
  for (let i = 0; i < 2; i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  return decoded.replace(/[\\/]+/g, '/').toLowerCase();
}

/** Whether a request addresses the API (and so answers personal data, never to be cached). */
export function isApiPath(url: string): boolean {
  const path = normalisedPath(url);
  return path === '/api' || path.startsWith('/api/');
}
