import type { DocumentiCaricati, SubmitFormInput } from '#shared/schemas/landing.ts';

/**
 * The body of POST /api/submit-form as the landing wizard sends it, for the customer and point
 * given: the first requested service as `servizioRichiesto`, no documents unless `documenti` says
 * which. One builder for the API factories, the E2E helpers and the benchmark.
 */
export function landingSubmission(
  fields: Pick<
    SubmitFormInput,
    'nome' | 'cognome' | 'telefono' | 'email' | 'serviziRichiesti' | 'puntoFisicoId'
  > &
    Partial<SubmitFormInput>,
  documenti: Partial<DocumentiCaricati> = {},
): SubmitFormInput {
  return {
    servizioRichiesto: fields.serviziRichiesti[0],
    orarioContatto: '',
    indirizzoIP: 'unknown',
    note: '',
    privacyAccepted: true,
    ...fields,
    documentiCaricati: {
      hasLuceFile: false,
      hasGasFile: false,
      hasSingleFile: false,
      hasCombinedFile: false,
      uploadMethod: 'none',
      timestamp: new Date().toISOString(),
      ...documenti,
    },
  };
}
