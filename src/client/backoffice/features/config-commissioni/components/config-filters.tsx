import { useId } from 'react';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { msg } from '#shared/messages.ts';
import { SERVIZI_PRINCIPALI } from '#shared/domain.ts';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { SearchInput } from '#client/components/ui/search-input.tsx';
import { useUrlSearchText } from '#client/lib/use-url-state.ts';
import type { ConfigFilters as Filters } from '#client/backoffice/features/config-commissioni/hooks/use-config-overview.ts';

/** Supplier name or code, and one service. */
export function ConfigFilters(props: {
  value: Filters;
  onChange: (next: Partial<Filters>, options?: { replace?: boolean }) => void;
}) {
  const { value, onChange } = props;
  const servizioId = useId();
  const [text, setText] = useUrlSearchText(
    value.search,
    // A new search is a history entry; refining it replaces that entry.
    (search) => onChange({ search }, { replace: value.search !== '' }),
    150,
  );
  return (
    <section
      aria-label={msg.configCommissioni.filters.label}
      className="mb-6 grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-end"
    >
      <SearchInput
        label={msg.configCommissioni.filters.cerca}
        placeholder={msg.configCommissioni.filters.cercaPlaceholder}
        value={text}
        onChange={setText}
      />
      <div className="grid gap-2">
        <Label htmlFor={servizioId}>{msg.configCommissioni.filters.servizio}</Label>
        <NativeSelect
          id={servizioId}
          value={value.servizio}
          onChange={(e) => onChange({ servizio: e.target.value })}
        >
          <option value="">{msg.configCommissioni.filters.tuttiIServizi}</option>
          {SERVIZI_PRINCIPALI.map((s) => (
            <option key={s} value={s}>
              {servizioLabel(s)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </section>
  );
}
