import { Pencil, Settings2 } from 'lucide-react';
import { previewScenarios } from '#shared/commissioni/preview.ts';
import { msg } from '#shared/messages.ts';
import type { CommissioneConfig } from '#shared/schemas/commissione.ts';
import type { Fornitore } from '#shared/schemas/fornitore.ts';
import { hasForniture, hasPercentCommission, servizioLabel } from '#shared/servizi-catalogo.ts';
import { cn } from '#client/lib/cn.ts';
import { formatDate, formatEuro, formatPercent } from '#client/lib/format.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';

const ROLES = [
  ['PuntoFisico', msg.configCommissioni.card.puntoFisico],
  ['Agente', msg.configCommissioni.card.agente],
  ['AreaManager', msg.configCommissioni.card.areaManager],
] as const;

const FIXED_ROWS = [
  ['commissione', msg.configCommissioni.card.unitaBase],
  ['commissioneAggiuntiva', msg.configCommissioni.card.aggiuntiva],
  ['commissioneAggiuntivaRid', msg.configCommissioni.card.aggiuntivaRid],
] as const;

function FixedSummary({ config, servizio }: { config: CommissioneConfig; servizio: string }) {
  // The structure's margin on the simplest sale, so a configuration that loses money stands out.
  const [first] = previewScenarios(servizio, config);
  const margin = first.result.importoAmministrazione;
  return (
    <div className="grid gap-2">
      <p className="text-sm">
        {msg.configCommissioni.card.ricavoBase}{' '}
        <strong className="tabular-nums">{formatEuro(config.ricavoBase)}</strong>
        <span className="mx-2 text-muted-foreground" aria-hidden>
          ·
        </span>
        {msg.configCommissioni.card.bonusRid}{' '}
        <strong className="tabular-nums">{formatEuro(config.bonusRid)}</strong>
      </p>
      <table className="w-full max-w-xl text-xs sm:text-sm">
        <caption className="sr-only">{msg.configCommissioni.card.caption}</caption>
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1 pr-2 font-medium">
              <span className="sr-only">{msg.configCommissioni.card.unita}</span>
            </th>
            {ROLES.map(([key, label]) => (
              <th key={key} scope="col" className="px-1 py-1 text-right font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FIXED_ROWS.map(([prefix, label]) => (
            <tr key={prefix} className="border-t">
              <th scope="row" className="py-1 pr-2 text-left text-xs font-medium text-muted-foreground">
                {label}
              </th>
              {ROLES.map(([key]) => (
                <td key={key} className="px-1 py-1 text-right whitespace-nowrap tabular-nums">
                  {formatEuro(config[`${prefix}${key}`])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={cn('text-xs', margin < 0 ? 'font-semibold text-red-700' : 'text-muted-foreground')}>
        {msg.configCommissioni.card.strutturaSu(hasForniture(servizio))}{' '}
        <span className="tabular-nums">{formatEuro(margin)}</span>
        {margin < 0 && ` — ${msg.configCommissioni.strutturaNegativa}`}
      </p>
    </div>
  );
}

function PercentSummary({ config }: { config: CommissioneConfig }) {
  const items = [
    ...ROLES.map(([key, label]) => [`percentuale${key}`, label] as const),
    ['percentualeStruttura', msg.configCommissioni.card.struttura] as const,
  ];
  return (
    <dl className="grid max-w-xl grid-cols-4 gap-2 text-sm">
      {items.map(([field, label]) => (
        <div key={field}>
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums">{formatPercent(config[field])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One supplier with a row per service it supports. See docs/product/screens.md#config-commissioni */
export function FornitoreConfigCard(props: {
  fornitore: Fornitore;
  servizi: string[];
  configs: Map<string, CommissioneConfig>;
  onConfigure: (servizio: string) => void;
  onEditFornitore: () => void;
}) {
  const { fornitore, servizi, configs, onConfigure, onEditFornitore } = props;
  const headingId = `fornitore-${fornitore.id}-title`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`fornitore-${fornitore.codice}`}
      className="overflow-hidden rounded-lg border bg-card shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-muted/30 px-4 py-3 sm:px-5">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-lg font-semibold">
            {fornitore.nome}
          </h2>
          <Badge variant="outline" className="font-mono">
            {fornitore.codice}
          </Badge>
          {!fornitore.isActive && <Badge variant="secondary">{msg.configCommissioni.card.disattivo}</Badge>}
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          onClick={onEditFornitore}
          aria-label={msg.configCommissioni.card.modificaFornitoreDi(fornitore.nome)}
        >
          <Pencil aria-hidden />
          <span className="hidden sm:inline">{msg.configCommissioni.card.modificaFornitore}</span>
        </Button>
      </div>
      <ul className="divide-y">
        {servizi.map((servizio) => {
          const config = configs.get(servizio);
          const label = servizioLabel(servizio);
          const action = config ? msg.configCommissioni.modifica : msg.configCommissioni.configura;
          return (
            <li
              key={servizio}
              data-testid={`config-${fornitore.codice}-${servizio}`}
              className="grid gap-3 px-4 py-3 sm:px-5"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h3 className="font-semibold">{label}</h3>
                {config ? (
                  <span className="text-xs text-muted-foreground">
                    {msg.configCommissioni.card.aggiornataIl(formatDate(config.updatedAt))}
                  </span>
                ) : (
                  <Badge variant="warning">{msg.configCommissioni.nonConfigurato}</Badge>
                )}
                <Button
                  variant={config ? 'outline' : 'default'}
                  size="sm"
                  className="ml-auto"
                  aria-label={`${action} ${label} ${fornitore.nome}`}
                  onClick={() => onConfigure(servizio)}
                >
                  <Settings2 aria-hidden />
                  {action}
                </Button>
              </div>
              {config &&
                (hasPercentCommission(servizio) ? (
                  <PercentSummary config={config} />
                ) : (
                  <FixedSummary config={config} servizio={servizio} />
                ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
