import { z } from 'zod';
import { CHIAMATA_ESITI, LEAD_CONTATTO_STATI, SERVIZIO_TIPI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { cursorPageSchema, cursorQueryShape, idQuerySchema, idSchema } from '#shared/schemas/common.ts';

/** Whose queue a consultant's is: the roles with points of their own (the points that name them). */
export const CONSULENTE_ROLES = ['agente', 'area_manager', 'punto_fisico'] as const;

const c = msg.chiamate;

/** The queue's groups, in its order (docs/product/calls.md#la-coda). */
export const CHIAMATA_GRUPPI = ['ora', 'in_ritardo', 'nuovo', 'programmata'] as const;
export type ChiamataGruppo = (typeof CHIAMATA_GRUPPI)[number];

/** GET /api/chiamate: one page of the queue, read by cursor (docs/architecture.md#liste-e-paginazione). */
export const listChiamateQuerySchema = z.object({
  /** Admin and amministrazione: the leads of one consultant's points. */
  consulenteId: idQuerySchema.optional(),
  ...cursorQueryShape,
});
export type ListChiamateQuery = z.infer<typeof listChiamateQuerySchema>;

/** GET /api/chiamate/consulenti: the people whose queue admin and amministrazione can filter by. */
export const CONSULENTI_SHOWN = 10;
export const consulentiQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  /** One person by id: the chip of a consultant chosen in a shared link or before a reload. */
  id: idQuerySchema.optional(),
});
export const consulenteSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(CONSULENTE_ROLES),
});
export type Consulente = z.infer<typeof consulenteSchema>;
export const consulentiListSchema = z.array(consulenteSchema);

export const chiamataItemSchema = z.object({
  leadId: z.number().int(),
  nome: z.string(),
  cognome: z.string(),
  telefono: z.string(),
  /** The one-tap link (tel:+39…), null when the number cannot be dialled. */
  telHref: z.string().nullable(),
  servizi: z.array(z.enum(SERVIZIO_TIPI)),
  puntoNome: z.string().nullable(),
  /** The slot the customer chose on the landing, as written there. */
  fascia: z.string().nullable(),
  gruppo: z.enum(CHIAMATA_GRUPPI),
  statoContatto: z.enum(LEAD_CONTATTO_STATI),
  dataRegistrazione: z.string(),
  /** When the 24-hour promise runs out (or ran out). */
  scadenzaPromessa: z.string(),
  isOverdue: z.boolean(),
  /** When the call is due: the slot, the recall, the next try; and in words ('lunedì alle 9:00'). */
  chiamataDa: z.string(),
  quando: z.string(),
  /** The 24-hour promise's end in words. */
  scadenzaTesto: z.string(),
  tentativi: z.number().int(),
  /** Null while a call is allowed now; else when it is, in words ('lunedì alle 9:00'). */
  fuoriOrario: z.object({ da: z.string(), testo: z.string() }).nullable(),
  /** The default of the 'Richiamare' picker: the next allowed time from now (ISO). */
  prossimoSlot: z.string(),
});
export type ChiamataItem = z.infer<typeof chiamataItemSchema>;

export const chiamateListSchema = cursorPageSchema(chiamataItemSchema);
export type ChiamateList = z.infer<typeof chiamateListSchema>;

/** POST /api/chiamate/{id}/esito: the outcome of a call to lead {id}. */
export const chiamataEsitoBodySchema = z
  .object({
    esito: z.enum(CHIAMATA_ESITI, { message: c.esitoNonValido }),
    /** For 'Richiamare': when (ISO date-time with offset). */
    richiamareAt: z.iso.datetime({ offset: true, message: c.dataNonValida }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.esito === 'richiamare' && !body.richiamareAt)
      ctx.addIssue({ code: 'custom', path: ['richiamareAt'], message: c.richiamareObbligatorio });
  });
export type ChiamataEsitoBody = z.infer<typeof chiamataEsitoBodySchema>;

export const chiamataEsitoResultSchema = z.object({
  leadId: z.number().int(),
  statoContatto: z.enum(LEAD_CONTATTO_STATI),
  /** Where the lead now is in the queue, null when it left it. */
  chiamataDa: z.string().nullable(),
  /** The outcome in words, with what followed (moved recall, unreachable). */
  message: z.string(),
});
export type ChiamataEsitoResult = z.infer<typeof chiamataEsitoResultSchema>;

/** The dashboard's cards (docs/product/calls.md#cruscotto). */
export const chiamateCruscottoSchema = z.object({
  oggi: z.number().int(),
  inRitardo: z.number().int(),
  /** Counted up to a bound: "more than". */
  oggiIsLowerBound: z.boolean(),
  inRitardoIsLowerBound: z.boolean(),
  /** Area manager and admin: per point, leads of the last 30 days called within 24 hours. */
  perPunto: z
    .array(
      z.object({
        puntoFisicoId: idSchema,
        nomeAttivita: z.string(),
        lead: z.number().int(),
        chiamatiEntro24: z.number().int(),
      }),
    )
    .nullable(),
});
export type ChiamateCruscotto = z.infer<typeof chiamateCruscottoSchema>;
