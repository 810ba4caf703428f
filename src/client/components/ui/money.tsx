import { msg } from '#shared/messages.ts';
import { toCents, type Cents } from '#shared/money.ts';
import { cn } from '#client/lib/cn.ts';
import { formatEuro } from '#client/lib/format.ts';

/**
 * An amount, it-IT. A negative one is a storno or outweighed by storni: it reads red with the
 * word 'Storno' beside it, never green and never a bare minus (docs/product/commissions.md#storni).
 * `onDark` puts it on a white chip, for the coloured banners.
 */
export function Money({
  value,
  onDark = false,
  className,
}: {
  value: string | Cents;
  onDark?: boolean;
  className?: string;
}) {
  const text = formatEuro(value);
  const cents = typeof value === 'number' ? value : toCents(value);
  if (cents >= 0) return <span className={className}>{text}</span>;
  return (
    <span
      data-storno=""
      className={cn(
        'inline-flex flex-wrap items-baseline gap-x-1.5 text-red-700',
        onDark && 'rounded-md bg-white px-2',
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
