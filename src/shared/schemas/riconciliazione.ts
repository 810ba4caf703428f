import { z } from 'zod';
import {
  ESTRATTO_RIGA_ESITI,
  RICONCILIAZIONE_STATI,
  RICONCILIAZIONE_VOCI,
  SERVIZIO_TIPI,
} from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { parsePeriodoEstratto } from '#shared/periodi.ts';
import { cursorPageSchema, cursorQueryShape, idQuerySchema, text } from '#shared/schemas/common.ts';

/** Supplier payment reconciliation: docs/product/fornitori-riconciliazione.md */
const m = msg.riconciliazione;

/** A statement may hold 100,000 rows (a large supplier's month); a few MB as CSV or XLSX. */
export const ESTRATTO_MAX_RIGHE = 100_000;
export const ESTRATTO_MAX_BYTES = 25 * 1024 * 1024;

/** What a statement column can identify a service by (the shared matcher's keys). */
export const ESTRATTO_CHIAVI = ['servizioId', 'praticaId', 'podPdr', 'codiceFiscale'] as const;
export type EstrattoChiave = (typeof ESTRATTO_CHIAVI)[number];

/** A calendar month, yyyy-MM. */
export const periodoMeseSchema = z
  .string({ error: m.periodoInvalid })
  .trim()
  .refine((v) => parsePeriodoEstratto(v)?.tipo === 'mese', { message: m.periodoInvalid });

/** POST /api/riconciliazioni/estratti: the file is the raw body; these come in the query. */
export const uploadEstrattoQuerySchema = z.object({
  fornitoreId: idQuerySchema,
  periodo: periodoMeseSchema,
  nomeFile: text({ max: 200, required: msg.importazione.nomeFileRequired }),
});

const colonnaSchema = text({ max: 200, required: m.importoNonAbbinato });

/** The columns of a statement by their header text, so the next file finds them whatever their order. */
export const estrattoMappaturaSchema = z.object({
  identificativi: z
    .array(
      z.object({
        colonna: text({ max: 200, required: m.identificativoNonAbbinato }),
        chiave: z.enum(ESTRATTO_CHIAVI),
      }),
    )
    .min(1, m.identificativoNonAbbinato)
    .max(ESTRATTO_CHIAVI.length),
  importo: colonnaSchema,
});
export type EstrattoMappatura = z.infer<typeof estrattoMappaturaSchema>;

export const previewEstrattoSchema = z.object({ mappatura: estrattoMappaturaSchema });

const totaliShape = {
  atteso: z.string(),
  pagato: z.string(),
  /** pagato − atteso over every line. */
  differenza: z.string(),
  daRecuperare: z.string(),
  /** Per kind of line: how many and the sum of their differences (pagato − atteso). */
  perTipo: z.array(
    z.object({ tipo: z.enum(RICONCILIAZIONE_VOCI), voci: z.number().int(), differenza: z.string() }),
  ),
};

export const riconciliazioneVoceSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(RICONCILIAZIONE_VOCI),
  servizioId: z.number().int().nullable(),
  praticaId: z.number().int().nullable(),
  tipoServizio: z.enum(SERVIZIO_TIPI).nullable(),
  cliente: z.string().nullable(),
  riga: z.number().int().nullable(),
  identificativo: z.string().nullable(),
  atteso: z.string(),
  pagato: z.string(),
  differenza: z.string(),
});
export type RiconciliazioneVoce = z.infer<typeof riconciliazioneVoceSchema>;

/** An uploaded statement and, after its preview, what the reconciliation would be. */
export const estrattoSchema = z.object({
  id: z.number().int(),
  fornitoreId: z.number().int(),
  fornitoreNome: z.string(),
  periodo: z.string(),
  nomeFile: z.string(),
  intestazioni: z.array(z.string()),
  rigaIntestazione: z.number().int(),
  totale: z.number().int(),
  /** Rows the preview has read and matched so far: its progress bar (all of them once it is done). */
  elaborate: z.number().int(),
  mappatura: estrattoMappaturaSchema.nullable(),
  /** The mapping comes from this supplier's last confirmed statement. */
  mappaturaSalvata: z.boolean(),
  confermato: z.boolean(),
  anteprima: z
    .object({
      righe: z.array(z.object({ esito: z.enum(ESTRATTO_RIGA_ESITI), righe: z.number().int() })),
      ...totaliShape,
      /** The first lines that differ, as the reconciliation will hold them (ids are 0). */
      differenze: z.array(riconciliazioneVoceSchema),
    })
    .nullable(),
});
export type Estratto = z.infer<typeof estrattoSchema>;

export const riconciliazioneSchema = z.object({
  id: z.number().int(),
  fornitoreId: z.number().int(),
  fornitoreNome: z.string(),
  periodo: z.string(),
  stato: z.enum(RICONCILIAZIONE_STATI),
  nomeFile: z.string(),
  ...totaliShape,
  confermataDa: z.string().nullable(),
  confermataAt: z.string(),
  chiusaDa: z.string().nullable(),
  chiusaAt: z.string().nullable(),
  notaChiusura: z.string().nullable(),
});
export type Riconciliazione = z.infer<typeof riconciliazioneSchema>;

export const riconciliazioniQuerySchema = z.object({
  ...cursorQueryShape,
  fornitoreId: idQuerySchema.optional(),
});
export const riconciliazioneSintesiSchema = riconciliazioneSchema.pick({
  id: true,
  fornitoreId: true,
  fornitoreNome: true,
  periodo: true,
  stato: true,
  atteso: true,
  pagato: true,
  differenza: true,
  daRecuperare: true,
});
export const riconciliazioniPageSchema = cursorPageSchema(riconciliazioneSintesiSchema);
export type RiconciliazioniPage = z.infer<typeof riconciliazioniPageSchema>;

export const vociQuerySchema = z.object({
  ...cursorQueryShape,
  /** Absent: the differences only (every kind but in_regola). */
  tipo: z.enum(RICONCILIAZIONE_VOCI).optional(),
});
export const vociPageSchema = cursorPageSchema(riconciliazioneVoceSchema);
export type VociPage = z.infer<typeof vociPageSchema>;

export const chiudiRiconciliazioneSchema = z.object({
  nota: text({ max: 2000, required: m.notaRequired, multiline: true }),
});

/** The dashboard card: what suppliers still owe for months that have ended. */
export const daRecuperareSchema = z.object({ importo: z.string(), riconciliazioni: z.number().int() });
export type DaRecuperare = z.infer<typeof daRecuperareSchema>;
