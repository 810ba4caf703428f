import { startTransition, StrictMode } from 'react';
import type * as ReactDomClient from 'react-dom/client';
import { LandingApp, codeFromPath } from '#client/landing/landing-app.tsx';
import { LANDING_STATE_ATTRIBUTE, type LandingPageState } from '#shared/landing-page.ts';
import { loadWizard } from '#client/landing/saved-wizard.ts';

/**
 * Takes over the page with the wizard. react-dom arrives as an argument, not an import: the
 * entry (main.tsx) loads it beside this module, so each is evaluated in a task of its own
 * (docs/primo-caricamento.md).
 */
export function startLanding({ createRoot, hydrateRoot }: typeof ReactDomClient) {
  const container = document.getElementById('root')!;
  const code = codeFromPath(window.location.pathname);
  // The server sent the first step already rendered, with the state it rendered from: React takes
  // over that HTML instead of replacing it (docs/product/landing.md#primo-caricamento).
  const sent = container.getAttribute(LANDING_STATE_ATTRIBUTE);
  const initial = sent ? (JSON.parse(sent) as LandingPageState) : undefined;
  // A tab coming back to a wizard under way (a reload, a discarded tab) shows its own step, not the
  // server's step 1: it renders from the same state instead of hydrating (docs/product/landing.md#primo-caricamento).
  if (initial && !loadWizard(code)) {
    // As a transition, React hydrates in slices of a few milliseconds and lets the browser answer
    // in between: no long task on a slow phone (docs/primo-caricamento.md).
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <LandingApp code={code} initial={initial} />
        </StrictMode>,
      );
    });
  } else {
    createRoot(container).render(
      <StrictMode>
        <LandingApp code={code} initial={initial} />
      </StrictMode>,
    );
  }
}
