import { CheckCircle2, Clock, Phone, UserPlus } from 'lucide-react';
import { landingMsg } from '#shared/messages-landing.ts';
import type { LandingInfo } from '#shared/schemas/landing.ts';
import { Button } from '../ui';
import { downloadVCard } from '../vcard';
import { StepHeading } from './step-heading';

const m = landingMsg;

/** The confirmation that replaces the wizard and stays. See docs/product/landing.md#conferma */
export function Conferma({ info }: { info: LandingInfo }) {
  const { consultant } = info;
  return (
    <section aria-labelledby="step-title" className="flex flex-col items-center gap-5 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-success">
        <CheckCircle2 aria-hidden className="size-9" />
      </span>
      <div id="step-title">
        <StepHeading>{m.doneTitle}</StepHeading>
      </div>
      <p className="text-muted-foreground">{m.doneThanks}</p>
      <p className="font-medium">{m.doneContactBy(consultant.nome)}</p>
      <div
        className="flex w-full flex-col gap-3 rounded-xl border bg-card p-4 text-left shadow-sm"
        data-testid="consultant-card"
      >
        <div className="flex items-center gap-3">
          <span
            aria-hidden
            className="flex size-12 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground"
          >
            {consultant.nome
              .split(/\s+/)
              .map((p) => p[0])
              .slice(0, 2)
              .join('')
              .toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="truncate font-semibold">{consultant.nome}</p>
            <p className="text-sm text-muted-foreground">Il tuo consulente · {info.nomeAttivita}</p>
          </div>
        </div>
        <a
          href={`tel:${consultant.telefono.replace(/[^\d+]/g, '')}`}
          className="flex items-center gap-2 text-primary underline-offset-4 hover:underline"
        >
          <Phone aria-hidden className="size-4" />
          {consultant.telefono}
        </a>
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          onClick={() =>
            downloadVCard({
              fullName: consultant.nome,
              telefono: consultant.telefono,
              organizzazione: info.nomeAttivita,
            })
          }
        >
          <UserPlus aria-hidden />
          {m.doneSave}
        </Button>
      </div>
      <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Clock aria-hidden className="size-4" />
        {m.done24h}
      </p>
    </section>
  );
}
