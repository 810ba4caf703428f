import type { ReactNode } from 'react';
import { msg } from '#shared/messages.ts';
import type { TipoProfiloFiscale } from '#shared/fisco.ts';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';

/** One amount column: its header, its cell per row and, if it has one, its total. */
interface ColonnaRiepilogo<R> {
  header: string;
  cell: (row: R) => ReactNode;
  totale?: ReactNode;
}

interface Persona {
  beneficiarioId: number;
  nome: string;
  cognome: string;
  tipo: TipoProfiloFiscale;
}

const Nome = ({ row }: { row: Persona }) => (
  <>
    <div className="font-medium">{`${row.cognome} ${row.nome}`}</div>
    <div className="text-xs text-muted-foreground">{msg.fisco.tipi[row.tipo]}</div>
  </>
);

/**
 * A fiscal summary's rows, one per payee, with a totals line (docs/product/commissions.md#riepiloghi-per-ladmin):
 * a card per payee on a phone, a table from `sm` (as the other lists do on a phone). The
 * quarterly Enasarco and the monthly ritenute are both this component.
 */
export function RiepilogoTabella<R extends Persona>(props: {
  /** The list's name for assistive technology, and the first column's header. */
  label: string;
  personaHeader: string;
  righe: R[];
  colonne: Array<ColonnaRiepilogo<R>>;
}) {
  const { label, personaHeader, righe, colonne } = props;
  return (
    <>
      <ul aria-label={label} className="grid gap-3 sm:hidden">
        {righe.map((row) => (
          <li
            key={row.beneficiarioId}
            className="rounded-lg border p-3"
            data-testid={`riepilogo-${row.beneficiarioId}`}
          >
            <Nome row={row} />
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
              {colonne.map((c) => (
                <div key={c.header} className="contents">
                  <dt className="text-muted-foreground">{c.header}</dt>
                  <dd className="text-right whitespace-nowrap tabular-nums">{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
        <li className="rounded-lg border bg-muted/50 p-3 font-semibold">
          <div>{msg.fisco.riepiloghi.totali}</div>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
            {colonne
              .filter((c) => c.totale !== undefined)
              .map((c) => (
                <div key={c.header} className="contents">
                  <dt>{c.header}</dt>
                  <dd className="text-right whitespace-nowrap tabular-nums">{c.totale}</dd>
                </div>
              ))}
          </dl>
        </li>
      </ul>
      <Table className="hidden sm:table" aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHead>{personaHeader}</TableHead>
            {colonne.map((c) => (
              <TableHead key={c.header} className="text-right">
                {c.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {righe.map((row) => (
            <TableRow key={row.beneficiarioId}>
              <TableCell>
                <Nome row={row} />
              </TableCell>
              {colonne.map((c) => (
                <TableCell key={c.header} className="text-right whitespace-nowrap tabular-nums">
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow className="font-semibold">
            <TableCell>{msg.fisco.riepiloghi.totali}</TableCell>
            {colonne.map((c) => (
              <TableCell key={c.header} className="text-right whitespace-nowrap tabular-nums">
                {c.totale ?? ''}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </>
  );
}
