import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the HTML the build rendered and while React takes it over, true from the render after:
 * a page drawn before its scripts run disables what would misbehave without them (the sign-in's
 * submit would send the form to the address bar). See docs/primo-caricamento.md
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
