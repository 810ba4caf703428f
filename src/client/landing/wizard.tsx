import { useEffect, useRef, useState } from 'react';
import { type ServizioRichiedibile } from '#shared/domain.ts';
import { informativaPath } from '#shared/landing-paths.ts';
import { isDemoOnly } from '#shared/servizi-catalogo.ts';
import type { LandingFormInput, LandingInfo, SubmitFormInput } from '#shared/schemas/landing.ts';
import { landingMsg } from '#shared/messages-landing.ts';
import { LandingRequestError, newIdempotencyKey, submitLanding, uploadBills } from '#client/landing/api.ts';
import {
  billNeeds,
  canCombineBills,
  documentiCaricati,
  EMPTY_BILLS,
  hasBill,
  needsAnyBill,
  uploadParts,
  type BillKind,
  type Bills,
} from '#client/landing/bills.ts';
import { ProgressDots } from '#client/landing/components/progress-dots.tsx';
import { StepServizi } from '#client/landing/components/step-servizi.tsx';
import { NO_CHECKS, wizardStore } from '#client/landing/guide-bridge.ts';
import { sendWithOneRetry, submitFailureMessage, type UploadOutcome } from '#client/landing/submission.ts';
import { useLandingForm } from '#client/landing/use-landing-form.ts';
import { loadLaterSteps, useLaterSteps } from '#client/landing/use-later-steps.ts';
import { loadWizard, restoredUpload, saveWizard } from '#client/landing/saved-wizard.ts';

type Step = 1 | 2 | 3 | 4;

/** What was sent, kept so the bills can be sent again from the confirmation. */
interface Sent {
  praticaId: number;
  uploadToken: string;
  parts: Array<[string, File]>;
  payload: SubmitFormInput;
  key: string;
}

/**
 * The four steps and the confirmation. See docs/product/landing.md. What the tab saved (a reload,
 * a discarded tab) is restored once, on the step it was on (docs/product/landing.md#ricarica-della-pagina).
 */
