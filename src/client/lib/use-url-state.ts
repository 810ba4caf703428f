import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';

type ParamValue = string | number | boolean | null | undefined;

/**
 * A screen's filters, search and page kept in the URL's query string: a reload, a shared link
 * and the browser's back and forward buttons all give the same list. `parse` reads whatever is
 * in the URL (a hand-edited link included) into valid state; `serialize` leaves defaults out so
 * that a clean list has a clean URL. See docs/decisions/013-client-conventions.md.
 */
export function useUrlState<T>(
  parse: (params: URLSearchParams) => T,
  serialize: (state: T) => Record<string, ParamValue>,
) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // The query string is the identity of the state (parse is a module-level function).
  const state = useMemo(() => parse(new URLSearchParams(key)), [key, parse]);

  /** Each change is a history entry; `replace` for the keystrokes of a search box. */
  const update = (next: Partial<T>, options: { replace?: boolean } = {}) =>
    setParams((prev) => {
      const merged = { ...parse(prev), ...next };
      const out = new URLSearchParams();
      for (const [name, value] of Object.entries(serialize(merged))) {
        if (value !== undefined && value !== null && value !== '' && value !== false)
          out.set(name, String(value));
      }
      return out;
    }, options);

  return [state, update] as const;
}

/** A positive integer from the URL, else undefined (a hand-edited "?consulente=abc" reads as none). */
export function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * What a list's search box holds in the URL: `?search=` on every list (`?q=`, what the points and
 * users screens wrote before, still reads so that an old shared link keeps its search).
 */
export function urlSearchText(params: URLSearchParams): string {
  return (params.get('search') ?? params.get('q'))?.trim() ?? '';
}

/**
 * A search box whose committed value lives in the URL: it shows what is typed at once and
 * commits it 300 ms after the last key; when the URL changes by itself (back, forward, reset,
 * a link) the box follows it.
 */
export function useUrlSearchText(urlValue: string, commit: (text: string) => void, delayMs = 300) {
  const [text, setText] = useState(urlValue);
  const [seenUrl, setSeenUrl] = useState(urlValue);
  if (urlValue !== seenUrl) {
    setSeenUrl(urlValue);
    if (urlValue !== text.trim()) setText(urlValue);
  }
  const debounced = useDebouncedValue(text, delayMs);
  useEffect(() => {
    // Only a value the user has stopped typing, and only when the URL does not say it already.
    if (debounced === text && debounced.trim() !== urlValue) commit(debounced.trim());
  }, [debounced, text, urlValue, commit]);
  return [text, setText] as const;
}
