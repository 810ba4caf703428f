import { AlertTriangle, CheckCircle2, Clock, Phone, Upload, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { landingMsg } from '#shared/messages-landing.ts';
import type { LandingInfo } from '#shared/schemas/landing.ts';
import type { UploadOutcome } from '#client/landing/submission.ts';
import { Button } from '#client/landing/ui.tsx';
import { downloadVCard } from '#client/landing/vcard.ts';
import { StepHeading } from '#client/landing/components/step-heading.tsx';

const m = landingMsg;

/** The bills' fate after the request arrived: a warning with a way to send them again, or a thank-you. */
function BillsStatus({ upload, onResend }: { upload: UploadOutcome; onResend: () => void }) {
  if (upload.status === 'sent')
    return (
      <p className="flex items-center gap-2 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900">
        <CheckCircle2 aria-hidden className="size-4 shrink-0" />
        {m.uploadResent}
      </p>
    );
  return (
    <div className="flex w-full flex-col gap-3 rounded-xl border border-amber-400 bg-amber-50 p-4 text-left text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden className="size-5 shrink-0" />
        {m.uploadFailedTitle}
      </p>
      {upload.status === 'failed' && !upload.retryable ? (
        <p className="text-sm">
          {upload.message ? `${upload.message} ` : ''}
          {m.uploadFailedFinal}
        </p>
      ) : (
        <>
          <p className="text-sm">{m.uploadFailedText}</p>
          <Button
            size="lg"
            className="w-full py-2 whitespace-normal"
            disabled={upload.status === 'sending'}
            onClick={onResend}
          >
            <Upload aria-hidden />
            {upload.status === 'sending' ? m.sending : m.uploadResend}
          </Button>
        </>
      )}
    </div>
  );
}

/** The confirmation that replaces the wizard and stays. See docs/product/landing.md#conferma */
export function Conferma({
  info,
  upload = { status: 'none' },
  onResend = () => undefined,
}: {
  info: LandingInfo;
  upload?: UploadOutcome;
  onResend?: () => void;
}) {
  const { consultant } = info;
  // The bills failed before the confirmation appeared: their warning stays, and a later success
  // replaces it in the same alert region.
  const [billsFailed] = useState(upload.status === 'failed');
  return (
    <section aria-labelledby="step-title" className="flex flex-col items-center gap-5 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-success">
        <CheckCircle2 aria-hidden className="size-9" />
      </span>
      <div id="step-title">
        <StepHeading>{m.doneTitle}</StepHeading>
      </div>
      <p className="text-muted-foreground">{m.doneThanks}</p>
      <div role="alert" className="w-full empty:hidden" data-testid="bills-status">
        {billsFailed ? <BillsStatus upload={upload} onResend={onResend} /> : null}
      </div>
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
            <p className="text-sm text-muted-foreground">{m.yourConsultant(info.nomeAttivita)}</p>
          </div>
        </div>
        {/* No number is ever made up: without one, we say we call (docs/product/landing.md#consulente). */}
        {consultant.telefono ? (
          <a
            href={`tel:${consultant.telefono.replace(/[^\d+]/g, '')}`}
            className="flex items-center gap-2 text-primary underline-offset-4 hover:underline"
          >
            <Phone aria-hidden className="size-4" />
            {consultant.telefono}
          </a>
        ) : (
          <p className="flex items-center gap-2 font-medium" data-testid="no-phone">
            <Phone aria-hidden className="size-4" />
            {m.noPhone}
          </p>
        )}
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
