import { z } from 'zod';
import { msg } from '#shared/messages.ts';
import { amountIssue, text } from '#shared/schemas/common.ts';
import {
  RANGE_PLAUSIBILI,
  ibanIssue,
  isCap,
  isCodiceFiscale,
  isCodiceMigrazione,
  isDocumentoValido,
  isInRange,
  isPartitaIva,
  isPdr,
  isPod,
  isProvincia,
  normalizeCode,
} from '#shared/validators/codici.ts';
import {
  CAMPI_PER_TIPO,
  OPERAZIONI_PER_TIPO,
  schedaTipoOf,
  type CampoScheda,
} from '#shared/scheda-contratto.ts';

/**
 * The scheda contratto of one service: GET / PUT /api/servizi/{id}/scheda and the 'Scheda
 * contratto' form (docs/product/scheda-contratto.md). Every field may be left empty while the
 * scheda is being filled in; a field that is given must be valid. Codes are stored normalised
 * (upper case, no spaces). The rules that depend on the service (its operations, its supply
 * fields, the plausible consumption) are in schedaIssues.
 */

const m = msg.scheda.errori;

/** A free text: blank is "not given". */
const testo = (max: number) =>
  text({ max })
    .optional()
    .transform((v) => (v ? v : undefined));

/** A code checked by `check` once normalised; blank is "not given". */
const codice = (check: (s: string) => boolean, message: string) =>
  text({ max: 40 })
    .optional()
    .transform((v) => (v ? normalizeCode(v) : undefined))
    .refine((v) => v === undefined || check(v), message);

const scelta = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .union([z.enum(values, { message: m.scelta }), z.literal('')])
    .optional()
    .transform((v) => (v ? v : undefined));

/** A calendar day as YYYY-MM-DD that exists (no 31 February). */
function isDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
}
const data = () =>
  text({ max: 20 })
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isDay(v), m.data);

/** A number typed the Italian way ("4,5") or the API's ("4.5"), kept as its decimal text. */
const numero = (decimals: number) =>
  z
    .union([z.string().max(20), z.number()], { error: m.numero })
    .optional()
    .transform((v) => (v == null ? undefined : String(v).trim().replace(',', '.')))
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) =>
        v === undefined || new RegExp(`^\\d{1,9}${decimals > 0 ? `(\\.\\d{1,${decimals}})?` : ''}$`).test(v),
      m.numero,
    );

export const INTESTATARIO_TIPI = ['persona', 'impresa'] as const;
export const DOCUMENTO_TIPI = ['carta_identita', 'patente', 'passaporto'] as const;
export const USI = ['domestico_residente', 'domestico_non_residente', 'altri_usi'] as const;
export const PAGAMENTI = ['bollettino', 'sepa'] as const;
/** The sales channels (docs/product/scheda-contratto.md#origine): a landing practice is web/QR unless staff change it. */
export const CANALI = ['negozio', 'porta_a_porta', 'telefono', 'web_qr'] as const;
export const OPERAZIONI = [
  'cambio_fornitore',
  'voltura',
  'subentro',
  'nuova_attivazione',
  'migrazione',
  'nuova_linea',
  'nuovo_contratto',
] as const;

