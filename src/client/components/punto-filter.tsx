import { Check, ChevronsUpDown, Store, X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import {
  PUNTI_SUGGEST_LIMIT,
  PUNTI_SUGGEST_MIN_CHARS,
  type PuntoFisico,
  type PuntoSuggestion,
} from '#shared/schemas/punto-fisico.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Command,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSearchStatus,
} from '#client/components/ui/command.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '#client/components/ui/popover.tsx';
import { api, withQuery } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';

/** The chosen point, by id (an id that came from the URL). */
function usePuntoFisico(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.puntiFisici.detail(id ?? 0),
    queryFn: () => api.get<PuntoFisico>(`/api/punti-fisici/${id ?? 0}`),
    enabled: id != null && id > 0,
  });
}

/**
 * The suggestions, while `isOpen` (the server keeps the rules: none typed, the first 10; else
 * from 2 characters, at most 10).
 */
function usePuntiSuggestions(q: string, isOpen: boolean) {
  const term = q.trim();
  return useQuery({
    queryKey: queryKeys.puntiFisici.suggest(term),
    queryFn: () => api.get<PuntoSuggestion[]>(withQuery('/api/punti-fisici/suggest', { q: term })),
    enabled: isOpen && (term === '' || term.length >= PUNTI_SUGGEST_MIN_CHARS),
  });
}

type Picked = { id: number; nomeAttivita: string };

/** The chosen point's name: the suggestion just picked, else fetched (an id that came from the URL). */
function useSelectedLabel(selectedId: number | null, picked: Picked | null): string | null {
  const punto = usePuntoFisico(selectedId != null && picked?.id !== selectedId ? selectedId : undefined);
  if (selectedId == null) return null;
  if (picked?.id === selectedId) return picked.nomeAttivita;
  if (punto.data?.id === selectedId) return punto.data.nomeAttivita;
  return punto.isError
    ? msg.puntoFisico.nonDisponibile
    : fillMessage(msg.puntoFisico.conId, { id: String(selectedId) });
}

/** The chosen point's name for a chip of the screen's active filters (CollapsibleFilters). */
export function usePuntoLabel(selectedId: number | null): string | null {
  return useSelectedLabel(selectedId, null);
}

/**
 * Point-of-sale filter of the Lead and Pratiche screens (docs/product/screens.md#ricerche-e-suggerimenti): a combobox (Radix Popover + cmdk) that
 * lists the first 10 points as soon as it opens, then its suggestions from 2 characters, at most 10, by name or address (case-insensitive, on the
 * server); 'Tutti i punti fisici' clears it. Arrows move, Enter picks, Escape closes, and the
 * screen reader hears each option. The screen owns the selected id (from its URL).
 * The dashboard's point chooser is the same combobox as a picker: `placeholder` with no point
 * chosen, no 'all points' option, the label for screen readers only, its own 'Azzera'.
 */
export function PuntoFilter(props: {
  selectedId: number | null;
  onSelect: (puntoFisicoId: number | null) => void;
  /** A picker rather than a filter: what the button says before a point is chosen. */
  placeholder?: string;
}) {
  const { selectedId, onSelect, placeholder } = props;
  const isFilter = placeholder == null;
  const [picked, setPicked] = useState<Picked | null>(null);
  const label = useSelectedLabel(selectedId, picked);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), 300);
  const suggestions = usePuntiSuggestions(term, open);
  const id = useId();
  // No text: the first points at once; a text: from 2 characters.
  const hasTerm = term === '' || term.length >= PUNTI_SUGGEST_MIN_CHARS;
  const items = hasTerm ? (suggestions.data ?? []).slice(0, PUNTI_SUGGEST_LIMIT) : [];
  const isSearching =
    text.trim().length >= PUNTI_SUGGEST_MIN_CHARS && (text.trim() !== term || suggestions.isFetching);

  const pick = (punto: Picked | null) => {
    setPicked(punto);
    onSelect(punto?.id ?? null);
    setText('');
    setOpen(false);
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className={isFilter ? undefined : 'sr-only'}>
        {msg.puntiScreen.filter.label}
      </Label>
      <div className="flex gap-1">
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverTrigger asChild>
            <Button
              id={id}
              variant="outline"
              role="combobox"
              aria-expanded={open}
              className="min-w-0 flex-1 justify-between font-normal"
              data-testid="punto-filter"
            >
              <span className="flex min-w-0 items-center gap-2">
                {label && <Store className="text-primary" aria-hidden />}
                <span className="truncate">{label ?? placeholder ?? msg.lead.allPoints}</span>
              </span>
              <ChevronsUpDown className="text-muted-foreground" aria-hidden />
            </Button>
          </PopoverTrigger>
          <PopoverContent aria-label={msg.puntiScreen.filter.punti}>
            <Command shouldFilter={false} label={msg.puntiScreen.filter.cerca}>
              <CommandInput
                placeholder={msg.puntoFisico.cercaPlaceholder}
                value={text}
                onValueChange={setText}
              />
              <CommandList label={msg.puntiScreen.filter.punti}>
                {isFilter && (
                  <CommandItem value="__tutti__" onSelect={() => pick(null)} className="font-medium">
                    <Check className={cn(selectedId == null ? 'opacity-100' : 'opacity-0')} aria-hidden />
                    {msg.lead.allPoints}
                  </CommandItem>
                )}
                {items.map((p) => (
                  <CommandItem key={p.id} value={`punto-${p.id}`} onSelect={() => pick(p)}>
                    <Check className={cn(selectedId === p.id ? 'opacity-100' : 'opacity-0')} aria-hidden />
                    <span className="min-w-0">
                      <span className="block font-medium">{p.nomeAttivita}</span>
                      <span className="block text-xs text-muted-foreground">{p.indirizzo}</span>
                    </span>
                  </CommandItem>
                ))}
              </CommandList>
              <CommandSearchStatus
                state={
                  isSearching
                    ? 'searching'
                    : hasTerm && suggestions.isSuccess && items.length === 0
                      ? 'not-found'
                      : text.trim().length > 0 && text.trim().length < PUNTI_SUGGEST_MIN_CHARS
                        ? 'too-short'
                        : 'idle'
                }
                count={items.length}
                notFound={msg.puntoFisico.emptySearch}
                minChars={PUNTI_SUGGEST_MIN_CHARS}
              />
            </Command>
          </PopoverContent>
        </Popover>
        {isFilter && selectedId != null && (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => pick(null)}
            aria-label={msg.puntiScreen.filter.rimuovi}
          >
            <X aria-hidden />
          </Button>
        )}
      </div>
    </div>
  );
}
