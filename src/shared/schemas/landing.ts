// zod/mini: the same schemas in a tree-shakable form, so the public landing's first load stays
// within its budget (see docs/decisions/003-landing.md). The server reads them alike.
import * as z from 'zod/mini';
import { FASCE_ORARIE, SERVIZI_RICHIEDIBILI } from '#shared/domain.ts';
import { landingMsg } from '#shared/messages-landing.ts';
import { CONTROL_CHARS_MESSAGE, SAFE_LINE, SAFE_MULTILINE } from '#shared/text-rules.ts';

const m = landingMsg;

/** A required text: blank → `required`; too long → a length message. Checks stop at the first failure. */
const requiredText = (required: string, label: string, max: number) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required, abort: true }),
      z.maxLength(max, m.tooLong(label, max)),
      z.regex(SAFE_LINE, CONTROL_CHARS_MESSAGE),
    );

/** An optional text: bounded, one line (or several), no control characters. */
const optionalText = (max: number, pattern = SAFE_LINE) =>
  z.optional(z.string().check(z.maxLength(max), z.regex(pattern, CONTROL_CHARS_MESSAGE)));

/** Ids are positive 32-bit integers (serial columns). */
const INT32_MAX = 2_147_483_647;
const INVALID_ID = 'Identificativo non valido: usa un numero intero positivo';

/**
 * The landing wizard's form (docs/product/landing.md#passo-2-dati). The same schema validates step 2
 * in the browser (src/client/landing/use-landing-form.ts) and POST /api/submit-form on the server.
 */
export const landingFormSchema = z.object({
  nome: requiredText(m.nomeRequired, 'Nome', 100),
  cognome: requiredText(m.cognomeRequired, 'Cognome', 100),
  telefono: requiredText(m.telefonoRequired, 'Cellulare', 30),
  email: z.pipe(
    z
      .string({ error: m.emailRequired })
      .check(
        z.trim(),
        z.minLength(1, { error: m.emailRequired, abort: true }),
        z.maxLength(254, m.tooLong('Email', 254)),
      ),
    z.email({ error: m.emailInvalid }),
  ),
  serviziRichiesti: z
    .array(z.enum(SERVIZI_RICHIEDIBILI, { error: m.servizioInvalid }), { error: m.serviziRequired })
    .check(z.minLength(1, m.serviziRequired)),
  privacyAccepted: z.literal(true, { error: m.privacyRequired }),
  orarioContatto: z.optional(z.union([z.literal(''), z.enum(FASCE_ORARIE)], { error: m.orarioInvalid })),
});
export type LandingFormInput = z.input<typeof landingFormSchema>;
export type LandingForm = z.output<typeof landingFormSchema>;

export const documentiCaricatiSchema = z.object({
  hasLuceFile: z.boolean(),
  hasGasFile: z.boolean(),
  hasSingleFile: z.boolean(),
  hasCombinedFile: z.boolean(),
  uploadMethod: z.enum(['single', 'separate', 'camera', 'none']),
  timestamp: z.string().check(z.maxLength(40), z.regex(SAFE_LINE, CONTROL_CHARS_MESSAGE)),
});
export type DocumentiCaricati = z.infer<typeof documentiCaricatiSchema>;

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;

/**
 * POST /api/submit-form. indirizzoIP is accepted for
 * compatibility and ignored: the server records the address it sees. The
 * idempotency key travels in the `Idempotency-Key` header or, for clients that cannot set
 * headers, in `idempotencyKey`.
 */
export const submitFormSchema = z.extend(landingFormSchema, {
  puntoFisicoId: z
    .int({ error: m.pointNotFound })
    .check(z.positive(m.pointNotFound), z.maximum(INT32_MAX, m.pointNotFound)),
  servizioRichiesto: optionalText(40),
  indirizzoIP: optionalText(100),
  documentiCaricati: z.optional(documentiCaricatiSchema),
  note: optionalText(2000, SAFE_MULTILINE),
  idempotencyKey: z.optional(z.string().check(z.regex(IDEMPOTENCY_KEY_PATTERN, m.idempotencyKeyInvalid))),
});
export type SubmitFormInput = z.input<typeof submitFormSchema>;

/**
 * Reply of POST /api/submit-form. `simulated` is true only for a demo request holding financial
 * services alone: nothing is saved and praticaId is null. The answer is the same for a known and
 * an unknown customer: `leadId` is always null and `isExistingLead` always false (both kept for
 * clients written against the first version of this answer).
 */
export const submitFormResponseSchema = z.object({
  success: z.boolean(),
  praticaId: z.nullable(z.int()),
  leadId: z.nullable(z.int()),
  isExistingLead: z.boolean(),
  /** Authorises POST /api/pratiche/{praticaId}/upload for a short time (header `X-Upload-Token`). */
  uploadToken: z.nullable(z.string()),
  simulated: z.boolean(),
  message: z.string(),
});
export type SubmitFormResponse = z.infer<typeof submitFormResponseSchema>;

export const landingCodeParamSchema = z.object({
  code: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, m.notFoundText),
      z.maxLength(40, m.notFoundText),
      z.regex(/^[A-Za-z0-9_-]+$/, m.notFoundText),
    ),
});

/** GET /api/landing/{code}: nothing else about staff. */
export const landingInfoSchema = z.object({
  nomeAttivita: z.string(),
  puntoFisicoId: z.int(),
  consultant: z.object({ nome: z.string(), telefono: z.string() }),
});
export type LandingInfo = z.infer<typeof landingInfoSchema>;

export const documentoSchema = z.object({
  id: z.int(),
  filename: z.string(),
  displayName: z.string(),
  parte: z.string(),
  mimeType: z.string(),
  sizeBytes: z.int(),
  mergedIntoId: z.nullable(z.int()),
  /** The staff member who attached it; null for the customer's upload from the landing. */
  caricatoDa: z.nullable(z.object({ id: z.int(), nome: z.string() })),
  createdAt: z.string(),
});
export type Documento = z.infer<typeof documentoSchema>;

export const uploadResponseSchema = z.object({ documenti: z.array(documentoSchema) });

export const praticaFileParamSchema = z.object({
  id: z.pipe(
    z.pipe(z.string().check(z.regex(/^\d{1,10}$/, INVALID_ID)), z.transform(Number)),
    z.int().check(z.positive(INVALID_ID), z.maximum(INT32_MAX, INVALID_ID)),
  ),
  // Stored names are random hex plus an extension (landing.service.ts newKey).
  filename: z
    .string()
    .check(
      z.minLength(1, m.fileNotFound),
      z.maxLength(200, m.fileNotFound),
      z.regex(/^[a-z0-9]+\.[a-z0-9]{1,5}$/i, m.fileNotFound),
    ),
});

export const documentiListSchema = z.array(documentoSchema);
