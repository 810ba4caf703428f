import { AlertTriangle, Clock, Phone } from 'lucide-react';
import { FASCE_ORARIE } from '#shared/domain.ts';
import { landingMsg } from '#shared/messages-landing.ts';
import type { LandingInfo } from '#shared/schemas/landing.ts';
import { guideTarget } from '#client/landing/guide-bridge.ts';
import { Button, cx } from '#client/landing/ui.tsx';
import { StepHeading } from '#client/landing/components/step-heading.tsx';

const m = landingMsg;

interface Props {
  slot: string;
  isSending: boolean;
  /** Why the last submission failed, in Italian; null when it did not. */
  error: string | null;
  consultant: LandingInfo['consultant'];
  onSlot: (slot: string) => void;
  onBack: () => void;
  onSubmit: () => void;
}

/** Step 4: the ten one-hour call-back slots, optional; the button submits. See docs/product/landing.md#passo-4-fascia-oraria */
export function StepOrario({ slot, isSending, error, consultant, onSlot, onBack, onSubmit }: Props) {
  const label = isSending ? m.sending : error ? m.retry : slot ? m.step4Submit : m.step4NoSlot;
  const { telefono } = consultant;
  return (
    <section aria-labelledby="step-title" className="flex flex-col gap-5">
      <div id="step-title">
        <StepHeading optional={m.facoltativo}>{m.step4Title}</StepHeading>
      </div>
      <p className="-mt-2 flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
        <Clock aria-hidden className="size-4" />
        {m.step4Note}
      </p>
      <div
        className="grid grid-cols-2 gap-2"
        role="group"
        aria-label={m.step4Slots}
        {...guideTarget('slots')}
      >
        {FASCE_ORARIE.map((fascia) => {
          const isOn = slot === fascia;
          return (
            <button
              key={fascia}
              type="button"
              aria-pressed={isOn}
              disabled={isSending}
              onClick={() => onSlot(isOn ? '' : fascia)}
              className={cx(
                'h-12 rounded-lg border-2 text-base font-medium tabular-nums focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:border-slate-300 disabled:bg-slate-100 disabled:text-slate-600',
                isOn
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-card hover:border-slate-400',
              )}
            >
              {fascia}
            </button>
          );
        })}
      </div>
      <p aria-live="polite" className="min-h-6 text-center text-sm font-medium text-primary">
        {slot ? m.step4Chosen(slot) : ''}
      </p>
      {/* Present from the start, so the failure is announced when it appears. */}
      <div role="alert" data-testid="submit-error">
        {error ? (
          <div className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0" />
            <div className="flex flex-col gap-1">
              <p className="font-semibold">{m.submitFailedTitle}</p>
              <p>{error}</p>
              {telefono ? (
                <p>
                  {m.submitCallUs(consultant.nome)}{' '}
                  <a
                    href={`tel:${telefono.replace(/[^\d+]/g, '')}`}
                    className="inline-flex items-center gap-1 font-semibold whitespace-nowrap underline underline-offset-2"
                  >
                    <Phone aria-hidden className="size-3.5" />
                    {telefono}
                  </a>
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
      <Button
        size="lg"
        className="w-full py-2 whitespace-normal"
        disabled={isSending}
        onClick={onSubmit}
        {...guideTarget('continue')}
      >
        {label}
      </Button>
      <Button variant="link" className="self-center" disabled={isSending} onClick={onBack}>
        {m.back}
      </Button>
    </section>
  );
}
