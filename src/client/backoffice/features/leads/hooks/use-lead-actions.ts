import type { LeadContattoStato } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { LEAD_CONTATTO_LABELS, type LeadListItem } from '#shared/schemas/lead.ts';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useDeleteLead, useUpdateLeadStatus } from '#client/backoffice/features/leads/api/leads.ts';

/** The list's two actions on a lead, each with its confirmation and its toasts. */
export function useLeadActions() {
  const updateStatus = useUpdateLeadStatus();
  const remove = useDeleteLead();

  const setStatus = (lead: LeadListItem, next: LeadContattoStato) =>
    updateStatus.mutate(
      { id: lead.id, status: next },
      {
        onSuccess: () =>
          toast({
            title: msg.lead.statusSuccess,
            description: `${lead.nome} ${lead.cognome}: ${LEAD_CONTATTO_LABELS[next]}`,
          }),
        onError: (error) =>
          toast({
            title: msg.common.error,
            description: errorMessage(error, msg.lead.statusError),
            variant: 'destructive',
          }),
      },
    );

  const deleteLead = (lead: LeadListItem) => {
    if (!window.confirm(msg.lead.deleteConfirm)) return;
    remove.mutate(lead.id, {
      onSuccess: () => toast({ title: msg.lead.deleteSuccess }),
      onError: (error) =>
        toast({
          title: msg.common.error,
          description: errorMessage(error, msg.lead.deleteError),
          variant: 'destructive',
        }),
    });
  };

  /** The status being saved for this lead, shown at once while the server confirms it. */
  const savingStatus = (lead: LeadListItem): LeadContattoStato | null =>
    updateStatus.isPending && updateStatus.variables?.id === lead.id ? updateStatus.variables.status : null;

  return { setStatus, deleteLead, savingStatus };
}
