import { CheckCircle2, Clock, Loader, XCircle, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { msg } from '#shared/messages.ts';
import { toCents } from '#shared/money.ts';
import { paths } from '#shared/permissions.ts';
import type { PraticaStato } from '#shared/domain.ts';
import type { RecentCommissione, RecentPratica } from '#shared/schemas/dashboard.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { formatDate, formatEuro } from '#client/lib/format.ts';
import { cn } from '#client/lib/cn.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';

const m = msg.dashboard;

/** Practice status colours: inserita blue, in_lavorazione yellow, completata green, ko red. */
const STATO_ICONS: Record<PraticaStato, { icon: LucideIcon; className: string }> = {
  inserita: { icon: Clock, className: 'bg-blue-100 text-blue-700' },
  in_lavorazione: { icon: Loader, className: 'bg-yellow-100 text-yellow-800' },
  completata: { icon: CheckCircle2, className: 'bg-green-100 text-green-700' },
  ko: { icon: XCircle, className: 'bg-red-100 text-red-700' },
};

export function RecentPratiche({ pratiche }: { pratiche: RecentPratica[] }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{m.praticheRecenti}</CardTitle>
      </CardHeader>
      <CardContent>
        {pratiche.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.nessunaPratica}</p>
        ) : (
          <ul className="divide-y">
            {pratiche.map((p) => {
              const { icon: Icon, className } = STATO_ICONS[p.statoPratica];
              const label = msg.pratica.statoLabels[p.statoPratica];
              return (
                <li
                  key={p.id}
                  className="flex items-center gap-3 py-3"
                  data-testid={`recent-pratica-${p.id}`}
                >
                  <span
                    role="img"
                    aria-label={label}
                    title={label}
                    data-stato={p.statoPratica}
                    className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', className)}
                  >
                    <Icon aria-hidden className="size-5" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <Link href={paths.pratica(p.id)} className="font-medium hover:underline">
                      {m.pratica(p.id)}
                    </Link>
                    <p className="text-sm text-muted-foreground">{formatDate(p.dataCreazione)}</p>
                  </div>
                  <span className="text-sm text-muted-foreground">{m.numeroServizi(p.numeroServizi)}</span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function RecentCommissioni({ commissioni }: { commissioni: RecentCommissione[] }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{m.commissioniRecenti}</CardTitle>
      </CardHeader>
      <CardContent>
        {commissioni.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.nessunaCommissione}</p>
        ) : (
          <ul className="divide-y">
            {commissioni.map((c) => (
              <li
                key={c.id}
                className="flex items-center gap-3 py-3"
                data-testid={`recent-commissione-${c.id}`}
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {servizioLabel(c.tipoServizio)}
                    {c.hasBonus && <Badge variant="warning">{m.bonus}</Badge>}
                    {toCents(c.userCommission) < 0 && (
                      <Badge variant="danger">{msg.commissioniScreen.storno}</Badge>
                    )}
                  </p>
                  <p className="text-sm text-muted-foreground">{formatDate(c.dataCompletamento)}</p>
                </div>
                {/* A storno (negative) reads red with its word, never green (docs/product/commissions.md#storni). */}
                <span
                  className={
                    toCents(c.userCommission) < 0
                      ? 'font-semibold text-red-700 tabular-nums'
                      : 'font-semibold text-green-700 tabular-nums'
                  }
                >
                  {formatEuro(c.userCommission)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
