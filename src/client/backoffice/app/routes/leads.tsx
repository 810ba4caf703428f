import { useLocation, useSearch } from 'wouter';
import { msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import { ExportMenu } from '#client/components/ui/export-menu.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage, isNotFound } from '#client/lib/api-client.ts';
import { positiveInt } from '#client/lib/use-url-state.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { exportLeads, useLeadDetail } from '#client/backoffice/features/leads/api/leads.ts';
import {
  LeadDetailDialog,
  type LeadDetailSlots,
} from '#client/backoffice/features/leads/components/lead-detail-dialog.tsx';
import { LeadsFilters } from '#client/backoffice/features/leads/components/leads-filters.tsx';
import { LeadsList } from '#client/backoffice/features/leads/components/leads-list.tsx';
import { OverdueBanner } from '#client/backoffice/features/leads/components/overdue-banner.tsx';
import {
  toLeadFilters,
  useLeadsUrlState,
} from '#client/backoffice/features/leads/hooks/use-leads-url-state.ts';
import { AddDocumenti } from '#client/backoffice/features/pratiche/components/add-documenti.tsx';
import { LeadPrivacyActions } from '#client/backoffice/features/privacy/components/lead-privacy-actions.tsx';
import { NotFoundContent } from '#client/backoffice/app/routes/not-found.tsx';

/** The lead dialog's parts that other features own. */
const LEAD_SLOTS: LeadDetailSlots = {
  addDocumenti: (leadId) => <AddDocumenti leadId={leadId} />,
  privacyActions: (leadId, erasedAt) => <LeadPrivacyActions leadId={leadId} erasedAt={erasedAt} />,
};

/** `/leads` and `/leads/{id}`: the list with its filters in the URL, and one lead's detail over it. */
export function LeadsRoute({ params }: { params: { id?: string } }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [state, setState] = useLeadsUrlState();
  const detailId = params.id === undefined ? null : (positiveInt(params.id) ?? 0);
  const detail = useLeadDetail(detailId || null);
  const filters = toLeadFilters(state);
  const withSearch = (path: string) => (search ? `${path}?${search}` : path);

  // A lead that does not exist, or is not the user's to see, has no page.
  if (detailId === 0 || isNotFound(detail.error)) return <NotFoundContent />;

  return (
    <>
      <PageHeader
        title={msg.leadsScreen.title}
        subtitle={msg.leadsScreen.subtitle}
        actions={
          <ExportMenu
            description={msg.leadsScreen.exportDescription}
            onExport={(format) => exportLeads(filters, format)}
            onError={(error) =>
              toast({
                title: msg.common.error,
                description: errorMessage(error, msg.lead.exportError),
                variant: 'destructive',
              })
            }
          />
        }
      />
      {state.status !== 'overdue' && (
        <OverdueBanner puntoFisicoId={state.puntoFisicoId} onShow={() => setState({ status: 'overdue' })} />
      )}
      <LeadsFilters value={state} onChange={setState} onReset={() => navigate(paths.leads)} />
      <LeadsList filters={filters} role={user!.role} detailHref={(lead) => withSearch(paths.lead(lead.id))} />
      {detailId != null && (
        <LeadDetailDialog
          id={detailId}
          role={user!.role}
          onClose={() => navigate(withSearch(paths.leads))}
          slots={LEAD_SLOTS}
        />
      )}
    </>
  );
}
