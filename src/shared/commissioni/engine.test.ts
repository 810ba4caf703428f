import { describe, expect, it } from 'vitest';
import { toCents } from '#shared/money.ts';
import { hasFixedCommission } from '#shared/servizi-catalogo.ts';
import {
  CommissionConfigMissingError,
  CommissionInputError,
  computeCommission,
  percentOf,
  stornoOf,
  type CommissionConfig,
  type CommissionInput,
} from '#shared/commissioni/engine.ts';

/** The worked example of docs/product/commissions.md#esempio-svolto (Enel luce), plus non-RID additional amounts and rental percentages. */
function config(overrides: Partial<Record<keyof CommissionConfig, string>> = {}): CommissionConfig {
  const text: Record<keyof CommissionConfig, string> = {
    commissionePuntoFisico: '30.00',
    commissioneAgente: '15.00',
    commissioneAreaManager: '5.00',
    ricavoBase: '100.00',
    bonusRid: '20.00',
    commissioneAggiuntivaPuntoFisico: '8.00',
    commissioneAggiuntivaAgente: '4.00',
    commissioneAggiuntivaAreaManager: '1.50',
    commissioneAggiuntivaRidPuntoFisico: '10.00',
    commissioneAggiuntivaRidAgente: '5.00',
    commissioneAggiuntivaRidAreaManager: '2.00',
    percentualePuntoFisico: '10',
    percentualeAgente: '5',
    percentualeAreaManager: '2',
    percentualeStruttura: '60',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(text).map(([k, v]) => [k, toCents(v)]),
  ) as unknown as CommissionConfig;
}

const ALL_ROLES = { puntoFisico: true, agente: true, areaManager: true };
const NO_BONUS = { puntoFisico: 0, agente: 0, areaManager: 0 };

function input(overrides: Partial<CommissionInput> = {}): CommissionInput {
  return {
    tipoServizio: 'luce',
    fornitore: { codice: 'ENEL', nome: 'Enel Energia' },
    config: config(),
    ridPresente: true,
    numeroForniture: 2,
    hasEarlierUnit: false,
    roles: ALL_ROLES,
    bonus: NO_BONUS,
    totaleVendita: null,
    ...overrides,
  };
}

