import { Check, ChevronsUpDown, UserRound, X } from 'lucide-react';
import { useId, useState } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import { ROLE_TITLES } from '#shared/permissions.ts';
import { CONSULENTI_SHOWN, type Consulente } from '#shared/schemas/chiamate.ts';
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
import { cn } from '#client/lib/cn.ts';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { useConsulenti } from '#client/backoffice/features/chiamate/api/chiamate.ts';

const c = msg.chiamate;

export const consulenteName = (p: Consulente) => `${p.firstName} ${p.lastName}`.trim();

/**
 * Admin and amministrazione: the queue of one consultant (docs/product/calls.md#la-coda). A
 * combobox that lists the first people with points at once and narrows by name or e-mail as one
 * types; 'Tutti i consulenti' clears it. The screen owns the chosen person.
 */
export function ConsulenteFilter(props: {
  selected: Consulente | null;
  onSelect: (consulente: Consulente | null) => void;
}) {
  const { selected, onSelect } = props;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), 300);
  const found = useConsulenti(term, open);
  const items = (found.data ?? []).slice(0, CONSULENTI_SHOWN);
  const isSearching = text.trim() !== term || found.isFetching;
  const id = useId();

  const pick = (consulente: Consulente | null) => {
    onSelect(consulente);
    setText('');
    setOpen(false);
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{c.consulente}</Label>
      <div className="flex gap-1">
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverTrigger asChild>
            <Button
              id={id}
              variant="outline"
              role="combobox"
              aria-expanded={open}
              className="min-w-0 flex-1 justify-between font-normal"
            >
              <span className="flex min-w-0 items-center gap-2">
                {selected && <UserRound className="text-primary" aria-hidden />}
                <span className="truncate">{selected ? consulenteName(selected) : c.tuttiConsulenti}</span>
              </span>
              <ChevronsUpDown className="text-muted-foreground" aria-hidden />
            </Button>
          </PopoverTrigger>
          <PopoverContent aria-label={c.consulente}>
            <Command shouldFilter={false} label={c.cercaConsulente}>
              <CommandInput placeholder={c.cercaConsulente} value={text} onValueChange={setText} />
              <CommandList label={c.consulente}>
                <CommandItem value="__tutti__" onSelect={() => pick(null)} className="font-medium">
                  <Check className={cn(selected == null ? 'opacity-100' : 'opacity-0')} aria-hidden />
                  {c.tuttiConsulenti}
                </CommandItem>
                {items.map((p) => (
                  <CommandItem key={p.id} value={`consulente-${p.id}`} onSelect={() => pick(p)}>
                    <Check className={cn(selected?.id === p.id ? 'opacity-100' : 'opacity-0')} aria-hidden />
                    <span className="min-w-0">
                      <span className="block font-medium">{consulenteName(p)}</span>
                      <span className="block text-xs text-muted-foreground">{ROLE_TITLES[p.role]}</span>
                    </span>
                  </CommandItem>
                ))}
              </CommandList>
              <CommandSearchStatus
                state={
                  isSearching ? 'searching' : found.isSuccess && items.length === 0 ? 'not-found' : 'idle'
                }
                count={items.length}
                notFound={c.nessunConsulente}
                minChars={1}
              />
            </Command>
          </PopoverContent>
        </Popover>
        {selected && (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => pick(null)}
            aria-label={fillMessage(msg.common.rimuoviFiltro, { filtro: c.consulente.toLowerCase() })}
          >
            <X aria-hidden />
          </Button>
        )}
      </div>
    </div>
  );
}
