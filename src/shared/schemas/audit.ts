import { z } from 'zod';
import { AUDIT_TIPI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { idQuerySchema } from '#shared/schemas/common.ts';

const m = msg.audit;

/** A day as the date inputs send it (Europe/Rome calendar day). */
const daySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.invalidDate)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), m.invalidDate);

/**
 * The admin's view of the audit log: newest first, filtered by kind, user and days, one page at
 * a time by keyset (`cursor` is the `nextCursor` of the previous page; the log can be large).
 */
export const auditQuerySchema = z.object({
  tipo: z.enum(AUDIT_TIPI, { message: 'Tipo di attività non valido' }).optional(),
  utenteId: idQuerySchema.optional(),
  dal: daySchema.optional(),
  al: daySchema.optional(),
  cursor: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,80}$/, m.invalidCursor)
    .optional(),
  pageSize: z.coerce
    .number({ error: 'Numero di righe non valido' })
    .int('Numero di righe non valido')
    .min(1, 'Numero di righe non valido')
    .max(200, 'Numero di righe non valido')
    .default(50),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  tipo: z.enum(AUDIT_TIPI),
  utenteId: z.number().int().nullable(),
  utente: z.string().nullable(),
  ip: z.string().nullable(),
  oggettoTipo: z.string().nullable(),
  oggettoId: z.number().int().nullable(),
  dettagli: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

export const auditPageSchema = z.object({
  items: z.array(auditItemSchema),
  /** Pass it back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Privacy settings the admin edits (docs/privacy.md#conservazione). */
export const RETENTION_MONTHS_DEFAULT = 24;

export const privacySettingsSchema = z.object({
  conservazioneLeadMesi: z.coerce
    .number({ error: msg.privacy.retention.invalid })
    .int(msg.privacy.retention.invalid)
    .min(1, msg.privacy.retention.invalid)
    .max(120, msg.privacy.retention.invalid),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
