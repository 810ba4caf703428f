import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref } from '#shared/phone.ts';

describe('formatPhone: one way to show a phone everywhere', () => {
  it.each([
    // The three formats the issue found on one page.
    ['+39 3320576502', '+39 332 057 6502'],
    ['377 852 7602', '+39 377 852 7602'],
    ['3501778360', '+39 350 177 8360'],
    ['3331234567', '+39 333 123 4567'],
    ['0039 333 1234567', '+39 333 123 4567'],
    ['+393331234567', '+39 333 123 4567'],
    ['333.123.4567', '+39 333 123 4567'],
    ['  333-123-4567 ', '+39 333 123 4567'],
    ['02 1234 5678', '+39 02 1234 5678'],
    ['06-12345678', '+39 06 1234 5678'],
    ['0039 06 1234 5678', '+39 06 1234 5678'],
    // Not an Italian number it can read: exactly as typed (trimmed).
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['+41791234567', '+41791234567'],
    ['12', '12'],
    ['+39 333 12', '+39 333 12'],
    ['chiedere in negozio', 'chiedere in negozio'],
    ['', ''],
  ])('%j → %j', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });
});

describe('phoneHref', () => {
  it.each([
    ['333 123 4567', 'tel:+393331234567'],
    ['02 1234 5678', 'tel:+390212345678'],
    ['+44 20 7946 0958', 'tel:+442079460958'],
  ])('%j → %j', (typed, href) => {
    expect(phoneHref(typed)).toBe(href);
  });
});
