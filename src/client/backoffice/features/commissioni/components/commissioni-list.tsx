import { fillMessage, msg } from '#shared/messages.ts';
import { can, type Role } from '#shared/permissions.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { CursorPagination } from '#client/components/ui/pagination.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { ApiError } from '#client/lib/api-client.ts';
import type { useCursorPages } from '#client/lib/cursor-pages.ts';
import { pageCount } from '#client/lib/page-total.ts';
import { useCommissioni } from '#client/backoffice/features/commissioni/api/commissioni.ts';
import type { CommissioniFilters } from '#client/backoffice/features/commissioni/api/queries.ts';
import { useCommissioneActions } from '#client/backoffice/features/commissioni/hooks/use-commissione-actions.ts';
import { CommissioneCard } from '#client/backoffice/features/commissioni/components/commissione-card.tsx';
import { CommissioniSummary } from '#client/backoffice/features/commissioni/components/commissioni-summary.tsx';
import { PaymentDialog } from '#client/backoffice/features/commissioni/components/payment-dialog.tsx';

const m = msg.commissioniScreen;
const PAGE_SIZE = 24;

/** The three totals, one card per commission of the page, the pager; the admin's dialogs. */
export function CommissioniList(props: {
  filters: CommissioniFilters;
  pager: ReturnType<typeof useCursorPages>;
  role: Role;
}) {
  const { filters, pager, role } = props;
  // Each page is read after the previous one's last commission: commissions made meanwhile
  // (dated now, so before the first) neither repeat a row nor hide one (docs/architecture.md#liste-e-paginazione).
  const list = useCommissioni({ ...filters, pageSize: PAGE_SIZE, cursor: pager.cursor });
  const actions = useCommissioneActions();
  const canPay = can(role, 'commissioni:updatePayment');
  const canDelete = can(role, 'commissioni:delete');
  const data = list.data;
  const { pages, atLeast } = data
    ? pageCount(data, PAGE_SIZE, pager.page, data.items.length)
    : { pages: 1, atLeast: false };
  // While a page loads the one on screen is the old one: its cursor is not the next page's.
  const nextCursor = list.isPlaceholderData ? null : (data?.nextCursor ?? null);
  const shownIds = new Set(data?.items.map((c) => c.id));

  if (list.isError) {
    // A broken position (a hand-edited cursor): asking again cannot help, the first page can.
    if (list.error instanceof ApiError && list.error.status === 400)
      return (
        <ErrorState
          message={list.error.serverMessage ?? msg.common.invalidCursor}
          onRetry={pager.first}
          retryLabel={msg.common.backToFirstPage}
        />
      );
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
            {m.conteggio(data.total)}
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
          <CursorPagination
            page={pager.page}
            pages={pages}
            atLeast={atLeast}
            nextCursor={nextCursor}
            onNext={pager.next}
            onPrevious={pager.previous}
          />
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
