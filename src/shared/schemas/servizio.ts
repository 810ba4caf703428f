import { z } from 'zod';
import { KO_MOTIVAZIONI, KO_MOTIVAZIONI_MANUALI, SERVIZIO_STATI } from '#shared/domain.ts';
import { ESITI_POST_ATTIVAZIONE } from '#shared/commissioni/maturazione.ts';
import { msg } from '#shared/messages.ts';
import { toCents } from '#shared/money.ts';
import { amountIssue, text } from '#shared/schemas/common.ts';
import { hasForniture, hasPercentCommission } from '#shared/servizi-catalogo.ts';

export const storicoSchema = z.object({
  id: z.number().int(),
  daStato: z.string().nullable(),
  aStato: z.string(),
  motivazione: z.string().nullable(),
  /** Where the change came from when not typed by hand (a supplier's outcome file). */
  nota: z.string().nullable().optional(),
  createdAt: z.string(),
  /** Who made the change ("Nome Cognome"), null when the user was deleted. */
  utente: z.string().nullable(),
});

export const servizioSchema = z.object({
  id: z.number().int(),
  praticaId: z.number().int(),
  tipoServizio: z.string(),
  stato: z.enum(SERVIZIO_STATI),
  koMotivazione: z.string().nullable(),
  /** Supplier code. */
  fornitore: z.string().nullable(),
  fornitoreNome: z.string().nullable(),
  ridPresente: z.boolean(),
  numeroForniture: z.number().int(),
  bonusPuntoFisico: z.string(),
  bonusAgente: z.string(),
  bonusAreaManager: z.string(),
  totaleVendita: z.string().nullable(),
  dataCreazione: z.string(),
  dataUltimoAggiornamento: z.string(),
  storico: z.array(storicoSchema),
  /** An outcome after activation, with its day (docs/product/lifecycle.md#esiti-dopo-lattivazione). */
  esito: z.object({ tipo: z.enum(ESITI_POST_ATTIVAZIONE), data: z.string() }).nullable(),
});
export type Servizio = z.infer<typeof servizioSchema>;

/** A money field typed by a person: number or decimal string, blank = not given. */
function moneyInput(message: string) {
  return z
    .union([z.string().max(30, msg.common.amountTooBig), z.number()], { error: message })
    .nullish()
    .transform((v) => (v == null ? undefined : String(v).trim().replace(',', '.')))
    .transform((v) => (v === '' ? undefined : v))
    .superRefine((v, ctx) => {
      const issue = v === undefined ? null : amountIssue(v, message);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    });
}

/**
 * PUT /api/servizi/{id}/status and the 'Modifica' dialog (docs/product/lifecycle.md#dati-al-completamento). The field
 * checks are here; the rules that depend on the service type are in servizioStatusIssues.
 */
export const servizioStatusBodySchema = z.object({
  stato: z.enum(SERVIZIO_STATI, { message: msg.servizio.statusInvalid }),
  koMotivazione: text({ max: 60 }).nullish(),
  /** Supplier code. */
  fornitore: text({ max: 40 }).nullish(),
  ridPresente: z.boolean().optional(),
  numeroForniture: z
    .union([z.number(), z.string().max(10)])
    .nullish()
    .transform((v, ctx) => {
      if (v == null || v === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 10) {
        ctx.addIssue({ code: 'custom', message: msg.servizio.numeroFornitureRange });
        return z.NEVER;
      }
      return n;
    }),
  bonusPuntoFisico: moneyInput(msg.servizio.bonusInvalid),
  bonusAgente: moneyInput(msg.servizio.bonusInvalid),
  bonusAreaManager: moneyInput(msg.servizio.bonusInvalid),
  totaleVendita: moneyInput(msg.servizio.amountInvalid),
});
export type ServizioStatusBody = z.output<typeof servizioStatusBodySchema>;
export type ServizioStatusInput = z.input<typeof servizioStatusBodySchema>;

export interface FieldIssue {
  path: keyof ServizioStatusBody;
  message: string;
}

/**
 * The rules that depend on the service type; the same on both sides. A withdrawal is a KO only
 * through its outcome (`viaEsito`), which checks the window first.
 */
export function servizioStatusIssues(
  tipoServizio: string,
  body: ServizioStatusBody,
  viaEsito = false,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (body.stato === 'ko') {
    if (!body.koMotivazione) issues.push({ path: 'koMotivazione', message: msg.servizio.koReasonRequired });
    else if (body.koMotivazione === 'ripensamento' && !viaEsito)
      issues.push({ path: 'koMotivazione', message: msg.maturazione.ripensamentoSoloDaEsito });
    else if (
      !((viaEsito ? KO_MOTIVAZIONI : KO_MOTIVAZIONI_MANUALI) as readonly string[]).includes(
        body.koMotivazione,
      )
    ) {
      issues.push({ path: 'koMotivazione', message: msg.servizio.koReasonInvalid });
    }
  }
  if (body.stato === 'completato') {
    // The commission configuration is per supplier and service, noleggio included.
    if (!body.fornitore) issues.push({ path: 'fornitore', message: msg.servizio.supplierRequired });
    if (
      hasPercentCommission(tipoServizio) &&
      (body.totaleVendita === undefined || toCents(body.totaleVendita) === 0)
    ) {
      issues.push({ path: 'totaleVendita', message: msg.servizio.totaleVenditaRequired });
    }
    if (body.numeroForniture !== undefined && !hasForniture(tipoServizio)) {
      issues.push({ path: 'numeroForniture', message: msg.servizio.numeroFornitureOnlyEnergy });
    }
  }
  return issues;
}

/** The dialog's schema for one service: field checks plus the type rules. */
export function servizioStatusSchemaFor(tipoServizio: string) {
  return servizioStatusBodySchema.superRefine((body, ctx) => {
    for (const issue of servizioStatusIssues(tipoServizio, body)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
}

export const servizioStatusResultSchema = z.object({
  servizio: servizioSchema,
  statoPratica: z.string(),
});
