import { z } from 'zod';
import { PAGAMENTO_STATI, SERVIZI_PRINCIPALI } from '#shared/domain.ts';
import { ESITI_POST_ATTIVAZIONE, MODI_STORNO, STATI_MATURAZIONE } from '#shared/commissioni/maturazione.ts';
import { msg } from '#shared/messages.ts';
import { regolaStornoShape } from '#shared/schemas/maturazione.ts';
import { toCents } from '#shared/money.ts';
import {
  cursorPageSchema,
  cursorQueryShape,
  exportFormatSchema,
  idSchema,
  moneySchema,
  text,
} from '#shared/schemas/common.ts';

/** The amount fields of a supplier's configuration, in form order. */
export const CONFIG_AMOUNT_FIELDS = [
  'ricavoBase',
  'bonusRid',
  'commissionePuntoFisico',
  'commissioneAgente',
  'commissioneAreaManager',
  'commissioneAggiuntivaPuntoFisico',
  'commissioneAggiuntivaAgente',
  'commissioneAggiuntivaAreaManager',
  'commissioneAggiuntivaRidPuntoFisico',
  'commissioneAggiuntivaRidAgente',
  'commissioneAggiuntivaRidAreaManager',
] as const;
export const CONFIG_PERCENT_FIELDS = [
  'percentualePuntoFisico',
  'percentualeAgente',
  'percentualeAreaManager',
  'percentualeStruttura',
] as const;

const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

/** A percentage as written (0–100, at most 2 decimals); the form shows the sum live with it. */
export function isValidPercent(value: string): boolean {
  return PERCENT_PATTERN.test(value) && toCents(value) <= 10000;
}

const percentSchema = z
  .union([z.string().max(20), z.number()], { error: msg.commissione.percentInvalid })
  .transform((v) => String(v).trim())
  .refine(isValidPercent, { message: msg.commissione.percentInvalid });

const amountField = z
  .union([z.string().max(30, msg.common.amountTooBig), z.number()], { error: msg.servizio.amountInvalid })
  .transform((v) => String(v))
  .pipe(moneySchema)
  .default('0');

/** POST /api/commissioni-fornitori (and /api/commission-settings): upsert per supplier and service. */
export const commissioneConfigBodySchema = z
  .object({
    fornitoreId: z.union(
      [
        idSchema,
        z
          .string()
          .regex(/^\d{1,10}$/)
          .transform(Number)
          .pipe(idSchema),
      ],
      {
        error: msg.fornitore.notFound,
      },
    ),
    servizio: z.enum(SERVIZI_PRINCIPALI, { message: 'Servizio non valido' }),
    ricavoBase: amountField,
    bonusRid: amountField,
    commissionePuntoFisico: amountField,
    commissioneAgente: amountField,
    commissioneAreaManager: amountField,
    commissioneAggiuntivaPuntoFisico: amountField,
    commissioneAggiuntivaAgente: amountField,
    commissioneAggiuntivaAreaManager: amountField,
    commissioneAggiuntivaRidPuntoFisico: amountField,
    commissioneAggiuntivaRidAgente: amountField,
    commissioneAggiuntivaRidAreaManager: amountField,
    percentualePuntoFisico: percentSchema.default('0'),
    percentualeAgente: percentSchema.default('0'),
    percentualeAreaManager: percentSchema.default('0'),
    percentualeStruttura: percentSchema.default('0'),
    ...regolaStornoShape,
  })
  .superRefine((body, ctx) => {
    // A clawback rule needs both its months and its mode (docs/product/commissions.md#regole-di-storno).
    if (body.stornoMesi != null && body.stornoModo == null)
      ctx.addIssue({ code: 'custom', path: ['stornoModo'], message: msg.maturazione.modoRequired });
    // A malformed percentage already has its own issue; the sum is only meaningful over valid ones.
    if (!CONFIG_PERCENT_FIELDS.every((f) => isValidPercent(body[f]))) return;
    const sum = CONFIG_PERCENT_FIELDS.reduce((total, f) => total + toCents(body[f]), 0);
    if (sum > 10000)
      ctx.addIssue({
        code: 'custom',
        path: ['percentualeStruttura'],
        message: msg.commissione.percentSumTooHigh,
      });
  });
export type CommissioneConfigBody = z.input<typeof commissioneConfigBodySchema>;

export const commissioneConfigSchema = z.object({
  id: z.number().int(),
  fornitoreId: z.number().int(),
  fornitore: z.object({ codice: z.string(), nome: z.string() }),
  servizio: z.string(),
  ricavoBase: z.string(),
  bonusRid: z.string(),
  commissionePuntoFisico: z.string(),
  commissioneAgente: z.string(),
  commissioneAreaManager: z.string(),
  commissioneAggiuntivaPuntoFisico: z.string(),
  commissioneAggiuntivaAgente: z.string(),
  commissioneAggiuntivaAreaManager: z.string(),
  commissioneAggiuntivaRidPuntoFisico: z.string(),
  commissioneAggiuntivaRidAgente: z.string(),
  commissioneAggiuntivaRidAreaManager: z.string(),
  percentualePuntoFisico: z.string(),
  percentualeAgente: z.string(),
  percentualeAreaManager: z.string(),
  percentualeStruttura: z.string(),
  /** The clawback rule, or both null (docs/product/commissions.md#regole-di-storno). */
  stornoMesi: z.number().int().nullable(),
  stornoModo: z.enum(MODI_STORNO).nullable(),
  updatedAt: z.string(),
});
export type CommissioneConfig = z.infer<typeof commissioneConfigSchema>;

