import { msg } from '#shared/messages.ts';
import { toCents, type Cents } from '#shared/money.ts';
import { cn } from '#client/lib/cn.ts';
import { formatEuro, formatEuroCompact } from '#client/lib/format.ts';

/**
 * An amount, it-IT. A negative one is a storno or outweighed by storni: it reads red with the
 * word 'Storno' beside it, never green and never a bare minus (docs/product/commissions.md#storni).
 * `onDark` puts it on a white chip, for the coloured banners. `compact` rounds it for a narrow
 * place ('19,2 Mln €', the exact amount as its tooltip), and lets the unit go under the figure.
 */
export function Money({
  value,
  onDark = false,
  compact = false,
  className,
}: {
  value: string | Cents;
  onDark?: boolean;
  compact?: boolean;
  className?: string;
}) {
  // Only the first no-break space, between the figure and its unit, becomes a break: '19,2' over 'Mln €'.
  const text = compact ? formatEuroCompact(value).replace('\u00a0', ' ') : formatEuro(value);
  const title = compact ? formatEuro(value) : undefined;
  const cents = typeof value === 'number' ? value : toCents(value);
  if (cents >= 0)
    return (
      <span className={className} title={title}>
        {text}
      </span>
    );
  return (
    <span
      data-storno=""
      title={title}
      className={cn(
        'inline-flex flex-wrap items-baseline gap-x-1.5 text-red-700',
        onDark && 'rounded-md bg-white px-2',
        compact && 'justify-center',
        className,
      )}
    >
      <span>{text}</span>
      <span className="text-[0.7em] font-semibold tracking-wide text-red-800 uppercase">
        {msg.commissioniScreen.storno}
      </span>
    </span>
  );
}
