import { msg } from '#shared/messages.ts';
import { PERIODI, periodoRange, type DateRange, type Periodo } from '#shared/periodi.ts';
import { useUrlState } from '#client/lib/use-url-state.ts';
import type { CommissioniFilters } from '#client/backoffice/features/commissioni/api/queries.ts';
import type { CommissioniFilterState } from '#client/backoffice/features/commissioni/components/commissioni-filters.tsx';

export type CommissioniUrlState = CommissioniFilterState;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : '');

function parse(params: URLSearchParams): CommissioniUrlState {
  const status = params.get('status');
  const periodo = params.get('periodo');
  const maturazione = params.get('maturazione');
  return {
    status: status === 'pagato' || status === 'non_pagato' ? status : '',
    maturazione: maturazione === 'in_maturazione' || maturazione === 'maturata' ? maturazione : '',
    periodo: periodo && (PERIODI as readonly string[]).includes(periodo) ? (periodo as Periodo) : 'tutti',
    custom: { dataInizio: day(params.get('dal')), dataFine: day(params.get('al')) },
  };
}

function serialize(s: CommissioniUrlState) {
  const isCustom = s.periodo === 'personalizzato';
  return {
    status: s.status,
    maturazione: s.maturazione || undefined,
    periodo: s.periodo === 'tutti' ? undefined : s.periodo,
    dal: isCustom ? s.custom.dataInizio : undefined,
    al: isCustom ? s.custom.dataFine : undefined,
  };
}

/**
 * Commissioni state in the URL, e.g. `/commissioni?status=non_pagato&periodo=personalizzato&dal=…&al=…`.
 * The page is the list's own (its cursors, src/client/lib/cursor-pages.ts): a change of filters
 * starts again from the first.
 */
export function useCommissioniUrlState() {
  return useUrlState(parse, serialize);
}

/**
 * The days the filters cover (Rome calendar, computed now) and what the API is sent; a custom
 * range that ends before it starts is refused here, with its message, and sends nothing.
 */
export function commissioniRange(state: CommissioniFilterState, now = new Date()) {
  const range: DateRange = periodoRange(state.periodo, now, state.custom);
  const rangeError =
    range.dataInizio && range.dataFine && range.dataInizio > range.dataFine
      ? msg.commissione.dateRangeInvalid
      : undefined;
  const filters: CommissioniFilters = {
    status: state.status || undefined,
    maturazione: state.maturazione || undefined,
    ...range,
  };
  return { range, rangeError, filters };
}
