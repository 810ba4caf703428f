import { AlarmClock } from 'lucide-react';
import { LEAD_CONTATTO_STATI, type LeadContattoStato } from '#shared/domain.ts';
import { LEAD_CONTATTO_LABELS, type LeadListItem } from '#shared/schemas/lead.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';

/**
 * A lead's contact status, changed in place from the list; a `nuovo` lead older than 24 hours
 * carries the 'Oltre 24 ore' badge. Disabled while its own change is being saved.
 */
export function LeadStatusControl(props: {
  lead: Pick<LeadListItem, 'nome' | 'cognome' | 'statoContatto' | 'isOverdue'>;
  disabled: boolean;
  onChange: (next: LeadContattoStato) => void;
}) {
  const { lead, disabled, onChange } = props;
  return (
    <div className="grid gap-1">
      <NativeSelect
        aria-label={`Stato contatto di ${lead.nome} ${lead.cognome}`}
        value={lead.statoContatto}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as LeadContattoStato)}
      >
        {LEAD_CONTATTO_STATI.map((s) => (
          <option key={s} value={s}>
            {LEAD_CONTATTO_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
      {lead.isOverdue && (
        <Badge variant="danger" className="justify-self-start" title="Nuovo da oltre 24 ore: va richiamato">
          <AlarmClock className="mr-1 size-3" aria-hidden />
          Oltre 24 ore
        </Badge>
      )}
    </div>
  );
}
