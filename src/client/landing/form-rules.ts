import * as z from 'zod/mini';
import { landingFormSchema, type LandingForm, type LandingFormInput } from '#shared/schemas/landing.ts';
import type { DataChecks } from '#client/landing/guide-bridge.ts';

/**
 * The wizard's rules: the shared schema (the same object validates POST /api/submit-form on the
 * server) and what is derived from it. zod lives here only, in the chunk of the steps after the
 * first, so step 1 paints and answers without it (docs/product/landing.md#primo-caricamento).
 */
export type LandingField = keyof LandingFormInput;
export type LandingErrors = Partial<Record<LandingField, string>>;

/** Each field's first issue, or the parsed values. */
export function validateLandingForm(
  values: LandingFormInput,
): { data: LandingForm; errors?: undefined } | { data?: undefined; errors: LandingErrors } {
  const result = z.safeParse(landingFormSchema, values);
  if (result.success) return { data: result.data };
  const errors: LandingErrors = {};
  for (const issue of result.error.issues) errors[String(issue.path[0]) as LandingField] ??= issue.message;
  return { errors };
}

/** The values as the server will read them; throws on values the steps should not have let through. */
export const parseLandingForm = (values: LandingFormInput): LandingForm => z.parse(landingFormSchema, values);

const filled = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

/** The five checks of the form's current values, each as the step's validation will judge it. */
export function dataChecks(values: Partial<LandingFormInput>): DataChecks {
  return {
    nome: filled(values.nome),
    cognome: filled(values.cognome),
    telefono: filled(values.telefono),
    email: z.safeParse(landingFormSchema.shape.email, values.email ?? '').success,
    privacy: values.privacyAccepted === true,
  };
}
