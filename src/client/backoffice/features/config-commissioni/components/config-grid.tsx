import { msg } from '#shared/messages.ts';
import type { Fornitore } from '#shared/schemas/fornitore.ts';
import type { useConfigOverview } from '#client/backoffice/features/config-commissioni/hooks/use-config-overview.ts';
import { FornitoreConfigCard } from '#client/backoffice/features/config-commissioni/components/fornitore-config-card.tsx';

/** How many combinations are configured, and one card per supplier with its services. */
export function ConfigGrid(props: {
  view: ReturnType<typeof useConfigOverview>;
  onConfigure: (fornitoreId: number, servizio: string) => void;
  onEditFornitore: (fornitore: Fornitore) => void;
}) {
  const { view, onConfigure, onEditFornitore } = props;
  return (
    <>
      <p className="mb-3 text-sm text-muted-foreground" data-testid="config-count">
        {msg.configCommissioni.configurate(view.configuredRows, view.totalRows)}
      </p>
      {view.visible.length === 0 ? (
        <p className="rounded-lg border bg-card p-8 text-center text-muted-foreground">
          {msg.configCommissioni.empty}
        </p>
      ) : (
        <div className="grid items-start gap-4 xl:grid-cols-2">
          {view.visible.map(({ fornitore, servizi }) => (
            <FornitoreConfigCard
              key={fornitore.id}
              fornitore={fornitore}
              servizi={servizi}
              configs={view.bySupplier.get(fornitore.id) ?? new Map()}
              onConfigure={(s) => onConfigure(fornitore.id, s)}
              onEditFornitore={() => onEditFornitore(fornitore)}
            />
          ))}
        </div>
      )}
    </>
  );
}