/** [case, input, PF, AG, AM, structure, base units, additional units] in euros as written by a person. */
const cases: Array<[string, CommissionInput, string, string, string, string, number, number]> = [
  [
    'worked example: Enel luce, RID, 2 supplies, agent and area manager',
    input(),
    '40.00',
    '20.00',
    '7.00',
    '173.00',
    1,
    1,
  ],
  [
    'luce without RID, 2 supplies: non-RID additional amounts',
    input({ ridPresente: false }),
    '38.00',
    '19.00',
    '6.50',
    '136.50',
    1,
    1,
  ],
  [
    'luce with RID, 1 supply: base unit only',
    input({ numeroForniture: 1 }),
    '30.00',
    '15.00',
    '5.00',
    '70.00',
    1,
    0,
  ],
  [
    'gas without RID, 1 supply',
    input({ tipoServizio: 'gas', ridPresente: false, numeroForniture: 1 }),
    '30.00',
    '15.00',
    '5.00',
    '50.00',
    1,
    0,
  ],
  [
    'luce with RID, 3 supplies: two additional units',
    input({ numeroForniture: 3 }),
    '50.00',
    '25.00',
    '9.00',
    '276.00',
    1,
    2,
  ],
  ['luce with RID, 10 supplies', input({ numeroForniture: 10 }), '120.00', '60.00', '23.00', '997.00', 1, 9],
  [
    'second service completed later (gas, RID, 1 supply): all additional',
    input({ tipoServizio: 'gas', numeroForniture: 1, hasEarlierUnit: true }),
    '10.00',
    '5.00',
    '2.00',
    '103.00',
    0,
    1,
  ],
  [
    'second service completed later without RID, 2 supplies',
    input({ tipoServizio: 'gas', ridPresente: false, hasEarlierUnit: true }),
    '16.00',
    '8.00',
    '3.00',
    '173.00',
    0,
    2,
  ],
  [
    'internet counts 1 unit whatever numeroForniture says',
    input({ tipoServizio: 'internet', numeroForniture: 5 }),
    '30.00',
    '15.00',
    '5.00',
    '70.00',
    1,
    0,
  ],
  [
    'internet completed after luce, without RID',
    input({ tipoServizio: 'internet', ridPresente: false, numeroForniture: 1, hasEarlierUnit: true }),
    '8.00',
    '4.00',
    '1.50',
    '86.50',
    0,
    1,
  ],
  [
    'point without agent: the agent share stays with the structure',
    input({ roles: { ...ALL_ROLES, agente: false } }),
    '40.00',
    '0.00',
    '7.00',
    '193.00',
    1,
    1,
  ],
  [
    'point without agent and area manager',
    input({ roles: { puntoFisico: true, agente: false, areaManager: false } }),
    '40.00',
    '0.00',
    '0.00',
    '200.00',
    1,
    1,
  ],
  [
    'practice without a point of sale: everything to the structure',
    input({ roles: { puntoFisico: false, agente: false, areaManager: false } }),
    '0.00',
    '0.00',
    '0.00',
    '240.00',
    1,
    1,
  ],
  [
    'bonuses typed in the dialog are added to each role',
    input({ bonus: { puntoFisico: toCents('5.00'), agente: toCents('2.50'), areaManager: 0 } }),
    '45.00',
    '22.50',
    '7.00',
    '165.50',
    1,
    1,
  ],
  [
    'the bonus of a role the point lacks is not paid',
    input({
      roles: { ...ALL_ROLES, agente: false },
      bonus: { puntoFisico: 0, agente: toCents('10.00'), areaManager: 0 },
    }),
    '40.00',
    '0.00',
    '7.00',
    '193.00',
    1,
    1,
  ],
  [
    'negative structure margin is kept, not hidden',
    input({
      ridPresente: false,
      numeroForniture: 1,
      config: config({
        commissionePuntoFisico: '90.00',
        commissioneAgente: '40.00',
        commissioneAreaManager: '20.00',
      }),
    }),
    '90.00',
    '40.00',
    '20.00',
    '-50.00',
    1,
    0,
  ],
  [
    'big bonuses can make the margin negative',
    input({ numeroForniture: 1, bonus: { puntoFisico: toCents('100.00'), agente: 0, areaManager: 0 } }),
    '130.00',
    '15.00',
    '5.00',
    '-30.00',
    1,
    0,
  ],
  [
    'noleggio: percentages of the sale total',
    input({ tipoServizio: 'noleggio', totaleVendita: toCents('1000.00') }),
    '100.00',
    '50.00',
    '20.00',
    '600.00',
    0,
    0,
  ],
  [
    'noleggio: bonuses on top of the percentages',
    input({
      tipoServizio: 'noleggio',
      totaleVendita: toCents('1000.00'),
      bonus: { puntoFisico: toCents('25.00'), agente: 0, areaManager: toCents('1.00') },
    }),
    '125.00',
    '50.00',
    '21.00',
    '600.00',
    0,
    0,
  ],
  [
    'noleggio: rounding to the cent, half away from zero',
    input({
      tipoServizio: 'noleggio',
      totaleVendita: toCents('333.33'),
      config: config({
        percentualePuntoFisico: '12.50',
        percentualeAgente: '2.50',
        percentualeAreaManager: '1.01',
        percentualeStruttura: '50',
      }),
    }),
    '41.67', // 41.66625
    '8.33', // 8.33325
    '3.37', // 3.366633
    '166.67', // 166.665 → half away from zero
    0,
    0,
  ],
  [
    'noleggio without agent: its share stays with the structure',
    input({
      tipoServizio: 'noleggio',
      totaleVendita: toCents('1000.00'),
      roles: { ...ALL_ROLES, agente: false },
    }),
    '100.00',
    '0.00',
    '20.00',
    '650.00',
    0,
    0,
  ],
];

