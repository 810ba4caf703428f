import { isRole } from '#shared/permissions.ts';
import { urlSearchText, useUrlSearchText, useUrlState } from '#client/lib/use-url-state.ts';

const parse = (p: URLSearchParams) => {
  const role = p.get('role');
  return {
    role: isRole(role) ? role : undefined,
    q: urlSearchText(p),
  };
};
const serialize = (s: ReturnType<typeof parse>) => ({ role: s.role, search: s.q });

/** The Utenti screen's role filter and search, kept in the URL (`?role=…&search=…`). */
export function useUtentiUrlFilters() {
  const [state, setState] = useUrlState(parse, serialize);
  const [text, setText] = useUrlSearchText(state.q, (q) =>
    // A new search is a history entry; refining it replaces that entry.
    setState({ q }, { replace: state.q !== '' }),
  );
  return { state, setState, text, setText };
}
