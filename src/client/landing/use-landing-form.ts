import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { LandingForm, LandingFormInput } from '#shared/schemas/landing.ts';
import type { LandingErrors, LandingField, validateLandingForm } from '#client/landing/form-rules.ts';

/**
 * The wizard's form state, validated by the shared schema (the same object validates
 * POST /api/submit-form on the server). Checked when leaving step 2, then again on every change,
 * as docs/product/landing.md#passo-2-dati says. A hundred lines instead of react-hook-form, whose
 * weight the landing's first load no longer carries for one five-field form
 * (docs/decisions/008-winbot.md). The validator comes from step 2 (form-rules.ts), so that zod
 * is not part of the first load (docs/product/landing.md#primo-caricamento).
 */
type Validate = typeof validateLandingForm;

export const EMPTY_LANDING_FORM: LandingFormInput = {
  nome: '',
  cognome: '',
  telefono: '',
  email: '',
  serviziRichiesti: [],
  // The box starts unticked; the schema accepts only true.
  privacyAccepted: false as unknown as true,
  orarioContatto: '',
};

/** Where focus goes after a failed check: the first wrong field, in the form's order. */
const FOCUS_ORDER: LandingField[] = ['nome', 'cognome', 'telefono', 'email', 'privacyAccepted'];

export interface LandingFormApi {
  values: LandingFormInput;
  errors: LandingErrors;
  isSubmitted: boolean;
  getValues: () => LandingFormInput;
  setValue: <K extends LandingField>(name: K, value: LandingFormInput[K]) => void;
  /** Props of a text input, or of the privacy checkbox. */
  register: (name: 'nome' | 'cognome' | 'telefono' | 'email' | 'privacyAccepted') => {
    name: string;
    ref: (element: HTMLInputElement | null) => void;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  } & ({ value: string } | { checked: boolean });
  /** Validates with `validate` (step 2 brings it), then again on every change. */
  handleSubmit: (validate: Validate, onValid: (data: LandingForm) => void) => (event: FormEvent) => void;
}

/** `initial`: the answers restored after a reload (saved-wizard.ts). */
export function useLandingForm(initial: LandingFormInput = EMPTY_LANDING_FORM): LandingFormApi {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<LandingErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const latest = useRef(values);
  const elements = useRef(new Map<LandingField, HTMLInputElement>());
  const validator = useRef<Validate | null>(null);

  const setValue: LandingFormApi['setValue'] = (name, value) => {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues(next);
    if (isSubmitted && validator.current) setErrors(validator.current(next).errors ?? {});
  };

  return {
    values,
    errors,
    isSubmitted,
    getValues: () => latest.current,
    setValue,
    register: (name) => ({
      name,
      ref: (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
      onChange: (event) =>
        setValue(name, (name === 'privacyAccepted' ? event.target.checked : event.target.value) as never),
      ...(name === 'privacyAccepted'
        ? { checked: values.privacyAccepted === true }
        : { value: values[name] }),
    }),
    handleSubmit: (validate, onValid) => (event) => {
      event.preventDefault();
      validator.current = validate;
      setIsSubmitted(true);
      const result = validate(latest.current);
      if (result.errors) {
        setErrors(result.errors);
        const first = FOCUS_ORDER.find((field) => result.errors[field]);
        if (first) elements.current.get(first)?.focus();
        return;
      }
      setErrors({});
      onValid(result.data);
    },
  };
}
