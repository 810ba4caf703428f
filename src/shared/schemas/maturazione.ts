import { z } from 'zod';
import { ESITI_POST_ATTIVAZIONE, MODI_STORNO } from '#shared/commissioni/maturazione.ts';
import { msg } from '#shared/messages.ts';
import { CANALI } from '#shared/schemas/scheda.ts';
import { servizioSchema } from '#shared/schemas/servizio.ts';

const m = msg.maturazione;

const giorni = z
  .union([z.number(), z.string().max(10, m.giorniInvalid)], { error: m.giorniInvalid })
  .transform((v) => (typeof v === 'string' ? Number(v.trim() || Number.NaN) : v))
  .refine((n) => Number.isInteger(n) && n >= 0 && n <= 365, m.giorniInvalid);

/**
 * GET/PUT /api/impostazioni/ripensamento: the withdrawal period of each channel, in days
 * (docs/product/commissions.md#maturazione). Every channel is given.
 */
export const periodiRipensamentoSchema = z.object(
  Object.fromEntries(CANALI.map((c) => [c, giorni])) as Record<(typeof CANALI)[number], typeof giorni>,
);
export type PeriodiRipensamentoBody = z.input<typeof periodiRipensamentoSchema>;

export const periodiRipensamentoResponseSchema = z.object({
  periodi: z.object(
    Object.fromEntries(CANALI.map((c) => [c, z.number().int()])) as Record<
      (typeof CANALI)[number],
      z.ZodNumber
    >,
  ),
  /** The defaults and their sources, for the screen. */
  predefiniti: z.array(z.object({ canale: z.enum(CANALI), giorni: z.number().int(), fonte: z.string() })),
});
export type PeriodiRipensamentoResponse = z.infer<typeof periodiRipensamentoResponseSchema>;

/** A calendar day YYYY-MM-DD that exists. */
export const dayKeySchema = z
  .string({ error: m.dataInvalid })
  .trim()
  .max(10, m.dataInvalid)
  .refine((v) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!match) return false;
    const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    return d.toISOString().slice(0, 10) === v;
  }, m.dataInvalid);

/**
 * POST /api/servizi/{id}/esito, and the function the supplier outcome import calls
 * (docs/product/lifecycle.md#esiti-dopo-lattivazione).
 */
export const esitoPostAttivazioneBodySchema = z.object({
  tipo: z.enum(ESITI_POST_ATTIVAZIONE, { message: m.tipoInvalid }),
  data: dayKeySchema,
});
export type EsitoPostAttivazioneBody = z.infer<typeof esitoPostAttivazioneBodySchema>;

export const esitoPostAttivazioneResultSchema = z.object({
  /** annullata: a withdrawal removed the commission (or netted its payment); stornata: a clawback row; nessuno_storno: the rule takes nothing back. */
  effetto: z.enum(['annullata', 'stornata', 'nessuno_storno']),
  stornoId: z.number().int().nullable(),
  servizio: servizioSchema,
  statoPratica: z.string(),
});
export type EsitoPostAttivazioneResult = z.infer<typeof esitoPostAttivazioneResultSchema>;

/** The clawback rule fields of Config Commissioni: both empty (no rule) or both given. */
export const regolaStornoShape = {
  stornoMesi: z
    .union([z.number(), z.string().max(10)], { error: m.mesiInvalid })
    .nullish()
    .transform((v, ctx) => {
      if (v == null || v === '') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 120) {
        ctx.addIssue({ code: 'custom', message: m.mesiInvalid });
        return z.NEVER;
      }
      return n;
    }),
  stornoModo: z
    .union([z.enum(MODI_STORNO), z.literal('')], { error: m.modoInvalid })
    .nullish()
    .transform((v) => (v ? v : null)),
};
