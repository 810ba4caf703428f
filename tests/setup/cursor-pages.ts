import { expect } from 'vitest';
import type { App } from '#server/app.ts';

/** What every list answers (docs/architecture.md#liste-e-paginazione). */
export interface CursorPage<T> {
  items: T[];
  total: number;
  totalIsLowerBound: boolean;
  nextCursor: string | null;
}

/**
 * Every page of a list, read as a screen does: the first without `cursor`, then each with the
 * previous answer's `nextCursor` until it is null. `url` may carry a query string already; `from`
 * starts after a page already read.
 */
export async function readAllPages<T>(
  app: App,
  url: string,
  cookie: string,
  from: string | null = null,
): Promise<Array<CursorPage<T>>> {
  const pages: Array<CursorPage<T>> = [];
  let cursor = from;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await app.inject({
      method: 'GET',
      url: cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<CursorPage<T>>();
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 1000);
  return pages;
}
