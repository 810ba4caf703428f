import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { DEMO_LANDING_CODE } from '#shared/domain.ts';
import {
  NOME_ATTIVITA_PLACEHOLDER,
  type LandingPageState,
  type LandingPrerender,
} from '#shared/landing-page.ts';
import { LandingApp } from '#client/landing/landing-app.tsx';

/**
 * The landing's first paint, rendered once at build time (vite.config.ts) with the very
 * components the browser hydrates; the server only puts the shop's name in
 * (docs/product/landing.md#primo-caricamento). Step 1 shows nothing else of the point.
 */
export function prerenderLanding(): LandingPrerender {
  const ready: LandingPageState = {
    status: 'ready',
    info: {
      nomeAttivita: NOME_ATTIVITA_PLACEHOLDER,
      puntoFisicoId: 0,
      consultant: { nome: '', telefono: '' },
    },
  };
  const render = (code: string, state: LandingPageState) =>
    renderToString(
      <StrictMode>
        <LandingApp code={code} initial={state} />
      </StrictMode>,
    );
  return {
    landing: render('X', ready),
    demo: render(DEMO_LANDING_CODE, ready),
    missing: render('', { status: 'missing' }),
  };
}
