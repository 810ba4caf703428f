import { LEAD_CONTATTO_STATI, type LeadContattoStato } from '#shared/domain.ts';
import { positiveInt, urlSearchText, useUrlState } from '#client/lib/use-url-state.ts';
import type { LeadFilters } from '#client/backoffice/features/leads/api/queries.ts';

/** The status box: a contact status, or the `nuovo` leads waiting for more than 24 hours. */
export type LeadStatusFilter = '' | LeadContattoStato | 'overdue';

export interface LeadsUrlState {
  puntoFisicoId?: number;
  search: string;
  status: LeadStatusFilter;
}

function parse(params: URLSearchParams): LeadsUrlState {
  const status = params.get('status') ?? '';
  return {
    puntoFisicoId: positiveInt(params.get('puntoFisicoId')),
    search: urlSearchText(params),
    status:
      status === 'overdue' || (LEAD_CONTATTO_STATI as readonly string[]).includes(status)
        ? (status as LeadStatusFilter)
        : '',
  };
}

function serialize(s: LeadsUrlState) {
  return {
    puntoFisicoId: s.puntoFisicoId,
    search: s.search,
    status: s.status,
  };
}

/**
 * Lead screen state in the URL: `/leads?puntoFisicoId=3&search=rossi&status=overdue`. The page is
 * the list's own (its cursors, src/client/lib/cursor-pages.ts): a change of filters starts again
 * from the first.
 */
export function useLeadsUrlState() {
  return useUrlState(parse, serialize);
}

/** What the API's list and export take from the screen's state. */
export function toLeadFilters(s: LeadsUrlState): LeadFilters {
  return {
    puntoFisicoId: s.puntoFisicoId,
    search: s.search,
    status: s.status === 'overdue' || s.status === '' ? undefined : s.status,
    overdue: s.status === 'overdue',
  };
}
