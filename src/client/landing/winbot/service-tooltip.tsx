import { useEffect, useId, useRef } from 'react';
import { winbotMsg, type WinbotExplainedService } from '#shared/messages-winbot.ts';
import { Button } from '#client/landing/ui.tsx';
import { Avatar, useScrollClearance } from '#client/landing/winbot/parts.tsx';
import type { TourEvent } from '#client/landing/winbot/tour.ts';

const w = winbotMsg;

/**
 * The service-explanation tooltip: two lines on the service just ticked and 'Ho capito'. Not
 * modal: the services stay usable; focus comes here and goes back to the card afterwards.
 */
export function ServiceTooltip({
  service,
  title,
  dispatch,
}: {
  service: WinbotExplainedService;
  title: string;
  dispatch: (event: TourEvent) => void;
}) {
  const titleId = useId();
  const textId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  useScrollClearance(wrapper, 'bottom');

  useEffect(() => {
    if (document.activeElement instanceof HTMLElement && document.activeElement !== button.current)
      returnTo.current = document.activeElement;
    button.current?.focus({ preventScroll: true });
  }, [service]);

  useEffect(
    () => () => {
      const target = returnTo.current;
      if (target?.isConnected && target !== document.body) target.focus({ preventScroll: true });
    },
    [],
  );

  return (
    <div
      ref={wrapper}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 px-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] min-[1280px]:inset-x-auto min-[1280px]:right-4 min-[1280px]:bottom-4 min-[1280px]:w-80 min-[1280px]:px-0 min-[1280px]:pb-0"
    >
      <div
        role="dialog"
        aria-labelledby={titleId}
        aria-describedby={textId}
        data-testid="winbot-service-tooltip"
        data-service={service}
        className="winbot-rise pointer-events-auto mx-auto flex max-w-xl flex-col gap-3 rounded-xl border border-blue-200 bg-card p-4 shadow-xl"
        onKeyDown={(e) => {
          if (e.key === 'Escape') dispatch({ type: 'acknowledge' });
        }}
      >
        <div className="flex items-center gap-3">
          <Avatar size="sm" />
          <h2 id={titleId} className="font-bold">
            {w.explanationTitle(title)}
          </h2>
        </div>
        <p id={textId} className="text-base">
          {w.explanations[service]}
        </p>
        <Button ref={button} size="lg" className="w-full" onClick={() => dispatch({ type: 'acknowledge' })}>
          {w.gotIt}
        </Button>
      </div>
    </div>
  );
}
