/**
 * What the wizard needs after step 1, in one chunk: the other steps, the confirmation and the
 * form's rules (zod). Fetched when the browser is idle after the first step has painted, or at
 * the first tap on 'Richiedi l'offerta' if that comes sooner (docs/product/landing.md#primo-caricamento).
 */
export { Conferma } from './components/conferma';
export { StepDati } from './components/step-dati';
export { StepFatture } from './components/step-fatture';
export { StepOrario } from './components/step-orario';
export { dataChecks, parseLandingForm } from './form-rules';
