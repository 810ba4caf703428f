import { formatCount } from '#shared/text-format.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { can, type Role } from '#shared/permissions.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { useFirstPageFino } from '#client/lib/stable-pages.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useCommissioni } from '#client/backoffice/features/commissioni/api/commissioni.ts';
import { type CommissioniFilters } from '#client/backoffice/features/commissioni/api/queries.ts';
import { useCommissioneActions } from '#client/backoffice/features/commissioni/hooks/use-commissione-actions.ts';
import { CommissioneCard } from '#client/backoffice/features/commissioni/components/commissione-card.tsx';
import { CommissioniSummary } from '#client/backoffice/features/commissioni/components/commissioni-summary.tsx';
import { PaymentDialog } from '#client/backoffice/features/commissioni/components/payment-dialog.tsx';

const m = msg.commissioniScreen;
const PAGE_SIZE = 24;

/** The three totals, one card per commission of the page, the pager; the admin's dialogs. */
export function CommissioniList(props: {
  filters: CommissioniFilters;
  page: number;
  onPageChange: (page: number) => void;
  role: Role;
}) {
  const { filters, page, onPageChange, role } = props;
  // Later pages are read up to the first page's newest commission: commissions made meanwhile
  // (dated now, so on page 1) neither repeat a row nor hide one (docs/performance.md#pagine-per-posizione).
  const fino = useFirstPageFino(
    queryKeys.commissioni.list({ ...filters, page: 1, pageSize: PAGE_SIZE }),
    page,
  );
  const list = useCommissioni({ ...filters, page, pageSize: PAGE_SIZE, fino });
  const actions = useCommissioneActions();
  const canPay = can(role, 'commissioni:updatePayment');
  const canDelete = can(role, 'commissioni:delete');
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const shownIds = new Set(data?.items.map((c) => c.id));

  if (list.isError) {
    return (
      <ErrorState
        message={fillMessage(m.listError, { message: list.error.message })}
        onRetry={() => void list.refetch()}
        isRetrying={list.isFetching}
      />
    );
  }

  return (
    <>
      <CommissioniSummary summary={data?.summary} />
      {!data ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-72 w-full" />
          ))}
        </div>
      ) : (
        <section aria-labelledby="commissioni-elenco">
          <h2
            id="commissioni-elenco"
            className="mb-3 text-sm text-muted-foreground"
            aria-live="polite"
            data-testid="commissioni-count"
          >
            {data.total === 1 ? '1 commissione trovata' : `${formatCount(data.total)} commissioni trovate`}
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
                  onPayment={canPay ? () => actions.setPaying(c) : undefined}
                  onDelete={canDelete ? () => actions.setDeleting(c) : undefined}
                />
              ))}
            </div>
          )}
          <Pagination page={page} pages={pages} onPageChange={onPageChange} />
        </section>
      )}

      <PaymentDialog
        commissione={actions.paying}
        pending={actions.isPaymentPending}
        onOpenChange={(open) => !open && actions.setPaying(null)}
        onConfirm={actions.confirmPayment}
      />
      <ConfirmDialog
        open={actions.deleting != null}
        onOpenChange={(open) => !open && actions.setDeleting(null)}
        title={m.deleteTitle}
        description={
          actions.deleting
            ? fillMessage(m.deleteText, {
                id: actions.deleting.id,
                servizio: servizioLabel(actions.deleting.tipoServizio),
                cliente: actions.deleting.customerName,
              })
            : ''
        }
        pending={actions.isDeletePending}
        onConfirm={actions.confirmDelete}
      />
    </>
  );
}
