/**
 * What the wizard tells WINBOT. The wizard (first load) publishes a snapshot of where the customer
 * is; the assistant (a lazily loaded chunk) subscribes to it. Nothing else crosses: the assistant
 * finds the elements it points at by their `data-winbot-target` attribute.
 * See docs/product/landing.md#winbot
 */
import * as z from 'zod/mini';
import type { ServizioRichiedibile } from '#shared/domain.ts';
import { landingFormSchema, type LandingFormInput } from '#shared/schemas/landing.ts';

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

const filled = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

/** The five checks of the form's current values, each as the step's validation will judge it. */
export function dataChecks(values: Partial<LandingFormInput>): DataChecks {
  return {
    nome: filled(values.nome),
    cognome: filled(values.cognome),
    telefono: filled(values.telefono),
    email: z.safeParse(landingFormSchema.shape.email, values.email ?? '').success,
    privacy: values.privacyAccepted === true,
  };
}

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
