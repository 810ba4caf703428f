/**
 * WINBOT's state machine: its modes (hidden, tutorial, guide, minimized) and the guided tour that
 * follows the wizard page by page. A pure reducer: the component feeds it the customer's actions
 * and the wizard's snapshots, and renders what it returns. See docs/product/landing.md#winbot
 *
 *   hidden ──start──▶ tutorial (first visit, untouched wizard) │ minimized (otherwise)
 *   tutorial: slide 1 ⇄ slide 2 ──guided──▶ guide │ ──autonomous / minimize──▶ minimized
 *   guide: welcome → selecting-services ⇄ service-explanation → data → upload → contact → complete
 *          (each page opens with its initial message, then the progressive guide)
 *   minimized: restart the guide, replay the welcome, close (hidden)
 */
import { WINBOT_EXPLAINED_SERVICES, type WinbotExplainedService } from '#shared/messages-winbot.ts';
import { INITIAL_SNAPSHOT, type GuideTarget, type WizardSnapshot } from '#client/landing/guide-bridge.ts';
import {
  contactGlow,
  dataGlow,
  missingChecks,
  uploadGlow,
  uploadProgress,
  type Tone,
} from '#client/landing/winbot/feedback.ts';

export type WinbotMode = 'hidden' | 'tutorial' | 'guide' | 'minimized';
export type TourStep =
  'welcome' | 'selecting-services' | 'service-explanation' | 'data' | 'upload' | 'contact' | 'complete';
export type SubStep = 'initial-message' | 'progressive-guide';

export interface Highlight {
  /** Increases with every highlight, so the component's 5-second timer clears only its own. */
  id: number;
  target: GuideTarget;
  tone: Tone;
}

export interface TourState {
  mode: WinbotMode;
  /** The welcome's slide, 1 or 2. */
  slide: 1 | 2;
  hasSeenTutorial: boolean;
  step: TourStep;
  subStep: SubStep;
  /** Steps whose initial message has been read this visit: going back shows the guide directly. */
  introduced: TourStep[];
  /** The service-explanation tooltip's service. */
  tooltip: WinbotExplainedService | null;
  /** Services explained this visit: ticking one again does not explain it twice. */
  explained: WinbotExplainedService[];
  highlight: Highlight | null;
  highlightSeq: number;
  wizard: WizardSnapshot;
}

export type TourEvent =
  | { type: 'start'; hasSeenTutorial: boolean; wizard: WizardSnapshot }
  | { type: 'next-slide' }
  | { type: 'previous-slide' }
  | { type: 'choose-guided' }
  | { type: 'choose-autonomous' }
  | { type: 'discover-services' }
  | { type: 'acknowledge' }
  | { type: 'end-guide' }
  | { type: 'minimize' }
  | { type: 'close' }
  | { type: 'restart-guide' }
  | { type: 'replay-welcome' }
  | { type: 'wizard'; wizard: WizardSnapshot }
  | { type: 'clear-highlight'; id: number };

/** A highlight clears itself after this long. */
export const HIGHLIGHT_MS = 5000;

/** Steps that open with an initial message (a dialog) before the progressive guide. */
export const INTRO_STEPS = ['welcome', 'data', 'upload', 'contact'] as const;
export type IntroStep = (typeof INTRO_STEPS)[number];
const hasIntro = (step: TourStep): step is IntroStep => (INTRO_STEPS as readonly string[]).includes(step);

export const initialTourState = (hasSeenTutorial = false): TourState => ({
  mode: 'hidden',
  slide: 1,
  hasSeenTutorial,
  step: 'welcome',
  subStep: 'initial-message',
  introduced: [],
  tooltip: null,
  explained: [],
  highlight: null,
  highlightSeq: 0,
  wizard: INITIAL_SNAPSHOT,
});

/** The tour step of a wizard page. */
export function stepOfPage(wizard: WizardSnapshot, introduced: readonly TourStep[]): TourStep {
  if (wizard.isDone) return 'complete';
  switch (wizard.page) {
    case 1:
      return introduced.includes('welcome') ? 'selecting-services' : 'welcome';
    case 2:
      return 'data';
    case 3:
      return 'upload';
    case 4:
      return 'contact';
  }
}

const isPristine = (w: WizardSnapshot) => w.page === 1 && !w.isDone && w.servizi.length === 0;

const isExplained = (code: string): code is WinbotExplainedService =>
  (WINBOT_EXPLAINED_SERVICES as readonly string[]).includes(code);

function highlight(state: TourState, target: GuideTarget, tone: Tone): TourState {
  const id = state.highlightSeq + 1;
  return { ...state, highlightSeq: id, highlight: { id, target, tone } };
}

/** What the guide points at when a page's progressive guide begins. */
function arrivalHighlight(state: TourState): TourState {
  const { wizard } = state;
  switch (state.step) {
    case 'selecting-services':
      return highlight(state, 'services', 'blue');
    case 'data':
      return progressHighlight(state);
    case 'upload':
      return progressHighlight(state);
    case 'contact':
      return highlight(state, 'slots', contactGlow('arrival', wizard.slot));
    default:
      return { ...state, highlight: null };
  }
}

