import { Eye, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { msg } from '#shared/messages.ts';
import { can, type Role } from '#shared/permissions.ts';
import type { LeadListItem } from '#shared/schemas/lead.ts';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { CursorPagination } from '#client/components/ui/pagination.tsx';
import { describeTotal, pageCount } from '#client/lib/page-total.ts';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { formatDateTime } from '#client/lib/format.ts';
import { useCursorPages } from '#client/lib/cursor-pages.ts';
import { useLeads } from '#client/backoffice/features/leads/api/leads.ts';
import type { LeadFilters } from '#client/backoffice/features/leads/api/queries.ts';
import { useLeadActions } from '#client/backoffice/features/leads/hooks/use-lead-actions.ts';
import { LeadStatusControl } from '#client/backoffice/features/leads/components/lead-status-control.tsx';
import { DuplicatoBadge } from '#client/backoffice/features/leads/components/lead-duplicati.tsx';
import { formatPhone } from '#shared/phone.ts';

const PAGE_SIZE = 25;

function LeadActions(props: { lead: LeadListItem; href: string; canDelete: boolean; onDelete: () => void }) {
  const { lead } = props;
  return (
    <div className="flex justify-end gap-1">
      <Link
        href={props.href}
        className={buttonVariants({ variant: 'ghost', size: 'icon' })}
        aria-label={msg.leadsScreen.dettagliDi(lead.nome, lead.cognome)}
      >
        <Eye aria-hidden />
      </Link>
      {props.canDelete && (
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive"
          aria-label={msg.leadsScreen.eliminaDi(lead.nome, lead.cognome)}
          onClick={props.onDelete}
        >
          <Trash2 aria-hidden />
        </Button>
      )}
    </div>
  );
}

/** The count line, the leads of one page (cards on phones, a table from medium screens), the pager. */
export function LeadsList(props: {
  filters: LeadFilters;
  role: Role;
  /** The detail's address, keeping the list's own query string so closing it comes back here. */
  detailHref: (lead: LeadListItem) => string;
}) {
  const { filters, role, detailHref } = props;
  // The pages already shown, by their cursors (docs/architecture.md#liste-e-paginazione): new
  // filters start again from the first page.
  const pager = useCursorPages(JSON.stringify(filters));
  const leads = useLeads({ ...filters, pageSize: PAGE_SIZE, cursor: pager.cursor });
  const { setStatus, deleteLead, savingStatus } = useLeadActions();
  const canDelete = can(role, 'leads:delete');
  const total = leads.data?.total ?? 0;
  const { pages, atLeast } = leads.data
    ? pageCount(leads.data, PAGE_SIZE, pager.page, leads.data.items.length)
    : { pages: 1, atLeast: false };
  // While a page loads the one on screen is the old one: its cursor is not the next page's.
  const nextCursor = leads.isPlaceholderData ? null : (leads.data?.nextCursor ?? null);

  const actions = (lead: LeadListItem) => (
    <LeadActions
      lead={lead}
      href={detailHref(lead)}
      canDelete={canDelete}
      onDelete={() => deleteLead(lead)}
    />
  );
  const status = (lead: LeadListItem) => (
    <LeadStatusControl lead={lead} saving={savingStatus(lead)} onChange={(next) => setStatus(lead, next)} />
  );

  return (
    <>
      <p className="mb-2 text-sm text-muted-foreground" aria-live="polite" data-testid="lead-count">
        {leads.data ? describeTotal(leads.data, 'lead trovati', 'lead trovati') : ''}
      </p>
      <Card>
        {leads.isLoading ? (
          <div className="grid gap-3 p-5" aria-busy="true">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : leads.isError ? (
          leads.error instanceof ApiError && leads.error.status === 400 ? (
            // The address asks for a page the list does not give (too far, or a broken position):
            // asking again cannot help, the first page can.
            <ErrorState
              className="m-4"
              message={leads.error.serverMessage ?? msg.lead.invalidCursor}
              onRetry={pager.first}
              retryLabel={msg.common.backToFirstPage}
            />
          ) : (
            <ErrorState
              className="m-4"
              message={msg.leadsScreen.listError(leads.error.message)}
              onRetry={() => void leads.refetch()}
              isRetrying={leads.isFetching}
            />
          )
        ) : total === 0 ? (
          <p className="p-10 text-center text-muted-foreground">{msg.lead.empty}</p>
        ) : (
          <div className={leads.isPlaceholderData ? 'opacity-60' : undefined}>
            {/* Phones: one card per lead, every control within reach without side scrolling. */}
            <ul className="divide-y md:hidden">
              {leads.data?.items.map((lead) => (
                <li
                  key={lead.id}
                  data-testid={`lead-card-${lead.id}`}
                  className={cn('grid gap-3 p-4', lead.isOverdue && 'bg-amber-50/60')}
                >
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0 text-sm">
                      <p className="font-medium">
                        {lead.nome} {lead.cognome}
                      </p>
                      {lead.possibileDuplicato && <DuplicatoBadge />}
                      <p className="[overflow-wrap:anywhere] text-muted-foreground">{lead.email}</p>
                      <p className="text-muted-foreground">{formatPhone(lead.telefono)}</p>
                    </div>
                    {actions(lead)}
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {lead.puntoFisicoOriginaleDetails?.nomeAttivita ?? '—'} ·{' '}
                    {formatDateTime(lead.dataRegistrazione)}
                  </p>
                  {status(lead)}
                </li>
              ))}
            </ul>
            <Table className="hidden md:table">
              <TableHeader>
                <TableRow>
                  <TableHead>{msg.leadsScreen.cliente}</TableHead>
                  <TableHead>{msg.leadsScreen.puntoFisico}</TableHead>
                  <TableHead>{msg.leadsScreen.dataCreazione}</TableHead>
                  <TableHead>{msg.leadsScreen.statoContatto}</TableHead>
                  <TableHead className="text-right">{msg.leadsScreen.azioni}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {leads.data?.items.map((lead) => (
                  <TableRow
                    key={lead.id}
                    data-testid={`lead-row-${lead.id}`}
                    className={lead.isOverdue ? 'bg-amber-50/60' : undefined}
                  >
                    <TableCell className="min-w-52">
                      <p className="font-medium">
                        {lead.nome} {lead.cognome}
                      </p>
                      {lead.possibileDuplicato && <DuplicatoBadge />}
                      <p className="break-all text-muted-foreground">{lead.email}</p>
                      <p className="text-muted-foreground">{formatPhone(lead.telefono)}</p>
                    </TableCell>
                    <TableCell className="min-w-40">
                      {lead.puntoFisicoOriginaleDetails?.nomeAttivita ?? '—'}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatDateTime(lead.dataRegistrazione)}
                    </TableCell>
                    <TableCell className="min-w-48">{status(lead)}</TableCell>
                    <TableCell>{actions(lead)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </Card>
      <CursorPagination
        page={pager.page}
        pages={pages}
        atLeast={atLeast}
        nextCursor={nextCursor}
        onNext={pager.next}
        onPrevious={pager.previous}
        className="mt-4"
      />
    </>
  );
}
