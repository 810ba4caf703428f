/**
 * What a payee's statement withholds (docs/product/commissions.md#enasarco-e-ritenuta-dacconto):
 * the Enasarco contribution at the agent's charge, up to the year's cap, and the ritenuta
 * d'acconto. One table by year holds every rate, cap and minimum; the functions below are pure,
 * in integer cents, and shared by the statement, the admin's summaries and their tests.
 */
import { percentOf } from '#shared/commissioni/engine.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import type { Cents } from '#shared/money.ts';

export const TIPI_PROFILO_FISCALE = [
  'agente_monomandatario',
  'agente_plurimandatario',
  'agente_societa',
  'segnalatore',
  'punto_fisico_societa',
] as const;
export type TipoProfiloFiscale = (typeof TIPI_PROFILO_FISCALE)[number];

export const REGIMI_FISCALI = ['ordinario', 'forfettario'] as const;
export type RegimeFiscale = (typeof REGIMI_FISCALI)[number];

/** The share of the commission the ritenuta is computed on: 50%, or 20% on the agent's declaration. */
export const BASI_RITENUTA = [50, 20] as const;
export type BaseRitenuta = (typeof BASI_RITENUTA)[number];

export interface ProfiloFiscaleRegole {
  tipo: TipoProfiloFiscale;
  regime: RegimeFiscale;
  baseRitenuta: BaseRitenuta;
}

/** The kinds registered with Enasarco: agents, as individuals or as a company. */
export const isAgenteEnasarco = (tipo: TipoProfiloFiscale) =>
  tipo === 'agente_monomandatario' || tipo === 'agente_plurimandatario' || tipo === 'agente_societa';

/** Rates in hundredths of a percent (850 = 8.50%), amounts in cents. */
export interface RegoleAnno {
  enasarco: {
    /** Individual agents: the agent's and the principal's share of the contribution. */
    aliquotaAgente: number;
    aliquotaPreponente: number;
    /** Yearly cap on the commissions the contribution is computed on. */
    massimale: { mono: Cents; pluri: Cents };
    /** Yearly minimum contribution (agent + principal), due a quarter at a time. */
    minimale: { mono: Cents; pluri: Cents };
    /** Società di capitali: no cap, a flat rate up to the first threshold. */
    societa: { aliquotaAgente: number; aliquotaPreponente: number; soglia: Cents };
  };
  /** Ritenuta d'acconto (art. 25-bis DPR 600/73) on the base share of the commission. */
  ritenuta: { aliquota: number };
}

/** Sources: docs/product/commissions.md#fonti. */
export const REGOLE_PER_ANNO: Readonly<Record<number, RegoleAnno>> = {
  2025: {
    enasarco: {
      aliquotaAgente: 850,
      aliquotaPreponente: 850,
      massimale: { mono: 4_508_500, pluri: 3_005_700 },
      minimale: { mono: 101_100, pluri: 50_700 },
      societa: { aliquotaAgente: 100, aliquotaPreponente: 300, soglia: 1_300_000_000 },
    },
    ritenuta: { aliquota: 2300 },
  },
  2026: {
    enasarco: {
      aliquotaAgente: 850,
      aliquotaPreponente: 850,
      massimale: { mono: 4_571_700, pluri: 3_047_800 },
      minimale: { mono: 102_600, pluri: 51_500 },
      societa: { aliquotaAgente: 100, aliquotaPreponente: 300, soglia: 1_300_000_000 },
    },
    ritenuta: { aliquota: 2300 },
  },
};

export class FiscoError extends Error {
  constructor(
    message: string,
    readonly kind: 'annoMancante' | 'sogliaSocieta',
  ) {
    super(message);
    this.name = 'FiscoError';
  }
}

export function regoleAnno(anno: number): RegoleAnno {
  const regole = REGOLE_PER_ANNO[anno];
  if (!regole) throw new FiscoError(fillMessage(msg.fisco.annoMancante, { anno }), 'annoMancante');
  return regole;
}

const clamp = (value: Cents, max: Cents) => Math.min(Math.max(value, 0), max);

export interface EnasarcoCalcolo {
  aliquotaAgente: number;
  aliquotaPreponente: number;
  /** The cap of the year for this kind of agent; null for a company (no cap). */
  massimale: Cents | null;
  /** Commissions of the year before this period, as the cap counts them. */
  imponibilePrecedente: Cents;
  /** The part of this period's taxable amount inside the cap (all of it below the cap). */
  imponibile: Cents;
  agente: Cents;
  preponente: Cents;
  /** The cap is reached by the end of this period: later commissions of the year pay none. */
  massimaleRaggiunto: boolean;
}

/**
 * Enasarco for one period of one year. The cap counts the year's commissions in order: what was
 * taxed before the period uses up the cap first, so a cap reached in the middle of a period
 * taxes only the part below it. A clawback (negative taxable) gives back the contribution it
 * had caused, within the same bounds. Each share is rounded to the cent on its own.
 */
