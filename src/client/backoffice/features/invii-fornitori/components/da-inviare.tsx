import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Link } from 'wouter';
import { fillMessage, msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import type { ExportFormat } from '#shared/schemas/common.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { CursorPagination } from '#client/components/ui/pagination.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useCursorPages } from '#client/lib/cursor-pages.ts';
import { formatDate } from '#client/lib/format.ts';
import { useCreateLotto } from '#client/backoffice/features/invii-fornitori/api/invii-fornitori.ts';
import { inviiQueries } from '#client/backoffice/features/invii-fornitori/api/queries.ts';

const m = msg.inviiFornitori;

/** 'Da inviare': the services ready for this supplier, and the export of a batch. */
export function DaInviare({ fornitoreId, tipoServizio }: { fornitoreId: number; tipoServizio: string }) {
  const pages = useCursorPages(`${fornitoreId}-${tipoServizio}`);
  const query = useQuery(inviiQueries.daInviare(fornitoreId, tipoServizio, pages.cursor));
  const create = useCreateLotto(fornitoreId, tipoServizio);
  const data = query.data;

  const esporta = (formato: ExportFormat) =>
    create.mutateAsync(formato).then(
      (lotto) => {
        pages.first();
        toast({ title: fillMessage(m.lottoCreato, { numero: lotto.numero, righe: lotto.righe }) });
      },
      (error: unknown) =>
        toast({
          title: m.exportError,
          description: errorMessage(error, m.exportError),
          variant: 'destructive',
        }),
    );

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>{m.tabs.daInviare}</CardTitle>
          <CardDescription>{m.daInviareHint}</CardDescription>
          {data && (
            <p className="text-sm font-medium" data-testid="da-inviare-totale">
              {fillMessage(data.totalIsLowerBound ? m.totaleOltre : m.totale, { n: data.total })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {(['xlsx', 'csv'] as const).map((formato) => (
            <Button
              key={formato}
              variant={formato === 'xlsx' ? 'default' : 'outline'}
              disabled={create.isPending || !data || data.total === 0}
              onClick={() => void esporta(formato)}
            >
              <Download aria-hidden />
              {create.isPending ? m.esportazione : formato === 'xlsx' ? m.esportaXlsx : m.esportaCsv}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        {query.error ? (
          <ErrorState
            message={m.loadError}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : !data ? (
          <Skeleton className="h-24" />
        ) : data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.daInviareVuoto}</p>
        ) : (
          <>
            <Table aria-label={m.tabs.daInviare}>
              <TableHeader>
                <TableRow>
                  <TableHead>{m.pratica}</TableHead>
                  <TableHead>{m.cliente}</TableHead>
                  <TableHead className="hidden sm:table-cell">{m.puntoFisico}</TableHead>
                  <TableHead>{m.inseritaIl}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.items.map((item) => (
                  <TableRow key={item.servizioId}>
                    <TableCell>
                      <Link className="underline" href={paths.pratica(item.praticaId)}>
                        #{item.praticaId}
                      </Link>
                    </TableCell>
                    <TableCell>{item.cliente}</TableCell>
                    <TableCell className="hidden sm:table-cell">{item.puntoFisico ?? '—'}</TableCell>
                    <TableCell>{formatDate(item.dataCreazione)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <CursorPagination
              page={pages.page}
              pages={Math.ceil(data.total / 25)}
              atLeast={data.totalIsLowerBound}
              nextCursor={data.nextCursor}
              onNext={pages.next}
              onPrevious={pages.previous}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
