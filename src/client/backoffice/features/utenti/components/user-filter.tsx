import { useQuery } from '@tanstack/react-query';
import { Check, ChevronsUpDown, X } from 'lucide-react';
import { useId, useState } from 'react';
import { msg } from '#shared/messages.ts';
import type { User } from '#shared/schemas/utente.ts';
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
import { userQueries } from '#client/backoffice/features/utenti/api/queries.ts';

const MIN_CHARS = 2;
const SHOWN = 10;

/**
 * A filter on one account, any role, active or not (the audit log): a combobox searching the
 * users list by name, e-mail or phone from 2 characters, the first 10 matches; 'all' clears it.
 * Any number of accounts: nothing is loaded before the admin types.
 */
export function UserFilter(props: {
  label: string;
  allLabel: string;
  selectedId: number | undefined;
  onSelect: (userId: number | undefined) => void;
}) {
  const { label, allLabel, selectedId, onSelect } = props;
  const [picked, setPicked] = useState<User | null>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), 300);
  const hasTerm = term.length >= MIN_CHARS;
  const found = useQuery({ ...userQueries.list({ q: term }), enabled: hasTerm });
  const items = hasTerm && found.data && !found.isPlaceholderData ? found.data.items.slice(0, SHOWN) : [];
  const isSearching = text.trim().length >= MIN_CHARS && (text.trim() !== term || found.isFetching);
  const id = useId();
  const shown =
    selectedId == null
      ? allLabel
      : picked?.id === selectedId
        ? `${picked.firstName} ${picked.lastName}`
        : `Utente #${selectedId}`;

  const pick = (user: User | null) => {
    setPicked(user);
    onSelect(user?.id);
    setText('');
    setOpen(false);
  };

  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
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
              <span className="truncate">{shown}</span>
              <ChevronsUpDown className="text-muted-foreground" aria-hidden />
            </Button>
          </PopoverTrigger>
          <PopoverContent aria-label={label}>
            <Command shouldFilter={false} label={msg.utentiScreen.filter.cerca(label)}>
              <CommandInput
                placeholder={msg.utentiScreen.filter.placeholder}
                value={text}
                onValueChange={setText}
              />
              <CommandList label={label}>
                <CommandItem value="__tutti__" onSelect={() => pick(null)} className="font-medium">
                  <Check className={cn(selectedId == null ? 'opacity-100' : 'opacity-0')} aria-hidden />
                  {allLabel}
                </CommandItem>
                {items.map((u) => (
                  <CommandItem key={u.id} value={`utente-${u.id}`} onSelect={() => pick(u)}>
                    <Check className={cn(selectedId === u.id ? 'opacity-100' : 'opacity-0')} aria-hidden />
                    <span className="min-w-0">
                      <span className="block font-medium">
                        {u.firstName} {u.lastName}
                      </span>
                      <span className="block text-xs [overflow-wrap:anywhere] text-muted-foreground">
                        {u.email}
                      </span>
                    </span>
                  </CommandItem>
                ))}
              </CommandList>
              <CommandSearchStatus
                state={
                  isSearching
                    ? 'searching'
                    : hasTerm && found.isSuccess && items.length === 0
                      ? 'not-found'
                      : text.trim().length > 0 && !hasTerm
                        ? 'too-short'
                        : 'idle'
                }
                count={items.length}
                notFound={msg.user.emptySearch}
                minChars={MIN_CHARS}
              />
            </Command>
          </PopoverContent>
        </Popover>
        {selectedId != null && (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => pick(null)}
            aria-label={msg.utentiScreen.filter.rimuovi(label)}
          >
            <X aria-hidden />
          </Button>
        )}
      </div>
    </div>
  );
}
