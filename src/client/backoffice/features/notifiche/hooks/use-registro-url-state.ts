import { EMAIL_STATI, type EmailStato } from '#shared/domain.ts';
import { useUrlState } from '#client/lib/use-url-state.ts';

export interface RegistroUrlState {
  stato: EmailStato | undefined;
}

export const isEmailStato = (v: string | null): v is EmailStato =>
  v != null && (EMAIL_STATI as readonly string[]).includes(v);

function parse(params: URLSearchParams): RegistroUrlState {
  const stato = params.get('stato');
  return { stato: isEmailStato(stato) ? stato : undefined };
}

function serialize(state: RegistroUrlState) {
  return { stato: state.stato };
}

/** The log's status filter in the URL (its pages are cursors, kept by the screen) (docs/decisions/013-client-conventions.md). */
export function useRegistroUrlState() {
  return useUrlState(parse, serialize);
}
