import { holdEarlyClicks } from '#client/lib/early-clicks.ts';
import { afterFirstPaint } from '#client/lib/after-first-paint.ts';
import './landing.css';

// A tap on the first step before the wizard answers counts once it does.
const earlyClicks = holdEarlyClicks(document.getElementById('root')!);

// The page arrives drawn (the server's first step); its scripts are fetched once it has painted,
// and react-dom and the wizard are evaluated in two tasks, neither long enough to hold up a tap
// (docs/primo-caricamento.md).
afterFirstPaint(() => {
  void Promise.all([import('react-dom/client'), import('#client/landing/landing-start.tsx')]).then(
    ([reactDom, { startLanding }]) => {
      startLanding(reactDom);
      earlyClicks.replay();
    },
  );
});
