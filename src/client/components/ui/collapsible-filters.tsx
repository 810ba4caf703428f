import { SlidersHorizontal, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

export interface FilterChip {
  key: string;
  /** What the active filter is, as the chip shows it: 'Stato: Contattato'. */
  label: string;
  onRemove: () => void;
}

/**
 * A list's filters, behind a 'Filtri' button on phones (< 640 px) so the first rows show on the
 * first screen, with the active filters as chips that remove themselves; from 640 px the filters
 * are always shown and the button and chips are not (docs/product/screens.md#filtri-sul-telefono).
 */
export function CollapsibleFilters(props: { chips: FilterChip[]; children: ReactNode }) {
  const { chips, children } = props;
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2 sm:hidden" data-testid="filtri-telefono">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden />
          {msg.common.filtri}
          {chips.length > 0 && (
            <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground tabular-nums">
              {chips.length}
            </span>
          )}
        </Button>
        {chips.map((chip) => (
          <button
            key={chip.key}
            type="button"
            className="inline-flex max-w-full items-center gap-1 rounded-full border bg-muted px-2.5 py-1 text-xs"
            aria-label={fillMessage(msg.common.rimuoviFiltro, { filtro: chip.label })}
            onClick={chip.onRemove}
          >
            <span className="truncate">{chip.label}</span>
            <X className="size-3 shrink-0" aria-hidden />
          </button>
        ))}
      </div>
      <div id={panelId} className={cn(!isOpen && 'max-sm:hidden')}>
        {children}
      </div>
    </>
  );
}
