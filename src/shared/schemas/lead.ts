import { z } from 'zod';
import {
  LEAD_CONTATTO_STATI,
  LEAD_EVENTO_TIPI,
  PRATICA_STATI,
  SERVIZIO_STATI,
  SERVIZIO_TIPI,
} from '#shared/domain.ts';
import {
  cursorPageSchema,
  cursorQueryShape,
  exportFormatSchema,
  idSchema,
  idQuerySchema,
  searchSchema,
} from '#shared/schemas/common.ts';

export const LEAD_CONTATTO_LABELS: Record<(typeof LEAD_CONTATTO_STATI)[number], string> = {
  nuovo: 'Nuovo',
  contattato: 'Contattato',
  non_raggiungibile: 'Non raggiungibile',
};

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Filters of the lead list, its export and its count. */
export const leadFiltersSchema = z.object({
  puntoFisicoId: idQuerySchema.optional(),
  search: searchSchema,
  /** Contact status. See docs/product/lifecycle.md#stato-di-contatto */
  status: z.enum(LEAD_CONTATTO_STATI).optional(),
  /** Leads with at least one practice holding this service. */
  service: z.enum(SERVIZIO_TIPI).optional(),
  /** Only `nuovo` leads older than the promised 24 hours. */
  overdue: booleanQuery,
});
export type LeadFilters = z.output<typeof leadFiltersSchema>;

/** GET /api/leads: the filters and one keyset page (docs/architecture.md#liste-e-paginazione). */
export const listLeadsQuerySchema = leadFiltersSchema.extend(cursorQueryShape);
export type ListLeadsQuery = z.output<typeof listLeadsQuerySchema>;

export const exportLeadsQuerySchema = leadFiltersSchema.extend({ format: exportFormatSchema });

const puntoDetailsSchema = z.object({
  id: z.number().int(),
  nomeAttivita: z.string(),
  indirizzo: z.string(),
});

export const leadListItemSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  cognome: z.string(),
  email: z.string(),
  telefono: z.string(),
  dataRegistrazione: z.string(),
  statoContatto: z.enum(LEAD_CONTATTO_STATI),
  /** Still `nuovo` past the promised 24 hours. */
  isOverdue: z.boolean(),
  puntoFisicoOriginaleId: z.number().int().nullable(),
  puntoFisicoOriginaleDetails: puntoDetailsSchema.nullable(),
  /**
   * Another lead the actor may see has the same phone or e-mail, and nobody decided to keep the
   * two apart. See docs/product/lifecycle.md#doppioni
   */
  possibileDuplicato: z.boolean(),
});
export type LeadListItem = z.infer<typeof leadListItemSchema>;

export const leadListSchema = cursorPageSchema(leadListItemSchema);
export type LeadList = z.infer<typeof leadListSchema>;

export const leadPraticaSchema = z.object({
  id: z.number().int(),
  statoPratica: z.enum(PRATICA_STATI),
  dataCreazione: z.string(),
  indirizzoIP: z.string().nullable(),
  orarioContatto: z.string().nullable(),
  puntoFisicoId: z.number().int().nullable(),
  puntoFisico: z.object({ nomeAttivita: z.string() }).nullable(),
  servizi: z.array(
    z.object({ id: z.number().int(), tipoServizio: z.enum(SERVIZIO_TIPI), stato: z.enum(SERVIZIO_STATI) }),
  ),
});

export const leadDetailSchema = leadListItemSchema.extend({
  statoContattoAggiornatoAt: z.string().nullable(),
  /** When the person's data were erased (on request or by retention); null while they are held. */
  datiCancellatiAt: z.string().nullable(),
  /** IP address recorded with the first practice, when there is one. */
  indirizzoIP: z.string().nullable(),
  puntoFisicoOriginaleDetails: puntoDetailsSchema
    .extend({
      utenteResponsabile: z
        .object({
          firstName: z.string(),
          lastName: z.string(),
          email: z.string(),
          phone: z.string().nullable(),
        })
        .nullable(),
    })
    .nullable(),
  pratiche: z.array(leadPraticaSchema),
  /** The leads behind `possibileDuplicato`, oldest first. */
  possibiliDuplicati: z.array(
    z.object({
      id: z.number().int(),
      nome: z.string(),
      cognome: z.string(),
      telefono: z.string(),
      email: z.string(),
      dataRegistrazione: z.string(),
      stessoTelefono: z.boolean(),
      stessaEmail: z.boolean(),
      /** A scheda of each names the same codice fiscale / the same POD or PDR (docs/product/lifecycle.md#doppioni). */
      stessoCodiceFiscale: z.boolean(),
      stessoPodPdr: z.boolean(),
    }),
  ),
  /** The customer asked never to be called again on this number (docs/product/calls.md#non-chiamare-più). */
  nonChiamare: z.boolean(),
  /** Duplicates merged into this lead or kept apart from it, and call outcomes, newest first. */
  storico: z.array(
    z.object({
      id: z.number().int(),
      tipo: z.enum(LEAD_EVENTO_TIPI),
      descrizione: z.string(),
      utenteNome: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Admin only: absent from the JSON for every other role. */
  praticheSummary: z
    .object({
      count: z.number().int(),
      perServizioStato: z.array(
        z.object({
          tipoServizio: z.enum(SERVIZIO_TIPI),
          stato: z.enum(SERVIZIO_STATI),
          count: z.number().int(),
        }),
      ),
    })
    .optional(),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export const updateLeadStatusSchema = z.object({
  status: z.enum(LEAD_CONTATTO_STATI, {
    message: 'Stato di contatto non valido: usa nuovo, contattato o non_raggiungibile',
  }),
});

/** POST /api/leads/{id}/unisci and /tieni-separati: the other lead of the pair. */
export const leadDuplicatoBodySchema = z.object({ altroLeadId: idSchema });
