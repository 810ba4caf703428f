import { msg } from '#shared/messages.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { CursorPagination } from '#client/components/ui/pagination.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { useCursorPages } from '#client/lib/cursor-pages.ts';
import { formatEuro } from '#client/lib/format.ts';
import { useRiconciliazioni } from '#client/backoffice/features/riconciliazioni/api/riconciliazioni.ts';

const m = msg.riconciliazione;

/** The reconciliations made, newest month first. */
export function RiconciliazioniList({ onOpen }: { onOpen: (id: number) => void }) {
  const pages = useCursorPages('');
  const list = useRiconciliazioni(pages.cursor);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.elenco}</CardTitle>
      </CardHeader>
      <CardContent>
        {list.isError ? (
          <ErrorState message={m.loadError} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Skeleton className="h-24" />
        ) : list.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.elencoVuoto}</p>
        ) : (
          <>
            <ul className="grid gap-2">
              {list.data.items.map((r) => (
                <li
                  key={r.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3 text-sm"
                >
                  <div className="grid gap-1">
                    <p className="flex items-center gap-2 font-medium">
                      {r.fornitoreNome} · {r.periodo}
                      <Badge variant={r.stato === 'chiusa' ? 'secondary' : 'info'}>{m.stati[r.stato]}</Badge>
                    </p>
                    <p className="text-muted-foreground tabular-nums">
                      {m.atteso} {formatEuro(r.atteso)} · {m.pagato} {formatEuro(r.pagato)} · {m.daRecuperare}{' '}
                      {formatEuro(r.daRecuperare)}
                    </p>
                  </div>
                  <Button variant="outline" size="sm" onClick={() => onOpen(r.id)}>
                    {m.apri}
                  </Button>
                </li>
              ))}
            </ul>
            <CursorPagination
              page={pages.page}
              pages={Math.max(1, Math.ceil(list.data.total / 20))}
              nextCursor={list.data.nextCursor}
              onNext={pages.next}
              onPrevious={pages.previous}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