export function calcolaEnasarco(
  tipo: TipoProfiloFiscale,
  anno: number,
  imponibile: Cents,
  imponibilePrecedente: Cents,
): EnasarcoCalcolo | null {
  if (!isAgenteEnasarco(tipo)) return null;
  const { enasarco } = regoleAnno(anno);
  if (tipo === 'agente_societa') {
    const { aliquotaAgente, aliquotaPreponente, soglia } = enasarco.societa;
    if (imponibilePrecedente + imponibile > soglia)
      throw new FiscoError(msg.fisco.sogliaSocieta, 'sogliaSocieta');
    return {
      aliquotaAgente,
      aliquotaPreponente,
      massimale: null,
      imponibilePrecedente,
      imponibile,
      agente: percentOf(imponibile, aliquotaAgente),
      preponente: percentOf(imponibile, aliquotaPreponente),
      massimaleRaggiunto: false,
    };
  }
  const massimale = tipo === 'agente_monomandatario' ? enasarco.massimale.mono : enasarco.massimale.pluri;
  const base = clamp(imponibilePrecedente + imponibile, massimale) - clamp(imponibilePrecedente, massimale);
  return {
    aliquotaAgente: enasarco.aliquotaAgente,
    aliquotaPreponente: enasarco.aliquotaPreponente,
    massimale,
    imponibilePrecedente,
    imponibile: base,
    agente: percentOf(base, enasarco.aliquotaAgente),
    preponente: percentOf(base, enasarco.aliquotaPreponente),
    massimaleRaggiunto: imponibilePrecedente + imponibile >= massimale,
  };
}

export interface RitenutaCalcolo {
  aliquota: number;
  /** 50 or 20 (%). */
  base: BaseRitenuta;
  /** base% of the taxable amount, rounded to the cent. */
  imponibile: Cents;
  importo: Cents;
}

/** The ritenuta on a taxable amount: none for the forfettario regime. */
export function calcolaRitenuta(profilo: ProfiloFiscaleRegole, anno: number, imponibile: Cents) {
  if (profilo.regime === 'forfettario') return null;
  const { aliquota } = regoleAnno(anno).ritenuta;
  const base = percentOf(imponibile, profilo.baseRitenuta * 100);
  return {
    aliquota,
    base: profilo.baseRitenuta,
    imponibile: base,
    importo: percentOf(base, aliquota),
  } satisfies RitenutaCalcolo;
}

export interface RiepilogoFiscale {
  lordo: Cents;
  storni: Cents;
  imponibile: Cents;
  enasarco: EnasarcoCalcolo | null;
  ritenuta: RitenutaCalcolo | null;
  netto: Cents;
}

/**
 * A statement's fiscal lines: gross commissions, clawbacks (≤ 0), taxable = gross + clawbacks,
 * Enasarco at the agent's charge, ritenuta, and net = taxable − Enasarco − ritenuta.
 */
export function riepilogoFiscale(input: {
  profilo: ProfiloFiscaleRegole;
  anno: number;
  lordo: Cents;
  storni: Cents;
  imponibilePrecedente: Cents;
}): RiepilogoFiscale {
  const { profilo, anno, lordo, storni, imponibilePrecedente } = input;
  const imponibile = lordo + storni;
  const enasarco = calcolaEnasarco(profilo.tipo, anno, imponibile, imponibilePrecedente);
  const ritenuta = calcolaRitenuta(profilo, anno, imponibile);
  return {
    lordo,
    storni,
    imponibile,
    enasarco,
    ritenuta,
    netto: imponibile - (enasarco?.agente ?? 0) - (ritenuta?.importo ?? 0),
  };
}

/** The quarter's share of the yearly minimum; none for a company. */
export function minimaleTrimestrale(tipo: TipoProfiloFiscale, anno: number): Cents {
  if (tipo !== 'agente_monomandatario' && tipo !== 'agente_plurimandatario') return 0;
  const { minimale } = regoleAnno(anno).enasarco;
  return (tipo === 'agente_monomandatario' ? minimale.mono : minimale.pluri) / 4;
}

/** Enasarco of a quarter is paid by the 20th of the second month after it (Q4: 20 February). */
export function scadenzaEnasarco(anno: number, trimestre: number): string {
  return trimestre === 4 ? `${anno + 1}-02-20` : `${anno}-${String(trimestre * 3 + 2).padStart(2, '0')}-20`;
}

/** The ritenute withheld in a month are paid with F24 by the 16th of the next month. */
export function scadenzaRitenute(anno: number, mese: number): string {
  return mese === 12 ? `${anno + 1}-01-16` : `${anno}-${String(mese + 1).padStart(2, '0')}-16`;
}

/** F24 codice tributo of the ritenute on commissions (agency, mediation, representation). */
export const CODICE_TRIBUTO_RITENUTE = '1038';

/** A rate in hundredths of a percent as Italians write it: 850 → '8,5%', 2300 → '23%'. */
export function formatAliquota(hundredths: number): string {
  return `${(hundredths / 100).toLocaleString('it-IT', { maximumFractionDigits: 2 })}%`;
}
