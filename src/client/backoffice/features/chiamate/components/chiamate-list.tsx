import { useId, useState } from 'react';
import { CHIAMATA_ESITI, type ChiamataEsito } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { formatPhone } from '#shared/phone.ts';
import type { ChiamataGruppo, ChiamataItem } from '#shared/schemas/chiamate.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { romeParts, romeWallTimeToDate } from '#shared/time.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { useRecordEsito } from '#client/backoffice/features/chiamate/api/chiamate.ts';

const c = msg.chiamate;

const GRUPPO_VARIANT: Record<ChiamataGruppo, 'danger' | 'warning' | 'info' | 'secondary'> = {
  ora: 'warning',
  in_ritardo: 'danger',
  nuovo: 'info',
  programmata: 'secondary',
};

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of a datetime-local input on the Rome clock. */
function toRomeInput(value: string): string {
  const p = romeParts(new Date(value));
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

function fromRomeInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number);
  return romeWallTimeToDate(y, mo, d, h, mi).toISOString();
}

/** The queue, in its groups' order (docs/product/calls.md#la-coda). */
export function ChiamateList({ items }: { items: ChiamataItem[] }) {
  return (
    <ol className="grid gap-3">
      {items.map((item, i) => (
        <li key={item.leadId} className="grid gap-2">
          {items[i - 1]?.gruppo !== item.gruppo && (
            <h2 className="mt-2 text-sm font-semibold text-muted-foreground uppercase">
              {c.gruppi[item.gruppo]}
            </h2>
          )}
          <ChiamataCard item={item} />
        </li>
      ))}
    </ol>
  );
}

function ChiamataCard({ item }: { item: ChiamataItem }) {
  const record = useRecordEsito();
  const [picking, setPicking] = useState(false);
  const [when, setWhen] = useState(() => toRomeInput(item.prossimoSlot));
  const pickerId = useId();
  const reasonId = useId();
  const nome = `${item.nome} ${item.cognome}`;
  const disabled = item.fuoriOrario != null || record.isPending;

  const send = (esito: ChiamataEsito, richiamareAt?: string) =>
    record
      .mutateAsync({ leadId: item.leadId, esito, richiamareAt })
      .then((result) => {
        setPicking(false);
        toast({ title: result.message });
      })
      .catch((error: unknown) =>
        toast({
          title: msg.common.error,
          description: errorMessage(error, c.saveError),
          variant: 'destructive',
        }),
      );

  return (
    <article aria-label={nome} className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h3 className="text-base font-semibold">{nome}</h3>
          <p className="text-sm text-muted-foreground">
            {[item.puntoNome, item.servizi.map(servizioLabel).join(', ')].filter(Boolean).join(' · ')}
          </p>
        </div>
        <Badge variant={GRUPPO_VARIANT[item.gruppo]}>{c.gruppi[item.gruppo]}</Badge>
      </div>
      {item.telHref ? (
        <Button asChild size="lg" className="w-full sm:w-auto">
          <a href={item.telHref} aria-label={c.chiama(nome)}>
            {formatPhone(item.telefono)}
          </a>
        </Button>
      ) : (
        <p>{formatPhone(item.telefono)}</p>
      )}
      <ul className="grid gap-1 text-sm">
        {item.fascia && <li>{c.fascia(item.fascia)}</li>}
        {item.gruppo === 'programmata' && <li>{c.programmataPer(item.quando)}</li>}
        {item.statoContatto === 'nuovo' && (
          <li className={cn(item.isOverdue && 'font-semibold text-red-700')}>
            {item.isOverdue ? c.inRitardoDa(item.scadenzaTesto) : c.scadenza(item.scadenzaTesto)}
          </li>
        )}
        <li>{c.tentativi(item.tentativi)}</li>
      </ul>
      {item.fuoriOrario && (
        <p id={reasonId} className="rounded-md bg-yellow-50 p-2 text-sm text-yellow-900">
          {item.fuoriOrario.testo}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {CHIAMATA_ESITI.map((esito) => (
          <Button
            key={esito}
            variant={esito === 'non_chiamare_piu' ? 'destructive' : 'outline'}
            disabled={disabled}
            aria-describedby={item.fuoriOrario ? reasonId : undefined}
            aria-expanded={esito === 'richiamare' ? picking : undefined}
            onClick={() => (esito === 'richiamare' ? setPicking((v) => !v) : void send(esito))}
            className="h-auto min-h-11 whitespace-normal"
          >
            {c.esiti[esito]}
          </Button>
        ))}
      </div>
      {picking && (
        <div className="grid gap-2 rounded-md border p-3">
          <Label htmlFor={pickerId}>{c.richiamareQuando}</Label>
          <Input id={pickerId} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
          <div className="flex gap-2">
            <Button
              disabled={disabled}
              onClick={() => {
                const at = fromRomeInput(when);
                if (!at) toast({ title: c.dataNonValida, variant: 'destructive' });
                else void send('richiamare', at);
              }}
            >
              {c.richiamareConferma}
            </Button>
            <Button variant="ghost" onClick={() => setPicking(false)}>
              {c.annulla}
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}
