import { LEAD_CONTATTO_STATI, type LeadContattoStato } from '#shared/domain.ts';
import { positiveInt, urlSearchText, useUrlState } from '#client/lib/use-url-state.ts';
import type { LeadFilters } from '#client/backoffice/features/leads/api/queries.ts';

/** The status box: a contact status, or the `nuovo` leads waiting for more than 24 hours. */
export type LeadStatusFilter = '' | LeadContattoStato | 'overdue';

export interface LeadsUrlState {
  puntoFisicoId?: number;
  search: string;
  status: LeadStatusFilter;
  page: number;
  /**
   * Where a page after the first starts: after the last lead of the page before (`dopo`) or
   * before the first lead of the page after (`prima`), as the server wrote it. The pager moves
   * by these, so a deep page costs what the first does (docs/decisions/034-pagine-dei-lead-a-cursore.md).
   */
  dopo?: string;
  prima?: string;
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
    dopo: params.get('dopo') ?? undefined,
    prima: params.get('prima') ?? undefined,
  };
}

function serialize(s: LeadsUrlState) {
  return {
    puntoFisicoId: s.puntoFisicoId,
    search: s.search,
    status: s.status,
    page: s.page > 1 ? s.page : undefined,
    // A position belongs to the page it leads to: page 1 and any change of filters drop it.
    dopo: s.page > 1 && !s.prima ? s.dopo : undefined,
    prima: s.page > 1 ? s.prima : undefined,
  };
}

/** Lead screen state in the URL: `/leads?puntoFisicoId=3&search=rossi&status=overdue&page=2&dopo=…`. */
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
