import { describe, expect, it } from 'vitest';
import {
  canFillLandingHtml,
  escapeHtml,
  fillLandingHtml,
  LANDING_STATE_ATTRIBUTE,
  NOME_ATTIVITA_PLACEHOLDER,
  type LandingPageState,
} from '#shared/landing-page.ts';

/** The server's landing page (docs/product/landing.md#primo-caricamento): the prerendered step filled in. */
const TEMPLATE = '<html><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';
const PRERENDER = {
  landing: `<header><p>${NOME_ATTIVITA_PLACEHOLDER}</p></header><main>passo 1</main>`,
  demo: `<header><p>${NOME_ATTIVITA_PLACEHOLDER}</p></header><main>passo 1 demo</main>`,
  missing: '<main>Pagina non trovata</main>',
};
const ready = (nomeAttivita: string): LandingPageState => ({
  status: 'ready',
  info: { nomeAttivita, puntoFisicoId: 7, consultant: { nome: 'Anna Galli', telefono: '+39 347 1112233' } },
});

const unescape = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );

/** The root element's attribute, read back as the browser would. */
function stateOf(html: string): unknown {
  const match = new RegExp(`<div id="root" ${LANDING_STATE_ATTRIBUTE}="([^"]*)">`).exec(html);
  return match ? JSON.parse(unescape(match[1])) : undefined;
}

describe('the landing page the server sends', () => {
  it.each([
    { name: 'Bar Sport', shown: 'Bar Sport' },
    { name: 'Caffè & Co', shown: 'Caffè &amp; Co' },
    { name: '</p><script>alert(1)</script>', shown: '&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;' },
    { name: `"><img src=x onerror='x'>`, shown: '&quot;&gt;&lt;img src=x onerror=&#39;x&#39;&gt;' },
    { name: 'Da $& e $1', shown: 'Da $&amp; e $1' },
  ])('prints the name $name as text, and the state it hydrates from intact', ({ name, shown }) => {
    const html = fillLandingHtml(TEMPLATE, PRERENDER, ready(name), false);
    expect(html).toContain(`<p>${shown}</p>`);
    expect(html).not.toContain(NOME_ATTIVITA_PLACEHOLDER);
    expect(html).not.toMatch(/<script>|<img/);
    expect(stateOf(html)).toEqual(ready(name));
    // Nothing else of the template moved.
    expect(html.endsWith('<script type="module" src="/a.js"></script></body></html>')).toBe(true);
  });

  it.each([
    { state: ready('X'), isDemo: false, main: 'passo 1' },
    { state: ready('X'), isDemo: true, main: 'passo 1 demo' },
    { state: { status: 'missing' } as const, isDemo: false, main: 'Pagina non trovata' },
  ])('picks the prerendered page: $main', ({ state, isDemo, main }) => {
    const html = fillLandingHtml(TEMPLATE, PRERENDER, state, isDemo);
    expect(html).toContain(`<main>${main}</main>`);
    expect(stateOf(html)).toEqual(state);
  });

  it('takes only a template with one empty root', () => {
    expect(canFillLandingHtml(TEMPLATE)).toBe(true);
    expect(canFillLandingHtml('<div id="root"><p>x</p></div>')).toBe(false);
    expect(canFillLandingHtml(TEMPLATE + TEMPLATE)).toBe(false);
  });

  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
