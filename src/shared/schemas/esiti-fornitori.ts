import { z } from 'zod';
import { SERVIZIO_TIPI } from '#shared/domain.ts';
import {
  ESITI_CARICAMENTO_STATI,
  ESITO_AZIONI,
  ESITO_IDENTIFICATIVI,
  ESITO_RIGA_ESITI,
} from '#shared/esiti-fornitori.ts';
import { msg } from '#shared/messages.ts';
import { idQuerySchema, text } from '#shared/schemas/common.ts';

const m = msg.esitiFornitori;

/** Files of suppliers are big: a year of activations of a large agency (docs/product/fornitori-esiti.md#file). */
export const ESITI_MAX_RIGHE = 100_000;
export const ESITI_MAX_BYTES = 20 * 1024 * 1024;

/** POST /api/esiti-fornitori: the file is the raw request body; these come in the query. */
export const uploadEsitiQuerySchema = z.object({
  fornitoreId: idQuerySchema,
  tipoServizio: z.enum(SERVIZIO_TIPI).optional(),
  nomeFile: text({ max: 200, required: m.nomeFileRequired }),
});

const header = z.string().max(300);

/** Columns by their header text (a supplier's next file may order them differently), and each value's target. */
export const esitiMappaturaSchema = z.object({
  identificativi: z.object(
    Object.fromEntries(ESITO_IDENTIFICATIVI.map((k) => [k, header.nullish()])) as Record<
      (typeof ESITO_IDENTIFICATIVI)[number],
      z.ZodOptional<z.ZodNullable<typeof header>>
    >,
  ),
  esito: header,
  data: header.nullable(),
  valori: z.record(z.string().max(300), z.enum(ESITO_AZIONI)),
});
export type EsitiMappaturaInput = z.infer<typeof esitiMappaturaSchema>;

export const previewEsitiSchema = z.object({ mappatura: esitiMappaturaSchema });

const conteggiSchema = z.object(
  Object.fromEntries(ESITO_RIGA_ESITI.map((k) => [k, z.number().int().optional()])) as Record<
    (typeof ESITO_RIGA_ESITI)[number],
    z.ZodOptional<z.ZodNumber>
  >,
);

export const esitoRigaSchema = z.object({
  riga: z.number().int(),
  esito: z.enum(ESITO_RIGA_ESITI),
  servizioId: z.number().int().nullable(),
  motivo: z.string().nullable(),
});

export const esitiCaricamentoSchema = z.object({
  id: z.number().int(),
  fornitoreId: z.number().int(),
  fornitoreNome: z.string(),
  tipoServizio: z.enum(SERVIZIO_TIPI).nullable(),
  nomeFile: z.string(),
  stato: z.enum(ESITI_CARICAMENTO_STATI),
  intestazioni: z.array(z.string()),
  rigaIntestazione: z.number().int(),
  /** The distinct values of each column (the first 30), for mapping the outcome values. */
  valoriColonne: z.array(z.array(z.string())),
  mappatura: esitiMappaturaSchema.nullable(),
  /** The mapping came from this supplier's last file. */
  mappaturaSalvata: z.boolean(),
  totale: z.number().int(),
  elaborate: z.number().int(),
  conteggi: conteggiSchema.nullable(),
  /** The first rows that need a look (not found, ambiguous, in conflict, in error), in file order. */
  righe: z.array(esitoRigaSchema),
  createdAt: z.string(),
});
export type EsitiCaricamento = z.infer<typeof esitiCaricamentoSchema>;
