import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { msg } from '#shared/messages.ts';
import { can, paths } from '#shared/permissions.ts';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { errorMessage, isNotFound } from '#client/lib/api-client.ts';
import { positiveInt } from '#client/lib/use-url-state.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { usePratica } from '#client/backoffice/features/pratiche/api/pratiche.ts';
import { PraticaCard } from '#client/backoffice/features/pratiche/components/pratica-card.tsx';
import { SchedeContratto } from '#client/backoffice/features/pratiche/components/scheda-contratto.tsx';
import { ProposteScheda } from '#client/backoffice/features/pratiche/components/proposte-scheda.tsx';
import { NotFoundContent } from '#client/backoffice/app/routes/not-found.tsx';

/** `/pratiche/{id}`: one practice at its own address; missing or out of scope is not found. */
export function PraticaRoute({ params }: { params: { id: string } }) {
  const id = positiveInt(params.id);
  return id ? <PraticaScreen id={id} /> : <NotFoundContent />;
}

function PraticaScreen({ id }: { id: number }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const pratica = usePratica(id);

  if (isNotFound(pratica.error)) return <NotFoundContent />;
  return (
    // grid-cols-1 (minmax(0, 1fr)): the column never grows past a phone's width to fit a card's
    // widest unbreakable row.
    <div className="grid grid-cols-1 gap-4">
      <Link
        href={paths.pratiche}
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {msg.praticheScreen.tutteLePratiche}
      </Link>
      {pratica.isError ? (
        <ErrorState
          message={msg.praticheScreen.detailError(errorMessage(pratica.error, pratica.error.message))}
          onRetry={() => void pratica.refetch()}
          isRetrying={pratica.isFetching}
        />
      ) : pratica.data ? (
        <>
          <PraticaCard
            pratica={pratica.data}
            role={user!.role}
            isDetail
            onDeleted={() => navigate(paths.pratiche, { replace: true })}
          />
          <SchedeContratto
            servizi={pratica.data.servizi}
            role={user!.role}
            // What the bill reader found, over each service's form: 'Usa' fills the field, the
            // operator still saves (docs/product/lettura-bolletta.md).
            proposte={
              can(user!.role, 'servizi:readProposte')
                ? (servizioId, onAccept) => <ProposteScheda servizioId={servizioId} onAccept={onAccept} />
                : undefined
            }
          />
        </>
      ) : (
        <Skeleton className="h-72 w-full" />
      )}
    </div>
  );
}
