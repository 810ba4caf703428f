import { useMemo } from 'react';
import { SERVIZI_PRINCIPALI } from '#shared/domain.ts';
import type { CommissioneConfig } from '#shared/schemas/commissione.ts';
import { useUrlState } from '#client/lib/use-url-state.ts';
import { useAllFornitori } from '#client/lib/fornitori-queries.ts';
import { useCommissioniConfig } from '#client/backoffice/features/config-commissioni/api/commissioni-config.ts';
import type { ConfigTarget } from '#client/backoffice/features/config-commissioni/components/config-dialog.tsx';

export interface ConfigFilters {
  search: string;
  servizio: string;
}

const parse = (p: URLSearchParams): ConfigFilters => ({
  search: p.get('search') ?? '',
  servizio: (SERVIZI_PRINCIPALI as readonly string[]).includes(p.get('servizio') ?? '')
    ? p.get('servizio')!
    : '',
});
const serialize = (f: ConfigFilters) => ({ search: f.search, servizio: f.servizio });

/** Supplier search and service filter in the URL (`/admin-commissioni?servizio=luce`). */
export function useConfigFilters() {
  return useUrlState(parse, serialize);
}

/**
 * Suppliers with the services they offer and each one's configuration: what the screen lists,
 * how many combinations are configured, and the dialog's target read from the same lists.
 */
export function useConfigOverview(
  filters: ConfigFilters,
  target: { fornitoreId: number; servizio: string } | null,
) {
  const fornitori = useAllFornitori();
  const configs = useCommissioniConfig();

  /** fornitoreId → servizio → configuration. */
  const bySupplier = useMemo(() => {
    const map = new Map<number, Map<string, CommissioneConfig>>();
    for (const c of configs.data ?? []) {
      if (!map.has(c.fornitoreId)) map.set(c.fornitoreId, new Map());
      map.get(c.fornitoreId)!.set(c.servizio, c);
    }
    return map;
  }, [configs.data]);

  const all = fornitori.data ?? [];
  const offered = (f: (typeof all)[number]) =>
    SERVIZI_PRINCIPALI.filter((s) => f.serviziSupportati.includes(s));
  const term = filters.search.trim().toLowerCase();
  const visible = all
    .filter((f) => !term || f.nome.toLowerCase().includes(term) || f.codice.toLowerCase().includes(term))
    .map((f) => ({
      fornitore: f,
      servizi: offered(f).filter((s) => !filters.servizio || s === filters.servizio),
    }))
    .filter((row) => row.servizi.length > 0);
  const totalRows = all.reduce((n, f) => n + offered(f).length, 0);
  const configuredRows = all.reduce(
    (n, f) => n + offered(f).filter((s) => bySupplier.get(f.id)?.has(s)).length,
    0,
  );

  // The dialog reads the supplier and configuration from the lists, so it stays in step with them.
  const fornitore = target ? all.find((f) => f.id === target.fornitoreId) : undefined;
  const dialogTarget: ConfigTarget | null =
    target && fornitore
      ? { fornitore, servizio: target.servizio, config: bySupplier.get(fornitore.id)?.get(target.servizio) }
      : null;

  return {
    visible,
    bySupplier,
    totalRows,
    configuredRows,
    dialogTarget,
    isLoading: fornitori.isLoading || configs.isLoading,
    error: fornitori.error ?? configs.error,
    refetch: () => Promise.all([fornitori.refetch(), configs.refetch()]),
    isFetching: fornitori.isFetching || configs.isFetching,
  };
}
