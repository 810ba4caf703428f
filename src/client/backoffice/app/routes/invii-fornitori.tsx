import { useState } from 'react';
import { msg } from '#shared/messages.ts';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { useAllFornitori } from '#client/lib/fornitori-queries.ts';
import { DaInviare } from '#client/backoffice/features/invii-fornitori/components/da-inviare.tsx';
import { LottiList } from '#client/backoffice/features/invii-fornitori/components/lotti-list.tsx';
import { SceltaFornitore } from '#client/backoffice/features/invii-fornitori/components/scelta-fornitore.tsx';
import { TracciatoSection } from '#client/backoffice/features/invii-fornitori/components/tracciato-editor.tsx';

const m = msg.inviiFornitori;

/** `/invii-fornitori` (admin and amministrazione): one supplier and service at a time. See docs/product/fornitori-invii.md */
export function InviiFornitoriRoute() {
  const fornitori = useAllFornitori();
  const attivi = (fornitori.data ?? []).filter((f) => f.isActive && f.serviziSupportati.length > 0);
  const [scelta, setScelta] = useState<{ fornitoreId: number; tipo: string } | null>(null);
  const fornitore = attivi.find((f) => f.id === scelta?.fornitoreId) ?? attivi[0];
  const tipo =
    fornitore && scelta?.fornitoreId === fornitore.id && fornitore.serviziSupportati.includes(scelta.tipo)
      ? scelta.tipo
      : fornitore?.serviziSupportati[0];

  return (
    <>
      <PageHeader title={m.title} subtitle={m.subtitle} />
      {fornitori.error ? (
        <ErrorState
          message={m.loadError}
          onRetry={() => void fornitori.refetch()}
          isRetrying={fornitori.isFetching}
        />
      ) : fornitori.isLoading ? (
        <Skeleton className="h-40" />
      ) : !fornitore || !tipo ? (
        <p className="text-muted-foreground">{m.nessunFornitore}</p>
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <SceltaFornitore attivi={attivi} fornitore={fornitore} tipo={tipo} onChange={setScelta} />
          <DaInviare key={`d-${fornitore.id}-${tipo}`} fornitoreId={fornitore.id} tipoServizio={tipo} />
          <LottiList key={`l-${fornitore.id}`} fornitoreId={fornitore.id} />
          <TracciatoSection
            key={`t-${fornitore.id}-${tipo}`}
            fornitoreId={fornitore.id}
            tipoServizio={tipo}
          />
        </div>
      )}
    </>
  );
}
