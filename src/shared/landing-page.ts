import type { LandingInfo } from '#shared/schemas/landing.ts';

/**
 * The landing's page as the server sends it (docs/product/landing.md#primo-caricamento): the
 * first step's HTML, rendered by React at build time, with the shop's name put in by the server,
 * and the state the browser hydrates from in an attribute of the root element. Shared by the
 * build (vite.config.ts), the server (which fills the page) and the client (which reads it back).
 */

/** What a landing page shows: a point's wizard, or 'Pagina non trovata'. */
export type LandingPageState = { status: 'missing' } | { status: 'ready'; info: LandingInfo };

/** The three pages prerendered at build time: a point's step 1, the demo point's, not found. */
export interface LandingPrerender {
  landing: string;
  demo: string;
  missing: string;
}

/** Beside landing.html in the build; read by the server, never served. */
export const LANDING_PRERENDER_FILE = 'landing-prerender.json';

/** Written where the shop's name goes in the prerendered HTML; letters only, so React leaves it as is. */
export const NOME_ATTIVITA_PLACEHOLDER = 'NOMEATTIVITAPLACEHOLDER';

/** The root element's attribute with the page's state, as JSON. */
export const LANDING_STATE_ATTRIBUTE = 'data-landing';

const ROOT = '<div id="root"></div>';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or attribute value made inert in HTML: the shop's name comes from the database. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Whether the built landing.html can take a prerendered page (it has an empty root). */
export const canFillLandingHtml = (template: string): boolean => template.split(ROOT).length === 2;

/**
 * The page for one state: the prerendered markup in the root, the name escaped in its place, and
 * the state in the root's attribute (escaped: it is read back with JSON.parse, never executed, so
 * the Content-Security-Policy needs no inline script).
 */
export function fillLandingHtml(
  template: string,
  prerender: LandingPrerender,
  state: LandingPageState,
  isDemo: boolean,
): string {
  const markup =
    state.status === 'missing'
      ? prerender.missing
      : (isDemo ? prerender.demo : prerender.landing)
          .split(NOME_ATTIVITA_PLACEHOLDER)
          .join(escapeHtml(state.info.nomeAttivita));
  const root = `<div id="root" ${LANDING_STATE_ATTRIBUTE}="${escapeHtml(JSON.stringify(state))}">${markup}</div>`;
  // A function, so that `$&` and the like in a shop's name are not read as replacement patterns.
  return template.replace(ROOT, () => root);
}
