import { z } from 'zod';
import { EMAIL_STATI, EMAIL_TIPI, NOTIFICA_TIPI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { cursorPageSchema, cursorQueryShape, pageTotalShape } from '#shared/schemas/common.ts';

const m = msg.notifiche;

/** One kind of e-mail the signed-in user may switch on or off (docs/product/notifications.md#preferenze). */
export const preferenzaSchema = z.object({
  tipo: z.enum(NOTIFICA_TIPI),
  /** Whether they receive it now. */
  attiva: z.boolean(),
  /** What it would be without their choice. */
  predefinita: z.boolean(),
  /** They chose; false = the default applies. */
  personalizzata: z.boolean(),
});
export type Preferenza = z.infer<typeof preferenzaSchema>;

export const preferenzeSchema = z.array(preferenzaSchema);

export const preferenzaParamsSchema = z.object({
  tipo: z.enum(NOTIFICA_TIPI, { message: m.tipoInvalid }),
});

export const preferenzaBodySchema = z.object({
  attiva: z.boolean({ error: m.attivaRequired }),
});

/** The admin's log: filter by status, newest first, one page at a time by cursor (docs/architecture.md#liste-e-paginazione). */
export const registroQuerySchema = z.object({
  stato: z.enum(EMAIL_STATI).optional(),
  ...cursorQueryShape,
});
export type RegistroQuery = z.output<typeof registroQuerySchema>;

export const registroItemSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(EMAIL_TIPI),
  destinatario: z.string(),
  oggetto: z.string(),
  stato: z.enum(EMAIL_STATI),
  tentativi: z.number().int(),
  ultimoErrore: z.string().nullable(),
  createdAt: z.string(),
  inviatoAt: z.string().nullable(),
  /** When the next attempt is due; only while queued. */
  prossimoTentativoAt: z.string().nullable(),
  scadeAt: z.string(),
});
export type RegistroItem = z.infer<typeof registroItemSchema>;

export const registroSchema = cursorPageSchema(registroItemSchema).extend({
  /** False when SMTP_URL / MAIL_FROM are not set: queued messages are 'non inviato'. */
  mailConfigured: z.boolean(),
  /** Messages per status, for the filter, each counted up to the lists' bound. */
  conteggi: z.record(z.enum(EMAIL_STATI), z.object(pageTotalShape)),
});
export type Registro = z.infer<typeof registroSchema>;
