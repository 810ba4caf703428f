import { Store } from 'lucide-react';
import { msg } from '#shared/messages.ts';
import { can, type Role } from '#shared/permissions.ts';
import type { PuntoFisico } from '#shared/schemas/punto-fisico.ts';
import { Card } from '#client/components/ui/card.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { usePuntiFisici } from '../api/punti-fisici';
import { PuntoCard } from './punto-card';

/** The points in the role's scope as cards; loading, error with 'Riprova' and empty states. */
export function PuntiGrid(props: {
  role: Role;
  onEdit: (punto: PuntoFisico) => void;
  onDelete: (punto: PuntoFisico) => void;
}) {
  const { role, onEdit, onDelete } = props;
  const punti = usePuntiFisici();
  if (punti.isLoading) {
    return (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-80" />
        ))}
      </div>
    );
  }
  if (punti.isError) {
    return (
      <ErrorState
        message={`Errore nel caricamento dei punti fisici: ${punti.error.message}`}
        onRetry={() => void punti.refetch()}
        isRetrying={punti.isFetching}
      />
    );
  }
  if (punti.data?.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 p-10 text-center">
        <Store className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">{msg.puntoFisico.emptyTitle}</h2>
        <p className="text-muted-foreground">
          {can(role, 'puntiFisici:create') ? msg.puntoFisico.emptyManagers : msg.puntoFisico.emptyOthers}
        </p>
      </Card>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {punti.data?.map((p) => (
        <PuntoCard key={p.id} punto={p} role={role} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />
      ))}
    </div>
  );
}
