import { z } from 'zod';
import { SERVIZI_PRINCIPALI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { text } from '#shared/schemas/common.ts';

export const fornitoreSchema = z.object({
  id: z.number().int(),
  codice: z.string(),
  nome: z.string(),
  serviziSupportati: z.array(z.string()),
  isActive: z.boolean(),
});
export type Fornitore = z.infer<typeof fornitoreSchema>;

export const listFornitoriQuerySchema = z.object({
  servizio: z.enum(SERVIZI_PRINCIPALI).optional(),
});

/** Admin create and edit of a supplier and the services it supports. */
export const fornitoreBodySchema = z.object({
  codice: z
    .string({ error: msg.fornitore.codiceRequired })
    .trim()
    .max(40, msg.fornitore.codiceInvalid)
    .toUpperCase()
    .min(1, msg.fornitore.codiceRequired)
    .regex(/^[A-Z0-9_]{2,20}$/, msg.fornitore.codiceInvalid),
  nome: text({ max: 120, required: msg.fornitore.nomeRequired }),
  serviziSupportati: z
    .array(z.enum(SERVIZI_PRINCIPALI, { message: msg.fornitore.serviziRequired }), {
      error: msg.fornitore.serviziRequired,
    })
    .min(1, msg.fornitore.serviziRequired)
    .max(10, msg.fornitore.serviziRequired)
    .transform((list) => [...new Set(list)]),
  isActive: z.boolean().default(true),
});
export type FornitoreBody = z.input<typeof fornitoreBodySchema>;
