import { useEffect, useReducer, useState, useSyncExternalStore, type Dispatch } from 'react';
import { createPortal } from 'react-dom';
import { wizardStore } from '../guide-bridge';
import { comingSoonCards, serviceCards } from '../services';
import { BottomTooltip } from './bottom-tooltip';
import { FloatingMenu } from './floating-menu';
import { GuideBanner } from './guide-banner';
import { GuideDialog } from './guide-dialog';
import { ServiceTooltip } from './service-tooltip';
import { browserStorage, readWinbotState, writeWinbotState } from './storage';
import {
  HIGHLIGHT_MS,
  initialTourState,
  tourReducer,
  type Highlight,
  type IntroStep,
  type TourEvent,
} from './tour';
import { WelcomeDialog } from './welcome-dialog';
import './winbot.css';

const TITLES = new Map<string, string>(
  [...serviceCards(true), ...comingSoonCards()].map((s) => [s.code, s.title]),
);
const serviceTitle = (code: string) => TITLES.get(code) ?? code;

/** Lights the highlighted element in its colour for 5 seconds, then clears it. */
function useHighlight(highlight: Highlight | null, dispatch: Dispatch<TourEvent>) {
  useEffect(() => {
    if (!highlight) return;
    const element = document.querySelector(`[data-winbot-target="${highlight.target}"]`);
    element?.setAttribute('data-winbot-glow', highlight.tone);
    const timer = setTimeout(() => dispatch({ type: 'clear-highlight', id: highlight.id }), HIGHLIGHT_MS);
    return () => {
      clearTimeout(timer);
      element?.removeAttribute('data-winbot-glow');
    };
  }, [highlight, dispatch]);
}

/**
 * WINBOT, the landing's guided assistant. Loaded on idle once the wizard is interactive, in its
 * own chunk; everything it shows is fixed on top of the page, so the wizard never moves.
 */
export default function Winbot() {
  const [storage] = useState(browserStorage);
  const [stored] = useState(() => readWinbotState(storage));
  const [state, dispatch] = useReducer(tourReducer, stored.hasSeenTutorial, initialTourState);
  const wizard = useSyncExternalStore(wizardStore.subscribe, wizardStore.get);

  useEffect(() => {
    dispatch({ type: 'start', hasSeenTutorial: stored.hasSeenTutorial, wizard: wizardStore.get() });
  }, [stored]);

  useEffect(() => {
    dispatch({ type: 'wizard', wizard });
  }, [wizard]);

  // Remember that the welcome was seen, and the name of a customer who sent a request.
  const userName = wizard.isDone && wizard.firstName ? wizard.firstName : stored.userName;
  useEffect(() => {
    if (state.hasSeenTutorial || userName)
      writeWinbotState(storage, { hasSeenTutorial: state.hasSeenTutorial, userName });
  }, [storage, state.hasSeenTutorial, userName]);

  useHighlight(state.mode === 'guide' ? state.highlight : null, dispatch);

  const { mode, step, subStep, tooltip } = state;
  const page = state.wizard.page;
  const isProgressive = mode === 'guide' && subStep === 'progressive-guide';

  return createPortal(
    <div data-winbot="" className="text-foreground">
      {mode === 'tutorial' ? (
        <WelcomeDialog slide={state.slide} userName={userName} dispatch={dispatch} />
      ) : null}
      {mode === 'guide' && subStep === 'initial-message' ? (
        <GuideDialog step={step as IntroStep} page={page} dispatch={dispatch} />
      ) : null}
      {isProgressive ? (
        <GuideBanner wizard={state.wizard} serviceTitle={serviceTitle} dispatch={dispatch} />
      ) : null}
      {isProgressive && tooltip ? (
        <ServiceTooltip service={tooltip} title={serviceTitle(tooltip)} dispatch={dispatch} />
      ) : null}
      {isProgressive && !tooltip && !state.wizard.isDone ? <BottomTooltip key={page} page={page} /> : null}
      {mode === 'minimized' ? <FloatingMenu userName={userName} dispatch={dispatch} /> : null}
    </div>,
    document.body,
  );
}
