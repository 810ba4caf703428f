import { z } from 'zod';

/** Error body of every non-OK API reply. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const messageSchema = z.object({ message: z.string() });

/** Money travels as a decimal string with at most two decimals ("12.50"). */
export const moneySchema = z
  .string()
  .trim()
  .regex(
    /^\d{1,10}(\.\d{1,2})?$/,
    'Importo non valido: usa un numero non negativo con al massimo 2 decimali',
  );

/** `format` of every 'Esporta' endpoint: XLSX unless CSV is asked for. */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormatSchema = z
  .enum(EXPORT_FORMATS, { message: 'Formato non valido: xlsx o csv' })
  .default('xlsx');

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
