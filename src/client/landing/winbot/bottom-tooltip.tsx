import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { winbotMsg } from '#shared/messages-winbot.ts';
import type { WizardPage } from '#client/landing/guide-bridge.ts';
import { useScrollClearance } from '#client/landing/winbot/parts.tsx';

const w = winbotMsg;

/** The scroll hint hides while more than this share of the continue button is on screen. */
export const CONTINUE_VISIBLE_RATIO = 0.3;

const continueButton = () => document.querySelector<HTMLElement>('[data-winbot-target="continue"]');

export const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Whether the page's continue button is hidden enough (≤ 30% visible) to need the hint. Mount one per page. */
function useContinueOutOfView(page: WizardPage): boolean {
  const [isOut, setIsOut] = useState(false);
  useEffect(() => {
    const target = continueButton();
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => setIsOut(entry.intersectionRatio <= CONTINUE_VISIBLE_RATIO),
      { threshold: [0, 0.1, 0.2, 0.29, CONTINUE_VISIBLE_RATIO, 0.31, 0.5, 0.75, 1] },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [page]);
  return isOut;
}

/**
 * The bottom tooltip: the page's next action and 'Scorri per continuare', which brings the
 * continue button into view. Shown only while that button is mostly out of sight, so it never
 * covers it.
 */
export function BottomTooltip({ page }: { page: WizardPage }) {
  const isOut = useContinueOutOfView(page);
  return isOut ? <ScrollHint page={page} /> : null;
}

function ScrollHint({ page }: { page: WizardPage }) {
  const ref = useRef<HTMLDivElement>(null);
  useScrollClearance(ref, 'bottom');
  const scroll = () => {
    const target = continueButton();
    if (!target) return;
    target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'center' });
    target.focus({ preventScroll: true });
  };
  return (
    <div
      ref={ref}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 px-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
    >
      <div
        data-testid="winbot-tooltip"
        className="winbot-rise pointer-events-auto mx-auto flex max-w-xl flex-wrap items-center justify-end gap-x-3 gap-y-2 rounded-xl bg-slate-900 p-2.5 pl-3.5 text-white shadow-lg"
      >
        <p className="min-w-40 flex-1 text-sm">{w.nextAction[page]}</p>
        <button
          type="button"
          onClick={scroll}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-semibold text-slate-900 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900 focus-visible:outline-none"
        >
          {w.scrollHint}
          <ChevronDown aria-hidden className="winbot-bounce size-4" />
        </button>
      </div>
    </div>
  );
}
