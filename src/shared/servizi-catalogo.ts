/**
 * The one catalogue of service kinds: every code a request may name, and what each kind means to
 * the practice, the landing, the commission engine and the screens. Code elsewhere asks these
 * helpers instead of comparing kind strings (`npm run lint` refuses such comparisons).
 *
 * Data only and tiny: the public landing imports it and has a first-load budget.
 * See docs/product/lifecycle.md#dati-al-completamento and docs/product/commissions.md
 */

/** How a completed service earns its commission. */
export type CommissionShape =
  /** Fixed euro amounts per unit, base and additional, with or without RID. */
  | 'fixed'
  /** Percentages of the sale total. */
  | 'percent';

export interface ServizioInfo {
  /** Italian label in lists, filters, cards and exports. */
  label: string;
  /** Whether a practice can hold it (a service row). */
  practice: boolean;
  /** Where the landing offers it: everywhere, only on the demo point, or nowhere. */
  landing: 'always' | 'demo' | 'never';
  /** The landing's step-1 card: title and subtitle. */
  card?: { title: string; subtitle: string };
  /** The landing asks for its bill (step 3). */
  needsBill: boolean;
  /** Sold in supplies: numeroForniture (1–10) is asked on completion and counts the units. */
  hasForniture: boolean;
  /** Counts in the practice's base and additional units of the commission. */
  countsAsUnit: boolean;
  /** null: no commission configuration exists for it. */
  commission: CommissionShape | null;
  /** Codes of the suppliers created on first start that offer it. */
  seededSuppliers: readonly string[];
}

const ENERGY = ['ENEL', 'EDISON', 'A2A', 'IREN', 'SORGENIA'] as const;

/** In the order screens list them. */
export const SERVIZI_CATALOGO = {
  luce: {
    label: 'Luce',
    practice: true,
    landing: 'always',
    card: { title: 'Luce', subtitle: 'Energia elettrica' },
    needsBill: true,
    hasForniture: true,
    countsAsUnit: true,
    commission: 'fixed',
    seededSuppliers: ENERGY,
  },
  gas: {
    label: 'Gas',
    practice: true,
    landing: 'always',
    card: { title: 'Gas', subtitle: 'Gas naturale' },
    needsBill: true,
    hasForniture: true,
    countsAsUnit: true,
    commission: 'fixed',
    seededSuppliers: ENERGY,
  },
  internet: {
    label: 'Internet',
    practice: true,
    landing: 'always',
    card: { title: 'Internet a casa', subtitle: 'Fibra ottica' },
    needsBill: false,
    hasForniture: false,
    countsAsUnit: true,
    commission: 'fixed',
    seededSuppliers: ['TIM', 'FASTWEB', 'WINDTRE', 'VODAFONE'],
  },
  noleggio: {
    label: 'Noleggio',
    practice: true,
    landing: 'always',
    card: { title: 'Noleggio', subtitle: 'Auto e Moto' },
    needsBill: false,
    hasForniture: false,
    countsAsUnit: false,
    commission: 'percent',
    seededSuppliers: ['AYVENS', 'LEASYS'],
  },
  finanziamenti: {
    label: 'Finanziamenti',
    practice: true,
    landing: 'demo',
    card: { title: 'Finanziamenti', subtitle: 'Prestiti e Mutui' },
    needsBill: false,
    hasForniture: false,
    countsAsUnit: false,
    commission: null,
    seededSuppliers: [],
  },
  assicurazioni: {
    label: 'Assicurazioni',
    practice: true,
    landing: 'demo',
    card: { title: 'Assicurazioni', subtitle: 'Auto, Casa, Vita' },
    needsBill: false,
    hasForniture: false,
    countsAsUnit: false,
    commission: null,
    seededSuppliers: [],
  },
  sim: {
    label: 'SIM',
    practice: false,
    landing: 'never',
    needsBill: false,
    hasForniture: false,
    countsAsUnit: false,
    commission: null,
    seededSuppliers: [],
  },
  servizi_marketing: {
    label: 'Servizi marketing',
    practice: false,
    landing: 'never',
    needsBill: false,
    hasForniture: false,
    countsAsUnit: false,
    commission: null,
    seededSuppliers: [],
  },
} as const satisfies Record<string, ServizioInfo>;

