import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatCount } from '#shared/text-format.ts';

/** A card's figure: a count grouped ('1.005.163'), anything else (an amount, a rate) as given. */
const shown = (value: ReactNode) => (typeof value === 'number' ? formatCount(value) : value);

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
      <div className="min-w-0">
        <Heading className="text-sm font-medium text-muted-foreground">{title}</Heading>
        <p
          className="mt-1 text-xl font-bold [overflow-wrap:anywhere] tabular-nums sm:text-2xl"
          data-testid={`stat-${id}-value`}
        >
          {shown(value)}
        </p>
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
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-white/90">{title}</h2>
        <p className="mt-1 text-3xl font-bold tabular-nums" data-testid={`stat-${id}-value`}>
          {shown(value)}
        </p>
        <p className="mt-1 text-sm text-white/90">{subtitle}</p>
      </div>
      <Icon aria-hidden className="size-10 shrink-0 text-white/80" />
    </div>
  );
}
