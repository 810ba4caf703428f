import { Pagination } from '#client/components/ui/pagination.tsx';
import { useState } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import { periodoRange } from '#shared/periodi.ts';
import { can } from '#shared/permissions.ts';
import type { Commissione } from '#shared/schemas/commissione.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { ExportMenu } from '#client/components/ui/export-menu.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { useDeleteCommissione } from '#client/backoffice/features/commissioni/api/delete-commissione.ts';
import { exportCommissioni } from '#client/backoffice/features/commissioni/api/export-commissioni.ts';
import {
  useCommissioni,
  type CommissioniFilters as ApiFilters,
} from '#client/backoffice/features/commissioni/api/get-commissioni.ts';
import { useUpdatePayment } from '#client/backoffice/features/commissioni/api/update-payment.ts';
import { CommissioneCard } from '#client/backoffice/features/commissioni/components/commissione-card.tsx';
import {
  CommissioniFilters,
  EMPTY_COMMISSIONI_FILTERS,
  type CommissioniFilterState,
} from '#client/backoffice/features/commissioni/components/commissioni-filters.tsx';
import { CommissioniSummary } from '#client/backoffice/features/commissioni/components/commissioni-summary.tsx';
import { PaymentDialog } from '#client/backoffice/features/commissioni/components/payment-dialog.tsx';
import { servizioLabel } from '#shared/servizi-catalogo.ts';

const m = msg.commissioniScreen;
const PAGE_SIZE = 24;

/** Filters, three totals, one card per commission; admin pays and deletes. See docs/product/screens.md#commissioni */
export function CommissioniRoute() {
  const { user } = useAuth();
  const role = user!.role;
  const canPay = can(role, 'commissioni:updatePayment');
  const canDelete = can(role, 'commissioni:delete');
  const [filters, setFilters] = useState<CommissioniFilterState>(EMPTY_COMMISSIONI_FILTERS);
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<Commissione | null>(null);
  const [deleting, setDeleting] = useState<Commissione | null>(null);

  // Period boundaries are Rome calendar days, computed when the filters are read.
  const range = periodoRange(filters.periodo, new Date(), filters.custom);
  const rangeError =
    range.dataInizio && range.dataFine && range.dataInizio > range.dataFine
      ? msg.commissione.dateRangeInvalid
      : undefined;
  const apiFilters: ApiFilters = { status: filters.status || undefined, ...range };
  const list = useCommissioni({ ...apiFilters, page, pageSize: PAGE_SIZE }, !rangeError);
  const updatePayment = useUpdatePayment();
  const remove = useDeleteCommissione();

  const change = (next: Partial<CommissioniFilterState>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const reset = () => {
    setFilters(EMPTY_COMMISSIONI_FILTERS);
    setPage(1);
  };

  const onPaymentConfirm = (note: string) => {
    if (!paying) return;
    const status = paying.statoPagamento === 'pagato' ? 'non_pagato' : 'pagato';
    updatePayment.mutate(
      { id: paying.id, status, note },
      {
        onSuccess: () => {
          setPaying(null);
          toast({
            title: m.statusSuccess,
            description: `Commissione #${paying.id}: ${status === 'pagato' ? m.pagato : m.nonPagato}`,
          });
        },
        onError: (error) =>
          // The screen's own failure text, with the server's reason underneath when it gave one.
          toast({
            title: msg.commissione.statusError,
            description: error instanceof ApiError ? error.serverMessage : undefined,
            variant: 'destructive',
          }),
      },
    );
  };

  const onDeleteConfirm = () => {
    if (!deleting) return;
    const id = deleting.id;
    remove.mutate(id, {
      onSuccess: () => toast({ title: m.deleteSuccess, description: `Commissione #${id}` }),
      onError: (error) =>
        toast({
          title: msg.commissione.deleteError,
          description: error instanceof ApiError ? error.serverMessage : undefined,
          variant: 'destructive',
        }),
      onSettled: () => setDeleting(null),
    });
  };

  const data = rangeError ? undefined : list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const shownIds = new Set(data?.items.map((c) => c.id));

  return (
    <>
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <ExportMenu
            description="Esporta le commissioni filtrate"
            onExport={(format) => exportCommissioni(apiFilters, format)}
            disabled={!!rangeError}
            onError={(error) =>
              toast({
                title: msg.common.error,
                description: errorMessage(error, m.exportError),
                variant: 'destructive',
              })
            }
          />
        }
      />

      <CommissioniFilters
        value={filters}
        range={range}
        rangeError={rangeError}
        onChange={change}
        onReset={reset}
      />

      {list.isError && !rangeError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {fillMessage(m.listError, { message: list.error.message })}
        </div>
      ) : (
        <CommissioniSummary summary={data?.summary} />
      )}

      {list.isLoading && !rangeError && (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-72 w-full" />
          ))}
        </div>
      )}

      {data && !list.isError && (
        <section aria-labelledby="commissioni-elenco">
          <h2
            id="commissioni-elenco"
            className="mb-3 text-sm text-muted-foreground"
            aria-live="polite"
            data-testid="commissioni-count"
          >
            {data.total === 1 ? '1 commissione trovata' : `${data.total} commissioni trovate`}
          </h2>
          {data.items.length === 0 ? (
            <div className="rounded-lg border bg-card p-10 text-center text-muted-foreground">{m.empty}</div>
          ) : (
            <div
              className={
                list.isPlaceholderData
                  ? 'grid gap-4 opacity-60 md:grid-cols-2 xl:grid-cols-3'
                  : 'grid gap-4 md:grid-cols-2 xl:grid-cols-3'
              }
            >
              {data.items.map((c) => (
                <CommissioneCard
                  key={c.id}
                  commissione={c}
                  role={role}
                  isOriginalShown={c.stornoOfId != null && shownIds.has(c.stornoOfId)}
                  isStornoShown={c.stornoId != null && shownIds.has(c.stornoId)}
                  onPayment={canPay ? () => setPaying(c) : undefined}
                  onDelete={canDelete ? () => setDeleting(c) : undefined}
                />
              ))}
            </div>
          )}
          <Pagination page={page} pages={pages} onPageChange={setPage} />
        </section>
      )}

      <PaymentDialog
        commissione={paying}
        pending={updatePayment.isPending}
        onOpenChange={(open) => !open && setPaying(null)}
        onConfirm={onPaymentConfirm}
      />
      <ConfirmDialog
        open={deleting != null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={m.deleteTitle}
        description={
          deleting
            ? fillMessage(m.deleteText, {
                id: deleting.id,
                servizio: servizioLabel(deleting.tipoServizio),
                cliente: deleting.customerName,
              })
            : ''
        }
        pending={remove.isPending}
        onConfirm={onDeleteConfirm}
      />
    </>
  );
}
