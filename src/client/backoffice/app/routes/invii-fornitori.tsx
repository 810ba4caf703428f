import { useState } from 'react';
import { msg } from '#shared/messages.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { useAllFornitori } from '#client/lib/fornitori-queries.ts';
import { DaInviare } from '#client/backoffice/features/invii-fornitori/components/da-inviare.tsx';
import { LottiList } from '#client/backoffice/features/invii-fornitori/components/lotti-list.tsx';
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
          <div className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
            <div className="grid gap-2">
              <Label htmlFor="invio-fornitore">{m.fornitore}</Label>
              <NativeSelect
                id="invio-fornitore"
                value={fornitore.id}
                onChange={(e) => setScelta({ fornitoreId: Number(e.target.value), tipo })}
              >
                {attivi.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.nome}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="invio-servizio">{m.servizio}</Label>
              <NativeSelect
                id="invio-servizio"
                value={tipo}
                onChange={(e) => setScelta({ fornitoreId: fornitore.id, tipo: e.target.value })}
              >
                {fornitore.serviziSupportati.map((s) => (
                  <option key={s} value={s}>
                    {servizioLabel(s)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
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
