import { describe, expect, it } from 'vitest';
import {
  PERIODI_RIPENSAMENTO_DEFAULT,
  addDays,
  fineRipensamento,
  giorniRipensamento,
  isRipensamentoInTermine,
  mesiInteri,
  quotaStorno,
  statoMaturazione,
  stornoQuota,
  type Canale,
  type RegolaStorno,
} from '#shared/commissioni/maturazione.ts';

describe('withdrawal period per channel (docs/product/commissions.md#maturazione)', () => {
  it.each<[Canale | null, number]>([
    ['porta_a_porta', 30],
    ['telefono', 14],
    ['web_qr', 14],
    ['negozio', 14],
    [null, 30], // no channel known: the longest period
  ])('%s → %i days by default', (canale, giorni) => {
    expect(giorniRipensamento(PERIODI_RIPENSAMENTO_DEFAULT, canale)).toBe(giorni);
  });

  it('an admin change of one channel moves that channel only, and the unknown channel follows the longest', () => {
    const periodi = { ...PERIODI_RIPENSAMENTO_DEFAULT, negozio: 45 };
    expect(giorniRipensamento(periodi, 'negozio')).toBe(45);
    expect(giorniRipensamento(periodi, 'telefono')).toBe(14);
    expect(giorniRipensamento(periodi, null)).toBe(45);
  });
});

describe('window edges by Rome day', () => {
  it.each<[string, number, string]>([
    ['2026-03-01', 14, '2026-03-15'],
    ['2026-03-15', 14, '2026-03-29'], // ends on the day clocks go forward
    ['2026-03-29', 14, '2026-04-12'], // starts on it
    ['2026-10-11', 14, '2026-10-25'], // ends on the day clocks go back
    ['2026-12-20', 14, '2027-01-03'],
    ['2028-02-15', 14, '2028-02-29'],
    ['2026-01-31', 30, '2026-03-02'],
  ])('contract %s + %i days → last day %s', (contratto, giorni, fine) => {
    expect(fineRipensamento(contratto, giorni)).toBe(fine);
  });

  it.each<[string, number, boolean]>([
    ['day 0 (the contract day)', 0, true],
    ['day 13', 13, true],
    ['day 14, the last one', 14, true],
    ['day 15', 15, false],
  ])('a withdrawal on %s of a 14-day window is in time: %s', (_label, day, inTime) => {
    const fine = fineRipensamento('2026-03-15', 14);
    expect(isRipensamentoInTermine(fine, addDays('2026-03-15', day))).toBe(inTime);
  });

  it.each<[string, string, string]>([
    // Last day 29 March 2026 (CEST from 02:00): Rome midnight is 22:00 UTC that evening.
    ['2026-03-29', '2026-03-29T21:59:59.999Z', 'in_maturazione'],
    ['2026-03-29', '2026-03-29T22:00:00.000Z', 'maturata'],
    // Last day 25 October 2026 (CET from 03:00): Rome midnight is 23:00 UTC that evening.
    ['2026-10-25', '2026-10-25T22:59:59.999Z', 'in_maturazione'],
    ['2026-10-25', '2026-10-25T23:00:00.000Z', 'maturata'],
    // The first minutes of the last day in Rome are still the previous day in UTC.
    ['2026-07-10', '2026-07-09T22:00:00.000Z', 'in_maturazione'],
    ['2026-07-10', '2026-07-09T21:59:59.999Z', 'in_maturazione'],
  ])('last day %s, at %s → %s', (fine, at, stato) => {
    expect(statoMaturazione(fine, new Date(at))).toBe(stato);
  });

  it('a commission with no window recorded is matured', () => {
    expect(statoMaturazione(null, new Date('2026-07-10T10:00:00Z'))).toBe('maturata');
  });
});

describe('clawback rules (docs/product/commissions.md#regole-di-storno)', () => {
  it.each<[string, string, number]>([
    ['2026-01-15', '2026-01-15', 0],
    ['2026-01-15', '2026-04-14', 2],
    ['2026-01-15', '2026-04-15', 3],
    ['2026-01-31', '2026-02-27', 0],
    ['2026-01-31', '2026-02-28', 1], // February has no 31st: its last day completes the month
    ['2026-01-31', '2026-03-30', 1],
    ['2026-01-31', '2026-03-31', 2],
    ['2025-11-10', '2026-11-10', 12],
  ])('whole months from %s to %s: %i', (attivazione, data, mesi) => {
    expect(mesiInteri(attivazione, data)).toBe(mesi);
  });

  const proporzionale12: RegolaStorno = { mesi: 12, modo: 'proporzionale' };
  const intero6: RegolaStorno = { mesi: 6, modo: 'intero' };
  it.each<[string, RegolaStorno | null, number, { num: number; den: number } | null]>([
    ['12 months proportional, 3 elapsed: 9/12', proporzionale12, 3, { num: 9, den: 12 }],
    ['12 months proportional, 0 elapsed: all of it', proporzionale12, 0, { num: 12, den: 12 }],
    ['12 months proportional, 11 elapsed: 1/12', proporzionale12, 11, { num: 1, den: 12 }],
    ['12 months proportional, 12 elapsed: none', proporzionale12, 12, null],
    ['6 months in full, 5 elapsed: all', intero6, 5, { num: 1, den: 1 }],
    ['6 months in full, 6 elapsed: none', intero6, 6, null],
    ['no rule: none', null, 0, null],
  ])('%s', (_label, regola, mesi, quota) => {
    expect(quotaStorno(regola, mesi)).toEqual(quota);
  });

  it.each<[number, { num: number; den: number }, number]>([
    [4000, { num: 9, den: 12 }, -3000],
    [700, { num: 9, den: 12 }, -525],
    [17300, { num: 9, den: 12 }, -12975],
    [1001, { num: 9, den: 12 }, -751], // 750.75 → 751
    [1002, { num: 1, den: 12 }, -84], // 83.5 → 84, half away from zero
    [-1002, { num: 1, den: 12 }, 84], // a negative structure share gives back a positive storno
    [4000, { num: 1, den: 1 }, -4000],
    [0, { num: 9, den: 12 }, 0],
  ])('storno of %i cents × %o = %i', (amount, quota, storno) => {
    expect(Object.is(stornoQuota(amount, quota), -0)).toBe(false);
    expect(stornoQuota(amount, quota)).toBe(storno);
  });
});
