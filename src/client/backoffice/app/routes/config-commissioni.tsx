import { Plus, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { SERVIZI_PRINCIPALI } from '#shared/domain.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import type { CommissioneConfig } from '#shared/schemas/commissione.ts';
import type { Fornitore } from '#shared/schemas/fornitore.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { useCommissioniConfig } from '#client/backoffice/features/config-commissioni/api/commissioni-config.ts';
import {
  ConfigDialog,
  type ConfigTarget,
} from '#client/backoffice/features/config-commissioni/components/config-dialog.tsx';
import { FornitoreConfigCard } from '#client/backoffice/features/config-commissioni/components/fornitore-config-card.tsx';
import { useAllFornitori } from '#client/backoffice/features/fornitori/api/fornitori.ts';
import { FornitoreDialog } from '#client/backoffice/features/fornitori/components/fornitore-dialog.tsx';

/** Config Commissioni, admin only; the router shows the denial to the others. See docs/product/screens.md#config-commissioni */
export function ConfigCommissioniRoute() {
  const fornitori = useAllFornitori();
  const configs = useCommissioniConfig();
  const [servizio, setServizio] = useState('');
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<{ fornitoreId: number; servizio: string } | null>(null);
  // undefined: closed; null: 'Nuovo Fornitore'; a supplier: its edit.
  const [editingFornitore, setEditingFornitore] = useState<Fornitore | null | undefined>(undefined);
  const searchId = useId();
  const servizioId = useId();

  /** fornitoreId → servizio → configuration. */
  const bySupplier = useMemo(() => {
    const map = new Map<number, Map<string, CommissioneConfig>>();
    for (const c of configs.data ?? []) {
      if (!map.has(c.fornitoreId)) map.set(c.fornitoreId, new Map());
      map.get(c.fornitoreId)!.set(c.servizio, c);
    }
    return map;
  }, [configs.data]);

  const term = search.trim().toLowerCase();
  const visible = (fornitori.data ?? [])
    .filter((f) => !term || f.nome.toLowerCase().includes(term) || f.codice.toLowerCase().includes(term))
    .map((f) => ({
      fornitore: f,
      servizi: SERVIZI_PRINCIPALI.filter(
        (s) => f.serviziSupportati.includes(s) && (!servizio || s === servizio),
      ),
    }))
    .filter((row) => row.servizi.length > 0);

  const totalRows = (fornitori.data ?? []).reduce(
    (n, f) => n + SERVIZI_PRINCIPALI.filter((s) => f.serviziSupportati.includes(s)).length,
    0,
  );
  const configuredRows = (fornitori.data ?? []).reduce(
    (n, f) =>
      n +
      SERVIZI_PRINCIPALI.filter((s) => f.serviziSupportati.includes(s) && bySupplier.get(f.id)?.has(s))
        .length,
    0,
  );

  // The dialog reads the supplier and configuration from the lists, so it stays in step with them.
  const dialogTarget = useMemo<ConfigTarget | null>(() => {
    if (!target) return null;
    const fornitore = fornitori.data?.find((f) => f.id === target.fornitoreId);
    if (!fornitore) return null;
    return {
      fornitore,
      servizio: target.servizio,
      config: bySupplier.get(fornitore.id)?.get(target.servizio),
    };
  }, [target, fornitori.data, bySupplier]);

  const isLoading = fornitori.isLoading || configs.isLoading;
  const error = fornitori.error ?? configs.error;

  return (
    <>
      <PageHeader
        title={msg.configCommissioni.pageTitle}
        subtitle={msg.configCommissioni.subtitle}
        actions={
          <Button onClick={() => setEditingFornitore(null)}>
            <Plus aria-hidden />
            {msg.fornitoreAdmin.nuovo}
          </Button>
        }
      />

      <section
        aria-label="Filtri"
        className="mb-6 grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-end"
      >
        <div className="grid gap-2">
          <Label htmlFor={searchId}>Cerca fornitore</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id={searchId}
              type="search"
              className="pl-9"
              placeholder="Nome o codice"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={servizioId}>Servizio</Label>
          <NativeSelect id={servizioId} value={servizio} onChange={(e) => setServizio(e.target.value)}>
            <option value="">Tutti i servizi</option>
            {SERVIZI_PRINCIPALI.map((s) => (
              <option key={s} value={s}>
                {servizioLabel(s)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </section>

      {isLoading ? (
        <div className="grid gap-4">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : error ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-red-50 p-5 text-destructive">
          {fillMessage(msg.configCommissioni.loadError, { message: error.message })}
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground" data-testid="config-count">
            {configuredRows} di {totalRows} combinazioni fornitore e servizio configurate
          </p>
          {visible.length === 0 ? (
            <p className="rounded-lg border bg-card p-8 text-center text-muted-foreground">
              {msg.configCommissioni.empty}
            </p>
          ) : (
            <div className="grid items-start gap-4 xl:grid-cols-2">
              {visible.map(({ fornitore, servizi }) => (
                <FornitoreConfigCard
                  key={fornitore.id}
                  fornitore={fornitore}
                  servizi={servizi}
                  configs={bySupplier.get(fornitore.id) ?? new Map()}
                  onConfigure={(s) => setTarget({ fornitoreId: fornitore.id, servizio: s })}
                  onEditFornitore={() => setEditingFornitore(fornitore)}
                />
              ))}
            </div>
          )}
        </>
      )}

      <ConfigDialog target={dialogTarget} onOpenChange={(open) => !open && setTarget(null)} />
      <FornitoreDialog
        fornitore={editingFornitore}
        onOpenChange={(open) => !open && setEditingFornitore(undefined)}
      />
    </>
  );
}
