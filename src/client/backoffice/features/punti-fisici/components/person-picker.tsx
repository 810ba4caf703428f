import { UserPlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { msg } from '#shared/messages.ts';
import type { Person } from '#shared/schemas/punto-fisico.ts';
import type { User } from '#shared/schemas/utente.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { CreateUserDialog } from '#client/backoffice/features/utenti/components/user-dialogs.tsx';
import { usePersonSearch } from '#client/backoffice/features/utenti/api/utenti.ts';
import type { PersonResult } from '#client/backoffice/features/utenti/api/queries.ts';

type PickerRole = 'punto_fisico' | 'agente' | 'area_manager';

/**
 * Person search of the point dialogs (SPEC §5 "Searches"): from 2 characters, 300 ms after the
 * last key. With no result it says 'Nessun responsabile trovato' and, for whoever may create
 * users, offers to create the person in place and selects them.
 */
export function PersonPicker(props: {
  label: string;
  role: PickerRole;
  value: Person | null;
  onChange: (person: Person | null) => void;
  error?: string;
  optional?: boolean;
  canCreateUser: boolean;
}) {
  const { label, role, value, onChange, error, optional, canCreateUser } = props;
  const [text, setText] = useState('');
  const [creating, setCreating] = useState(false);
  const term = useDebouncedValue(text, 300);
  const search = usePersonSearch(term, role);
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const results = term.trim().length >= 2 ? (search.data ?? []) : [];
  const waiting = text.trim().length >= 2 && (text !== term || search.isFetching);

  const choose = (person: PersonResult | User) => {
    onChange({
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
    });
    setText('');
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-muted-foreground"> (facoltativo)</span>}
      </Label>
      {value ? (
        <div
          className="flex items-center justify-between gap-2 rounded-md border bg-muted/50 px-3 py-2"
          data-testid={`selected-${role}`}
        >
          <div className="min-w-0 text-sm">
            <p className="font-medium">
              {value.firstName} {value.lastName}
            </p>
            <p className="truncate text-muted-foreground">{value.email}</p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange(null)}
            aria-label={`Rimuovi ${label.toLowerCase()}`}
          >
            <X aria-hidden />
            Cambia
          </Button>
        </div>
      ) : (
        <>
          <Input
            id={id}
            type="search"
            role="combobox"
            aria-expanded={results.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder="Cerca per nome, cognome o email (almeno 2 caratteri)"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {waiting && <Spinner className="size-4" label="Ricerca..." />}
          {!waiting && results.length > 0 && (
            <ul
              id={listId}
              role="listbox"
              aria-label={`Risultati ${label}`}
              className="max-h-48 overflow-y-auto rounded-md border bg-card"
            >
              {results.map((p) => (
                <li key={p.id} role="option" aria-selected={false}>
                  <button
                    type="button"
                    className="w-full px-3 py-2 text-left text-sm hover:bg-muted focus:bg-muted focus:outline-none"
                    onClick={() => choose(p)}
                  >
                    <span className="font-medium">
                      {p.firstName} {p.lastName}
                    </span>
                    <span className="block text-muted-foreground">{p.email}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {!waiting && term.trim().length >= 2 && search.isSuccess && results.length === 0 && (
            <div className="flex flex-col gap-2 rounded-md border border-dashed p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <span className="text-muted-foreground">{msg.puntoFisico.noPersonFound}</span>
              {canCreateUser && (
                <Button variant="outline" size="sm" onClick={() => setCreating(true)}>
                  <UserPlus aria-hidden />
                  Crea nuovo utente
                </Button>
              )}
            </div>
          )}
        </>
      )}
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
