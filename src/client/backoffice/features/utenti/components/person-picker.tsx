import { Check, ChevronsUpDown, UserPlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { msg } from '#shared/messages.ts';
import type { Person } from '#shared/schemas/punto-fisico.ts';
import type { User } from '#shared/schemas/utente.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Command,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSearchStatus,
} from '#client/components/ui/command.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '#client/components/ui/popover.tsx';
import { cn } from '#client/lib/cn.ts';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { usePersonSearch } from '#client/backoffice/features/utenti/api/utenti.ts';
import type { PersonResult, PersonRole } from '#client/backoffice/features/utenti/api/queries.ts';
import { CreateUserDialog } from '#client/backoffice/features/utenti/components/user-dialogs.tsx';

const MIN_CHARS = 2;
const MAX_RESULTS = 10;

/**
 * Person search of the point dialogs (docs/product/screens.md#ricerche-e-suggerimenti), as a combobox (Radix Popover + cmdk): from 2 characters,
 * 300 ms after the last key, at most 10 people. With no result it says 'Nessun responsabile
 * trovato' and, for whoever may create users, offers to create the person in place (an option of
 * the list, so the keyboard reaches it too) and selects them.
 */
export function PersonPicker(props: {
  label: string;
  role: PersonRole;
  value: Person | null;
  onChange: (person: Person | null) => void;
  error?: string;
  optional?: boolean;
  canCreateUser: boolean;
}) {
  const { label, role, value, onChange, error, optional, canCreateUser } = props;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [creating, setCreating] = useState(false);
  const term = useDebouncedValue(text.trim(), 300);
  const search = usePersonSearch(term, role);
  const id = useId();
  const errorId = `${id}-error`;
  const hasTerm = term.length >= MIN_CHARS;
  const results = hasTerm ? (search.data ?? []).slice(0, MAX_RESULTS) : [];
  const isSearching = text.trim().length >= MIN_CHARS && (text.trim() !== term || search.isFetching);
  const noResult = !isSearching && hasTerm && search.isSuccess && results.length === 0;

  const choose = (person: PersonResult | User) => {
    onChange({
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
    });
    setText('');
    setOpen(false);
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {optional && (
          <span className="font-normal text-muted-foreground"> {msg.puntiScreen.picker.facoltativo}</span>
        )}
      </Label>
      <div className="flex gap-1">
        <Popover open={open} onOpenChange={setOpen} modal>
          <PopoverTrigger asChild>
            <Button
              id={id}
              variant="outline"
              role="combobox"
              aria-expanded={open}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="h-auto min-h-10 min-w-0 flex-1 justify-between py-2 text-left font-normal aria-[invalid=true]:border-destructive"
              data-testid={`picker-${role}`}
            >
              {value ? (
                <span className="min-w-0" data-testid={`selected-${role}`}>
                  <span className="block font-medium">
                    {value.firstName} {value.lastName}
                  </span>
                  <span className="block truncate text-muted-foreground">{value.email}</span>
                </span>
              ) : (
                <span className="text-muted-foreground">{msg.puntiScreen.picker.placeholder}</span>
              )}
              <ChevronsUpDown className="text-muted-foreground" aria-hidden />
            </Button>
          </PopoverTrigger>
          <PopoverContent aria-label={label}>
            <Command shouldFilter={false} label={msg.puntiScreen.picker.cerca(label)}>
              <CommandInput
                placeholder={msg.puntiScreen.picker.almeno2}
                value={text}
                onValueChange={setText}
              />
              <CommandSearchStatus
                state={isSearching ? 'searching' : noResult ? 'not-found' : !hasTerm ? 'too-short' : 'idle'}
                count={results.length}
                notFound={msg.puntoFisico.noPersonFound}
                minChars={MIN_CHARS}
              />
              <CommandList label={msg.puntiScreen.picker.risultati(label)}>
                {results.map((p) => (
                  <CommandItem key={p.id} value={`persona-${p.id}`} onSelect={() => choose(p)}>
                    <Check className={cn(value?.id === p.id ? 'opacity-100' : 'opacity-0')} aria-hidden />
                    <span className="min-w-0">
                      <span className="block font-medium">
                        {p.firstName} {p.lastName}
                      </span>
                      <span className="block truncate text-muted-foreground">{p.email}</span>
                    </span>
                  </CommandItem>
                ))}
                {noResult && canCreateUser && (
                  <CommandItem
                    value="__crea__"
                    onSelect={() => {
                      setOpen(false);
                      setCreating(true);
                    }}
                  >
                    <UserPlus aria-hidden />
                    {msg.puntiScreen.picker.creaUtente}
                  </CommandItem>
                )}
              </CommandList>
            </Command>
          </PopoverContent>
        </Popover>
        {value && (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onChange(null)}
            aria-label={msg.puntiScreen.picker.rimuovi(label)}
          >
            <X aria-hidden />
          </Button>
        )}
      </div>
      <FieldError id={errorId} message={error} />
      {canCreateUser && (
        <CreateUserDialog
          open={creating}
          onOpenChange={setCreating}
          fixedRole={role}
          initialName={term}
          onCreated={choose}
        />
      )}
    </div>
  );
}
