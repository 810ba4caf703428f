import { describe, expect, it } from 'vitest';
import { capitalise, formatCount } from '#shared/text-format.ts';
import { describeTotal } from '#client/lib/page-total.ts';

describe('counts and totals as the screens write them', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1234, '1.234'],
    [10_000, '10.000'],
    [1_000_000, '1.000.000'],
  ])('formatCount(%i) = %s', (n, text) => expect(formatCount(n)).toBe(text));

  it.each([
    ['più di 10.000 lead', 'Più di 10.000 lead'],
    ['ottobre 2026', 'Ottobre 2026'],
    ['', ''],
  ])('capitalise(%j) = %j', (text, shown) => expect(capitalise(text)).toBe(shown));

  it.each([
    [{ total: 1, totalIsLowerBound: false }, '1 pratica trovata'],
    [{ total: 25, totalIsLowerBound: false }, '25 pratiche trovate'],
    [{ total: 1234, totalIsLowerBound: false }, '1.234 pratiche trovate'],
    [{ total: 10_000, totalIsLowerBound: true }, 'più di 10.000 pratiche trovate'],
  ])('describeTotal(%j) = %s', (total, text) =>
    expect(describeTotal(total, 'pratica trovata', 'pratiche trovate')).toBe(text),
  );
});
