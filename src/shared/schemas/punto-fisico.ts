import { z } from 'zod';
import { msg } from '#shared/messages.ts';
import {
  cursorPageSchema,
  cursorQueryShape,
  idSchema,
  INT32_MAX,
  searchSchema,
  text,
} from '#shared/schemas/common.ts';

const m = msg.puntoFisico;

const requiredText = (message: string, max: number) => text({ max, required: message });
const requiredId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(INT32_MAX, message);
/** Optional person: absent, null or 0 (the dialog's "nessuno") all mean "none". */
const optionalId = z
  .union([z.literal(0), idSchema])
  .nullish()
  .transform((v) => (v ? v : null));

/** 'Nuovo Punto Fisico' dialog and POST /api/punti-fisici. */
export const createPuntoFisicoSchema = z.object({
  nomeAttivita: requiredText(m.nomeAttivitaRequired, 120),
  indirizzo: requiredText(m.indirizzoRequired, 200),
  utenteResponsabileId: requiredId(m.responsabileRequired),
  agenteId: optionalId,
  areaManagerId: optionalId,
});
export type CreatePuntoFisicoInput = z.input<typeof createPuntoFisicoSchema>;
export type CreatePuntoFisicoData = z.output<typeof createPuntoFisicoSchema>;

/** Edit dialog and PUT /api/punti-fisici/{id}. */
export const updatePuntoFisicoSchema = z.object({
  nomeAttivita: requiredText(m.editNomeAttivitaRequired, 120),
  indirizzo: requiredText(m.editIndirizzoRequired, 200),
  utenteResponsabileId: requiredId(m.editResponsabileRequired),
  agenteId: optionalId,
  areaManagerId: optionalId,
});

/** A person shown on a point's card. */
export const personSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

export const puntoFisicoSchema = z.object({
  id: z.number().int(),
  nomeAttivita: z.string(),
  indirizzo: z.string(),
  landingCode: z.string(),
  utenteResponsabileId: z.number().int(),
  agenteId: z.number().int().nullable(),
  areaManagerId: z.number().int().nullable(),
  isActive: z.boolean(),
  /** PUBLIC_BASE_URL/landing/{code}: what the QR code encodes. */
  urlLanding: z.string(),
  /** Image source of the server-made SVG QR code. */
  qrCode: z.string(),
  leadCount: z.number().int(),
  praticheCount: z.number().int(),
  utenteResponsabile: personSchema.nullable(),
  agente: personSchema.nullable(),
  areaManager: personSchema.nullable(),
  /**
   * True when a customer of this point would be given no phone to call back: nobody whose phone
   * the landing gives has one, and the admin set no company phone (docs/product/landing.md#consulente).
   */
  clienteSenzaTelefono: z.boolean(),
  createdAt: z.string(),
});
export type PuntoFisico = z.infer<typeof puntoFisicoSchema>;

/**
 * GET /api/punti-fisici: one page (25 by default) of the points in the actor's scope, by name, read
 * by cursor (docs/architecture.md#liste-e-paginazione); `q` matches name, address, landing code and
 * the names or e-mails of the point's people (docs/product/screens.md#punti-fisici).
 */
export const listPuntiQuerySchema = z.object({ q: searchSchema, ...cursorQueryShape });
export type ListPuntiQuery = z.output<typeof listPuntiQuerySchema>;
export const puntiFisiciPageSchema = cursorPageSchema(puntoFisicoSchema);
export type PuntiFisiciPage = z.infer<typeof puntiFisiciPageSchema>;

/** GET /api/punti-fisici/{id}/stats; amounts are decimal strings of the caller's own share. */
export const puntoFisicoStatsSchema = z.object({
  totalLeads: z.number().int(),
  totalCommissions: z.string(),
  commissionsToday: z.string(),
  commissionsThisMonth: z.string(),
});
export type PuntoFisicoStats = z.infer<typeof puntoFisicoStatsSchema>;

/** Point-of-sale filter suggestions: from 2 characters, at most 10 (docs/product/screens.md#ricerche-e-suggerimenti). */
export const PUNTI_SUGGEST_MIN_CHARS = 2;
export const PUNTI_SUGGEST_LIMIT = 10;
export const suggestPuntiQuerySchema = z.object({ q: text({ max: 200 }).default('') });
export const puntoSuggestionSchema = z.object({
  id: z.number().int(),
  nomeAttivita: z.string(),
  indirizzo: z.string(),
});
export type PuntoSuggestion = z.infer<typeof puntoSuggestionSchema>;
