import { RotateCcw, Search } from 'lucide-react';
import { KO_MOTIVAZIONI, SERVIZI_PRINCIPALI, SERVIZIO_STATI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import type { PraticheList } from '#shared/schemas/pratica.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { cn } from '#client/lib/cn.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useUrlSearchText } from '#client/lib/use-url-state.ts';
import { PuntoFilter } from '#client/components/punto-filter.tsx';
import type { PraticheFilters as FilterState } from '#client/backoffice/features/pratiche/api/queries.ts';

const STATO_STYLES: Record<string, string> = {
  inserito: 'aria-pressed:bg-blue-600 aria-pressed:text-white aria-pressed:border-blue-600',
  in_lavorazione: 'aria-pressed:bg-yellow-500 aria-pressed:text-black aria-pressed:border-yellow-500',
  completato: 'aria-pressed:bg-green-700 aria-pressed:text-white aria-pressed:border-green-700',
  ko: 'aria-pressed:bg-red-700 aria-pressed:text-white aria-pressed:border-red-700',
};

export function PraticheFilters(props: {
  value: FilterState;
  /** Every change starts from the first page; the search box's keystrokes replace the history entry. */
  onChange: (next: Partial<FilterState>, options?: { replace?: boolean }) => void;
  onReset: () => void;
  /** Undefined while loading; null when the search is too broad to count per status. */
  counts: PraticheList['countsByStato'] | undefined;
}) {
  const { value, onChange, onReset, counts } = props;
  const [text, setText] = useUrlSearchText(value.search, (search) =>
    // A new search is a history entry; refining it replaces that entry.
    onChange({ search }, { replace: value.search !== '' }),
  );
  const toggle = (stato: string) =>
    onChange({
      stati: value.stati.includes(stato) ? value.stati.filter((s) => s !== stato) : [...value.stati, stato],
    });
  const isKoOn = value.stati.includes('ko');

  return (
    <section
      aria-label={msg.praticheScreen.filters.label}
      className="mb-6 grid gap-4 rounded-lg border bg-card p-4"
    >
      <div className="grid gap-3 md:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor="pratiche-search">{msg.praticheScreen.filters.cerca}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id="pratiche-search"
              type="search"
              className="pl-9"
              placeholder={msg.praticheScreen.filters.cercaPlaceholder}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="pratiche-servizio">{msg.praticheScreen.filters.servizio}</Label>
          <NativeSelect
            id="pratiche-servizio"
            value={value.servizio}
            onChange={(e) => onChange({ servizio: e.target.value })}
          >
            <option value="">{msg.praticheScreen.filters.tuttiIServizi}</option>
            {SERVIZI_PRINCIPALI.map((s) => (
              <option key={s} value={s}>
                {servizioLabel(s)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <PuntoFilter
          selectedId={value.puntoFisicoId}
          onSelect={(puntoFisicoId) => onChange({ puntoFisicoId })}
        />
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <div
          role="group"
          aria-label={msg.praticheScreen.filters.statoServizio}
          className="flex flex-wrap gap-2"
        >
          {SERVIZIO_STATI.map((stato) => (
            <Button
              key={stato}
              size="sm"
              variant="outline"
              aria-pressed={value.stati.includes(stato)}
              className={cn(STATO_STYLES[stato])}
              onClick={() => toggle(stato)}
            >
              {msg.servizio.statoLabels[stato]}
              {counts !== null && (
                <span className="rounded-full bg-black/10 px-1.5 text-xs tabular-nums">
                  {counts ? msg.pratica.conteggioStato(counts[stato]) : msg.pratica.conteggioInCorso}
                </span>
              )}
            </Button>
          ))}
        </div>
        <Button
          size="sm"
          variant="outline"
          aria-pressed={value.schedaIncompleta}
          className="aria-pressed:border-amber-600 aria-pressed:bg-amber-600 aria-pressed:text-white"
          onClick={() => onChange({ schedaIncompleta: !value.schedaIncompleta })}
        >
          {msg.scheda.incompleta}
        </Button>
        {counts === null && (
          <p className="text-xs text-muted-foreground">{msg.pratica.conteggiNonCalcolati}</p>
        )}
        {isKoOn && (
          <div className="grid gap-1">
            <Label htmlFor="pratiche-ko" className="text-xs">
              {msg.praticheScreen.filters.motivazioneKo}
            </Label>
            <NativeSelect
              id="pratiche-ko"
              className="h-9 w-auto"
              value={value.koMotivazione}
              onChange={(e) => onChange({ koMotivazione: e.target.value })}
            >
              <option value="">{msg.praticheScreen.filters.tutteLeMotivazioni}</option>
              {KO_MOTIVAZIONI.map((k) => (
                <option key={k} value={k}>
                  {msg.servizio.koLabels[k]}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          onClick={() => {
            setText('');
            onReset();
          }}
        >
          <RotateCcw aria-hidden /> {msg.pratica.resetFilters}
        </Button>
      </div>
    </section>
  );
}
