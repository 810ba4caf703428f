import { Plus, RefreshCw, Store } from 'lucide-react';
import { useState } from 'react';
import { msg } from '#shared/messages.ts';
import { can } from '#shared/permissions.ts';
import type { PuntoFisico } from '#shared/schemas/punto-fisico.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import {
  useDeletePuntoFisico,
  usePuntiFisici,
  useUpdateQrCodes,
} from '#client/backoffice/features/punti-fisici/api/punti-fisici.ts';
import { PuntoCard } from '#client/backoffice/features/punti-fisici/components/punto-card.tsx';
import { PuntoFormDialog } from '#client/backoffice/features/punti-fisici/components/punto-form-dialog.tsx';

export function PuntiFisiciRoute() {
  const { user } = useAuth();
  const role = user!.role;
  const punti = usePuntiFisici();
  const [dialog, setDialog] = useState<{ open: boolean; punto: PuntoFisico | null }>({
    open: false,
    punto: null,
  });
  const [deleting, setDeleting] = useState<PuntoFisico | null>(null);
  const remove = useDeletePuntoFisico();
  const updateQr = useUpdateQrCodes();
  const canCreate = can(role, 'puntiFisici:create');

  const onUpdateQr = () =>
    updateQr.mutate(undefined, {
      onSuccess: (res) => toast({ title: 'QR codes aggiornati', description: res.message }),
      onError: () =>
        toast({
          title: msg.common.error,
          description: msg.puntoFisico.qrUpdateError,
          variant: 'destructive',
        }),
    });

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: msg.puntoFisico.deleteSuccess });
        setDeleting(null);
      },
      onError: (error) => {
        toast({
          title: msg.common.error,
          description: errorMessage(error, msg.puntoFisico.deleteError),
          variant: 'destructive',
        });
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Punti Fisici"
        subtitle="I negozi partner, le loro landing page e i QR code"
        actions={
          <>
            {can(role, 'qrCodes:update') && (
              <Button variant="outline" onClick={onUpdateQr} disabled={updateQr.isPending}>
                <RefreshCw aria-hidden className={updateQr.isPending ? 'animate-spin' : undefined} />
                Aggiorna QR Codes
              </Button>
            )}
            {canCreate && (
              <Button onClick={() => setDialog({ open: true, punto: null })}>
                <Plus aria-hidden />
                Nuovo Punto Fisico
              </Button>
            )}
          </>
        }
      />

      {punti.isLoading ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-80" />
          ))}
        </div>
      ) : punti.error ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-red-50 p-4 text-destructive">
          Errore nel caricamento dei punti fisici: {punti.error.message}
        </p>
      ) : punti.data?.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-10 text-center">
          <Store className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">{msg.puntoFisico.emptyTitle}</h2>
          <p className="text-muted-foreground">
            {canCreate ? msg.puntoFisico.emptyManagers : msg.puntoFisico.emptyOthers}
          </p>
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {punti.data?.map((p) => (
            <PuntoCard
              key={p.id}
              punto={p}
              role={role}
              onEdit={() => setDialog({ open: true, punto: p })}
              onDelete={() => setDeleting(p)}
            />
          ))}
        </div>
      )}

      <PuntoFormDialog
        open={dialog.open}
        punto={dialog.punto}
        actorRole={role}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <ConfirmDialog
        open={deleting != null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eliminare il punto fisico?"
        description={
          deleting
            ? `«${deleting.nomeAttivita}» verrà eliminato con la sua landing page e il suo QR code. I lead già raccolti restano nell'archivio.`
            : ''
        }
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </>
  );
}