const dateKey = z
  .string()
  .trim()
  .max(20, msg.commissione.dateInvalid)
  .refine((v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return (
      d.getUTCFullYear() === Number(m[1]) &&
      d.getUTCMonth() === Number(m[2]) - 1 &&
      d.getUTCDate() === Number(m[3])
    );
  }, msg.commissione.dateInvalid);

const commissioniFiltersShape = {
  status: z.enum(PAGAMENTO_STATI, { message: 'Stato di pagamento non valido' }).optional(),
  /** In maturazione or maturata on the Rome day of the request (docs/product/commissions.md#maturazione). */
  maturazione: z.enum(STATI_MATURAZIONE, { message: msg.maturazione.filtroInvalid }).optional(),
  dataInizio: dateKey.optional(),
  dataFine: dateKey.optional(),
};
const rangeInOrder: [
  (q: { dataInizio?: string; dataFine?: string }) => boolean,
  { message: string; path: string[] },
] = [
  (q) => !q.dataInizio || !q.dataFine || q.dataInizio <= q.dataFine,
  { message: msg.commissione.dateRangeInvalid, path: ['dataFine'] },
];

/**
 * GET /api/commissioni: dates are Europe/Rome calendar days, both inclusive; `cursor` the previous
 * page's `nextCursor` (docs/architecture.md#liste-e-paginazione).
 */
export const listCommissioniQuerySchema = z
  .object({ ...commissioniFiltersShape, ...cursorQueryShape })
  .refine(...rangeInOrder);

/** GET /api/commissioni/export: the list's filters, every matching row, as XLSX or CSV. */
export const exportCommissioniQuerySchema = z
  .object({ ...commissioniFiltersShape, format: exportFormatSchema })
  .refine(...rangeInOrder);
export type CommissioniFilters = Pick<
  z.output<typeof exportCommissioniQuerySchema>,
  'status' | 'dataInizio' | 'dataFine' | 'maturazione'
>;

const bonusSchema = z.object({
  puntoFisico: z.string().optional(),
  agente: z.string().optional(),
  areaManager: z.string().optional(),
});

/**
 * A commission as a role may see it (docs/product/roles-and-scope.md#importi-delle-commissioni-per-ruolo): admin and amministrazione get the four
 * amounts; the other roles only their own, the other keys absent.
 */
export const commissioneSchema = z.object({
  id: z.number().int(),
  praticaId: z.number().int(),
  servizioId: z.number().int(),
  tipoServizio: z.string(),
  customerName: z.string(),
  fornitore: z.string().nullable(),
  fornitoreNome: z.string().nullable(),
  puntoFisicoId: z.number().int().nullable(),
  puntoFisicoNome: z.string().nullable(),
  dataCompletamento: z.string(),
  statoPagamento: z.enum(PAGAMENTO_STATI),
  dataPagamento: z.string().nullable(),
  notePagamento: z.string().nullable(),
  importoPuntoFisico: z.string().optional(),
  importoAgente: z.string().optional(),
  importoAreaManager: z.string().optional(),
  importoAmministrazione: z.string().optional(),
  hasBonus: z.boolean(),
  bonusApplicati: bonusSchema,
  unitaBase: z.number().int(),
  unitaAggiuntive: z.number().int(),
  /** Set on a storno row: the paid commission it claws back. */
  stornoOfId: z.number().int().nullable(),
  /** Set on a paid commission that was clawed back: its storno row. */
  stornoId: z.number().int().nullable(),
  /** Maturing (docs/product/commissions.md#maturazione); null on storni and on rows from before it was recorded. */
  dataContratto: z.string().nullable(),
  canale: z.string().nullable(),
  fineRipensamento: z.string().nullable(),
  /** On the day of the request; a storno is neither. */
  maturazione: z.enum(STATI_MATURAZIONE).nullable(),
  /** Paid while still in maturazione. */
  anticipo: z.boolean(),
  /** On a storno row after an outcome: why, when and the share its rule took back. */
  stornoDettaglio: z
    .object({
      motivo: z.enum(ESITI_POST_ATTIVAZIONE),
      data: z.string(),
      regola: z.object({ mesi: z.number().int(), modo: z.enum(MODI_STORNO) }).optional(),
      mesiTrascorsi: z.number().int().optional(),
      quota: z.object({ num: z.number().int(), den: z.number().int() }).optional(),
    })
    .nullable(),
});
export type Commissione = z.infer<typeof commissioneSchema>;

/**
 * The summary (docs/product/roles-and-scope.md#totali-per-ruolo): own amount; importoAmministrazione for admin; the four summed for
 * amministrazione. totale, daIncassare and incassate are net of storni; `storni` sums the storno
 * rows alone (≤ 0) in the same three columns, so a screen can show them as their own line.
 */
export const commissioniSummarySchema = z.object({
  totale: z.string(),
  daIncassare: z.string(),
  incassate: z.string(),
  storni: z.object({ totale: z.string(), daIncassare: z.string(), incassate: z.string() }),
  /** Of the filtered rows, those still in maturazione today, and of them the ones paid (advances). */
  maturazione: z.object({ inMaturazione: z.string(), anticipi: z.string() }).optional(),
});
export type CommissioniSummary = z.infer<typeof commissioniSummarySchema>;

export const commissioniListSchema = cursorPageSchema(commissioneSchema).extend({
  /** Own amount; importoAmministrazione for admin; the four summed for amministrazione (docs/product/roles-and-scope.md#totali-per-ruolo). */
  summary: commissioniSummarySchema,
});
export type CommissioniList = z.infer<typeof commissioniListSchema>;

export const paymentBodySchema = z.object({
  status: z.enum(PAGAMENTO_STATI, { message: 'Stato di pagamento non valido' }),
  note: text({ max: 1000, tooLong: msg.commissione.noteTooLong, multiline: true }).nullish(),
});
