import type { ReactNode } from 'react';
import { formatCount } from '#shared/text-format.ts';
import { cn } from '#client/lib/cn.ts';

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** The value as shown (formatted, or an element such as an amount); defaults to the number, grouped (formatCount). */
  display?: ReactNode;
  /**
   * ColumnChart only: a shorter form of the value for a narrow column ('19,2 Mln €'), shown in
   * place of `display`, which stays for screen readers and for the text of the list.
   */
  short?: ReactNode;
}

/**
 * Horizontal bars, each as long as its share of the largest value, in plain CSS. The label and
 * the value are text, so screen readers and tests read the chart as a list.
 */
export function BarChart({
  bars,
  label,
  className,
  barClassName,
}: {
  bars: Bar[];
  label: string;
  className?: string;
  barClassName?: string;
}) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  return (
    <ul aria-label={label} className={cn('flex flex-col gap-3', className)}>
      {bars.map((bar) => {
        const share = max > 0 && bar.value > 0 ? (bar.value / max) * 100 : 0;
        return (
          <li
            key={bar.key}
            className="grid grid-cols-[5.5rem_1fr_auto] items-center gap-3 text-sm"
            data-testid={`bar-${bar.key}`}
          >
            <span className="truncate font-medium">{bar.label}</span>
            <span aria-hidden className="h-3 overflow-hidden rounded-full bg-muted">
              <span
                className={cn('block h-full rounded-full bg-primary transition-[width]', barClassName)}
                style={{ width: `${share}%` }}
                data-share={share.toFixed(1)}
              />
            </span>
            <span className="min-w-12 text-right text-muted-foreground tabular-nums">
              {bar.display ?? formatCount(bar.value)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Vertical columns (a trend over time), same rules as BarChart. The columns share three rows
 * (values, bars, months), so a label that wraps in one column moves no bar out of line with the
 * others. Six columns share a phone's width: a value too long for one (an amount in millions)
 * gives a `short` form to show instead.
 */
export function ColumnChart({ bars, label, className }: { bars: Bar[]; label: string; className?: string }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  return (
    <ul
      aria-label={label}
      className={cn(
        'grid h-56 auto-cols-fr grid-flow-col grid-rows-[auto_1fr_auto] gap-x-2 gap-y-1 sm:gap-x-4',
        className,
      )}
    >
      {bars.map((bar) => {
        const share = max > 0 && bar.value > 0 ? (bar.value / max) * 100 : 0;
        const display = bar.display ?? formatCount(bar.value);
        return (
          <li
            key={bar.key}
            className="row-span-3 grid min-w-0 grid-rows-subgrid justify-items-center text-center"
            data-testid={`bar-${bar.key}`}
          >
            <span className="self-end text-[0.7rem] leading-tight text-muted-foreground tabular-nums sm:text-xs">
              {bar.short == null ? (
                display
              ) : (
                <>
                  <span className="sr-only">{display}</span>
                  <span aria-hidden data-testid={`bar-${bar.key}-short`}>
                    {bar.short}
                  </span>
                </>
              )}
            </span>
            <span aria-hidden className="flex w-full max-w-14 items-end rounded-t-md bg-muted">
              <span
                className="block w-full rounded-t-md bg-primary"
                style={{ height: `${share}%` }}
                data-share={share.toFixed(1)}
              />
            </span>
            <span className="self-start text-xs font-medium">{bar.label}</span>
          </li>
        );
      })}
    </ul>
  );
}
