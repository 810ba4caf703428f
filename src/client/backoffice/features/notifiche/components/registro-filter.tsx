import { useId } from 'react';
import { EMAIL_STATI, type EmailStato } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import type { Registro } from '#shared/schemas/notifiche.ts';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { describeTotal, formatTotal } from '#client/lib/page-total.ts';
import { isEmailStato } from '#client/backoffice/features/notifiche/hooks/use-registro-url-state.ts';

const m = msg.notifiche.registro;

/** The status filter, each status with its count, and the number of e-mails listed. */
export function RegistroFilter(props: {
  stato: EmailStato | undefined;
  onChange: (stato: EmailStato | undefined) => void;
  data: Registro | undefined;
}) {
  const { stato, onChange, data } = props;
  const filterId = useId();
  return (
    <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center">
      <Label htmlFor={filterId}>{m.filtroStato}</Label>
      <NativeSelect
        id={filterId}
        className="sm:w-64"
        value={stato ?? ''}
        onChange={(e) => onChange(isEmailStato(e.target.value) ? e.target.value : undefined)}
      >
        <option value="">{m.allStati}</option>
        {EMAIL_STATI.map((s) => (
          <option key={s} value={s}>
            {m.statoLabels[s]} ({data ? formatTotal(data.conteggi[s]) : 0})
          </option>
        ))}
      </NativeSelect>
      {data && (
        <span className="text-sm text-muted-foreground sm:ml-auto">
          {describeTotal(data, m.countOne, m.countMany)}
        </span>
      )}
    </div>
  );
}
