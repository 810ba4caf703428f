import { AlarmClock, PhoneCall } from 'lucide-react';
import { Link } from 'wouter';
import { msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import { formatPercent } from '#client/lib/format.ts';
import { StatCard } from '#client/components/ui/stat-card.tsx';
import { useChiamateCruscotto } from '#client/backoffice/features/chiamate/api/chiamate.ts';

const c = msg.chiamate.cards;

/** 'Da chiamare oggi' and 'In ritardo', and per point the calls within 24 hours (docs/product/calls.md#cruscotto). */
export function ChiamateCards() {
  const { data } = useChiamateCruscotto();
  if (!data) return null;
  const figure = (n: number, more: boolean) => (more ? `${n}+` : n);
  return (
    <section aria-label={msg.chiamate.title} className="mb-6 grid gap-4">
      <div className="grid grid-cols-2 gap-4">
        <Link href={paths.chiamate} className="rounded-lg focus-visible:ring-2 focus-visible:ring-ring">
          <StatCard
            id="da-chiamare-oggi"
            title={c.oggi}
            value={figure(data.oggi, data.oggiIsLowerBound)}
            subtitle={c.oggiSub}
            icon={PhoneCall}
          />
        </Link>
        <Link href={paths.chiamate} className="rounded-lg focus-visible:ring-2 focus-visible:ring-ring">
          <StatCard
            id="in-ritardo"
            title={c.ritardo}
            value={figure(data.inRitardo, data.inRitardoIsLowerBound)}
            subtitle={c.ritardoSub}
            icon={AlarmClock}
            tone="yellow"
          />
        </Link>
      </div>
      {data.perPunto && data.perPunto.length > 0 && (
        <div className="rounded-lg border bg-card p-4">
          <h2 className="font-semibold">{c.entro24}</h2>
          <p className="text-sm text-muted-foreground">{c.entro24Sub}</p>
          <ul className="mt-2 grid gap-1 text-sm">
            {data.perPunto.map((p) => (
              <li key={p.puntoFisicoId} className="flex justify-between gap-2">
                <span>{p.nomeAttivita}</span>
                <span className="font-medium tabular-nums">
                  {formatPercent(p.lead ? Math.round((10_000 * p.chiamatiEntro24) / p.lead) : 0)} (
                  {p.chiamatiEntro24}/{p.lead})
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
