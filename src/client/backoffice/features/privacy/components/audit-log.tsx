import { useId, type ReactNode } from 'react';
import { AUDIT_TIPI, type AuditTipo } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import type { AuditItem } from '#shared/schemas/audit.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';
import { formatDateTime } from '#client/lib/format.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { privacyQueries, type AuditFilters } from '#client/backoffice/features/privacy/api/privacy.ts';

const m = msg.audit;
const isTipo = (v: string): v is AuditTipo => (AUDIT_TIPI as readonly string[]).includes(v);

const OGGETTO_LABELS: Record<string, string> = {
  lead: 'Lead',
  utente: 'Utente',
  pratiche: 'Pratiche',
  commissioni: 'Commissioni',
  estratto_conto: 'Estratto conto',
  estratti_conto: 'Estratti conto',
  impostazioni: 'Impostazioni',
};

/** What the row is about, in words: "Lead #12 · formato xlsx · documenti 2". */
function describe(item: AuditItem): string {
  const parts: string[] = [];
  if (item.oggettoTipo)
    parts.push(
      `${OGGETTO_LABELS[item.oggettoTipo] ?? item.oggettoTipo}${item.oggettoId ? ` #${item.oggettoId}` : ''}`,
    );
  for (const [key, value] of Object.entries(item.dettagli ?? {})) {
    if (key === 'leadIds' || key === 'filtri' || value == null) continue;
    const text =
      typeof value === 'object' && 'da' in value && 'a' in value
        ? `${JSON.stringify(value.da)} → ${JSON.stringify(value.a)}`
        : typeof value === 'string'
          ? value
          : JSON.stringify(value);
    parts.push(`${key} ${text}`);
  }
  return parts.join(' · ');
}

/** Filters, table and "Mostra altre" of the audit log (docs/privacy.md#registro-delle-attività). */
/** The filter by user (the users feature), composed by the screen. */
export type AuditUserFilter = (props: {
  label: string;
  allLabel: string;
  selectedId: number | undefined;
  onSelect: (userId: number | undefined) => void;
}) => ReactNode;

export function AuditLog({
  filters,
  onChange,
  userFilter,
}: {
  filters: AuditFilters;
  onChange: (f: AuditFilters) => void;
  userFilter: AuditUserFilter;
}) {
  const ids = { tipo: useId(), dal: useId(), al: useId() };
  const log = useInfiniteQuery(privacyQueries.audit(filters));
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <div className="mb-4 grid gap-3 sm:grid-cols-4">
        <div className="grid gap-1">
          <Label htmlFor={ids.tipo}>{m.filtroTipo}</Label>
          <NativeSelect
            id={ids.tipo}
            value={filters.tipo ?? ''}
            onChange={(e) =>
              onChange({ ...filters, tipo: isTipo(e.target.value) ? e.target.value : undefined })
            }
          >
            <option value="">{m.allTipi}</option>
            {AUDIT_TIPI.map((t) => (
              <option key={t} value={t}>
                {m.tipoLabels[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {userFilter({
          label: m.filtroUtente,
          allLabel: m.allUtenti,
          selectedId: filters.utenteId,
          onSelect: (utenteId) => onChange({ ...filters, utenteId }),
        })}
        <div className="grid gap-1">
          <Label htmlFor={ids.dal}>{m.filtroDal}</Label>
          <Input
            id={ids.dal}
            type="date"
            value={filters.dal ?? ''}
            onChange={(e) => onChange({ ...filters, dal: e.target.value || undefined })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={ids.al}>{m.filtroAl}</Label>
          <Input
            id={ids.al}
            type="date"
            value={filters.al ?? ''}
            onChange={(e) => onChange({ ...filters, al: e.target.value || undefined })}
          />
        </div>
      </div>
      <Card>
        {log.isError && !log.data ? (
          <ErrorState message={m.loadError} onRetry={() => void log.refetch()} isRetrying={log.isFetching} />
        ) : !log.data ? (
          <div className="grid gap-3 p-5" aria-busy="true">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : items.length === 0 ? (
          <p className="p-5 text-muted-foreground">{m.empty}</p>
        ) : (
          <Table aria-label={m.title}>
            <TableHeader>
              <TableRow>
                <TableHead>{m.quando}</TableHead>
                <TableHead>{m.cosa}</TableHead>
                <TableHead>{m.chi}</TableHead>
                <TableHead>{m.daDove}</TableHead>
                <TableHead>{m.dettagli}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell className="text-sm whitespace-nowrap">
                    {formatDateTime(item.createdAt)}
                  </TableCell>
                  <TableCell className="min-w-40 font-medium">{m.tipoLabels[item.tipo]}</TableCell>
                  <TableCell className="min-w-60 text-sm break-words">{item.utente ?? m.sistema}</TableCell>
                  <TableCell className="text-sm whitespace-nowrap tabular-nums">{item.ip ?? '—'}</TableCell>
                  <TableCell className="min-w-48 text-sm text-muted-foreground">{describe(item)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      {log.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
          >
            {m.more}
          </Button>
        </div>
      )}
    </>
  );
}
