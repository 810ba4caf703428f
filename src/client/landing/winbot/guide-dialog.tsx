import { useId } from 'react';
import { winbotMsg } from '#shared/messages-winbot.ts';
import type { WizardPage } from '#client/landing/guide-bridge.ts';
import { Button } from '#client/landing/ui.tsx';
import { Modal } from '#client/landing/winbot/modal.tsx';
import { Avatar } from '#client/landing/winbot/parts.tsx';
import type { IntroStep, TourEvent } from '#client/landing/winbot/tour.ts';

const w = winbotMsg;

/** A page's initial message: read it ('Ho capito', or 'Scopri e scegli i servizi' on page 1) or end the guide. */
export function GuideDialog({
  step,
  page,
  dispatch,
}: {
  step: IntroStep;
  page: WizardPage;
  dispatch: (event: TourEvent) => void;
}) {
  const titleId = useId();
  const textId = useId();
  const intro = w.intro[step];
  return (
    <Modal
      labelledBy={titleId}
      describedBy={textId}
      onEscape={() => dispatch({ type: 'acknowledge' })}
      testId="winbot-guide-dialog"
    >
      <div className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <Avatar />
          <div className="flex flex-col">
            <span className="font-semibold">{w.name}</span>
            <span className="text-sm text-muted-foreground">{w.pageOf(page)}</span>
          </div>
        </div>
        <h2 id={titleId} className="text-xl leading-tight font-bold">
          {intro.title}
        </h2>
        <p id={textId} className="text-base">
          {intro.text}
        </p>
        <div className="flex flex-col gap-2">
          {step === 'welcome' ? (
            <Button
              size="lg"
              className="w-full"
              data-autofocus
              onClick={() => dispatch({ type: 'discover-services' })}
            >
              {w.discover}
            </Button>
          ) : (
            <Button
              size="lg"
              className="w-full"
              data-autofocus
              onClick={() => dispatch({ type: 'acknowledge' })}
            >
              {w.gotIt}
            </Button>
          )}
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            onClick={() => dispatch({ type: 'end-guide' })}
          >
            {w.endGuide}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
