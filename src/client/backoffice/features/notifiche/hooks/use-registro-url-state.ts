import { EMAIL_STATI, type EmailStato } from '#shared/domain.ts';
import { positiveInt, useUrlState } from '#client/lib/use-url-state.ts';

export interface RegistroUrlState {
  stato: EmailStato | undefined;
  page: number;
}

export const isEmailStato = (v: string | null): v is EmailStato =>
  v != null && (EMAIL_STATI as readonly string[]).includes(v);

function parse(params: URLSearchParams): RegistroUrlState {
  const stato = params.get('stato');
  return { stato: isEmailStato(stato) ? stato : undefined, page: positiveInt(params.get('page')) ?? 1 };
}

function serialize(state: RegistroUrlState) {
  return { stato: state.stato, page: state.page > 1 ? state.page : undefined };
}

/** The log's status filter and page in the URL (docs/decisions/013-client-conventions.md). */
export function useRegistroUrlState() {
  return useUrlState(parse, serialize);
}
