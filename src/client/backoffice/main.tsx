import { afterFirstPaint } from '#client/lib/after-first-paint.ts';
import './backoffice.css';

// The page arrives drawn (the loading screen); its scripts are fetched once
// it has painted, and react-dom and the back-office are evaluated in two tasks
// (docs/primo-caricamento.md).
afterFirstPaint(() => {
  void Promise.all([import('react-dom/client'), import('#client/backoffice/backoffice-start.tsx')]).then(
    ([reactDom, { startBackoffice }]) => startBackoffice(reactDom),
  );
});
