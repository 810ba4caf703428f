import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from '#shared/money.ts';
import {
  FiscoError,
  minimaleTrimestrale,
  REGOLE_PER_ANNO,
  riepilogoFiscale,
  scadenzaEnasarco,
  scadenzaRitenute,
  type ProfiloFiscaleRegole,
} from '#shared/fisco.ts';

const mono: ProfiloFiscaleRegole = { tipo: 'agente_monomandatario', regime: 'ordinario', baseRitenuta: 50 };

/**
 * The rules of docs/product/commissions.md#enasarco-e-ritenuta-dacconto, one row per case:
 * gross, clawbacks and what the year had taxed before the period → Enasarco (agent, principal),
 * ritenuta and net, all to the cent.
 */
const CASES: Array<{
  name: string;
  profilo: Partial<ProfiloFiscaleRegole>;
  anno?: number;
  lordo: string;
  storni?: string;
  prima?: string;
  enasarco: [string, string] | null;
  ritenuta: string | null;
  netto: string;
}> = [
  {
    name: 'worked example: mono, one clawback',
    profilo: {},
    lordo: '1234.56',
    storni: '-100.00',
    enasarco: ['96.44', '96.44'],
    ritenuta: '130.47',
    netto: '907.65',
  },
  {
    name: 'pluri cap reached in the middle of the quarter: only the part below 30,478 €',
    profilo: { tipo: 'agente_plurimandatario' },
    lordo: '2500.00',
    prima: '29000.00',
    enasarco: ['125.63', '125.63'],
    ritenuta: '287.50',
    netto: '2086.87',
  },
  {
    name: 'mono, same amounts: 45,717 € is far, the whole quarter pays',
    profilo: {},
    lordo: '2500.00',
    prima: '29000.00',
    enasarco: ['212.50', '212.50'],
    ritenuta: '287.50',
    netto: '2000.00',
  },
  {
    name: 'mono cap already reached earlier in the year: no contribution',
    profilo: {},
    lordo: '1000.00',
    prima: '45717.00',
    enasarco: ['0.00', '0.00'],
    ritenuta: '115.00',
    netto: '885.00',
  },
  {
    name: '2025 mono cap (45,085 €) reached mid-quarter',
    profilo: {},
    anno: 2025,
    lordo: '1000.00',
    prima: '44585.00',
    enasarco: ['42.50', '42.50'],
    ritenuta: '115.00',
    netto: '842.50',
  },
  {
    name: 'forfettario: Enasarco, no ritenuta',
    profilo: { regime: 'forfettario' },
    lordo: '1234.56',
    storni: '-100.00',
    enasarco: ['96.44', '96.44'],
    ritenuta: null,
    netto: '1038.12',
  },
  {
    name: '20% base on the agent’s declaration',
    profilo: { baseRitenuta: 20 },
    lordo: '1234.56',
    storni: '-100.00',
    enasarco: ['96.44', '96.44'],
    ritenuta: '52.19',
    netto: '985.93',
  },
  {
    name: 'segnalatore: no Enasarco',
    profilo: { tipo: 'segnalatore' },
    lordo: '1234.56',
    storni: '-100.00',
    enasarco: null,
    ritenuta: '130.47',
    netto: '1004.09',
  },
  {
    name: 'punto fisico as a company: no Enasarco',
    profilo: { tipo: 'punto_fisico_societa' },
    lordo: '200.00',
    enasarco: null,
    ritenuta: '23.00',
    netto: '177.00',
  },
  {
    name: 'società di capitali: 1% agent, 3% principal, no cap',
    profilo: { tipo: 'agente_societa' },
    lordo: '50000.00',
    prima: '100000.00',
    enasarco: ['500.00', '1500.00'],
    ritenuta: '5750.00',
    netto: '43750.00',
  },
  {
    name: 'cents: half away from zero, the ritenuta on the rounded base',
    profilo: {},
    lordo: '0.05',
    enasarco: ['0.00', '0.00'],
    ritenuta: '0.01',
    netto: '0.04',
  },
  {
    name: 'cents: 8.5% of 10.10 = 0.8585 → 0.86',
    profilo: {},
    lordo: '10.10',
    enasarco: ['0.86', '0.86'],
    ritenuta: '1.16',
    netto: '8.08',
  },
  {
    name: 'a quarter of clawbacks only gives the withholdings back',
    profilo: {},
    lordo: '0.00',
    storni: '-100.00',
    prima: '5000.00',
    enasarco: ['-8.50', '-8.50'],
    ritenuta: '-11.50',
    netto: '-80.00',
  },
  {
    name: 'a clawback after the cap gives back only what the cap had let through',
    profilo: { tipo: 'agente_plurimandatario' },
    lordo: '0.00',
    storni: '-1000.00',
    prima: '31000.00',
    enasarco: ['-40.63', '-40.63'],
    ritenuta: '-115.00',
    netto: '-844.37',
  },
];

