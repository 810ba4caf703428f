const countFormatter = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });

/**
 * A count as the screens show it: "1.234", "1.000.000". Always grouped, like the amounts: the
 * it-IT default leaves four digits ungrouped ("1234"), so totals of different sizes would mix.
 */
export function formatCount(n: number): string {
  return countFormatter.format(n);
}
