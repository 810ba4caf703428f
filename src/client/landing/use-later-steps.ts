import { startTransition, useEffect, useState } from 'react';
import type * as LaterStepsModule from '#client/landing/later-steps.ts';

type LaterSteps = typeof LaterStepsModule;

let loaded: LaterSteps | undefined;
let loading: Promise<LaterSteps> | undefined;

/** Fetches the later steps once; a failed fetch (connection dropped) may be tried again. */
export function loadLaterSteps(): Promise<LaterSteps> {
  loading ??= import('#client/landing/later-steps.ts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Runs `task` when the browser is idle (a timer where idle callbacks are missing). */
export function onIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, Math.min(timeoutMs, 1000));
  return () => clearTimeout(timer);
}

/**
 * The later steps' module, once loaded: fetched when the browser is idle after the first paint,
 * or at once when `isNeeded` (the customer has left step 1 before the idle moment came).
 */
export function useLaterSteps(isNeeded: boolean): LaterSteps | undefined {
  const [module, setModule] = useState<LaterSteps | undefined>(() => loaded);
  const [failed, setFailed] = useState(0);
  useEffect(() => {
    let isLive = true;
    const load = () =>
      void loadLaterSteps().then(
        // A transition: the render that brings the later steps in runs in short slices, so a
        // customer's tap on step 1 is answered at once (docs/primo-caricamento.md).
        (m) => isLive && startTransition(() => setModule(() => m)),
        (error: unknown) => {
          console.warn('Passi successivi non caricati:', error);
          // Tried again at the customer's next move, or in a few seconds.
          if (isLive) setTimeout(() => isLive && setFailed((n) => n + 1), 3000);
        },
      );
    if (module) return;
    if (isNeeded) load();
    else {
      const cancel = onIdle(load, 2000);
      return () => {
        isLive = false;
        cancel();
      };
    }
    return () => {
      isLive = false;
    };
  }, [module, isNeeded, failed]);
  return module;
}
