import { Store, X } from 'lucide-react';
import { useId, useState } from 'react';
import { msg } from '#shared/messages.ts';
import { PUNTI_SUGGEST_MIN_CHARS } from '#shared/schemas/punto-fisico.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { usePuntiSuggestions, usePuntoFisico } from '../api/punti-fisici';

/** The chosen point's name: the suggestion just picked, else fetched (an id that came from the URL). */
function useSelectedLabel(
  selectedId: number | null,
  picked: { id: number; nomeAttivita: string } | null,
): string | null {
  const punto = usePuntoFisico(selectedId != null && picked?.id !== selectedId ? selectedId : undefined);
  if (selectedId == null) return null;
  if (picked?.id === selectedId) return picked.nomeAttivita;
  if (punto.data?.id === selectedId) return punto.data.nomeAttivita;
  return punto.isError ? 'Punto fisico non disponibile' : `Punto fisico #${selectedId}`;
}

/**
 * Point-of-sale filter of the Lead and Pratiche screens (docs/product/screens.md#ricerche-e-suggerimenti): suggestions from 2
 * characters, at most 10, by name or address (case-insensitive, on the server); 'Tutti i punti
 * fisici' clears it. The screen owns the selected id (from its URL or its state).
 */
export function PuntoFilter(props: {
  selectedId: number | null;
  onSelect: (puntoFisicoId: number | null) => void;
}) {
  const { selectedId, onSelect } = props;
  const [picked, setPicked] = useState<{ id: number; nomeAttivita: string } | null>(null);
  const label = useSelectedLabel(selectedId, picked);
  const selected = label != null;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const term = useDebouncedValue(text, 300);
  const suggestions = usePuntiSuggestions(term);
  const id = useId();
  const listId = `${id}-list`;
  const showList = open && !selected;
  const items = term.trim().length >= PUNTI_SUGGEST_MIN_CHARS ? (suggestions.data ?? []) : [];

  const pick = (punto: { id: number; nomeAttivita: string } | null) => {
    setPicked(punto);
    onSelect(punto?.id ?? null);
    setText('');
    setOpen(false);
  };

  return (
    <div className="relative grid gap-2">
      <Label htmlFor={id}>Punto fisico</Label>
      {selected ? (
        <div
          className="flex h-10 items-center justify-between gap-2 rounded-md border bg-muted/50 pl-3"
          data-testid="punto-filter-selected"
        >
          <span className="flex min-w-0 items-center gap-2 text-sm">
            <Store className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="truncate">{label}</span>
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => pick(null)}
            aria-label="Rimuovi filtro punto fisico"
          >
            <X aria-hidden />
          </Button>
        </div>
      ) : (
        <Input
          id={id}
          type="search"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          autoComplete="off"
          placeholder={msg.lead.allPoints}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        />
      )}
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Punti fisici suggeriti"
          className="absolute top-full z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md border bg-card shadow-lg"
        >
          <li role="option" aria-selected={false}>
            <button
              type="button"
              className="w-full px-3 py-2 text-left text-sm font-medium hover:bg-muted"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(null)}
            >
              {msg.lead.allPoints}
            </button>
          </li>
          {items.map((p) => (
            <li key={p.id} role="option" aria-selected={false}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-muted"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick({ id: p.id, nomeAttivita: p.nomeAttivita })}
              >
                <span className="font-medium">{p.nomeAttivita}</span>
                <span className="block text-xs text-muted-foreground">{p.indirizzo}</span>
              </button>
            </li>
          ))}
          {term.trim().length >= PUNTI_SUGGEST_MIN_CHARS && suggestions.isSuccess && items.length === 0 && (
            <li className="px-3 py-2 text-sm text-muted-foreground">Nessun punto fisico trovato</li>
          )}
          {text.trim().length > 0 && text.trim().length < PUNTI_SUGGEST_MIN_CHARS && (
            <li className="px-3 py-2 text-sm text-muted-foreground">Digita almeno 2 caratteri</li>
          )}
        </ul>
      )}
    </div>
  );
}
