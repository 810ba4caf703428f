import { z } from 'zod';
import { PRATICA_EVENTO_TIPI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { documentiCaricatiSchema, documentoSchema } from '#shared/schemas/landing.ts';

const m = msg.pratica.documenti;

const positiveId = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n > 0, message);

/**
 * The text fields of POST /api/leads/upload-files (multipart, docs/product/lifecycle.md#documenti): leadId, an optional
 * praticaId (default: the lead's most recent practice) and the landing's documentiCaricati as
 * JSON. The files come in parts named 'files'.
 */
export const staffUploadFieldsSchema = z.object({
  leadId: positiveId(m.leadRequired),
  praticaId: positiveId(m.fieldInvalid('praticaId')).optional(),
  documentiCaricati: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text == null || text.trim() === '') return undefined;
      try {
        const parsed = documentiCaricatiSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        /* not JSON: the issue below */
      }
      ctx.addIssue({ code: 'custom', message: m.documentiCaricatiInvalid });
      return z.NEVER;
    }),
});

export const staffUploadResponseSchema = z.object({
  praticaId: z.number().int(),
  documenti: z.array(documentoSchema),
});
export type StaffUploadResponse = z.infer<typeof staffUploadResponseSchema>;

/** One line of a practice's own history (documents added and deleted). */
export const praticaEventoSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(PRATICA_EVENTO_TIPI),
  descrizione: z.string(),
  utente: z.string().nullable(),
  createdAt: z.string(),
});
export type PraticaEvento = z.infer<typeof praticaEventoSchema>;
export const praticaEventiSchema = z.array(praticaEventoSchema);
