/** Numbers and words as the screens and documents write them, server and client alike. */

import { onFirstUse } from '#shared/on-first-use.ts';

const countFormatter = onFirstUse(
  () => new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' }),
);

/**
 * A count as the screens show it: "1.234", "1.000.000". Always grouped, like the amounts: the
 * it-IT default leaves four digits ungrouped ("1234"), so totals of different sizes would mix.
 */
export function formatCount(n: number): string {
  return countFormatter().format(n);
}

/** A text that opens a sentence or a heading: 'più di 10.000 lead' → 'Più di 10.000 lead'. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