describe('riepilogoFiscale', () => {
  it.each(CASES)('$name', (c) => {
    const r = riepilogoFiscale({
      profilo: { ...mono, ...c.profilo },
      anno: c.anno ?? 2026,
      lordo: toCents(c.lordo),
      storni: toCents(c.storni ?? '0'),
      imponibilePrecedente: toCents(c.prima ?? '0'),
    });
    expect(r.enasarco ? [fromCents(r.enasarco.agente), fromCents(r.enasarco.preponente)] : null).toEqual(
      c.enasarco,
    );
    expect(r.ritenuta ? fromCents(r.ritenuta.importo) : null).toBe(c.ritenuta);
    expect(fromCents(r.netto)).toBe(c.netto);
    // The lines add up: taxable = gross + clawbacks; net = taxable − Enasarco − ritenuta.
    expect(r.imponibile).toBe(r.lordo + r.storni);
    expect(r.netto).toBe(r.imponibile - (r.enasarco?.agente ?? 0) - (r.ritenuta?.importo ?? 0));
  });

  it('flags the cap once the year reaches it', () => {
    const below = riepilogoFiscale({
      profilo: mono,
      anno: 2026,
      lordo: 100,
      storni: 0,
      imponibilePrecedente: 0,
    });
    const at = riepilogoFiscale({
      profilo: mono,
      anno: 2026,
      lordo: toCents('717.00'),
      storni: 0,
      imponibilePrecedente: toCents('45000.00'),
    });
    expect([below.enasarco?.massimaleRaggiunto, at.enasarco?.massimaleRaggiunto]).toEqual([false, true]);
    expect(at.enasarco?.massimale).toBe(toCents('45717.00'));
  });

  it('refuses a year with no table and a company above the first threshold', () => {
    expect(() =>
      riepilogoFiscale({ profilo: mono, anno: 2031, lordo: 100, storni: 0, imponibilePrecedente: 0 }),
    ).toThrow(FiscoError);
    expect(() =>
      riepilogoFiscale({
        profilo: { ...mono, tipo: 'agente_societa' },
        anno: 2026,
        lordo: toCents('1.00'),
        storni: 0,
        imponibilePrecedente: toCents('13000000.00'),
      }),
    ).toThrow(FiscoError);
  });
});

describe('the table by year', () => {
  it.each([
    [2025, '45085.00', '30057.00', '1011.00', '507.00'],
    [2026, '45717.00', '30478.00', '1026.00', '515.00'],
  ])('%i: caps %s / %s, minimums %s / %s, 17%% = 8.5 + 8.5', (anno, maxMono, maxPluri, minMono, minPluri) => {
    const { enasarco, ritenuta } = REGOLE_PER_ANNO[anno];
    expect(fromCents(enasarco.massimale.mono)).toBe(maxMono);
    expect(fromCents(enasarco.massimale.pluri)).toBe(maxPluri);
    expect(fromCents(enasarco.minimale.mono)).toBe(minMono);
    expect(fromCents(enasarco.minimale.pluri)).toBe(minPluri);
    expect(enasarco.aliquotaAgente + enasarco.aliquotaPreponente).toBe(1700);
    expect(enasarco.societa.aliquotaAgente + enasarco.societa.aliquotaPreponente).toBe(400);
    expect(ritenuta.aliquota).toBe(2300);
  });

  it('quarterly minimums: 256.50 € mono, 128.75 € pluri in 2026; none for companies', () => {
    expect(fromCents(minimaleTrimestrale('agente_monomandatario', 2026))).toBe('256.50');
    expect(fromCents(minimaleTrimestrale('agente_plurimandatario', 2026))).toBe('128.75');
    expect(minimaleTrimestrale('agente_societa', 2026)).toBe(0);
  });

  it.each([
    [1, '2026-05-20'],
    [2, '2026-08-20'],
    [3, '2026-11-20'],
    [4, '2027-02-20'],
  ])('Enasarco of quarter %i is due by %s', (q, due) => expect(scadenzaEnasarco(2026, q)).toBe(due));

  it.each([
    [3, '2026-04-16'],
    [12, '2027-01-16'],
  ])('ritenute of month %i are due by %s', (m, due) => expect(scadenzaRitenute(2026, m)).toBe(due));
});
