import { describe, expect, it } from 'vitest';
import { parseImportoEstratto } from '#server/modules/riconciliazioni/importo.ts';

/** Amounts as suppliers' statements write them (docs/product/fornitori-riconciliazione.md#importi). */
describe('parseImportoEstratto', () => {
  const table: Array<[string, number | null]> = [
    ['€ 1.234,56', 123456],
    ['1.234,56 €', 123456],
    ['1234,56', 123456],
    ['1,234.56', 123456],
    ['1234.56', 123456],
    ['1234.5', 123450],
    ['230', 23000],
    ['1.234', 123400],
    ['1,234', 123400],
    ['1.234.567,8', 123456780],
    ['EUR 10,00', 1000],
    ['-10,00', -1000],
    ['10,00-', -1000],
    ['(10,00)', -1000],
    ['12.300000', 1230],
    ['0,00', 0],
    ['\u00a01\u00a0234,56', 123456],
    ['', null],
    ['trenta', null],
    ['12,345', 1234500],
    ['1,2,3', null],
    ['1.23.456', null],
    ['12,3456', null],
    ['1.234,567', null],
    ['€', null],
    ['1.234,56.78', null],
  ];
  it.each(table)('%j → %j', (text, cents) => expect(parseImportoEstratto(text)).toBe(cents));
});
