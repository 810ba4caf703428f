import { useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import { type ServizioRichiedibile } from '#shared/domain.ts';
import { isDemoOnly } from '#shared/servizi-catalogo.ts';
import {
  landingFormSchema,
  type LandingForm,
  type LandingFormInput,
  type LandingInfo,
} from '#shared/schemas/landing.ts';
import { newIdempotencyKey, submitLanding, uploadBills } from './api';
import {
  billNeeds,
  canCombineBills,
  documentiCaricati,
  EMPTY_BILLS,
  needsAnyBill,
  uploadParts,
  type BillKind,
  type Bills,
} from './bills';
import { Conferma } from './components/conferma';
import { ProgressDots } from './components/progress-dots';
import { StepDati } from './components/step-dati';
import { StepFatture } from './components/step-fatture';
import { StepOrario } from './components/step-orario';
import { StepServizi } from './components/step-servizi';

type Step = 1 | 2 | 3 | 4;

/**
 * react-hook-form reading the shared schema: @hookform/resolvers would do the same, for 5 KB more
 * on the customer's phone. Each field shows its first issue.
 */
const landingResolver: Resolver<LandingFormInput, unknown, LandingForm> = async (values) => {
  const result = z.safeParse(landingFormSchema, values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'root');
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<LandingFormInput> };
};

/** The four steps and the confirmation. See docs/product/landing.md */
export function Wizard({ info, isDemo }: { info: LandingInfo; isDemo: boolean }) {
  const [step, setStep] = useState<Step>(1);
  const [hasMoved, setHasMoved] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [bills, setBills] = useState<Bills>(EMPTY_BILLS);
  const [isCombined, setIsCombined] = useState(false);
  const [capture, setCapture] = useState<{ kind: BillKind; page: number } | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const form = useForm<LandingFormInput, unknown, LandingForm>({
    resolver: landingResolver,
    defaultValues: {
      nome: '',
      cognome: '',
      telefono: '',
      email: '',
      serviziRichiesti: [],
      privacyAccepted: false as unknown as true,
      orarioContatto: '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const servizi = useWatch({ control: form.control, name: 'serviziRichiesti' });
  const slot = useWatch({ control: form.control, name: 'orarioContatto' }) ?? '';

  const needs = billNeeds(servizi, isCombined);
  const needsBills = needsAnyBill(needs);

  const go = (next: Step) => {
    setHasMoved(true);
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  const toggle = (code: ServizioRichiedibile) => {
    const next = servizi.includes(code) ? servizi.filter((s) => s !== code) : [...servizi, code];
    form.setValue('serviziRichiesti', next, { shouldValidate: form.formState.isSubmitted });
  };

  const updateBill = (kind: BillKind, change: Partial<Bills[BillKind]>) =>
    setBills((current) => ({ ...current, [kind]: { ...current[kind], ...change } }));

  const submit = async () => {
    if (isSending) return;
    const values = z.parse(landingFormSchema, form.getValues());
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
    try {
      const result = await submitLanding(payload, attempt.current.key);
      const parts = needsBills ? uploadParts(bills, needs) : [];
      if (parts.length > 0 && result.praticaId != null && result.uploadToken) {
        try {
          await uploadBills(result.praticaId, result.uploadToken, parts);
        } catch (error) {
          // A failed upload is only warned about; the request itself succeeded.
          console.warn('Caricamento delle fatture non riuscito (non bloccante):', error);
        }
      }
      setIsDone(true);
    } catch (error) {
      // A failed submission is only logged; the visitor stays on step 4 and can retry with the same key.
      console.warn('Invio della richiesta non riuscito:', error);
    } finally {
      setIsSending(false);
    }
  };

  if (isDone) return <Conferma info={info} />;

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
      {step === 2 ? (
        <StepDati form={form} onBack={() => go(1)} onValid={() => go(needsBills ? 3 : 4)} />
      ) : null}
      {step === 3 ? (
        <StepFatture
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
      {step === 4 ? (
        <StepOrario
          slot={slot}
          isSending={isSending}
          onSlot={(value) => form.setValue('orarioContatto', value as LandingFormInput['orarioContatto'])}
          onBack={() => go(needsBills ? 3 : 2)}
          onSubmit={() => void submit()}
        />
      ) : null}
    </div>
  );
}
