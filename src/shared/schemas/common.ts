import { z } from 'zod';
import { ERROR_CODES } from '#shared/error-codes.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { toCents } from '#shared/money.ts';
import { SAFE_LINE, SAFE_MULTILINE } from '#shared/text-rules.ts';

/** Error body of every non-OK API reply; `code` is a public one (src/shared/error-codes.ts). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Ids are `serial` columns: positive 32-bit integers. Anything else is refused before a query. */
export const INT32_MAX = 2_147_483_647;

/** An id in a JSON body: a number, positive, within 32 bits. */
export const idSchema = z
  .number({ error: msg.common.invalidId })
  .int(msg.common.invalidId)
  .positive(msg.common.invalidId)
  .max(INT32_MAX, msg.common.invalidId);

/** An id in a path or a query string, where everything arrives as text. */
export const idQuerySchema = z
  .string({ error: msg.common.invalidId })
  .trim()
  .regex(/^\d{1,10}$/, msg.common.invalidId)
  .transform(Number)
  .pipe(idSchema);

export const idParamSchema = z.object({ id: idQuerySchema });

export interface TextOptions {
  /** Longest accepted text, after trimming. */
  max: number;
  /** Message for a missing or blank value: the text is then required. */
  required?: string;
  /** Message for a text over `max` (default: the generic one with the limit). */
  tooLong?: string;
  /** Notes keep tab and newlines; names, codes and searches are one line. */
  multiline?: boolean;
}

/**
 * Every text field of every request: trimmed, bounded, free of control characters (see
 * src/shared/text-rules.ts). `required` makes blank an error with that message.
 */
export function text(options: TextOptions) {
  let schema = (options.required ? z.string({ error: options.required }) : z.string()).trim();
  if (options.required) schema = schema.min(1, options.required);
  return schema
    .max(options.max, options.tooLong ?? fillMessage(msg.common.textTooLong, { max: options.max }))
    .regex(options.multiline ? SAFE_MULTILINE : SAFE_LINE, msg.common.controlChars);
}

/** A free-text search box: optional, one line, at most 200 characters. */
export const searchSchema = text({ max: 200 }).optional();

export const messageSchema = z.object({ message: z.string() });

/** The answer of a route that replies 204: no body (docs/openapi.json says so). */
export const noContentSchema = z.null().describe('Nessun contenuto');

/**
 * The largest amount a person may type: 9,999,999.99 €. Every sum the engine makes from such
 * amounts (10 supplies, bonuses, the structure's remainder) still fits numeric(12,2).
 */
export const MONEY_MAX_CENTS = 999_999_999;

const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** A typed amount's text (already trimmed) is well formed and within the bound. */
export function amountIssue(value: string, invalid: string): string | null {
  if (!AMOUNT_PATTERN.test(value))
    return value.length > 15 && /^\d+$/.test(value) ? msg.common.amountTooBig : invalid;
  return toCents(value) > MONEY_MAX_CENTS ? msg.common.amountTooBig : null;
}

/** Money travels as a decimal string with at most two decimals ("12.50"). */
export const moneySchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const issue = amountIssue(
      value,
      'Importo non valido: usa un numero non negativo con al massimo 2 decimali',
    );
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

/** `format` of every 'Esporta' endpoint: XLSX unless CSV is asked for. */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormatSchema = z
  .enum(EXPORT_FORMATS, { message: 'Formato non valido: xlsx o csv' })
  .default('xlsx');

const pageNumber = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Numero di pagina non valido' })
    .int('Numero di pagina non valido')
    .min(1, 'Numero di pagina non valido')
    .max(max, 'Numero di pagina non valido')
    .default(fallback);

/**
 * Past this many rows a list that cannot read its total from a counter stops counting and says
 * 'più di 10.000' (docs/performance.md#totali-delle-liste).
 */
export const TOTAL_BOUND = 10_000;
/**
 * A free-text search stops counting its matches sooner: every match is a row to read and re-check
 * (the trigram index only narrows), and past a thousand matches a person refines the search.
 */
export const SEARCH_TOTAL_BOUND = 1_000;
/**
 * A service filter (type, statuses, KO reason) re-checks the services of every practice or lead it
 * counts, so it stops at a thousand ('più di 1.000'): the practices' total, the
 * leads' service filter (docs/performance.md#totali-delle-liste).
 */
export const SERVICE_FILTER_TOTAL_BOUND = 1_000;

/**
 * The total of a list page: exact, or, when `totalIsLowerBound`, "more than `total`" (the list
 * stopped counting at TOTAL_BOUND). The screen says so in words, never a made-up number.
 */
export const pageTotalShape = {
  total: z.number().int(),
  totalIsLowerBound: z.boolean(),
};

/**
 * The one pagination every list moves to (docs/architecture.md#liste-e-paginazione): `cursor`
 * (absent: the first page) and `pageSize`; the answer carries `nextCursor`, null on the last page.
 * A screen keeps the cursors of the pages it has shown to go back with «Precedente».
 */
export const cursorQueryShape = {
  cursor: z.string().max(600, msg.common.invalidCursor).optional(),
  pageSize: pageNumber(200, 25),
};

export function cursorPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    ...pageTotalShape,
    nextCursor: z.string().nullable(),
  });
}