export function Wizard({ info, isDemo, code }: { info: LandingInfo; isDemo: boolean; code: string }) {
  const [saved] = useState(() => loadWizard(code));
  const [step, setStep] = useState<Step>(saved?.step ?? 1);
  const [hasMoved, setHasMoved] = useState(saved != null && saved.step > 1);
  const [isDone, setIsDone] = useState(saved?.done != null);
  const [isSending, setIsSending] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [upload, setUpload] = useState<UploadOutcome>(() => restoredUpload(saved?.done ?? null));
  const [firstName, setFirstName] = useState(saved?.done?.firstName ?? '');
  const sent = useRef<Sent | null>(null);
  const [bills, setBills] = useState<Bills>(EMPTY_BILLS);
  const [isCombined, setIsCombined] = useState(saved?.isCombined ?? false);
  const [capture, setCapture] = useState<{ kind: BillKind; page: number } | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(saved?.attempt ?? null);

  const form = useLandingForm(saved?.values);
  // Step 1 is in the first load (and in the server's HTML); the rest arrives after it.
  const later = useLaterSteps(step !== 1 || isDone);
  const servizi = form.values.serviziRichiesti;
  const slot = form.values.orarioContatto ?? '';

  const needs = billNeeds(servizi, isCombined);
  const needsBills = needsAnyBill(needs);

  // WINBOT follows the wizard through the guide bridge (docs/product/landing.md#winbot).
  useEffect(() => {
    wizardStore.set({
      page: step,
      isDone,
      servizi,
      slot,
      firstName,
      checks: later ? later.dataChecks(form.values) : NO_CHECKS,
      bills: {
        ...needs,
        hasLuce: hasBill(bills.luce),
        hasGas: hasBill(bills.gas),
        hasCombined: hasBill(bills.combined),
      },
    });
  });
  // Every change is saved at once: a phone may discard the tab at any moment.
  useEffect(() => {
    saveWizard(code, {
      step,
      values: form.values,
      isCombined,
      attempt: attempt.current,
      done: isDone ? { firstName, billsFailed: upload.status === 'failed' } : null,
    });
  });

  const go = (next: Step) => {
    setHasMoved(true);
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  const toggle = (code: ServizioRichiedibile) => {
    const next = servizi.includes(code) ? servizi.filter((s) => s !== code) : [...servizi, code];
    form.setValue('serviziRichiesti', next);
  };

  const updateBill = (kind: BillKind, change: Partial<Bills[BillKind]>) =>
    setBills((current) => ({ ...current, [kind]: { ...current[kind], ...change } }));

  const submit = async () => {
    if (isSending) return;
    const values = (await loadLaterSteps()).parseLandingForm(form.getValues());
    // Demo: financial services alone are only simulated, nothing is sent.
    // See docs/product/landing.md#modalità-demo
    if (isDemo && values.serviziRichiesti.every(isDemoOnly)) {
      setIsDone(true);
      return;
    }
    const payload = {
      nome: values.nome,
      cognome: values.cognome,
      telefono: values.telefono,
      email: values.email,
      servizioRichiesto: values.serviziRichiesti[0],
      serviziRichiesti: values.serviziRichiesti,
      privacyAccepted: true as const,
      orarioContatto: values.orarioContatto ?? '',
      indirizzoIP: 'unknown',
      documentiCaricati: documentiCaricati(bills, needs),
      puntoFisicoId: info.puntoFisicoId,
      note: '',
    };
    // The same request keeps its key across retries; a changed request gets a new one.
    const body = JSON.stringify({
      ...payload,
      documentiCaricati: { ...payload.documentiCaricati, timestamp: '' },
    });
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };

    setIsSending(true);
    setSubmitError(null);
    try {
      const result = await submitLanding(payload, attempt.current.key);
      const parts = needsBills ? uploadParts(bills, needs) : [];
      let outcome: UploadOutcome = { status: 'none' };
      if (parts.length > 0 && result.praticaId != null && result.uploadToken) {
        const s: Sent = {
          praticaId: result.praticaId,
          uploadToken: result.uploadToken,
          parts,
          payload,
          key: attempt.current.key,
        };
        sent.current = s;
        // The request has arrived: a failed upload never loses it (retried once, then offered again).
        outcome = await sendWithOneRetry(() => uploadBills(s.praticaId, s.uploadToken, s.parts));
      }
      setUpload(outcome);
      setFirstName(values.nome.trim().split(/\s+/)[0] ?? '');
      setIsDone(true);
    } catch (error) {
      // The customer is told, keeps every field and retries with the same key (docs/product/landing.md#errori-di-invio).
      console.warn('Invio della richiesta non riuscito:', error);
      setSubmitError(submitFailureMessage(error));
    } finally {
      setIsSending(false);
    }
  };

  /** The confirmation's 'Invia di nuovo le fatture'. */
  const resendBills = async () => {
    const s = sent.current;
    if (!s || upload.status === 'sending') return;
    setUpload({ status: 'sending' });
    try {
      try {
        await uploadBills(s.praticaId, s.uploadToken, s.parts);
      } catch (error) {
        if (!(error instanceof LandingRequestError && (error.status === 401 || error.status === 403)))
          throw error;
        // The upload token has expired: the same request under the same key answers the same
        // practice, with a fresh token, and creates nothing.
        const again = await submitLanding(s.payload, s.key);
        if (!again.uploadToken) throw error;
        s.uploadToken = again.uploadToken;
        await uploadBills(s.praticaId, s.uploadToken, s.parts);
      }
      setUpload({ status: 'sent' });
    } catch (error) {
      console.warn('Nuovo invio delle fatture non riuscito:', error);
      const isFinal = error instanceof LandingRequestError && !error.isRetryable;
      setUpload({
        status: 'failed',
        retryable: !isFinal,
        message: isFinal ? error.serverMessage : undefined,
      });
    }
  };

  if (isDone && !later) return <LoadingStep />;
  if (isDone && later) {
    const { Conferma } = later;
    return <Conferma info={info} upload={upload} onResend={() => void resendBills()} />;
  }
  if (step !== 1 && !later) {
    return (
      <div className="flex flex-col gap-6">
        <ProgressDots step={step} />
        <LoadingStep />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <ProgressDots step={step} />
      {step === 1 ? (
        <StepServizi
          selected={servizi}
          isDemo={isDemo}
          focusTitle={hasMoved}
          onToggle={toggle}
          onNext={() => go(2)}
        />
      ) : null}
      {step === 2 && later ? (
        <later.StepDati
          form={form}
          informativaHref={informativaPath(code)}
          nomeAttivita={info.nomeAttivita}
          onBack={() => go(1)}
          onValid={() => go(needsBills ? 3 : 4)}
        />
      ) : null}
      {step === 3 && later ? (
        <later.StepFatture
          bills={bills}
          needs={needs}
          canCombine={canCombineBills(servizi)}
          capture={capture}
          onCombinedChange={setIsCombined}
          onFile={(kind, file) => updateBill(kind, { file, pages: [] })}
          onStartCapture={(kind) => setCapture({ kind, page: 1 })}
          onPhoto={(kind, photo) => {
            if (capture?.kind !== kind) return;
            // Page 1 starts a fresh capture; page 2 completes it.
            if (capture.page === 1) {
              updateBill(kind, { file: null, pages: [photo] });
              setCapture({ kind, page: 2 });
            } else {
              setBills((current) => ({
                ...current,
                [kind]: { file: null, pages: [current[kind].pages[0], photo].filter(Boolean) },
              }));
              setCapture(null);
            }
          }}
          onCancelCapture={() => setCapture(null)}
          onRemove={(kind) => updateBill(kind, { file: null, pages: [] })}
          onBack={() => go(2)}
          onNext={() => go(4)}
        />
      ) : null}
      {step === 4 && later ? (
        <later.StepOrario
          slot={slot}
          isSending={isSending}
          error={submitError}
          consultant={info.consultant}
          onSlot={(value) => form.setValue('orarioContatto', value as LandingFormInput['orarioContatto'])}
          onBack={() => go(needsBills ? 3 : 2)}
          onSubmit={() => void submit()}
        />
      ) : null}
    </div>
  );
}

/** While the later steps' chunk is still on its way (a tap on a slow connection). */
function LoadingStep() {
  return (
    <div className="flex justify-center py-16" aria-busy="true">
      <span
        role="status"
        className="size-7 animate-spin rounded-full border-[3px] border-primary border-t-transparent"
      >
        <span className="sr-only">{landingMsg.loading}</span>
      </span>
    </div>
  );
}
