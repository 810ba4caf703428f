import { msg } from '#shared/messages.ts';
import type { RegistroItem } from '#shared/schemas/notifiche.ts';
import { Card } from '#client/components/ui/card.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { type useRegistro, useRiprovaEmail } from '#client/backoffice/features/notifiche/api/notifiche.ts';
import { RegistroTable } from '#client/backoffice/features/notifiche/components/registro-table.tsx';

const m = msg.notifiche.registro;

/** The log's card: skeletons, an error with 'Riprova', the empty message, or the table. */
export function RegistroContent({ registro }: { registro: ReturnType<typeof useRegistro> }) {
  const riprova = useRiprovaEmail();
  const retry = (item: RegistroItem) =>
    riprova.mutate(item.id, {
      onSuccess: () => toast({ title: m.riprovaSuccess, description: item.destinatario }),
      onError: (error) =>
        toast({
          title: m.riprovaError,
          description: error instanceof ApiError ? error.serverMessage : undefined,
          variant: 'destructive',
        }),
    });
  const data = registro.data;
  if (!data && registro.isError)
    return (
      <ErrorState
        message={m.loadError}
        onRetry={() => void registro.refetch()}
        isRetrying={registro.isFetching}
      />
    );
  return (
    <Card>
      {!data ? (
        <div className="grid gap-3 p-5" aria-busy="true">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : data.items.length === 0 ? (
        <p className="p-5 text-muted-foreground">{m.empty}</p>
      ) : (
        <RegistroTable data={data} onRetry={retry} retrying={riprova.isPending} />
      )}
    </Card>
  );
}
