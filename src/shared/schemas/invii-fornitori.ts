import { z } from 'zod';
import {
  CAMPI_TRACCIATO,
  FORMATI_DATA,
  SEPARATORI_DECIMALI,
  SORGENTE_FISSO,
  type ColonnaTracciato,
} from '#shared/invii-fornitori.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { SERVIZIO_TIPI } from '#shared/servizi-catalogo.ts';
import {
  cursorPageSchema,
  cursorQueryShape,
  EXPORT_FORMATS,
  idQuerySchema,
  idSchema,
  text,
} from '#shared/schemas/common.ts';

/** Sending practices to suppliers (docs/product/fornitori-invii.md): layouts, 'Da inviare', batches. */

const m = msg.inviiFornitori.errori;

export const MAX_COLONNE = 80;
/** A batch takes at most this many services; the rest wait for the next one. */
export const LOTTO_MAX = 500;
/** Rows the live preview renders. */
export const ANTEPRIMA_RIGHE = 5;

const tipoServizioSchema = z.enum(SERVIZIO_TIPI, { message: m.servizioInvalid });

export const colonnaSchema = z
  .object({
    intestazione: text({ max: 80, required: m.intestazioneRequired }),
    sorgente: z.enum([SORGENTE_FISSO, ...CAMPI_TRACCIATO] as [string, ...string[]], {
      message: m.sorgenteInvalid,
    }),
    valore: text({ max: 200 }).optional(),
    formatoData: z.enum(FORMATI_DATA).default('dd/MM/yyyy'),
    decimali: z.enum(SEPARATORI_DECIMALI).default('virgola'),
    maiuscolo: z.boolean().default(false),
  })
  .superRefine((c, ctx) => {
    if (c.sorgente === SORGENTE_FISSO && !c.valore)
      ctx.addIssue({ code: 'custom', path: ['valore'], message: m.valoreRequired });
  })
  .transform((c) => c as ColonnaTracciato);

export const colonneSchema = z
  .array(colonnaSchema, { error: m.colonneRequired })
  .min(1, m.colonneRequired)
  .max(MAX_COLONNE, fillMessage(m.troppeColonne, { max: MAX_COLONNE }))
  .superRefine((colonne, ctx) => {
    const seen = new Set<string>();
    colonne.forEach((c, i) => {
      const key = c.intestazione.toLocaleLowerCase('it-IT');
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'intestazione'],
          message: fillMessage(m.intestazioneDoppia, { intestazione: c.intestazione }),
        });
      seen.add(key);
    });
  });

export const tracciatoParamsSchema = z.object({
  fornitoreId: idQuerySchema,
  tipoServizio: tipoServizioSchema,
});
export const fornitoreParamsSchema = z.object({ fornitoreId: idQuerySchema });

export const tracciatoBodySchema = z.object({ colonne: colonneSchema });

export const tracciatoSchema = z.object({
  fornitoreId: z.number().int(),
  tipoServizio: z.string(),
  /** 0: the default layout, never saved. */
  versione: z.number().int(),
  colonne: z.array(
    z.object({
      intestazione: z.string(),
      sorgente: z.string(),
      valore: z.string().optional(),
      formatoData: z.enum(FORMATI_DATA),
      decimali: z.enum(SEPARATORI_DECIMALI),
      maiuscolo: z.boolean(),
    }),
  ),
  salvatoIl: z.string().nullable(),
  salvatoDa: z.string().nullable(),
});
export type Tracciato = z.infer<typeof tracciatoSchema>;

export const anteprimaBodySchema = z.object({ tipoServizio: tipoServizioSchema, colonne: colonneSchema });
export const anteprimaSchema = z.object({
  intestazioni: z.array(z.string()),
  righe: z.array(z.array(z.string())),
});
export type Anteprima = z.infer<typeof anteprimaSchema>;

export const daInviareQuerySchema = z.object({ tipoServizio: tipoServizioSchema, ...cursorQueryShape });
export const daInviareItemSchema = z.object({
  servizioId: z.number().int(),
  praticaId: z.number().int(),
  cliente: z.string(),
  puntoFisico: z.string().nullable(),
  dataCreazione: z.string(),
});
export const daInviarePageSchema = cursorPageSchema(daInviareItemSchema);
export type DaInviarePage = z.infer<typeof daInviarePageSchema>;

export const lottoBodySchema = z.object({
  tipoServizio: tipoServizioSchema,
  formato: z.enum(EXPORT_FORMATS).default('xlsx'),
  /** The services to send; absent: every one 'Da inviare', oldest first, up to LOTTO_MAX. */
  servizioIds: z.array(idSchema).min(1, m.nessunServizio).max(LOTTO_MAX).optional(),
});
export const reinvioBodySchema = z.object({ formato: z.enum(EXPORT_FORMATS).default('xlsx') });
export const lottoParamsSchema = z.object({ id: idQuerySchema });

export const lottoSchema = z.object({
  id: z.number().int(),
  fornitoreId: z.number().int(),
  numero: z.number().int(),
  tipoServizio: z.string(),
  formato: z.enum(EXPORT_FORMATS),
  righe: z.number().int(),
  /** The layout version it was written with (0: the default layout). */
  tracciatoVersione: z.number().int(),
  /** The batch it sends again, by number; null for a first sending. */
  reinvioDiNumero: z.number().int().nullable(),
  creatoDa: z.string().nullable(),
  createdAt: z.string(),
});
export type Lotto = z.infer<typeof lottoSchema>;
export const lottiQuerySchema = z.object({ ...cursorQueryShape });
export const lottiPageSchema = cursorPageSchema(lottoSchema);
export type LottiPage = z.infer<typeof lottiPageSchema>;
