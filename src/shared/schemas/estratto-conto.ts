import { z } from 'zod';
import { BENEFICIARIO_RUOLI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { parsePeriodoEstratto } from '#shared/periodi.ts';
import { idQuerySchema } from '#shared/schemas/common.ts';

const m = msg.estrattoConto;

/** A month 'yyyy-MM' or a quarter 'yyyy-Tn' (docs/product/commissions.md#estratto-conto). */
export const periodoEstrattoSchema = z
  .string({ error: m.periodoInvalid })
  .trim()
  .refine((v) => parsePeriodoEstratto(v) != null, { message: m.periodoInvalid });

export const ESTRATTO_FORMATI = ['pdf', 'xlsx'] as const;
export type EstrattoFormato = (typeof ESTRATTO_FORMATI)[number];

/** GET /api/estratti-conto/{beneficiarioId}: one payee's statement for one period. */
export const estrattoQuerySchema = z.object({
  periodo: periodoEstrattoSchema,
  formato: z.enum(ESTRATTO_FORMATI, { message: m.formatoInvalid }).default('pdf'),
});

/** GET /api/estratti-conto/beneficiari and /zip: the period only. */
export const estrattiPeriodoQuerySchema = z.object({ periodo: periodoEstrattoSchema });

export const beneficiarioParamSchema = z.object({ beneficiarioId: idQuerySchema });

/** A payee with commissions in the period, and the net total its statement will show. */
export const beneficiarioSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  ruolo: z.enum(BENEFICIARIO_RUOLI),
  righe: z.number().int(),
  totale: z.string(),
});
export type Beneficiario = z.infer<typeof beneficiarioSchema>;

export const beneficiariListSchema = z.object({
  periodo: z.object({
    key: z.string(),
    label: z.string(),
    dataInizio: z.string(),
    dataFine: z.string(),
  }),
  beneficiari: z.array(beneficiarioSchema),
});
export type BeneficiariList = z.infer<typeof beneficiariListSchema>;
