import type { LucideIcon } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Card } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatCount } from '#shared/text-format.ts';

/** A card's figure: a count grouped ('1.005.163'), anything else (an amount, a rate) as given. */
const shown = (value: ReactNode) => (typeof value === 'number' ? formatCount(value) : value);

/**
 * Font sizes of a figure: the card's own (text-xl, sm:text-2xl; text-3xl on a banner) or, when the
 * figure is too long for it, the width of the card's text column (a size container: 100cqi)
 * divided by the figure's length × 0.66em. Grouped figures take 0.61–0.65em a character in
 * DejaVu Sans Bold, the widest font the system-ui stack falls back to. The line height stays, so
 * the cards of a row keep one height.
 */
const FIGURE_SIZES = {
  card: [
    'text-[length:min(1.25rem,calc(100cqi/(var(--figure-chars,1)*0.66)))] leading-7',
    'sm:text-[length:min(1.5rem,calc(100cqi/(var(--figure-chars,1)*0.66)))] sm:leading-8',
  ],
  banner: ['text-[length:min(1.875rem,calc(100cqi/(var(--figure-chars,1)*0.66)))] leading-9'],
};

/**
 * A card's figure on one line, never broken inside the number ('€ 69.161.790,25' stays whole)
 * and never wider than the card: a long one gets smaller (FIGURE_SIZES). Its length is read from
 * the rendered text after each render, so an amount with its Storno mark counts as a whole.
 */
function Figure({ id, value, size }: { id: string; value: ReactNode; size: keyof typeof FIGURE_SIZES }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) el.style.setProperty('--figure-chars', String(el.textContent.length));
  });
  return (
    <p
      ref={ref}
      className={cn('mt-1 font-bold whitespace-nowrap tabular-nums', FIGURE_SIZES[size])}
      data-testid={`stat-${id}-value`}
    >
      {shown(value)}
    </p>
  );
}

const TONES = {
  blue: 'bg-blue-100 text-blue-700',
  green: 'bg-green-100 text-green-700',
  yellow: 'bg-yellow-100 text-yellow-800',
  purple: 'bg-purple-100 text-purple-700',
  slate: 'bg-slate-100 text-slate-700',
} as const;

/** One number of the dashboard: a title, the value, a subtitle; the test id names the value. */
export function StatCard(props: {
  id: string;
  title: string;
  value: ReactNode;
  subtitle?: ReactNode;
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  /** Heading level of the title: h2 on the page, h4 inside a panel. */
  level?: 'h2' | 'h4';
  className?: string;
}) {
  const { id, title, value, subtitle, icon: Icon, tone = 'blue', level: Heading = 'h2', className } = props;
  return (
    <Card
      className={cn('flex min-w-0 items-start justify-between gap-3 p-4 sm:p-5', className)}
      data-testid={`stat-${id}`}
    >
      <div className="@container min-w-0 flex-1">
        <Heading className="text-sm font-medium text-muted-foreground">{title}</Heading>
        <Figure id={id} value={value} size="card" />
        {subtitle && <p className="mt-1 text-xs text-muted-foreground">{subtitle}</p>}
      </div>
      <span
        aria-hidden
        className={cn(
          'hidden size-10 shrink-0 items-center justify-center rounded-full sm:flex',
          TONES[tone],
        )}
      >
        <Icon className="size-5" />
      </span>
    </Card>
  );
}

/** The two wide banners 'Oggi' and 'Questo Mese'. */
export function BannerCard(props: {
  id: string;
  title: string;
  value: ReactNode;
  subtitle: string;
  icon: LucideIcon;
  className: string;
}) {
  const { id, title, value, subtitle, icon: Icon, className } = props;
  return (
    <div
      className={cn('flex items-center justify-between gap-4 rounded-lg p-5 text-white shadow-sm', className)}
      data-testid={`stat-${id}`}
    >
      <div className="@container min-w-0 flex-1">
        <h2 className="text-sm font-medium text-white/90">{title}</h2>
        <Figure id={id} value={value} size="banner" />
        <p className="mt-1 text-sm text-white/90">{subtitle}</p>
      </div>
      <Icon aria-hidden className="size-10 shrink-0 text-white/80" />
    </div>
  );
}
