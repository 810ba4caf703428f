import { landingMsg } from '#shared/messages-landing.ts';
import { guideTarget } from '#client/landing/guide-bridge.ts';
import { Button, FieldError, Input } from '#client/landing/ui.tsx';
import type { LandingFormApi } from '#client/landing/use-landing-form.ts';
import { StepHeading } from '#client/landing/components/step-heading.tsx';

const m = landingMsg;

interface Props {
  form: LandingFormApi;
  onBack: () => void;
  onValid: () => void;
}

type TextField = 'nome' | 'cognome' | 'telefono' | 'email';

const FIELDS: Array<{
  name: TextField;
  label: string;
  type: string;
  autoComplete: string;
  inputMode?: 'tel' | 'email' | 'text';
  autoCapitalize?: string;
}> = [
  { name: 'nome', label: 'Nome', type: 'text', autoComplete: 'given-name', autoCapitalize: 'words' },
  { name: 'cognome', label: 'Cognome', type: 'text', autoComplete: 'family-name', autoCapitalize: 'words' },
  { name: 'telefono', label: 'Cellulare', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    autoCapitalize: 'none',
  },
];

/** Step 2: validated with the shared schema when leaving the step. See docs/product/landing.md#passo-2-dati */
export function StepDati({ form, onBack, onValid }: Props) {
  const { register, handleSubmit, errors } = form;
  return (
    <section aria-labelledby="step-title" className="flex flex-col gap-5">
      <div id="step-title">
        <StepHeading>{m.step2Title}</StepHeading>
      </div>
      <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit(onValid)}>
        {FIELDS.map((f) => {
          const error = errors[f.name];
          const errorId = `${f.name}-error`;
          return (
            <div key={f.name} className="flex flex-col gap-1.5">
              <label htmlFor={f.name} className="text-sm font-medium">
                {f.label}{' '}
                <span aria-hidden className="text-destructive">
                  *
                </span>
              </label>
              <Input
                id={f.name}
                type={f.type}
                inputMode={f.inputMode}
                autoComplete={f.autoComplete}
                autoCapitalize={f.autoCapitalize}
                enterKeyHint="next"
                aria-required="true"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                {...guideTarget(f.name)}
                {...register(f.name)}
              />
              <FieldError id={errorId} message={error} />
            </div>
          );
        })}
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start gap-3 rounded-lg border bg-card p-3" {...guideTarget('privacy')}>
            <input
              id="privacyAccepted"
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-primary"
              aria-required="true"
              aria-invalid={errors.privacyAccepted ? true : undefined}
              aria-describedby={errors.privacyAccepted ? 'privacyAccepted-error' : undefined}
              {...register('privacyAccepted')}
            />
            <label htmlFor="privacyAccepted" className="text-sm leading-snug">
              {m.privacyLabel}{' '}
              <span aria-hidden className="text-destructive">
                *
              </span>
            </label>
          </div>
          <FieldError id="privacyAccepted-error" message={errors.privacyAccepted} />
        </div>
        {errors.serviziRichiesti ? <FieldError id="servizi-error" message={errors.serviziRichiesti} /> : null}
        <Button type="submit" size="lg" className="w-full" {...guideTarget('continue')}>
          {m.step2Button}
        </Button>
      </form>
      <Button variant="link" className="self-center" onClick={onBack}>
        {m.step2Back}
      </Button>
    </section>
  );
}
