import { z } from 'zod';
import { BASI_RITENUTA, REGIMI_FISCALI, TIPI_PROFILO_FISCALE } from '#shared/fisco.ts';
import { msg } from '#shared/messages.ts';
import { isPartitaIva, normalizeCode } from '#shared/validators/codici.ts';

const m = msg.fisco.profilo;

/**
 * PUT /api/users/{id}/profilo-fiscale: what the admin types in the dialog, checked the same way
 * in the browser and on the server (docs/product/commissions.md#profilo-fiscale).
 */
export const profiloFiscaleInputSchema = z.object({
  tipo: z.enum(TIPI_PROFILO_FISCALE, { message: m.tipoRequired }),
  partitaIva: z
    .string({ error: m.partitaIvaInvalid })
    .refine(isPartitaIva, { message: m.partitaIvaInvalid })
    .transform(normalizeCode),
  regime: z.enum(REGIMI_FISCALI, { message: m.regimeRequired }),
  baseRitenuta: z.union(
    BASI_RITENUTA.map((b) => z.literal(b)),
    { message: m.baseRequired },
  ),
});
export type ProfiloFiscaleInput = z.input<typeof profiloFiscaleInputSchema>;

export const profiloFiscaleSchema = profiloFiscaleInputSchema.extend({
  partitaIva: z.string(),
  updatedAt: z.string(),
});
export type ProfiloFiscale = z.infer<typeof profiloFiscaleSchema>;

/** GET: the profile, or null when the admin has not set one yet. */
export const profiloFiscaleResponseSchema = z.object({ profilo: profiloFiscaleSchema.nullable() });
export type ProfiloFiscaleResponse = z.infer<typeof profiloFiscaleResponseSchema>;
