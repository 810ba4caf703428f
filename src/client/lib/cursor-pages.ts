import { useState } from 'react';

/**
 * The cursors of the pages a list has shown (docs/architecture.md#liste-e-paginazione): the last
 * one is the page on screen, «Successiva» pushes the answer's `nextCursor`, «Precedente» pops.
 * A change of `filtersKey` (the list's filters and search as text) starts again from page 1.
 */
export function useCursorPages(filtersKey: string) {
  const [state, setState] = useState<{ key: string; cursors: Array<string | undefined> }>({
    key: filtersKey,
    cursors: [undefined],
  });
  const cursors = state.key === filtersKey ? state.cursors : [undefined];
  if (state.key !== filtersKey) setState({ key: filtersKey, cursors });
  return {
    /** 1 for the first page. */
    page: cursors.length,
    /** What to send as `cursor` (undefined: the first page). */
    cursor: cursors.at(-1),
    next: (nextCursor: string) => setState({ key: filtersKey, cursors: [...cursors, nextCursor] }),
    previous: () => setState({ key: filtersKey, cursors: cursors.slice(0, -1) }),
    first: () => setState({ key: filtersKey, cursors: [undefined] }),
  };
}
