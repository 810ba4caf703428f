/**
 * What the wizard needs after step 1, in one chunk: the other steps, the confirmation and the
 * form's rules (zod). Fetched when the browser is idle after the first step has painted, or at
 * the first tap on 'Richiedi l'offerta' if that comes sooner (docs/product/landing.md#primo-caricamento).
 */
export { Conferma } from '#client/landing/components/conferma.tsx';
export { StepDati } from '#client/landing/components/step-dati.tsx';
export { StepFatture } from '#client/landing/components/step-fatture.tsx';
export { StepOrario } from '#client/landing/components/step-orario.tsx';
export { dataChecks, parseLandingForm } from '#client/landing/form-rules.ts';