/** Data: the next missing field in the progress colour, or the continue button once complete. Upload: the bills, or continue once done. */
function progressHighlight(state: TourState): TourState {
  const { wizard } = state;
  if (state.step === 'data') {
    const next = missingChecks(wizard.checks)[0];
    return highlight(state, next ?? 'continue', dataGlow(wizard.checks));
  }
  if (state.step === 'upload') {
    const done = uploadProgress(wizard.bills) === 'done';
    return highlight(state, done ? 'continue' : 'bills', uploadGlow(wizard.bills));
  }
  return state;
}

/** The guide arrives on the wizard's current page: its initial message first, once per visit. */
function enterPage(state: TourState): TourState {
  const step = stepOfPage(state.wizard, state.introduced);
  const base: TourState = { ...state, step, tooltip: null, highlight: null };
  if (!hasIntro(step) || state.introduced.includes(step)) {
    return arrivalHighlight({ ...base, subStep: 'progressive-guide' });
  }
  return { ...base, subStep: 'initial-message' };
}

/** Leaves the assistant out of the way; closing or minimising marks the welcome as seen. */
const putAway = (state: TourState, mode: 'minimized' | 'hidden'): TourState => ({
  ...state,
  mode,
  hasSeenTutorial: true,
  tooltip: null,
  highlight: null,
});

/** The guide follows a new wizard snapshot. */
function followWizard(state: TourState, wizard: WizardSnapshot): TourState {
  const before = state.wizard;
  const next = { ...state, wizard };
  if (state.mode !== 'guide') return next;
  if (wizard.isDone !== before.isDone || wizard.page !== before.page) return enterPage(next);
  if (state.subStep !== 'progressive-guide') return next;

  switch (wizard.page) {
    case 1: {
      const ticked = wizard.servizi.filter((s) => !before.servizi.includes(s)).filter(isExplained);
      const fresh = ticked.filter((s) => !state.explained.includes(s));
      if (fresh.length > 0) {
        const service = fresh[fresh.length - 1];
        return {
          ...next,
          step: 'service-explanation',
          tooltip: service,
          explained: [...state.explained, ...fresh],
          highlight: null,
        };
      }
      // The explained service was unticked: its tooltip goes with it.
      if (state.tooltip && !wizard.servizi.includes(state.tooltip)) {
        return { ...next, step: 'selecting-services', tooltip: null };
      }
      return next;
    }
    case 2:
      return JSON.stringify(wizard.checks) === JSON.stringify(before.checks) ? next : progressHighlight(next);
    case 3:
      return JSON.stringify(wizard.bills) === JSON.stringify(before.bills) ? next : progressHighlight(next);
    case 4:
      return wizard.slot === before.slot
        ? next
        : highlight(next, 'continue', contactGlow('change', wizard.slot));
  }
}

export function tourReducer(state: TourState, event: TourEvent): TourState {
  switch (event.type) {
    case 'start': {
      if (state.mode !== 'hidden') return state;
      const next = { ...state, hasSeenTutorial: event.hasSeenTutorial, wizard: event.wizard };
      // A returning visitor, or one already busy with the wizard, is not interrupted.
      return !event.hasSeenTutorial && isPristine(event.wizard)
        ? { ...next, mode: 'tutorial', slide: 1 }
        : { ...next, mode: 'minimized' };
    }
    case 'next-slide':
      return state.mode === 'tutorial' ? { ...state, slide: 2 } : state;
    case 'previous-slide':
      return state.mode === 'tutorial' ? { ...state, slide: 1 } : state;
    case 'choose-guided':
      return enterPage({ ...state, mode: 'guide', hasSeenTutorial: true });
    case 'choose-autonomous':
      return putAway(state, 'minimized');
    case 'discover-services': {
      if (state.mode !== 'guide' || state.step !== 'welcome') return state;
      return highlight(
        {
          ...state,
          step: 'selecting-services',
          subStep: 'progressive-guide',
          introduced: [...state.introduced, 'welcome'],
        },
        'services',
        'blue',
      );
    }
    case 'acknowledge': {
      if (state.mode !== 'guide') return state;
      if (state.tooltip) return { ...state, tooltip: null, step: 'selecting-services' };
      if (state.subStep !== 'initial-message') return state;
      if (state.step === 'welcome') return tourReducer(state, { type: 'discover-services' });
      return arrivalHighlight({
        ...state,
        subStep: 'progressive-guide',
        introduced: [...state.introduced, state.step],
      });
    }
    case 'end-guide':
    case 'minimize':
      return state.mode === 'hidden' ? state : putAway(state, 'minimized');
    case 'close':
      return putAway(state, 'hidden');
    case 'restart-guide':
      return enterPage({ ...state, mode: 'guide', hasSeenTutorial: true, introduced: [], explained: [] });
    case 'replay-welcome':
      return { ...state, mode: 'tutorial', slide: 1, tooltip: null, highlight: null };
    case 'wizard':
      return followWizard(state, event.wizard);
    case 'clear-highlight':
      return state.highlight?.id === event.id ? { ...state, highlight: null } : state;
  }
}
