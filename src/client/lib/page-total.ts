import { formatCount } from '#shared/text-format.ts';

/**
 * A list's total as the server gives it: exact, or "more than" when it stopped counting
 * (`totalIsLowerBound`, docs/performance.md#totali-delle-liste). Never a made-up number.
 */
export interface PageTotal {
  total: number;
  totalIsLowerBound: boolean;
}

/** The number alone: '25', 'più di 10.000'. */
export function formatTotal(t: PageTotal): string {
  return t.totalIsLowerBound ? `più di ${formatCount(t.total)}` : formatCount(t.total);
}

/** '1 pratica trovata', '25 pratiche trovate', 'più di 10.000 pratiche trovate'. */
export function describeTotal(t: PageTotal, one: string, many: string): string {
  if (t.totalIsLowerBound) return `più di ${formatCount(t.total)} ${many}`;
  return t.total === 1 ? `1 ${one}` : `${formatCount(t.total)} ${many}`;
}

/**
 * Pages for the pager. With a bound, the pages are at least those it covers, and one more while
 * the current page is full (there are more rows than the bound).
 */
export function pageCount(
  t: PageTotal,
  pageSize: number,
  page: number,
  itemsOnPage: number,
): { pages: number; atLeast: boolean } {
  const pages = Math.max(1, Math.ceil(t.total / pageSize));
  if (!t.totalIsLowerBound) return { pages, atLeast: false };
  return { pages: Math.max(pages, itemsOnPage >= pageSize ? page + 1 : page), atLeast: true };
}