type Catalogo = typeof SERVIZI_CATALOGO;
type CodesWhere<P> = { [K in keyof Catalogo]: Catalogo[K] extends P ? K : never }[keyof Catalogo];

/** Every code a landing submission may carry (each landing accepts only those it offers). */
export type ServizioRichiedibile = keyof Catalogo;
/** The kinds a practice holds. */
export type ServizioTipo = CodesWhere<{ practice: true }>;
/** The kinds with a commission configuration: the back-office's filters, suppliers, engine. */
export type ServizioPrincipale = CodesWhere<{ commission: CommissionShape }>;
/** The kinds whose bill the landing asks for. */
export type ServizioConBolletta = CodesWhere<{ needsBill: true }>;

const CODES = Object.keys(SERVIZI_CATALOGO) as ServizioRichiedibile[];
const codesWhere = (test: (info: ServizioInfo) => boolean) =>
  CODES.filter((code) => test(SERVIZI_CATALOGO[code]));

export const SERVIZI_RICHIEDIBILI: readonly ServizioRichiedibile[] = CODES;
export const SERVIZIO_TIPI = codesWhere((s) => s.practice) as readonly ServizioTipo[];
export const SERVIZI_PRINCIPALI = codesWhere((s) => s.commission != null) as readonly ServizioPrincipale[];
export const SERVIZI_CON_BOLLETTA = codesWhere((s) => s.needsBill) as readonly ServizioConBolletta[];
/** Counted in the practice's commission units: the first completed is the base unit. */
export const SERVIZI_A_UNITA = codesWhere((s) => s.countsAsUnit) as readonly ServizioTipo[];

export function servizioInfo(code: string): ServizioInfo | undefined {
  return Object.hasOwn(SERVIZI_CATALOGO, code) ? SERVIZI_CATALOGO[code as ServizioRichiedibile] : undefined;
}

/** The Italian label, or the code itself for a code the catalogue does not know. */
export const servizioLabel = (code: string): string => servizioInfo(code)?.label ?? code;
export const needsBill = (code: string): boolean => servizioInfo(code)?.needsBill === true;
export const hasForniture = (code: string): boolean => servizioInfo(code)?.hasForniture === true;
export const countsAsUnit = (code: string): boolean => servizioInfo(code)?.countsAsUnit === true;
export const commissionShape = (code: string): CommissionShape | null =>
  servizioInfo(code)?.commission ?? null;
/** RID and the fixed amounts apply; the sale total does not. */
export const hasFixedCommission = (code: string): boolean => commissionShape(code) === 'fixed';
/** The sale total and the percentages apply; RID and supplies do not. */
export const hasPercentCommission = (code: string): boolean => commissionShape(code) === 'percent';

/** Whether the landing of a point offers this code (the demo point offers more). */
export function isOfferedOnLanding(code: string, isDemo: boolean): boolean {
  const landing = servizioInfo(code)?.landing;
  return landing === 'always' || (isDemo && landing === 'demo');
}

/** The step-1 cards of a landing, in order. */
export const landingCards = (isDemo: boolean) => CODES.filter((code) => isOfferedOnLanding(code, isDemo));
/** Kinds only the demo point offers yet: the other landings show them as coming soon. */
export const SERVIZI_SOLO_DEMO = codesWhere((s) => s.landing === 'demo');

/** Of the chosen codes, those the landing's demo mode alone offers (a request of only these is simulated). */
export const isDemoOnly = (code: string): boolean => servizioInfo(code)?.landing === 'demo';
