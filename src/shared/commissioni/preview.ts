/**
 * What a configuration pays, before it is saved: the Config Commissioni dialog runs the real
 * engine on a few sample sales (a point with agent and area manager, no bonus), so the admin sees
 * the four amounts — and a structure that loses money — while typing.
 */
import { formatEuro, toCents, type Cents } from '#shared/money.ts';
import { CONFIG_AMOUNT_FIELDS, CONFIG_PERCENT_FIELDS, isValidPercent } from '#shared/schemas/commissione.ts';
import { hasForniture, hasPercentCommission } from '#shared/servizi-catalogo.ts';
import {
  computeCommission,
  type CommissionConfig,
  type CommissionResult,
} from '#shared/commissioni/engine.ts';

export type ConfigField = (typeof CONFIG_AMOUNT_FIELDS)[number] | (typeof CONFIG_PERCENT_FIELDS)[number];
/** The configuration as the API and the form carry it: decimal strings ("12.50"). */
export type ConfigValues = Record<ConfigField, string>;

/** Sample sale of the rental preview when the admin has not typed one: € 10.000,00. */
export const PREVIEW_TOTALE_VENDITA_DEFAULT: Cents = 1_000_000;

export function engineConfigOf(values: ConfigValues): CommissionConfig {
  const config = {} as CommissionConfig;
  for (const field of [...CONFIG_AMOUNT_FIELDS, ...CONFIG_PERCENT_FIELDS])
    config[field] = toCents(values[field]);
  return config;
}

export interface PreviewScenario {
  key: string;
  label: string;
  result: CommissionResult;
}

interface Sample {
  key: string;
  label: string;
  ridPresente: boolean;
  numeroForniture: number;
  hasEarlierUnit: boolean;
}

const ENERGY_SAMPLES: Sample[] = [
  {
    key: '1-senza-rid',
    label: '1 fornitura senza RID',
    ridPresente: false,
    numeroForniture: 1,
    hasEarlierUnit: false,
  },
  {
    key: '1-con-rid',
    label: '1 fornitura con RID',
    ridPresente: true,
    numeroForniture: 1,
    hasEarlierUnit: false,
  },
  {
    key: '2-senza-rid',
    label: '2 forniture senza RID',
    ridPresente: false,
    numeroForniture: 2,
    hasEarlierUnit: false,
  },
  {
    key: '2-con-rid',
    label: '2 forniture con RID',
    ridPresente: true,
    numeroForniture: 2,
    hasEarlierUnit: false,
  },
  {
    key: 'aggiuntiva-con-rid',
    label: '1 fornitura con RID dopo un altro servizio della pratica',
    ridPresente: true,
    numeroForniture: 1,
    hasEarlierUnit: true,
  },
];

const INTERNET_SAMPLES: Sample[] = [
  {
    key: '1-senza-rid',
    label: 'Primo servizio senza RID',
    ridPresente: false,
    numeroForniture: 1,
    hasEarlierUnit: false,
  },
  {
    key: '1-con-rid',
    label: 'Primo servizio con RID',
    ridPresente: true,
    numeroForniture: 1,
    hasEarlierUnit: false,
  },
  {
    key: 'aggiuntiva-senza-rid',
    label: 'Dopo un altro servizio della pratica, senza RID',
    ridPresente: false,
    numeroForniture: 1,
    hasEarlierUnit: true,
  },
  {
    key: 'aggiuntiva-con-rid',
    label: 'Dopo un altro servizio della pratica, con RID',
    ridPresente: true,
    numeroForniture: 1,
    hasEarlierUnit: true,
  },
];

const ALL_ROLES = { puntoFisico: true, agente: true, areaManager: true };
const NO_BONUS = { puntoFisico: 0, agente: 0, areaManager: 0 };

/** The sample sales of one service, each computed by the engine. */
export function previewScenarios(
  servizio: string,
  values: ConfigValues,
  totaleVendita: Cents = PREVIEW_TOTALE_VENDITA_DEFAULT,
): PreviewScenario[] {
  const config = engineConfigOf(values);
  const base = {
    tipoServizio: servizio,
    fornitore: { codice: '', nome: '' },
    config,
    roles: ALL_ROLES,
    bonus: NO_BONUS,
  };
  if (hasPercentCommission(servizio)) {
    return [
      {
        key: 'noleggio',
        label: `Noleggio da ${formatEuro(totaleVendita)}`,
        result: computeCommission({
          ...base,
          ridPresente: false,
          numeroForniture: 1,
          hasEarlierUnit: false,
          totaleVendita,
        }),
      },
    ];
  }
  const samples = hasForniture(servizio) ? ENERGY_SAMPLES : INTERNET_SAMPLES;
  return samples.map(({ key, label, ...sale }) => ({
    key,
    label,
    result: computeCommission({ ...base, ...sale, totaleVendita: null }),
  }));
}

/** Sum of the four rental percentages in hundredths of a point (100% → 10000); null while one is malformed. */
export function percentSum(
  values: Partial<Record<(typeof CONFIG_PERCENT_FIELDS)[number], string | number>>,
): number | null {
  const texts = CONFIG_PERCENT_FIELDS.map((field) => String(values[field] ?? '').trim());
  if (!texts.every(isValidPercent)) return null;
  return texts.reduce((total, text) => total + toCents(text), 0);
}
