import { z } from 'zod';
import { AUDIT_TIPI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { cursorPageSchema, cursorQueryShape, idQuerySchema } from '#shared/schemas/common.ts';

const m = msg.audit;

/** A day as the date inputs send it (Europe/Rome calendar day). */
const daySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.invalidDate)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), m.invalidDate);

/**
 * The admin's view of the audit log: newest first, filtered by kind, user and days, one page at
 * a time by cursor (docs/architecture.md#liste-e-paginazione; the log can be large).
 */
export const auditQuerySchema = z.object({
  tipo: z.enum(AUDIT_TIPI, { message: 'Tipo di attività non valido' }).optional(),
  utenteId: idQuerySchema.optional(),
  dal: daySchema.optional(),
  al: daySchema.optional(),
  ...cursorQueryShape,
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

export const auditPageSchema = cursorPageSchema(auditItemSchema);
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
