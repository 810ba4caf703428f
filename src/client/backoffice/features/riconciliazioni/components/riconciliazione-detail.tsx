import { ArrowLeft, Download, Lock } from 'lucide-react';
import { useState } from 'react';
import { msg } from '#shared/messages.ts';
import { formatRomeDateTime } from '#shared/time.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Textarea } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { CursorPagination } from '#client/components/ui/pagination.tsx';
import { Skeleton, Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useCursorPages } from '#client/lib/cursor-pages.ts';
import { downloadFile } from '#client/lib/download.ts';
import {
  exportUrl,
  useChiudiRiconciliazione,
  useRiconciliazione,
  useVoci,
} from '#client/backoffice/features/riconciliazioni/api/riconciliazioni.ts';
import { Totali, VociTable } from '#client/backoffice/features/riconciliazioni/components/voci-table.tsx';

const m = msg.riconciliazione;
const when = (iso: string) => formatRomeDateTime(new Date(iso));

/** One supplier's month: totals, its differences page by page, export, close with a note. */
export function RiconciliazioneDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const rec = useRiconciliazione(id);
  const pages = useCursorPages(String(id));
  const voci = useVoci(id, pages.cursor);
  const [closing, setClosing] = useState(false);
  if (rec.isError) return <ErrorState message={m.loadError} onRetry={() => void rec.refetch()} />;
  if (!rec.data) return <Skeleton className="h-64" />;
  const r = rec.data;
  const exportFile = () =>
    void downloadFile(exportUrl(id), `riconciliazione-${r.periodo}.xlsx`).catch((error: unknown) =>
      toast({ title: errorMessage(error, m.esporta), variant: 'destructive' }),
    );
  return (
    <div className="grid gap-4">
      <Button variant="ghost" onClick={onBack} className="justify-self-start">
        <ArrowLeft aria-hidden />
        {m.torna}
      </Button>
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            {r.fornitoreNome} · {r.periodo}
            <Badge variant={r.stato === 'chiusa' ? 'secondary' : 'info'} data-testid="stato-riconciliazione">
              {m.stati[r.stato]}
            </Badge>
          </CardTitle>
          <CardDescription>
            {r.nomeFile} · {m.confermataDa(r.confermataDa ?? '—', when(r.confermataAt))}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Totali {...r} />
          {r.stato === 'chiusa' && r.chiusaAt && (
            <div className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="chiusura">
              <p className="font-medium">{m.chiusaDa(r.chiusaDa ?? '—', when(r.chiusaAt))}</p>
              <p className="whitespace-pre-line">{r.notaChiusura}</p>
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={exportFile}>
              <Download aria-hidden />
              {m.esporta}
            </Button>
            {r.stato === 'aperta' && (
              <Button onClick={() => setClosing(true)}>
                <Lock aria-hidden />
                {m.chiudi}
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{m.differenze}</CardTitle>
        </CardHeader>
        <CardContent>
          {voci.isError ? (
            <ErrorState message={m.loadError} onRetry={() => void voci.refetch()} />
          ) : voci.data ? (
            <>
              <VociTable voci={voci.data.items} />
              <CursorPagination
                page={pages.page}
                pages={Math.max(1, Math.ceil(voci.data.total / 50))}
                nextCursor={voci.data.nextCursor}
                onNext={pages.next}
                onPrevious={pages.previous}
              />
            </>
          ) : (
            <Skeleton className="h-32" />
          )}
        </CardContent>
      </Card>
      <CloseDialog id={id} open={closing} onOpenChange={setClosing} />
    </div>
  );
}

function CloseDialog({
  id,
  open,
  onOpenChange,
}: {
  id: number;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [nota, setNota] = useState('');
  const chiudi = useChiudiRiconciliazione();
  const submit = () => {
    if (!nota.trim()) return toast({ title: m.notaRequired, variant: 'destructive' });
    chiudi
      .mutateAsync({ id, nota })
      .then(() => onOpenChange(false))
      .catch((error: unknown) => toast({ title: errorMessage(error, m.chiusa), variant: 'destructive' }));
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{m.chiudiTitolo}</DialogTitle>
          <DialogDescription>{m.chiudiHint}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="nota-chiusura">{m.nota}</Label>
          <Textarea id="nota-chiusura" value={nota} onChange={(e) => setNota(e.target.value)} rows={4} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {m.annulla}
          </Button>
          <Button onClick={submit} disabled={chiudi.isPending}>
            {chiudi.isPending && <Spinner />}
            {m.chiudi}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
