import { Download, Eye, FileText, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Documento } from '#shared/schemas/landing.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { can, type Role } from '#shared/permissions.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { formatDateTime } from '#client/lib/format.ts';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDeleteDocumento, usePraticaFiles } from '#client/backoffice/features/pratiche/api/pratiche.ts';
import { praticaFileUrl } from '#client/backoffice/features/pratiche/api/queries.ts';
import { AddDocumenti } from '#client/backoffice/features/pratiche/components/add-documenti.tsx';

const d = msg.pratica.documenti;

const canPreview = (mime: string) => mime.startsWith('image/') || mime === 'application/pdf';

/**
 * The collapsible documents list of a practice card, loaded when opened; who added each one;
 * staff add more, the admin deletes one (docs/product/lifecycle.md#documenti).
 */
export function DocumentiList({
  praticaId,
  leadId,
  count,
  role,
}: {
  praticaId: number;
  leadId: number;
  count: number;
  role: Role;
}) {
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<Documento | null>(null);
  const [deleting, setDeleting] = useState<Documento | null>(null);
  const files = usePraticaFiles(praticaId, open);
  const remove = useDeleteDocumento(praticaId);
  const onDelete = (doc: Documento) =>
    remove.mutate(doc, {
      onSuccess: () => toast({ title: d.deleteSuccess }),
      onError: (error) =>
        toast({
          title: d.deleteError,
          description: errorMessage(error, d.deleteError),
          variant: 'destructive',
        }),
      onSettled: () => setDeleting(null),
    });

  return (
    <details className="group rounded-md border" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm font-medium">
        <FileText className="size-4" aria-hidden />
        {msg.pratica.documenti.titolo(count)}
      </summary>
      <div className="grid gap-3 border-t px-3 py-2">
        {can(role, 'pratiche:uploadDocumenti') && <AddDocumenti leadId={leadId} praticaId={praticaId} />}
        {files.isLoading && <Spinner />}
        {files.isError && <p className="text-sm text-destructive">{files.error.message}</p>}
        {files.data && files.data.length === 0 && (
          <p className="text-sm text-muted-foreground">{msg.pratica.noDocuments}</p>
        )}
        {files.data && files.data.length > 0 && (
          <ul className="grid gap-2">
            {files.data.map((doc) => (
              <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="grid min-w-0">
                  <span className="break-all">{doc.displayName}</span>
                  <span className="text-xs text-muted-foreground">
                    {doc.caricatoDa
                      ? fillMessage(d.caricatoDa, {
                          nome: doc.caricatoDa.nome,
                          data: formatDateTime(doc.createdAt),
                        })
                      : fillMessage(d.caricatoDalCliente, { data: formatDateTime(doc.createdAt) })}
                  </span>
                </span>
                <span className="flex gap-2">
                  {canPreview(doc.mimeType) && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setViewing(doc)}
                      aria-label={msg.pratica.documenti.visualizzaDi(doc.displayName)}
                    >
                      <Eye aria-hidden /> {msg.pratica.documenti.visualizza}
                    </Button>
                  )}
                  <a
                    className={buttonVariants({ size: 'sm', variant: 'outline' })}
                    href={praticaFileUrl(praticaId, doc.filename)}
                    download={doc.displayName}
                    aria-label={msg.pratica.documenti.scaricaDi(doc.displayName)}
                  >
                    <Download aria-hidden /> {msg.pratica.documenti.scarica}
                  </a>
                  {can(role, 'pratiche:deleteDocumenti') && (
                    <Button
                      size="sm"
                      variant="outline"
                      className="text-destructive"
                      onClick={() => setDeleting(doc)}
                      aria-label={`${d.elimina} ${doc.displayName}`}
                    >
                      <Trash2 aria-hidden /> {d.elimina}
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <DocumentViewer praticaId={praticaId} documento={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting != null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={d.deleteTitle}
        description={deleting ? fillMessage(d.deleteText, { nome: deleting.displayName, id: praticaId }) : ''}
        confirmLabel={d.elimina}
        pending={remove.isPending}
        onConfirm={() => deleting && onDelete(deleting)}
      />
    </details>
  );
}

/** Images and PDFs shown inline, fetched with the session as a blob. */
function DocumentViewer({
  praticaId,
  documento,
  onClose,
}: {
  praticaId: number;
  documento: Documento | null;
  onClose: () => void;
}) {
  const [state, setState] = useState<{ url?: string; error?: boolean }>({});

  useEffect(() => {
    if (!documento) return;
    let url: string | undefined;
    let cancelled = false;
    fetch(praticaFileUrl(praticaId, documento.filename), { credentials: 'include' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${res.status}`);
        const blob = await res.blob();
        url = URL.createObjectURL(blob);
        if (!cancelled) setState({ url });
      })
      .catch(() => {
        // A missing document is logged, not raised.
        console.warn(msg.pratica.fileNotFound);
        if (!cancelled) setState({ error: true });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
      setState({});
    };
  }, [praticaId, documento]);

  return (
    <Dialog open={documento != null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle className="break-all">{documento?.displayName}</DialogTitle>
          <DialogDescription>{msg.pratica.documenti.anteprima}</DialogDescription>
        </DialogHeader>
        {state.error && <p className="text-sm text-destructive">{msg.pratica.fileNotFound}</p>}
        {!state.url && !state.error && <Spinner />}
        {state.url && documento?.mimeType === 'application/pdf' && (
          <iframe src={state.url} title={documento.displayName} className="h-[70dvh] w-full rounded border" />
        )}
        {state.url && documento?.mimeType.startsWith('image/') && (
          <img src={state.url} alt={documento.displayName} className="max-h-[70dvh] w-full object-contain" />
        )}
      </DialogContent>
    </Dialog>
  );
}
