import { z } from 'zod';
import { TIPI_PROFILO_FISCALE } from '#shared/fisco.ts';
import { msg } from '#shared/messages.ts';
import { parsePeriodoEstratto } from '#shared/periodi.ts';

const m = msg.fisco.riepiloghi;

const periodoOf = (tipo: 'mese' | 'trimestre') =>
  z
    .string({ error: m.periodoInvalid })
    .trim()
    .refine((v) => parsePeriodoEstratto(v)?.tipo === tipo, { message: m.periodoInvalid });

/** GET /api/fisco/enasarco: a quarter, '2026-T2'. */
export const enasarcoQuerySchema = z.object({ periodo: periodoOf('trimestre') });
/** GET /api/fisco/ritenute: a month, '2026-05'. */
export const ritenuteQuerySchema = z.object({ periodo: periodoOf('mese') });

const periodoSchema = z.object({
  key: z.string(),
  label: z.string(),
  dataInizio: z.string(),
  dataFine: z.string(),
});

/** The quarter's Enasarco per agent (docs/product/commissions.md#riepiloghi-per-ladmin). */
export const enasarcoRiepilogoSchema = z.object({
  periodo: periodoSchema,
  /** yyyy-MM-dd */
  scadenza: z.string(),
  righe: z.array(
    z.object({
      beneficiarioId: z.number().int(),
      nome: z.string(),
      cognome: z.string(),
      tipo: z.enum(TIPI_PROFILO_FISCALE),
      imponibile: z.string(),
      imponibileEnasarco: z.string(),
      massimale: z.string().nullable(),
      massimaleRaggiunto: z.boolean(),
      quotaAgente: z.string(),
      quotaPreponente: z.string(),
      integrazioneMinimale: z.string(),
      totale: z.string(),
    }),
  ),
  totali: z.object({
    quotaAgente: z.string(),
    quotaPreponente: z.string(),
    integrazioneMinimale: z.string(),
    totale: z.string(),
  }),
  /** Payees with commissions in the period and no fiscal profile: left out. */
  senzaProfilo: z.number().int(),
});
export type EnasarcoRiepilogo = z.infer<typeof enasarcoRiepilogoSchema>;

/** The month's ritenute, on what was paid in it. */
export const ritenuteRiepilogoSchema = z.object({
  periodo: periodoSchema,
  scadenza: z.string(),
  codiceTributo: z.string(),
  righe: z.array(
    z.object({
      beneficiarioId: z.number().int(),
      nome: z.string(),
      cognome: z.string(),
      tipo: z.enum(TIPI_PROFILO_FISCALE),
      pagato: z.string(),
      base: z.union([z.literal(50), z.literal(20)]),
      imponibile: z.string(),
      ritenuta: z.string(),
    }),
  ),
  totali: z.object({ pagato: z.string(), ritenuta: z.string() }),
  senzaProfilo: z.number().int(),
});
export type RitenuteRiepilogo = z.infer<typeof ritenuteRiepilogoSchema>;
