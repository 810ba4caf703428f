import { useId, useState } from 'react';
import {
  previewScenarios,
  PREVIEW_TOTALE_VENDITA_DEFAULT,
  type ConfigValues,
} from '#shared/commissioni/preview.ts';
import { msg } from '#shared/messages.ts';
import { formatAmountInput, fromCents, parseAmountInput, toCents } from '#shared/money.ts';
import { hasPercentCommission } from '#shared/servizi-catalogo.ts';
import { cn } from '#client/lib/cn.ts';
import { formatEuro } from '#client/lib/format.ts';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';

const ROLE_COLUMNS = [
  ['puntoFisico', 'Punto fisico', 'importoPuntoFisico'],
  ['agente', 'Agente', 'importoAgente'],
  ['areaManager', 'Area manager', 'importoAreaManager'],
  ['struttura', 'Struttura', 'importoAmministrazione'],
] as const;

/**
 * What the configuration being typed pays on a few sample sales, computed by the same engine the
 * server runs on completion. `values` is null while a field is invalid.
 */
export function ConfigPreview({ servizio, values }: { servizio: string; values: ConfigValues | null }) {
  const [totaleText, setTotaleText] = useState(() =>
    formatAmountInput(fromCents(PREVIEW_TOTALE_VENDITA_DEFAULT)),
  );
  const totaleId = useId();
  const isNoleggio = hasPercentCommission(servizio);
  const totale = parseAmountInput(totaleText);
  const totaleVendita =
    totale != null && toCents(totale) > 0 ? toCents(totale) : PREVIEW_TOTALE_VENDITA_DEFAULT;
  const scenarios = values ? previewScenarios(servizio, values, totaleVendita) : [];

  return (
    <section
      aria-labelledby={`${totaleId}-title`}
      className="grid content-start gap-3 rounded-lg border bg-muted/40 p-4"
      data-testid="config-preview"
    >
      <div>
        <h3 id={`${totaleId}-title`} className="font-semibold">
          {msg.configCommissioni.previewTitle}
        </h3>
        <p className="text-xs text-muted-foreground">{msg.configCommissioni.previewNote}</p>
      </div>
      {isNoleggio && (
        <div className="grid gap-1.5">
          <Label htmlFor={totaleId}>{msg.configCommissioni.totaleEsempio}</Label>
          <div className="relative">
            <Input
              id={totaleId}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              className="pr-8 tabular-nums"
              value={totaleText}
              onChange={(e) => setTotaleText(e.target.value)}
              onBlur={() => {
                const value = parseAmountInput(totaleText);
                if (value != null) setTotaleText(formatAmountInput(value));
              }}
            />
            <span
              aria-hidden
              className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
            >
              €
            </span>
          </div>
        </div>
      )}
      <div aria-live="polite" className="grid gap-3">
        {values == null ? (
          <p className="text-sm text-muted-foreground">{msg.configCommissioni.previewInvalid}</p>
        ) : (
          scenarios.map(({ key, label, result }) => {
            const isLoss = result.importoAmministrazione < 0;
            return (
              <div
                key={key}
                data-testid={`preview-${key}`}
                className={cn(
                  'grid gap-2 rounded-md border bg-card p-3',
                  isLoss && 'border-red-300 bg-red-50',
                )}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <span className="font-medium">{label}</span>
                  <span className="text-xs text-muted-foreground">
                    {isNoleggio ? msg.configCommissioni.totale : msg.configCommissioni.ricavo}{' '}
                    {formatEuro(result.ricavo)}
                  </span>
                </div>
                {/* Subgrid rows: a label that wraps on a phone keeps the four amounts on one line. */}
                <dl className="grid grid-cols-2 gap-x-2 gap-y-1 text-xs sm:grid-cols-4 sm:gap-x-1 sm:gap-y-0">
                  {ROLE_COLUMNS.map(([role, roleLabel, field]) => (
                    <div key={role} className="row-span-2 grid min-w-0 grid-rows-subgrid">
                      <dt className="text-muted-foreground">{roleLabel}</dt>
                      <dd
                        data-testid={`preview-${key}-${role}`}
                        className={cn(
                          'font-semibold whitespace-nowrap tabular-nums',
                          role === 'struttura' && result[field] < 0 && 'text-red-700',
                        )}
                      >
                        {formatEuro(result[field])}
                      </dd>
                    </div>
                  ))}
                </dl>
                {isLoss && (
                  <p className="text-xs font-medium text-red-700">
                    {msg.configCommissioni.strutturaNegativa}
                  </p>
                )}
              </div>
            );
          })
        )}
      </div>
    </section>
  );
}
