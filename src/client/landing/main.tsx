import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LANDING_STATE_ATTRIBUTE, type LandingPageState } from '#shared/landing-page.ts';
import { codeFromPath, LandingApp } from '#client/landing/landing-app.tsx';
import './landing.css';

const container = document.getElementById('root')!;
const code = codeFromPath(window.location.pathname);
// The server sent the first step already rendered, with the state it rendered from: React takes
// over that HTML instead of replacing it (docs/product/landing.md#primo-caricamento).
const sent = container.getAttribute(LANDING_STATE_ATTRIBUTE);
if (sent) {
  const initial = JSON.parse(sent) as LandingPageState;
  hydrateRoot(
    container,
    <StrictMode>
      <LandingApp code={code} initial={initial} />
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <LandingApp code={code} />
    </StrictMode>,
  );
}
