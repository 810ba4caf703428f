import { describe, expect, it } from 'vitest';
import {
  formatAmountInput,
  formatEuro,
  fromCents,
  normalizeMoney,
  parseAmountInput,
  toCents,
} from '#shared/money.ts';
import fc from 'fast-check';
import {
  romeDateKey,
  romeParts,
  startOfRomeDay,
  startOfRomeMonth,
  startOfRomeQuarter,
  startOfRomeWeek,
} from '#shared/time.ts';

describe('money at the edges', () => {
  it.each([
    ['0', 0],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.01', 1],
    ['-7.25', -725],
    ['100', 10000],
    ['1.005', 101],
  ])('toCents(%s) = %i', (text, cents) => expect(toCents(text)).toBe(cents));
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [17300, '173.00'],
    [-725, '-7.25'],
  ])('fromCents(%i) = %s', (cents, text) => expect(fromCents(cents)).toBe(text));
  it.each([
    ['30', '30.00'],
    ['30.5', '30.50'],
    ['30.50', '30.50'],
    ['0.00', '0.00'],
    ['-0.00', '0.00'],
    ['-4.50', '-4.50'],
    ['007.10', '7.10'],
    ['1.005', '1.01'],
  ])('normalizeMoney(%s) = %s', (text, value) => expect(normalizeMoney(text)).toBe(value));
  it('normalizeMoney agrees with cents and back for any amount', () =>
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const text = fromCents(cents);
        expect(normalizeMoney(text)).toBe(fromCents(toCents(text)));
      }),
    ));
  it.each([
    ['1234.5', '€ 1.234,50'],
    ['12.5', '€ 12,50'],
    ['-7.25', '€ -7,25'],
    [17300, '€ 173,00'],
  ])('formats %s as %s', (value, text) => expect(formatEuro(value)).toBe(text));
});

describe('amounts typed in a field (it-IT)', () => {
  it.each([
    ['30', '30.00'],
    ['30,5', '30.50'],
    ['30,50', '30.50'],
    ['30,', '30.00'],
    ['0,01', '0.01'],
    ['1.234,56', '1234.56'],
    ['1234,56', '1234.56'],
    ['1.234.567,00', '1234567.00'],
    ['12.345,6', '12345.60'],
    ['30.50', '30.50'],
    ['30.5', '30.50'],
    ['1.234', '1234.00'],
    ['€ 12', '12.00'],
    [' 7,25 ', '7.25'],
  ])('parseAmountInput(%j) = %s', (text, value) => expect(parseAmountInput(text)).toBe(value));
  it.each(['', 'abc', '1,2,3', '12,345', '1.23.4', '-5', '1,234.56', '12345678901'])(
    'parseAmountInput(%j) is not an amount',
    (text) => expect(parseAmountInput(text)).toBeNull(),
  );
  it('takes a minus only where negatives are allowed', () => {
    expect(parseAmountInput('-40,00', { allowNegative: true })).toBe('-40.00');
  });
  it.each([
    ['30.00', '30,00'],
    ['0', '0,00'],
    ['1234.5', '1.234,50'],
    ['', ''],
    ['abc', 'abc'],
  ])('formatAmountInput(%j) = %j', (value, text) => expect(formatAmountInput(value)).toBe(text));
  it('reads back what it shows', () => {
    for (const value of ['0.00', '30.00', '1234.56', '9999999.99'])
      expect(parseAmountInput(formatAmountInput(value))).toBe(value);
  });
});

describe('Europe/Rome boundaries', () => {
  it('starts the day at Rome midnight in winter and summer', () => {
    expect(startOfRomeDay(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfRomeDay(new Date('2026-07-15T10:00:00Z')).toISOString()).toBe('2026-07-14T22:00:00.000Z');
  });
  it('puts 23:30 UTC on 31 Dec into the next Rome day', () => {
    expect(romeDateKey(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
  it('starts weeks on Monday', () => {
    // Sunday 22 Nov 2026 → Monday 16 Nov
    expect(romeDateKey(startOfRomeWeek(new Date('2026-11-22T12:00:00Z')))).toBe('2026-11-16');
    expect(romeDateKey(startOfRomeWeek(new Date('2026-11-16T00:30:00+01:00')))).toBe('2026-11-16');
  });
  it('finds month and quarter starts across DST', () => {
    expect(startOfRomeMonth(new Date('2026-04-10T12:00:00Z')).toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(startOfRomeQuarter(new Date('2026-05-10T12:00:00Z')).toISOString()).toBe(
      '2026-03-31T22:00:00.000Z',
    );
  });
});

describe('Rome wall clock of an instant', () => {
  const intl = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const fromIntl = (date: Date) => {
    const p = Object.fromEntries(
      intl
        .formatToParts(date)
        .filter((x) => x.type !== 'literal')
        .map((x) => [x.type, Number(x.value)]),
    );
    return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
  };

  it('matches Intl for any instant, 1950 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2100, 0, 1) }), (ts) => {
        expect(romeParts(new Date(ts))).toEqual(fromIntl(new Date(ts)));
      }),
      { numRuns: 3_000 },
    );
  });

  it.each([
    ['last second of winter time', '2026-03-29T00:59:59.999Z', { day: 29, hour: 1, minute: 59 }],
    ['first instant of summer time', '2026-03-29T01:00:00.000Z', { day: 29, hour: 3, minute: 0 }],
    ['last instant of summer time', '2026-10-25T00:59:59.999Z', { day: 25, hour: 2, minute: 59 }],
    ['first instant of winter time', '2026-10-25T01:00:00.000Z', { day: 25, hour: 2, minute: 0 }],
    ['midnight of New Year in Rome', '2026-12-31T23:00:00.000Z', { day: 1, hour: 0, minute: 0 }],
  ])('%s', (_label, iso, expected) => {
    expect(romeParts(new Date(iso))).toMatchObject(expected);
    expect(romeParts(new Date(iso))).toEqual(fromIntl(new Date(iso)));
  });

  it('refuses an invalid date as Intl does', () => {
    expect(() => romeParts(new Date(Number.NaN))).toThrow(RangeError);
  });
});
