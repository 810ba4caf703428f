/**
 * The commission engine (docs/product/commissions.md): pure, integer cents in and out, no I/O.
 *
 * Rounding rule: only percentages can produce fractions of a cent. Each percentage share is
 * rounded on its own to the nearest cent, half away from zero (12.345 → 12.35, −12.345 → −12.35),
 * with exact integer arithmetic (BigInt), never floating point.
 */
import type { Cents } from '#shared/money.ts';
import { hasForniture, hasPercentCommission, servizioLabel } from '#shared/servizi-catalogo.ts';

/** A supplier's configuration for one service, amounts in cents, percentages in hundredths (12.50% → 1250). */
export interface CommissionConfig {
  commissionePuntoFisico: Cents;
  commissioneAgente: Cents;
  commissioneAreaManager: Cents;
  ricavoBase: Cents;
  bonusRid: Cents;
  commissioneAggiuntivaPuntoFisico: Cents;
  commissioneAggiuntivaAgente: Cents;
  commissioneAggiuntivaAreaManager: Cents;
  commissioneAggiuntivaRidPuntoFisico: Cents;
  commissioneAggiuntivaRidAgente: Cents;
  commissioneAggiuntivaRidAreaManager: Cents;
  percentualePuntoFisico: number;
  percentualeAgente: number;
  percentualeAreaManager: number;
  percentualeStruttura: number;
}

export interface RoleAmounts<T = Cents> {
  puntoFisico: T;
  agente: T;
  areaManager: T;
}

export interface CommissionInput {
  tipoServizio: string;
  /** Supplier name and code, for the error when the configuration is missing. */
  fornitore: { codice: string; nome: string };
  config: CommissionConfig | null;
  ridPresente: boolean;
  /** luce and gas only; ignored (1) for the other services. */
  numeroForniture: number;
  /** true when another unit of the same practice is already completed: then no base unit here. */
  hasEarlierUnit: boolean;
  /** Which people the point of sale has; a missing role earns 0 and its share stays with the structure. */
  roles: RoleAmounts<boolean>;
  bonus: RoleAmounts;
  /** noleggio only. */
  totaleVendita: Cents | null;
}

export interface CommissionResult {
  importoPuntoFisico: Cents;
  importoAgente: Cents;
  importoAreaManager: Cents;
  importoAmministrazione: Cents;
  /** What the supplier pays the structure (fixed services) or the sale total (noleggio). */
  ricavo: Cents;
  unitaBase: number;
  unitaAggiuntive: number;
  hasBonus: boolean;
  /** The bonuses actually paid (0 for a role the point lacks). */
  bonusApplicati: RoleAmounts;
}

export class CommissionConfigMissingError extends Error {
  constructor(fornitore: { codice: string; nome: string }, tipoServizio: string) {
    super(
      `Configurazione commissioni mancante per il fornitore ${fornitore.nome} (${fornitore.codice}) e il servizio ${servizioLabel(tipoServizio)}: configurala in Config Commissioni prima di completare il servizio.`,
    );
    this.name = 'CommissionConfigMissingError';
  }
}

export class CommissionInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommissionInputError';
  }
}

/** round(value × hundredthsOfPercent / 10000) to the cent, half away from zero. */
export function percentOf(value: Cents, hundredthsOfPercent: number): Cents {
  if (!Number.isInteger(value) || !Number.isInteger(hundredthsOfPercent)) {
    throw new CommissionInputError(
      'Importi e percentuali devono essere interi (centesimi e centesimi di punto).',
    );
  }
  const product = BigInt(value) * BigInt(hundredthsOfPercent);
  const negative = product < 0n;
  const abs = negative ? -product : product;
  let quotient = abs / 10000n;
  if ((abs % 10000n) * 2n >= 10000n) quotient += 1n;
  return Number(negative ? -quotient : quotient);
}

/** Units of a fixed-amount service: numeroForniture where it is sold in supplies, 1 otherwise. */
export function unitsOf(tipoServizio: string, numeroForniture: number): number {
  return hasForniture(tipoServizio) ? numeroForniture : 1;
}

function checkCents(value: Cents, what: string) {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new CommissionInputError(`${what} non valido: deve essere un importo non negativo.`);
}

