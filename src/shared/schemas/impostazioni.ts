import { z } from 'zod';
import { msg } from '#shared/messages.ts';
import { text } from '#shared/schemas/common.ts';

const m = msg.impostazioni;

/** Digits with the usual separators, at least six digits: a number a customer can dial. */
const PHONE_PATTERN = /^\+?[\d\s./()-]*$/;

const telefono = text({ max: 30 }).refine(
  (v) => v === '' || (PHONE_PATTERN.test(v) && v.replace(/\D/g, '').length >= 6),
  m.telefonoInvalid,
);

const email = text({ max: 254 })
  .toLowerCase()
  .refine((v) => v === '' || z.email().safeParse(v).success, m.titolareEmailInvalid);

/**
 * The admin's Impostazioni (GET/PUT /api/impostazioni): the company phone given to customers when
 * nobody at the point has one (docs/product/landing.md#consulente) and the privacy notice's
 * controller (docs/privacy.md#informativa). Every field may be blank; a blank controller field
 * leaves the notice incomplete, which the screen says.
 */
export const impostazioniSchema = z.object({
  telefonoAziendale: telefono,
  titolareNome: text({ max: 200 }),
  titolareIndirizzo: text({ max: 300 }),
  titolareEmail: email,
  dpo: text({ max: 300 }),
});
export type Impostazioni = z.infer<typeof impostazioniSchema>;

export const impostazioniResponseSchema = impostazioniSchema.extend({
  /** The notice's version now: recorded with every consent given from now on. */
  versioneInformativa: z.string(),
  informativaAggiornataAt: z.string().nullable(),
});
export type ImpostazioniResponse = z.infer<typeof impostazioniResponseSchema>;
