import { describe, expect, it } from 'vitest';
import { fromCents } from '#shared/money.ts';
import { percentSum, previewScenarios, type ConfigValues } from '#shared/commissioni/preview.ts';

const ZERO: ConfigValues = {
  ricavoBase: '0',
  bonusRid: '0',
  commissionePuntoFisico: '0',
  commissioneAgente: '0',
  commissioneAreaManager: '0',
  commissioneAggiuntivaPuntoFisico: '0',
  commissioneAggiuntivaAgente: '0',
  commissioneAggiuntivaAreaManager: '0',
  commissioneAggiuntivaRidPuntoFisico: '0',
  commissioneAggiuntivaRidAgente: '0',
  commissioneAggiuntivaRidAreaManager: '0',
  percentualePuntoFisico: '0',
  percentualeAgente: '0',
  percentualeAreaManager: '0',
  percentualeStruttura: '0',
};

/** The worked example of docs/product/commissions.md#esempio-svolto, with made-up amounts for additional units without RID. */
const WORKED: ConfigValues = {
  ...ZERO,
  ricavoBase: '100.00',
  bonusRid: '20.00',
  commissionePuntoFisico: '30.00',
  commissioneAgente: '15.00',
  commissioneAreaManager: '5.00',
  commissioneAggiuntivaPuntoFisico: '8.00',
  commissioneAggiuntivaAgente: '4.00',
  commissioneAggiuntivaAreaManager: '1.50',
  commissioneAggiuntivaRidPuntoFisico: '10.00',
  commissioneAggiuntivaRidAgente: '5.00',
  commissioneAggiuntivaRidAreaManager: '2.00',
};

const amounts = (servizio: string, values: ConfigValues, totale?: number) =>
  Object.fromEntries(
    previewScenarios(servizio, values, totale).map(({ key, label, result }) => [
      key,
      [
        label,
        fromCents(result.ricavo),
        fromCents(result.importoPuntoFisico),
        fromCents(result.importoAgente),
        fromCents(result.importoAreaManager),
        fromCents(result.importoAmministrazione),
      ],
    ]),
  );

describe('previewScenarios', () => {
  it('luce: the worked example is the "2 forniture con RID" row (40 / 20 / 7 / 173 of 240), and the README gas follow-up the last', () => {
    expect(amounts('luce', WORKED)).toEqual({
      '1-senza-rid': ['1 fornitura senza RID', '100.00', '30.00', '15.00', '5.00', '50.00'],
      '1-con-rid': ['1 fornitura con RID', '120.00', '30.00', '15.00', '5.00', '70.00'],
      '2-senza-rid': ['2 forniture senza RID', '200.00', '38.00', '19.00', '6.50', '136.50'],
      '2-con-rid': ['2 forniture con RID', '240.00', '40.00', '20.00', '7.00', '173.00'],
      'aggiuntiva-con-rid': [
        '1 fornitura con RID dopo un altro servizio della pratica',
        '120.00',
        '10.00',
        '5.00',
        '2.00',
        '103.00',
      ],
    });
  });

  it('internet: always one unit, base or additional', () => {
    expect(amounts('internet', WORKED)).toEqual({
      '1-senza-rid': ['Primo servizio senza RID', '100.00', '30.00', '15.00', '5.00', '50.00'],
      '1-con-rid': ['Primo servizio con RID', '120.00', '30.00', '15.00', '5.00', '70.00'],
      'aggiuntiva-senza-rid': [
        'Dopo un altro servizio della pratica, senza RID',
        '100.00',
        '8.00',
        '4.00',
        '1.50',
        '86.50',
      ],
      'aggiuntiva-con-rid': [
        'Dopo un altro servizio della pratica, con RID',
        '120.00',
        '10.00',
        '5.00',
        '2.00',
        '103.00',
      ],
    });
  });

  it('shows a negative structure when the roles are paid more than the supplier pays', () => {
    const losing = { ...WORKED, ricavoBase: '40.00', bonusRid: '0' };
    expect(amounts('gas', losing)['1-senza-rid']).toEqual([
      '1 fornitura senza RID',
      '40.00',
      '30.00',
      '15.00',
      '5.00',
      '-10.00',
    ]);
  });

  it.each<[string, Partial<ConfigValues>, number | undefined, string[]]>([
    [
      'default sale of € 10.000,00',
      {
        percentualePuntoFisico: '10.25',
        percentualeAgente: '4.75',
        percentualeAreaManager: '5',
        percentualeStruttura: '80',
      },
      undefined,
      ['Noleggio da € 10.000,00', '10000.00', '1025.00', '475.00', '500.00', '8000.00'],
    ],
    [
      'a typed sale, rounded half away from zero',
      { percentualePuntoFisico: '12.5', percentualeStruttura: '33.33' },
      9999,
      ['Noleggio da € 99,99', '99.99', '12.50', '0.00', '0.00', '33.33'],
    ],
  ])('noleggio: %s', (_name, percent, totale, row) => {
    expect(amounts('noleggio', { ...ZERO, ...percent }, totale)).toEqual({ noleggio: row });
  });
});

describe('percentSum', () => {
  it.each<[Record<string, string | number>, number | null]>([
    [
      {
        percentualePuntoFisico: '10.25',
        percentualeAgente: '4.75',
        percentualeAreaManager: 5,
        percentualeStruttura: '80',
      },
      10000,
    ],
    [
      {
        percentualePuntoFisico: '60',
        percentualeAgente: '0',
        percentualeAreaManager: '0',
        percentualeStruttura: '60',
      },
      12000,
    ],
    [
      {
        percentualePuntoFisico: '',
        percentualeAgente: '0',
        percentualeAreaManager: '0',
        percentualeStruttura: '0',
      },
      null,
    ],
    [
      {
        percentualePuntoFisico: '1e1',
        percentualeAgente: '0',
        percentualeAreaManager: '0',
        percentualeStruttura: '0',
      },
      null,
    ],
    [
      {
        percentualePuntoFisico: '100.01',
        percentualeAgente: '0',
        percentualeAreaManager: '0',
        percentualeStruttura: '0',
      },
      null,
    ],
  ])('%j → %s', (values, sum) => {
    expect(percentSum(values)).toBe(sum);
  });
});
