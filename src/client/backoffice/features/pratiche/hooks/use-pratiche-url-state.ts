import { KO_MOTIVAZIONI, SERVIZI_PRINCIPALI, SERVIZIO_STATI } from '#shared/domain.ts';
import { positiveInt, urlSearchText, useUrlState } from '#client/lib/use-url-state.ts';
import type { PraticheFilters } from '#client/backoffice/features/pratiche/api/queries.ts';

export type PraticheUrlState = PraticheFilters;

const oneOf = (list: readonly string[], value: string | null) => (value && list.includes(value) ? value : '');

function parse(params: URLSearchParams): PraticheUrlState {
  const stati = (params.get('stato') ?? '').split(',').filter((s) => SERVIZIO_STATI.includes(s as never));
  return {
    search: urlSearchText(params),
    servizio: oneOf(SERVIZI_PRINCIPALI, params.get('servizio')),
    puntoFisicoId: positiveInt(params.get('puntoFisicoId')) ?? null,
    stati: [...new Set(stati)],
    koMotivazione: oneOf(KO_MOTIVAZIONI, params.get('koMotivazione')),
    schedaIncompleta: params.get('schedaIncompleta') === 'true',
  };
}

function serialize(s: PraticheUrlState) {
  return {
    search: s.search,
    servizio: s.servizio,
    puntoFisicoId: s.puntoFisicoId,
    stato: s.stati.join(','),
    koMotivazione: s.stati.includes('ko') ? s.koMotivazione : '',
    schedaIncompleta: s.schedaIncompleta ? 'true' : undefined,
  };
}

/**
 * Pratiche screen state in the URL, e.g. `/pratiche?search=3331234567&stato=ko&koMotivazione=altro`.
 * The page is the list's own (its cursors, src/client/lib/cursor-pages.ts): a change of filters
 * starts again from the first.
 */
export function usePraticheUrlState() {
  return useUrlState(parse, serialize);
}
