import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { LEAD_CONTATTO_STATI } from '#shared/domain.ts';
import { LEAD_CONTATTO_LABELS } from '#shared/schemas/lead.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { CollapsibleFilters, type FilterChip } from '#client/components/ui/collapsible-filters.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { SearchInput } from '#client/components/ui/search-input.tsx';
import { useUrlSearchText } from '#client/lib/use-url-state.ts';
import { PuntoFilter, usePuntoLabel } from '#client/components/punto-filter.tsx';
import { fillMessage, msg } from '#shared/messages.ts';
import type {
  LeadStatusFilter,
  LeadsUrlState,
} from '#client/backoffice/features/leads/hooks/use-leads-url-state.ts';

const OVERDUE_LABEL = msg.lead.nuoviOltre24Ore;

/** Point, free text (name, e-mail, phone) and contact status; every change starts from page 1. */
export function LeadsFilters(props: {
  value: LeadsUrlState;
  onChange: (next: Partial<LeadsUrlState>, options?: { replace?: boolean }) => void;
  onReset: () => void;
}) {
  const { value, onChange, onReset } = props;
  const statusId = useId();
  const [text, setText] = useUrlSearchText(value.search, (search) =>
    // A new search is a history entry; refining it replaces that entry.
    onChange({ search }, { replace: value.search !== '' }),
  );

  const puntoLabel = usePuntoLabel(value.puntoFisicoId ?? null);
  const chips: FilterChip[] = [];
  if (value.puntoFisicoId != null && puntoLabel)
    chips.push({
      key: 'punto',
      label: puntoLabel,
      onRemove: () => onChange({ puntoFisicoId: undefined }),
    });
  if (value.search)
    chips.push({
      key: 'search',
      label: fillMessage(msg.common.filtroCerca, { testo: value.search }),
      onRemove: () => {
        setText('');
        onChange({ search: '' });
      },
    });
  if (value.status)
    chips.push({
      key: 'status',
      label: value.status === 'overdue' ? OVERDUE_LABEL : LEAD_CONTATTO_LABELS[value.status],
      onRemove: () => onChange({ status: '' }),
    });

  return (
    <CollapsibleFilters chips={chips}>
      <Card className="mb-4 grid gap-4 p-4 md:grid-cols-[1fr_1fr_14rem_auto] md:items-end">
        <PuntoFilter
          selectedId={value.puntoFisicoId ?? null}
          onSelect={(id) => onChange({ puntoFisicoId: id ?? undefined })}
        />
        <SearchInput
          label={msg.leadsScreen.cerca}
          placeholder={msg.leadsScreen.cercaPlaceholder}
          value={text}
          onChange={setText}
        />
        <div className="grid gap-2">
          <Label htmlFor={statusId}>{msg.leadsScreen.statoContatto}</Label>
          <NativeSelect
            id={statusId}
            value={value.status}
            onChange={(e) => onChange({ status: e.target.value as LeadStatusFilter })}
          >
            <option value="">{msg.leadsScreen.tuttiGliStati}</option>
            {LEAD_CONTATTO_STATI.map((s) => (
              <option key={s} value={s}>
                {LEAD_CONTATTO_LABELS[s]}
              </option>
            ))}
            <option value="overdue">{OVERDUE_LABEL}</option>
          </NativeSelect>
        </div>
        <Button
          variant="ghost"
          onClick={() => {
            setText('');
            onReset();
          }}
        >
          <RotateCcw aria-hidden />
          {msg.leadsScreen.azzeraFiltri}
        </Button>
      </Card>
    </CollapsibleFilters>
  );
}
