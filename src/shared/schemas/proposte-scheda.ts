import { z } from 'zod';
import { idQuerySchema } from '#shared/schemas/common.ts';
import type { ServizioConBolletta } from '#shared/servizi-catalogo.ts';

/**
 * What the bill reader proposes for a service's scheda, and the operator's decision on each
 * proposal (docs/product/lettura-bolletta.md).
 */
export const CAMPI_PROPOSTA = [
  'pod',
  'pdr',
  'codiceFiscale',
  'intestatario',
  'indirizzoFornitura',
  'potenzaKw',
  'consumoAnnuo',
  'fornitoreUscente',
  'codiceOfferta',
] as const;
export type CampoProposta = (typeof CAMPI_PROPOSTA)[number];

export const PROPOSTA_STATI = ['proposta', 'accettata', 'rifiutata'] as const;
export type PropostaStato = (typeof PROPOSTA_STATI)[number];

/** A bill's reading: queued, running, done, or a bill the reader could not read. */
export const LETTURA_STATI = ['in_coda', 'in_corso', 'fatta', 'illeggibile'] as const;
export type LetturaStato = (typeof LETTURA_STATI)[number];

/** A service's readings summed up: `nessuna` when none of its practice's documents is a bill. */
export const LETTURA_SINTESI = ['nessuna', 'in_corso', 'fatta', 'illeggibile'] as const;
export type LetturaSintesi = (typeof LETTURA_SINTESI)[number];

export const LIVELLI_CONFIDENZA = ['alta', 'media', 'bassa'] as const;
export type LivelloConfidenza = (typeof LIVELLI_CONFIDENZA)[number];

/** Alta from 0.85, Media from 0.6, else Bassa (docs/product/lettura-bolletta.md#confidenza). */
export function livelloConfidenza(confidenza: number): LivelloConfidenza {
  if (confidenza >= 0.85) return 'alta';
  if (confidenza >= 0.6) return 'media';
  return 'bassa';
}

/** The unit of a yearly consumption, by the service it is read for. */
export const UNITA_CONSUMO: Record<ServizioConBolletta, 'kWh' | 'Smc'> = { luce: 'kWh', gas: 'Smc' };

export const propostaSchema = z.object({
  id: z.number().int(),
  campo: z.enum(CAMPI_PROPOSTA),
  /** As the scheda takes it: codes upper case without spaces, numbers with a dot for decimals. */
  valore: z.string(),
  pagina: z.number().int().min(1),
  confidenza: z.number().min(0).max(1),
  livello: z.enum(LIVELLI_CONFIDENZA),
  /** kW for the power, kWh or Smc for the consumption; null for codes and names. */
  unita: z.enum(['kW', 'kWh', 'Smc']).nullable(),
  stato: z.enum(PROPOSTA_STATI),
  /** Who decided ("Nome Cognome") and when; null while it is a proposal. */
  decisaDa: z.string().nullable(),
  decisaIl: z.string().nullable(),
});
export type Proposta = z.infer<typeof propostaSchema>;

export const proposteServizioSchema = z.object({
  lettura: z.enum(LETTURA_SINTESI),
  proposte: z.array(propostaSchema),
});
export type ProposteServizio = z.infer<typeof proposteServizioSchema>;

export const propostaParamSchema = z.object({ id: idQuerySchema, pid: idQuerySchema });
