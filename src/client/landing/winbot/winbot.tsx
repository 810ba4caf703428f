import { useEffect, useReducer, useState, useSyncExternalStore, type Dispatch } from 'react';
import { createPortal } from 'react-dom';
import { wizardStore } from '#client/landing/guide-bridge.ts';
import { comingSoonCards, serviceCards } from '#client/landing/services.ts';
import { BottomTooltip } from '#client/landing/winbot/bottom-tooltip.tsx';
import { FloatingMenu } from '#client/landing/winbot/floating-menu.tsx';
import { GuideBanner } from '#client/landing/winbot/guide-banner.tsx';
import { GuideDialog } from '#client/landing/winbot/guide-dialog.tsx';
import { ServiceTooltip } from '#client/landing/winbot/service-tooltip.tsx';
import { browserStorage, readWinbotState, writeWinbotState } from '#client/landing/winbot/storage.ts';
import {
  HIGHLIGHT_MS,
  initialTourState,
  tourReducer,
  type Highlight,
  type IntroStep,
  type TourEvent,
} from '#client/landing/winbot/tour.ts';
import { WelcomeDialog } from '#client/landing/winbot/welcome-dialog.tsx';
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
