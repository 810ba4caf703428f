import { afterFirstPaint } from '#client/lib/after-first-paint.ts';
import { holdEarlySubmit } from '#client/lib/early-clicks.ts';
import '#client/backoffice/backoffice.css';

// Enter in the form before it answers is sent once it does (takeEarlySubmit in login-form.tsx).
holdEarlySubmit(document.getElementById('root')!);

// The sign-in form arrives drawn in auth.html; its scripts are fetched once it has painted, and
// react-dom and the form are evaluated in two tasks (docs/primo-caricamento.md).
afterFirstPaint(() => {
  void Promise.all([import('react-dom/client'), import('#client/backoffice/sign-in/sign-in-start.tsx')]).then(
    ([reactDom, { startSignIn }]) => startSignIn(reactDom),
  );
});
