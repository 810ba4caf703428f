/**
 * What the wizard tells WINBOT. The wizard (first load) publishes a snapshot of where the customer
 * is; the assistant (a lazily loaded chunk) subscribes to it. Nothing else crosses: the assistant
 * finds the elements it points at by their `data-winbot-target` attribute.
 * See docs/product/landing.md#winbot
 */
import type { ServizioRichiedibile } from '#shared/domain.ts';

export type WizardPage = 1 | 2 | 3 | 4;

/** The five progress checks of the data step. */
export interface DataChecks {
  nome: boolean;
  cognome: boolean;
  telefono: boolean;
  email: boolean;
  privacy: boolean;
}

/** Which bills the chosen services ask for, and which are attached. */
export interface BillsProgress {
  luce: boolean;
  gas: boolean;
  /** Both chosen and the single-document box ticked. */
  combined: boolean;
  hasLuce: boolean;
  hasGas: boolean;
  hasCombined: boolean;
}

export interface WizardSnapshot {
  page: WizardPage;
  /** The confirmation has replaced the wizard. */
  isDone: boolean;
  servizi: readonly ServizioRichiedibile[];
  checks: DataChecks;
  bills: BillsProgress;
  slot: string;
  /** The first word of the name, known once the request is sent (WINBOT greets by it next time). */
  firstName: string;
}

/** Elements the assistant may point at. */
export type GuideTarget = 'services' | 'continue' | 'bills' | 'slots' | keyof DataChecks;

/** Spread on an element: `<button {...guideTarget('continue')}>`. */
export const guideTarget = (target: GuideTarget) => ({ 'data-winbot-target': target });

// The checks themselves (dataChecks) use the form's schema: they are in form-rules.ts, loaded with step 2.

export const NO_CHECKS: DataChecks = {
  nome: false,
  cognome: false,
  telefono: false,
  email: false,
  privacy: false,
};

export const INITIAL_SNAPSHOT: WizardSnapshot = {
  page: 1,
  isDone: false,
  servizi: [],
  checks: NO_CHECKS,
  bills: { luce: false, gas: false, combined: false, hasLuce: false, hasGas: false, hasCombined: false },
  slot: '',
  firstName: '',
};

let snapshot: WizardSnapshot = INITIAL_SNAPSHOT;
const listeners = new Set<() => void>();

/** A tiny external store (useSyncExternalStore's contract): one per page. */
export const wizardStore = {
  get: (): WizardSnapshot => snapshot,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Publishes a change; fields equal to the current ones keep the same snapshot object. */
  set: (next: Partial<WizardSnapshot>): void => {
    const merged = { ...snapshot, ...next };
    const changed = (Object.keys(next) as Array<keyof WizardSnapshot>).some(
      (k) => JSON.stringify(merged[k]) !== JSON.stringify(snapshot[k]),
    );
    if (!changed) return;
    snapshot = merged;
    for (const listener of listeners) listener();
  },
};
