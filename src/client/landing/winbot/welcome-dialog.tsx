import { Compass, PenLine, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { winbotMsg } from '#shared/messages-winbot.ts';
import { Button } from '#client/landing/ui.tsx';
import { Modal } from '#client/landing/winbot/modal.tsx';
import { Avatar } from '#client/landing/winbot/parts.tsx';
import type { TourEvent } from '#client/landing/winbot/tour.ts';

const w = winbotMsg;

const CHOICE =
  'flex w-full items-start gap-3 rounded-xl border-2 p-4 text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none';

/** The two-slide welcome: who WINBOT is, then guided procedure or autonomous filling. */
export function WelcomeDialog({
  slide,
  userName,
  dispatch,
}: {
  slide: 1 | 2;
  userName: string | null;
  dispatch: (event: TourEvent) => void;
}) {
  const titleId = useId();
  const textId = useId();
  const body = useRef<HTMLDivElement>(null);

  // A new slide: focus its first action, so keyboards and screen readers follow.
  useEffect(() => {
    body.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true });
  }, [slide]);

  return (
    <Modal
      labelledBy={titleId}
      describedBy={textId}
      onEscape={() => dispatch({ type: 'minimize' })}
      testId="winbot-welcome"
    >
      <div ref={body} className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <Avatar size="lg" />
            <span className="text-sm font-medium text-muted-foreground" data-testid="winbot-slide">
              {w.slideCounter(slide)}
            </span>
          </div>
          <Button
            variant="ghost"
            size="auto"
            className="size-11 shrink-0"
            aria-label={w.close}
            onClick={() => dispatch({ type: 'minimize' })}
          >
            <X aria-hidden />
          </Button>
        </div>
        {slide === 1 ? (
          <>
            <h2 id={titleId} className="text-2xl leading-tight font-bold">
              {userName ? w.slide1TitleReturning(userName) : w.slide1Title}
            </h2>
            <p id={textId} className="text-base">
              {w.slide1Text}
            </p>
            <ol className="flex flex-col gap-2">
              {w.slide1Steps.map((text, i) => (
                <li key={text} className="flex items-center gap-3 text-base">
                  <span
                    aria-hidden
                    className="flex size-7 shrink-0 items-center justify-center rounded-full bg-blue-50 text-sm font-semibold text-blue-900"
                  >
                    {i + 1}
                  </span>
                  {text}
                </li>
              ))}
            </ol>
            <p className="font-medium">{w.slide1Promise}</p>
            <Button
              size="lg"
              className="w-full"
              data-autofocus
              onClick={() => dispatch({ type: 'next-slide' })}
            >
              {w.next}
            </Button>
          </>
        ) : (
          <>
            <h2 id={titleId} className="text-2xl leading-tight font-bold">
              {w.slide2Title}
            </h2>
            <p id={textId} className="text-base">
              {w.slide2Text}
            </p>
            <div className="flex flex-col gap-3">
              <button
                type="button"
                data-autofocus
                className={`${CHOICE} border-primary bg-blue-50 hover:bg-blue-100`}
                onClick={() => dispatch({ type: 'choose-guided' })}
              >
                <Compass aria-hidden className="mt-0.5 size-6 shrink-0 text-primary" />
                <span className="flex flex-col gap-0.5">
                  <span className="font-semibold">{w.guided}</span>
                  <span className="text-sm text-slate-700">{w.guidedHint}</span>
                </span>
              </button>
              <button
                type="button"
                className={`${CHOICE} border-border bg-card hover:bg-muted`}
                onClick={() => dispatch({ type: 'choose-autonomous' })}
              >
                <PenLine aria-hidden className="mt-0.5 size-6 shrink-0 text-slate-700" />
                <span className="flex flex-col gap-0.5">
                  <span className="font-semibold">{w.autonomous}</span>
                  <span className="text-sm text-slate-700">{w.autonomousHint}</span>
                </span>
              </button>
            </div>
            <Button
              variant="link"
              className="self-center"
              onClick={() => dispatch({ type: 'previous-slide' })}
            >
              {w.previous}
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}
