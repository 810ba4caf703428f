import { Minus } from 'lucide-react';
import { winbotMsg } from '#shared/messages-winbot.ts';
import type { WizardSnapshot } from '../guide-bridge';
import { Button, cx } from '../ui';
import { pageFeedback } from './feedback';
import { Avatar, TONE_CLASSES } from './parts';
import type { TourEvent } from './tour';

const w = winbotMsg;

/**
 * The progressive guide's top banner: what is done and what is missing on this page, in the
 * colour of the progress. Changes are announced politely by screen readers.
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
  return (
    <div
      role="region"
      aria-label={w.guideDialog}
      className="pointer-events-none fixed inset-x-0 top-0 z-40 px-2 pt-[max(0.5rem,env(safe-area-inset-top))]"
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
