import { z } from 'zod';
import { KO_MOTIVAZIONI, PRATICA_STATI, SERVIZI_PRINCIPALI, SERVIZIO_STATI } from '#shared/domain.ts';
import {
  cursorPageSchema,
  cursorQueryShape,
  exportFormatSchema,
  idQuerySchema,
  pageTotalShape,
  searchSchema,
} from '#shared/schemas/common.ts';
import { servizioSchema } from '#shared/schemas/servizio.ts';

export const praticaSchema = z.object({
  id: z.number().int(),
  statoPratica: z.enum(PRATICA_STATI),
  leadId: z.number().int(),
  lead: z.object({ nome: z.string(), cognome: z.string(), telefono: z.string(), email: z.string() }),
  puntoFisicoId: z.number().int().nullable(),
  puntoFisico: z.object({ nomeAttivita: z.string() }).nullable(),
  orarioContatto: z.string().nullable(),
  dataCreazione: z.string(),
  indirizzoIP: z.string().nullable(),
  servizi: z.array(servizioSchema),
  documentiCount: z.number().int(),
});
export type Pratica = z.infer<typeof praticaSchema>;

const statiList = z
  .union([z.string().max(200), z.array(z.string().max(40)).max(10)])
  .optional()
  .transform((v) =>
    v == null
      ? []
      : [v]
          .flat()
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter(Boolean),
  )
  .pipe(z.array(z.enum(SERVIZIO_STATI, { message: 'Stato non valido' })));

/**
 * Filters of GET /api/pratiche and of its export. `stato` (service statuses, comma-separated or
 * repeated) and `koMotivazione` match practices having a service in that status; with `servizio`
 * it must be that service.
 */
export const praticheFiltersSchema = z.object({
  search: searchSchema,
  servizio: z.enum(SERVIZI_PRINCIPALI, { message: 'Servizio non valido' }).optional(),
  puntoFisicoId: idQuerySchema.optional(),
  /** Free text on the point of sale's name or address. */
  puntoFisico: searchSchema,
  stato: statiList,
  koMotivazione: z.enum(KO_MOTIVAZIONI, { message: 'Motivazione KO non valida' }).optional(),
  /** Only practices with a service whose scheda contratto is incomplete (docs/product/scheda-contratto.md). */
  schedaIncompleta: z
    .enum(['true', 'false', '1', '0', ''], { message: 'Filtro non valido' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export type PraticheFilters = z.output<typeof praticheFiltersSchema>;

/** GET /api/pratiche. */
export const listPraticheQuerySchema = praticheFiltersSchema.extend(cursorQueryShape);
/** GET /api/pratiche/export: the list's filters, one row per service, as XLSX or CSV. */
export const exportPraticheQuerySchema = praticheFiltersSchema.extend({
  format: exportFormatSchema,
});

const statoCountSchema = z.object(pageTotalShape);

/**
 * Per service status, the practices (matching the other filters) holding a service of the chosen
 * type in it, counted up to a bound like the list's total (docs/performance.md#totali-delle-liste);
 * null when a search matches more practices than its bound (they are not counted per status).
 */
export const statoCountsSchema = z.object({
  inserito: statoCountSchema,
  in_lavorazione: statoCountSchema,
  completato: statoCountSchema,
  ko: statoCountSchema,
});

export const praticheListSchema = cursorPageSchema(praticaSchema).extend({
  countsByStato: statoCountsSchema.nullable(),
});
export type PraticheList = z.infer<typeof praticheListSchema>;
