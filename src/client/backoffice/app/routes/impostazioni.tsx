import { useQuery } from '@tanstack/react-query';
import { msg } from '#shared/messages.ts';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { impostazioniQueries } from '#client/backoffice/features/impostazioni/api/impostazioni.ts';
import { ImpostazioniForm } from '#client/backoffice/features/impostazioni/components/impostazioni-form.tsx';
import { PeriodiRipensamentoCard } from '#client/backoffice/features/impostazioni/components/periodi-ripensamento-form.tsx';

const m = msg.impostazioni;

/** `/impostazioni` (admin only): company phone and the privacy notice's controller. See docs/privacy.md#informativa */
export function ImpostazioniRoute() {
  const query = useQuery(impostazioniQueries.detail());
  return (
    <>
      <PageHeader title={m.title} subtitle={m.subtitle} />
      {query.error ? (
        <ErrorState
          message={m.loadError}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : query.data ? (
        <div className="grid gap-6">
          <ImpostazioniForm data={query.data} />
          <PeriodiRipensamentoCard />
        </div>
      ) : (
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-32" />
          <Skeleton className="h-64" />
        </div>
      )}
    </>
  );
}
