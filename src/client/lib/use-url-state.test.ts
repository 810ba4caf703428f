import { describe, expect, it } from 'vitest';
import { positiveInt, urlSearchText } from '#client/lib/use-url-state.ts';

describe('the search text of a list URL', () => {
  it.each([
    ['?search=rossi', 'rossi'],
    ['?search=%20rossi%20', 'rossi'],
    ['?q=rossi', 'rossi'],
    ['?search=bianchi&q=rossi', 'bianchi'],
    ['?page=2', ''],
    ['', ''],
  ])('%s reads as "%s"', (query, expected) => {
    expect(urlSearchText(new URLSearchParams(query))).toBe(expected);
  });
});

describe('a page number in the URL', () => {
  it.each([
    ['3', 3],
    ['1', 1],
    ['0', undefined],
    ['-2', undefined],
    ['2.5', undefined],
    ['abc', undefined],
    [null, undefined],
  ])('%s reads as %s', (value, expected) => {
    expect(positiveInt(value)).toBe(expected);
  });
});
