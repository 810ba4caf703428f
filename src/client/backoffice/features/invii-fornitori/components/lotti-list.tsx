import { useQuery } from '@tanstack/react-query';
import { Download, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import type { Lotto } from '#shared/schemas/invii-fornitori.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
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
import { formatDateTime } from '#client/lib/format.ts';
import {
  downloadLotto,
  useReinviaLotto,
} from '#client/backoffice/features/invii-fornitori/api/invii-fornitori.ts';
import { inviiQueries } from '#client/backoffice/features/invii-fornitori/api/queries.ts';

const m = msg.inviiFornitori;

/** The batches sent to this supplier, newest first: download again, or 'Invia di nuovo' on purpose. */
export function LottiList({ fornitoreId }: { fornitoreId: number }) {
  const pages = useCursorPages(String(fornitoreId));
  const query = useQuery(inviiQueries.lotti(fornitoreId, pages.cursor));
  const reinvia = useReinviaLotto(fornitoreId);
  const [confirming, setConfirming] = useState<Lotto | null>(null);
  const data = query.data;

  const conferma = (lotto: Lotto) =>
    reinvia.mutateAsync(lotto).then(
      (nuovo) => {
        setConfirming(null);
        toast({ title: fillMessage(m.lottoCreato, { numero: nuovo.numero, righe: nuovo.righe }) });
      },
      (error: unknown) => {
        setConfirming(null);
        toast({
          title: m.exportError,
          description: errorMessage(error, m.exportError),
          variant: 'destructive',
        });
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.tabs.lotti}</CardTitle>
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
          <p className="text-sm text-muted-foreground">{m.lottiVuoti}</p>
        ) : (
          <>
            <Table aria-label={m.tabs.lotti}>
              <TableHeader>
                <TableRow>
                  <TableHead>{m.lotto}</TableHead>
                  <TableHead>{m.data}</TableHead>
                  <TableHead className="hidden md:table-cell">{m.servizio}</TableHead>
                  <TableHead>{m.righe}</TableHead>
                  <TableHead className="hidden md:table-cell">{m.chi}</TableHead>
                  <TableHead className="hidden lg:table-cell">{m.tracciatoVersione}</TableHead>
                  <TableHead className="sr-only">{m.scarica}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.items.map((lotto) => (
                  <TableRow key={lotto.id}>
                    <TableCell className="font-medium">
                      {lotto.numero}
                      {lotto.reinvioDiNumero != null && (
                        <span className="block text-xs font-normal text-muted-foreground">
                          {fillMessage(m.reinvioDi, { numero: lotto.reinvioDiNumero })}
                        </span>
                      )}
                    </TableCell>
                    <TableCell>{formatDateTime(lotto.createdAt)}</TableCell>
                    <TableCell className="hidden md:table-cell">
                      {servizioLabel(lotto.tipoServizio)}
                    </TableCell>
                    <TableCell>{lotto.righe}</TableCell>
                    <TableCell className="hidden md:table-cell">{lotto.creatoDa ?? '—'}</TableCell>
                    <TableCell className="hidden lg:table-cell">
                      {lotto.tracciatoVersione || m.versionePredefinita}
                    </TableCell>
                    <TableCell>
                      <div className="flex flex-wrap justify-end gap-1">
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={fillMessage(m.scaricaLotto, { numero: lotto.numero })}
                          onClick={() =>
                            void downloadLotto(lotto.id).catch((error: unknown) =>
                              toast({
                                title: m.fileMancante,
                                description: errorMessage(error, m.fileMancante),
                                variant: 'destructive',
                              }),
                            )
                          }
                        >
                          <Download aria-hidden />
                          {lotto.formato.toUpperCase()}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={fillMessage(m.reinviaLotto, { numero: lotto.numero })}
                          onClick={() => setConfirming(lotto)}
                        >
                          <RotateCcw aria-hidden />
                          <span className="hidden sm:inline">{m.reinvia}</span>
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <CursorPagination
              page={pages.page}
              pages={Math.ceil(data.total / 10)}
              nextCursor={data.nextCursor}
              onNext={pages.next}
              onPrevious={pages.previous}
            />
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming != null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={fillMessage(m.reinviaTitolo, { numero: confirming?.numero ?? '' })}
        description={m.reinviaTesto}
        confirmLabel={m.reinvia}
        confirmVariant="default"
        cancelLabel={m.annulla}
        pending={reinvia.isPending}
        onConfirm={() => confirming && void conferma(confirming)}
      />
    </Card>
  );
}
