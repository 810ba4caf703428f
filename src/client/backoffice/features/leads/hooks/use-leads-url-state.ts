import { LEAD_CONTATTO_STATI, type LeadContattoStato } from '#shared/domain.ts';
import { positiveInt, urlSearchText, useUrlState } from '#client/lib/use-url-state.ts';
import type { LeadFilters } from '../api/queries';

/** The status box: a contact status, or the `nuovo` leads waiting for more than 24 hours. */
export type LeadStatusFilter = '' | LeadContattoStato | 'overdue';

export interface LeadsUrlState {
  puntoFisicoId?: number;
  search: string;
  status: LeadStatusFilter;
  page: number;
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
    page: positiveInt(params.get('page')) ?? 1,
  };
}

function serialize(s: LeadsUrlState) {
  return {
    puntoFisicoId: s.puntoFisicoId,
    search: s.search,
    status: s.status,
    page: s.page > 1 ? s.page : undefined,
  };
}

/** Lead screen state in the URL: `/leads?puntoFisicoId=3&search=rossi&status=overdue&page=2`. */
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