export function computeCommission(input: CommissionInput): CommissionResult {
  const { config, roles } = input;
  if (!config) throw new CommissionConfigMissingError(input.fornitore, input.tipoServizio);
  checkCents(input.bonus.puntoFisico, 'Bonus punto fisico');
  checkCents(input.bonus.agente, 'Bonus agente');
  checkCents(input.bonus.areaManager, 'Bonus area manager');

  // A role the point does not have earns nothing, bonus included.
  const bonus: RoleAmounts = {
    puntoFisico: roles.puntoFisico ? input.bonus.puntoFisico : 0,
    agente: roles.agente ? input.bonus.agente : 0,
    areaManager: roles.areaManager ? input.bonus.areaManager : 0,
  };
  const hasBonus = bonus.puntoFisico > 0 || bonus.agente > 0 || bonus.areaManager > 0;

  if (hasPercentCommission(input.tipoServizio)) {
    if (input.totaleVendita == null || input.totaleVendita <= 0) {
      throw new CommissionInputError('Il totale vendita è obbligatorio per il noleggio');
    }
    checkCents(input.totaleVendita, 'Totale vendita');
    const total = input.totaleVendita;
    const share = {
      puntoFisico: percentOf(total, config.percentualePuntoFisico),
      agente: percentOf(total, config.percentualeAgente),
      areaManager: percentOf(total, config.percentualeAreaManager),
    };
    // The share of a missing role stays with the structure.
    const unassigned =
      (roles.puntoFisico ? 0 : share.puntoFisico) +
      (roles.agente ? 0 : share.agente) +
      (roles.areaManager ? 0 : share.areaManager);
    return {
      importoPuntoFisico: roles.puntoFisico ? share.puntoFisico + bonus.puntoFisico : 0,
      importoAgente: roles.agente ? share.agente + bonus.agente : 0,
      importoAreaManager: roles.areaManager ? share.areaManager + bonus.areaManager : 0,
      importoAmministrazione: percentOf(total, config.percentualeStruttura) + unassigned,
      ricavo: total,
      unitaBase: 0,
      unitaAggiuntive: 0,
      hasBonus,
      bonusApplicati: bonus,
    };
  }

  const units = unitsOf(input.tipoServizio, input.numeroForniture);
  if (!Number.isInteger(units) || units < 1 || units > 10) {
    throw new CommissionInputError('Il numero di forniture deve essere tra 1 e 10');
  }
  const unitaBase = input.hasEarlierUnit ? 0 : 1;
  const unitaAggiuntive = units - unitaBase;
  const ricavo = units * (config.ricavoBase + (input.ridPresente ? config.bonusRid : 0));

  const roleAmount = (base: Cents, aggiuntiva: Cents, aggiuntivaRid: Cents, roleBonus: Cents) =>
    unitaBase * base + unitaAggiuntive * (input.ridPresente ? aggiuntivaRid : aggiuntiva) + roleBonus;

  const importoPuntoFisico = roles.puntoFisico
    ? roleAmount(
        config.commissionePuntoFisico,
        config.commissioneAggiuntivaPuntoFisico,
        config.commissioneAggiuntivaRidPuntoFisico,
        bonus.puntoFisico,
      )
    : 0;
  const importoAgente = roles.agente
    ? roleAmount(
        config.commissioneAgente,
        config.commissioneAggiuntivaAgente,
        config.commissioneAggiuntivaRidAgente,
        bonus.agente,
      )
    : 0;
  const importoAreaManager = roles.areaManager
    ? roleAmount(
        config.commissioneAreaManager,
        config.commissioneAggiuntivaAreaManager,
        config.commissioneAggiuntivaRidAreaManager,
        bonus.areaManager,
      )
    : 0;

  return {
    importoPuntoFisico,
    importoAgente,
    importoAreaManager,
    // May be negative: then the structure loses money on this sale, and the admin sees it.
    importoAmministrazione: ricavo - importoPuntoFisico - importoAgente - importoAreaManager,
    ricavo,
    unitaBase,
    unitaAggiuntive,
    hasBonus,
    bonusApplicati: bonus,
  };
}

/** The storno of a paid commission: the same amounts, negated. See docs/product/commissions.md#storni */
export function stornoOf<
  T extends Pick<
    CommissionResult,
    'importoPuntoFisico' | 'importoAgente' | 'importoAreaManager' | 'importoAmministrazione'
  >,
>(amounts: T) {
  return {
    // 0 − x, not −x: a zero amount stays 0, not −0.
    importoPuntoFisico: 0 - amounts.importoPuntoFisico,
    importoAgente: 0 - amounts.importoAgente,
    importoAreaManager: 0 - amounts.importoAreaManager,
    importoAmministrazione: 0 - amounts.importoAmministrazione,
  };
}
