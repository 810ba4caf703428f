import type { RiconciliazioneVoceTipo } from '#shared/domain.ts';
import type { RiconciliazioneVoce } from '#shared/schemas/riconciliazione.ts';
import { msg } from '#shared/messages.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';
import { formatEuro } from '#client/lib/format.ts';

const m = msg.riconciliazione;
const TONE: Record<RiconciliazioneVoceTipo, 'danger' | 'warning' | 'success'> = {
  pagato_meno: 'danger',
  mancante: 'danger',
  sconosciuto: 'warning',
  pagato_piu: 'warning',
  in_regola: 'success',
};

const servizioText = (v: RiconciliazioneVoce) =>
  [
    v.servizioId != null ? `#${v.servizioId}` : null,
    v.praticaId != null ? `${m.pratica} ${v.praticaId}` : null,
  ]
    .filter(Boolean)
    .join(' · ') || '—';

/** The lines of a reconciliation: cards on a phone, a table from small screens up. */
export function VociTable({ voci }: { voci: RiconciliazioneVoce[] }) {
  if (voci.length === 0) return <p className="text-sm">{m.nessunaDifferenza}</p>;
  return (
    <>
      <ul className="grid gap-2 sm:hidden" data-testid="voci-cards">
        {voci.map((v, i) => (
          <li key={`${v.id}-${i}`} className="grid gap-1 rounded-md border p-3 text-sm" data-testid="voce">
            <div className="flex items-center justify-between gap-2">
              <Badge variant={TONE[v.tipo]}>{m.voci[v.tipo]}</Badge>
              <span className="font-semibold tabular-nums">{formatEuro(v.differenza)}</span>
            </div>
            <p className="break-all">
              {v.servizioId != null ? `${servizioText(v)} · ${v.cliente ?? ''}` : (v.identificativo ?? '—')}
            </p>
            <p className="text-muted-foreground">
              {m.atteso} {formatEuro(v.atteso)} · {m.pagato} {formatEuro(v.pagato)}
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{m.tipo}</TableHead>
              <TableHead>{m.servizio}</TableHead>
              <TableHead>{m.cliente}</TableHead>
              <TableHead>{m.identificativo}</TableHead>
              <TableHead>{m.riga}</TableHead>
              <TableHead className="text-right">{m.atteso}</TableHead>
              <TableHead className="text-right">{m.pagato}</TableHead>
              <TableHead className="text-right">{m.differenza}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {voci.map((v, i) => (
              <TableRow key={`${v.id}-${i}`} data-testid="voce">
                <TableCell>
                  <Badge variant={TONE[v.tipo]}>{m.voci[v.tipo]}</Badge>
                </TableCell>
                <TableCell className="whitespace-nowrap">{servizioText(v)}</TableCell>
                <TableCell>{v.cliente ?? '—'}</TableCell>
                <TableCell className="break-all">{v.identificativo ?? '—'}</TableCell>
                <TableCell>{v.riga ?? '—'}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatEuro(v.atteso)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatEuro(v.pagato)}
                </TableCell>
                <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                  {formatEuro(v.differenza)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

/** Expected, paid, difference and still owed: the four figures of a reconciliation. */
export function Totali(props: { atteso: string; pagato: string; differenza: string; daRecuperare: string }) {
  const items = [
    ['atteso', m.atteso, props.atteso],
    ['pagato', m.pagato, props.pagato],
    ['differenza', m.differenza, props.differenza],
    ['da-recuperare', m.daRecuperare, props.daRecuperare],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map(([id, label, value]) => (
        <div key={id} className="rounded-md border p-3">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold whitespace-nowrap tabular-nums" data-testid={`totale-${id}`}>
            {formatEuro(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
