import { Check } from 'lucide-react';
import type { ServizioRichiedibile } from '#shared/domain.ts';
import { landingMsg } from '#shared/messages-landing.ts';
import { guideTarget } from '#client/landing/guide-bridge.ts';
import { Button, cx } from '#client/landing/ui.tsx';
import { comingSoonCards, serviceCards } from '#client/landing/services.ts';
import { StepHeading } from '#client/landing/components/step-heading.tsx';

const m = landingMsg;

interface Props {
  selected: ServizioRichiedibile[];
  isDemo: boolean;
  focusTitle: boolean;
  onToggle: (code: ServizioRichiedibile) => void;
  onNext: () => void;
}

export function StepServizi({ selected, isDemo, focusTitle, onToggle, onNext }: Props) {
  const cards = serviceCards(isDemo);
  return (
    <section aria-labelledby="step-title" className="flex flex-col gap-5">
      <div id="step-title">
        <StepHeading focusOnMount={focusTitle}>{m.step1Title}</StepHeading>
      </div>
      <p className="-mt-3 text-center text-muted-foreground">{m.step1Subtitle}</p>
      <div
        className="grid grid-cols-2 gap-3"
        role="group"
        aria-label={m.step1Title}
        {...guideTarget('services')}
      >
        {cards.map((card) => {
          const isOn = selected.includes(card.code);
          const Icon = card.icon;
          return (
            <button
              key={card.code}
              type="button"
              aria-pressed={isOn}
              data-testid={`servizio-${card.code}`}
              onClick={() => onToggle(card.code)}
              className={cx(
                'relative flex min-h-32 flex-col items-center justify-center gap-2 rounded-xl border-2 p-3 text-center shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
                isOn ? 'border-primary bg-blue-50' : 'border-border bg-card hover:border-slate-400',
              )}
            >
              <span className={cx('flex size-11 items-center justify-center rounded-full', card.tone)}>
                <Icon aria-hidden className="size-6" />
              </span>
              <span className="max-w-full leading-tight font-semibold [overflow-wrap:anywhere]">
                {card.title}
              </span>
              <span className="text-sm leading-tight text-muted-foreground">{card.subtitle}</span>
              <span
                aria-hidden
                className={cx(
                  'absolute top-2 right-2 flex size-6 items-center justify-center rounded-full border-2',
                  isOn ? 'border-primary bg-primary text-white' : 'border-slate-300 bg-white',
                )}
              >
                {isOn ? <Check className="size-4" /> : null}
              </span>
            </button>
          );
        })}
      </div>
      <Button
        size="lg"
        className="w-full"
        disabled={selected.length === 0}
        onClick={onNext}
        {...guideTarget('continue')}
      >
        {m.step1Button}
      </Button>
      {isDemo ? null : (
        <div className="rounded-xl border border-dashed bg-muted/60 p-4">
          <h2 className="mb-3 text-center text-sm font-semibold text-muted-foreground">{m.prossimamente}</h2>
          <ul className="grid grid-cols-2 gap-3">
            {comingSoonCards().map(({ title, icon: Icon }) => (
              <li
                key={title}
                aria-disabled="true"
                className="flex flex-col items-center gap-1.5 rounded-lg bg-card/70 p-3 text-center opacity-80"
              >
                <Icon aria-hidden className="size-5 text-slate-500" />
                <span className="text-sm font-medium text-slate-700">{title}</span>
                <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
                  {m.inArrivo}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
