import { AlarmClock } from 'lucide-react';
import { LEAD_CONTATTO_STATI, type LeadContattoStato } from '#shared/domain.ts';
import { LEAD_CONTATTO_LABELS, type LeadListItem } from '#shared/schemas/lead.ts';
import { msg } from '#shared/messages.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';

/**
 * A lead's contact status, changed in place from the list; a `nuovo` lead older than 24 hours
 * carries the 'Oltre 24 ore' badge. While a change is saved the select shows it and stays
 * usable (aria-busy): disabling it would drop the keyboard's focus to the top of the page.
 */
export function LeadStatusControl(props: {
  lead: Pick<LeadListItem, 'nome' | 'cognome' | 'statoContatto' | 'isOverdue'>;
  /** The status being saved, if any. */
  saving: LeadContattoStato | null;
  onChange: (next: LeadContattoStato) => void;
}) {
  const { lead, saving, onChange } = props;
  return (
    <div className="grid gap-1">
      <NativeSelect
        aria-label={msg.leadsScreen.statoContattoDi(lead.nome, lead.cognome)}
        value={saving ?? lead.statoContatto}
        aria-busy={saving != null || undefined}
        onChange={(e) => onChange(e.target.value as LeadContattoStato)}
      >
        {LEAD_CONTATTO_STATI.map((s) => (
          <option key={s} value={s}>
            {LEAD_CONTATTO_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
      {lead.isOverdue && (
        <Badge variant="danger" className="justify-self-start" title={msg.leadsScreen.overdueTitle}>
          <AlarmClock className="mr-1 size-3" aria-hidden />
          {msg.leadsScreen.oltre24Ore}
        </Badge>
      )}
    </div>
  );
}
