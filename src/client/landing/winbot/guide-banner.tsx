import { Minus } from 'lucide-react';
import { useRef } from 'react';
import { winbotMsg } from '#shared/messages-winbot.ts';
import type { WizardSnapshot } from '#client/landing/guide-bridge.ts';
import { Button, cx } from '#client/landing/ui.tsx';
import { pageFeedback } from '#client/landing/winbot/feedback.ts';
import { Avatar, TONE_CLASSES, useScrollClearance } from '#client/landing/winbot/parts.tsx';
import type { TourEvent } from '#client/landing/winbot/tour.ts';

const w = winbotMsg;

/**
 * The progressive guide's top banner: what is done and what is missing on this page, in the
 * colour of the progress. Changes are announced politely by screen readers. On wide screens it
 * sits beside the wizard, so it never covers the shop's name.
 */
export function GuideBanner({
  wizard,
  serviceTitle,
  dispatch,
}: {
  wizard: WizardSnapshot;
  serviceTitle: (code: string) => string;
  dispatch: (event: TourEvent) => void;
}) {
  const feedback = pageFeedback(wizard, serviceTitle);
  const ref = useRef<HTMLDivElement>(null);
  useScrollClearance(ref, 'top');
  return (
    <div
      ref={ref}
      role="region"
      aria-label={w.guideDialog}
      className="pointer-events-none fixed inset-x-0 top-0 z-40 px-2 pt-[max(0.5rem,env(safe-area-inset-top))] min-[1280px]:inset-x-auto min-[1280px]:top-4 min-[1280px]:right-4 min-[1280px]:w-80 min-[1280px]:px-0 min-[1280px]:pt-0"
    >
      <div
        data-testid="winbot-banner"
        data-tone={feedback.tone}
        className={cx(
          'winbot-drop pointer-events-auto mx-auto flex max-w-xl items-start gap-2.5 rounded-xl border border-l-8 bg-card p-2.5 shadow-lg',
          TONE_CLASSES[feedback.tone],
        )}
      >
        <Avatar size="sm" />
        <div aria-live="polite" aria-atomic="true" className="min-w-0 flex-1">
          <p className="leading-tight font-bold" data-testid="winbot-feedback-title">
            {feedback.title}
          </p>
          <p className="text-sm leading-snug" data-testid="winbot-feedback-text">
            {feedback.text}
          </p>
        </div>
        <Button
          variant="ghost"
          size="auto"
          className="-my-1 size-11 shrink-0 text-current hover:bg-black/5"
          aria-label={w.minimize}
          onClick={() => dispatch({ type: 'minimize' })}
        >
          <Minus aria-hidden />
        </Button>
      </div>
    </div>
  );
}