describe('computeCommission', () => {
  it.each(cases)('%s', (_name, given, pf, ag, am, structure, base, additional) => {
    const result = computeCommission(given);
    expect({
      pf: result.importoPuntoFisico,
      ag: result.importoAgente,
      am: result.importoAreaManager,
      structure: result.importoAmministrazione,
      base: result.unitaBase,
      additional: result.unitaAggiuntive,
    }).toEqual({
      pf: toCents(pf),
      ag: toCents(ag),
      am: toCents(am),
      structure: toCents(structure),
      base,
      additional,
    });
  });

  it('the worked example earns a revenue of 240.00 and has no bonus', () => {
    const result = computeCommission(input());
    expect(result.ricavo).toBe(24000);
    expect(result.hasBonus).toBe(false);
    expect(result.bonusApplicati).toEqual(NO_BONUS);
  });

  it('fixed services: the four amounts always add up to the revenue', () => {
    for (const [, given] of cases.filter(([, i]) => hasFixedCommission(i.tipoServizio))) {
      const r = computeCommission(given);
      expect(r.importoPuntoFisico + r.importoAgente + r.importoAreaManager + r.importoAmministrazione).toBe(
        r.ricavo,
      );
    }
  });

  it('marks bonuses and records the ones paid', () => {
    const result = computeCommission(input({ bonus: { puntoFisico: 500, agente: 0, areaManager: 125 } }));
    expect(result.hasBonus).toBe(true);
    expect(result.bonusApplicati).toEqual({ puntoFisico: 500, agente: 0, areaManager: 125 });
  });

  it('refuses a missing configuration with a message naming supplier and service', () => {
    const attempt = () => computeCommission(input({ config: null }));
    expect(attempt).toThrow(CommissionConfigMissingError);
    expect(attempt).toThrow(
      'Configurazione commissioni mancante per il fornitore Enel Energia (ENEL) e il servizio Luce',
    );
  });

  it.each([
    [
      'noleggio without a sale total',
      input({ tipoServizio: 'noleggio', totaleVendita: null }),
      'Il totale vendita è obbligatorio per il noleggio',
    ],
    [
      'noleggio with a zero sale total',
      input({ tipoServizio: 'noleggio', totaleVendita: 0 }),
      'Il totale vendita è obbligatorio per il noleggio',
    ],
    ['11 supplies', input({ numeroForniture: 11 }), 'Il numero di forniture deve essere tra 1 e 10'],
    ['0 supplies', input({ numeroForniture: 0 }), 'Il numero di forniture deve essere tra 1 e 10'],
    [
      'a negative bonus',
      input({ bonus: { puntoFisico: -1, agente: 0, areaManager: 0 } }),
      'Bonus punto fisico non valido',
    ],
  ])('refuses %s', (_name, given, message) => {
    expect(() => computeCommission(given)).toThrow(CommissionInputError);
    expect(() => computeCommission(given)).toThrow(message);
  });
});

describe('percentOf rounds half away from zero, exactly', () => {
  it.each([
    [101, 5000, 51], // 50.5 → 51
    [-101, 5000, -51], // −50.5 → −51
    [1234, 1250, 154], // 154.25 → 154
    [3, 5000, 2], // 1.5 → 2
    [100_000_000_000_000, 3333, 33_330_000_000_000], // beyond 2^53 in the product: BigInt keeps it exact
    [0, 10000, 0],
  ])('percentOf(%i, %i) = %i', (value, pct, expected) => expect(percentOf(value, pct)).toBe(expected));
});

describe('stornoOf', () => {
  it('negates every amount and keeps zero as zero', () => {
    expect(
      stornoOf({
        importoPuntoFisico: 4000,
        importoAgente: 0,
        importoAreaManager: 700,
        importoAmministrazione: -50,
      }),
    ).toEqual({
      importoPuntoFisico: -4000,
      importoAgente: 0,
      importoAreaManager: -700,
      importoAmministrazione: 50,
    });
  });
});
