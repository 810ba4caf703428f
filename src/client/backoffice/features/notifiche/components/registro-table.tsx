import { RotateCcw } from 'lucide-react';
import type { EmailStato } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import type { Registro, RegistroItem } from '#shared/schemas/notifiche.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';
import { formatDateTime } from '#client/lib/format.ts';

const m = msg.notifiche.registro;

const STATO_VARIANT = {
  in_coda: 'info',
  in_invio: 'info',
  inviato: 'success',
  fallito: 'danger',
  scaduto: 'warning',
} as const satisfies Record<EmailStato, string>;

/** One row per e-mail: when, to whom, what, its status with the last error, a retry when it failed. */
export function RegistroTable(props: {
  data: Registro;
  onRetry: (item: RegistroItem) => void;
  retrying: boolean;
}) {
  const { data, onRetry, retrying } = props;
  // Queued with no mail server: say so, instead of a queue that never moves.
  const unsent = (item: RegistroItem) => !data.mailConfigured && item.stato === 'in_coda';
  return (
    <Table aria-label={m.title}>
      <TableHeader>
        <TableRow>
          <TableHead>{m.date}</TableHead>
          <TableHead>{m.destinatario}</TableHead>
          <TableHead>{m.oggetto}</TableHead>
          <TableHead>{m.stato}</TableHead>
          <TableHead className="text-right">{m.tentativi}</TableHead>
          <TableHead>
            <span className="sr-only">{m.riprova}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.items.map((item) => (
          <TableRow key={item.id}>
            <TableCell className="text-sm whitespace-nowrap">
              <div>
                {m.creata} {formatDateTime(item.createdAt)}
              </div>
              {item.inviatoAt && (
                <div className="text-muted-foreground">
                  {m.inviata} {formatDateTime(item.inviatoAt)}
                </div>
              )}
            </TableCell>
            <TableCell className="break-all">{item.destinatario}</TableCell>
            <TableCell className="min-w-56">
              <div className="font-medium">{item.oggetto}</div>
              <div className="text-sm text-muted-foreground">{m.tipoLabels[item.tipo]}</div>
            </TableCell>
            <TableCell className="min-w-40">
              <Badge variant={unsent(item) ? 'warning' : STATO_VARIANT[item.stato]}>
                {unsent(item) ? m.nonConfigurata : m.statoLabels[item.stato]}
              </Badge>
              {item.ultimoErrore && (
                <div className="mt-1 text-xs break-words text-muted-foreground">
                  {m.ultimoErrore}: {item.ultimoErrore}
                </div>
              )}
              {item.prossimoTentativoAt && data.mailConfigured && item.tentativi > 0 && (
                <div className="mt-1 text-xs text-muted-foreground">
                  {m.prossimoTentativo}: {formatDateTime(item.prossimoTentativoAt)}
                </div>
              )}
            </TableCell>
            <TableCell className="text-right tabular-nums">{item.tentativi}</TableCell>
            <TableCell className="text-right">
              {(item.stato === 'fallito' || item.stato === 'scaduto') && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={retrying}
                  onClick={() => onRetry(item)}
                  aria-label={`${m.riprova}: ${item.destinatario}`}
                >
                  <RotateCcw aria-hidden />
                  {m.riprova}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