// Exactly the fields of CAMPI_SCHEDA: `satisfies` refuses a missing one and an extra one.
const SCHEDA_SHAPE = {
  tipoOperazione: scelta(OPERAZIONI),
  intestatarioTipo: scelta(INTESTATARIO_TIPI),
  nome: testo(80),
  cognome: testo(80),
  // For a company the codice fiscale may be its 11 digits: schedaIssues checks it by holder type.
  codiceFiscale: codice((s) => isCodiceFiscale(s) || isPartitaIva(s), m.codiceFiscale),
  dataNascita: data(),
  luogoNascita: testo(80),
  ragioneSociale: testo(160),
  partitaIva: codice(isPartitaIva, m.partitaIva),
  telefono: testo(30),
  email: testo(254).refine((v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), m.email),
  documentoTipo: scelta(DOCUMENTO_TIPI),
  documentoNumero: codice((s) => /^[A-Z0-9]{4,20}$/.test(s), m.numero),
  documentoRilasciatoDa: testo(120),
  documentoScadenza: data(),
  residenzaVia: testo(160),
  residenzaCivico: testo(20),
  residenzaCap: testo(5).refine((v) => v === undefined || isCap(v), m.cap),
  residenzaComune: testo(80),
  residenzaProvincia: codice(isProvincia, m.provincia),
  fornituraUgualeResidenza: z.boolean().optional(),
  fornituraVia: testo(160),
  fornituraCivico: testo(20),
  fornituraCap: testo(5).refine((v) => v === undefined || isCap(v), m.cap),
  fornituraComune: testo(80),
  fornituraProvincia: codice(isProvincia, m.provincia),
  pod: codice(isPod, m.pod),
  potenzaKw: numero(2).refine(
    (v) => v === undefined || isInRange(Number(v), RANGE_PLAUSIBILI.potenzaKw),
    m.potenza,
  ),
  uso: scelta(USI),
  consumoAnnuo: numero(0),
  pdr: codice(isPdr, m.pdr),
  fornitoreUscente: testo(80),
  codiceOfferta: testo(40),
  operatoreAttuale: testo(80),
  codiceMigrazione: codice(isCodiceMigrazione, m.codiceMigrazione),
  veicolo: testo(120),
  durataMesi: numero(0).refine(
    (v) => v === undefined || isInRange(Number(v), RANGE_PLAUSIBILI.durataMesi),
    m.durata,
  ),
  kmAnno: numero(0).refine((v) => v === undefined || isInRange(Number(v), RANGE_PLAUSIBILI.kmAnno), m.kmAnno),
  anticipo: z
    .union([z.string().max(30), z.number()], { error: m.anticipo })
    .optional()
    .transform((v) => (v == null ? undefined : String(v).trim().replace(',', '.')))
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || amountIssue(v, m.anticipo) === null, m.anticipo),
  pagamento: scelta(PAGAMENTI),
  iban: text({ max: 40 })
    .optional()
    .transform((v) => (v ? normalizeCode(v) : undefined))
    .superRefine((v, ctx) => {
      const issue = v === undefined ? null : ibanIssue(v);
      if (issue)
        ctx.addIssue({ code: 'custom', message: issue === 'lunghezza' ? m.ibanLunghezza : m.ibanControllo });
    }),
  ibanIntestatario: testo(160),
  ibanCodiceFiscale: codice((s) => isCodiceFiscale(s) || isPartitaIva(s), m.codiceFiscale),
  canale: scelta(CANALI),
  operatore: testo(120),
  dataFirma: data(),
} satisfies Record<CampoScheda, z.ZodType>;

export const schedaBodySchema = z.object(SCHEDA_SHAPE);
/** A scheda as stored and sent back: the fields given, normalised. */
export type Scheda = z.output<typeof schedaBodySchema>;

export interface SchedaIssue {
  path: CampoScheda;
  message: string;
}

/**
 * The rules that depend on the service and the day: the operation must be one of the service's,
 * fields of another kind of service are refused, the consumption is plausible for its unit, a
 * company's codice fiscale may be its 11 digits, the document has not expired on `oggi`
 * (YYYY-MM-DD, Europe/Rome).
 */
export function schedaIssues(tipoServizio: string, scheda: Scheda, oggi: string): SchedaIssue[] {
  const tipo = schedaTipoOf(tipoServizio);
  const issues: SchedaIssue[] = [];
  const allowed = new Set<string>(CAMPI_PER_TIPO[tipo]);
  for (const [key, value] of Object.entries(scheda)) {
    if (value !== undefined && !allowed.has(key))
      issues.push({ path: key as CampoScheda, message: m.nonPrevisto });
  }
  if (
    scheda.tipoOperazione &&
    !(OPERAZIONI_PER_TIPO[tipo] as readonly string[]).includes(scheda.tipoOperazione)
  )
    issues.push({ path: 'tipoOperazione', message: m.operazione });
  if (scheda.codiceFiscale && scheda.intestatarioTipo !== 'impresa' && !isCodiceFiscale(scheda.codiceFiscale))
    issues.push({ path: 'codiceFiscale', message: m.codiceFiscale });
  if (scheda.consumoAnnuo !== undefined && allowed.has('consumoAnnuo')) {
    const smc = tipo === 'gas_naturale';
    if (
      !isInRange(Number(scheda.consumoAnnuo), smc ? RANGE_PLAUSIBILI.consumoSmc : RANGE_PLAUSIBILI.consumoKwh)
    )
      issues.push({ path: 'consumoAnnuo', message: smc ? m.consumoSmc : m.consumoKwh });
  }
  if (scheda.documentoScadenza && !isDocumentoValido(scheda.documentoScadenza, oggi))
    issues.push({ path: 'documentoScadenza', message: m.documentoScaduto });
  return issues;
}

/** The form's schema for one service: the field checks and that service's rules, with the same messages. */
export function schedaSchemaFor(tipoServizio: string, oggi: string) {
  return schedaBodySchema.superRefine((scheda, ctx) => {
    for (const issue of schedaIssues(tipoServizio, scheda, oggi))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
}

/** GET and PUT /api/servizi/{id}/scheda. */
export const schedaResponseSchema = z.object({
  servizioId: z.number().int(),
  tipoServizio: z.string(),
  scheda: z.record(z.string(), z.union([z.string(), z.boolean()])),
  completa: z.boolean(),
  /** The Italian labels of what the service's operation still needs. */
  mancanti: z.array(z.string()),
  aggiornataIl: z.string().nullable(),
});
export type SchedaResponse = z.infer<typeof schedaResponseSchema>;
