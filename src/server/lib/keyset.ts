import { AppError } from '#server/lib/app-error.ts';
import { msg } from '#shared/messages.ts';

/**
 * One pagination for every list (docs/architecture.md#liste-e-paginazione): a page is read in the
 * list's order with `limit + 1` rows after the position its cursor names; the extra row only says
 * whether a next page exists. The cursor is opaque to clients: the last row's values in the order
 * of the list's ORDER BY (a date as PostgreSQL prints it, a name, an id), as base64url JSON.
 */
export type KeysetValue = string | number;
export type KeysetKind = 'text' | 'int';

export function encodeCursor(position: readonly KeysetValue[]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/**
 * The position a cursor names, checked against the kinds the list orders by; anything else (a
 * hand-edited link, another list's cursor) is a 400 with an Italian message, never a query.
 */
export function decodeCursor(cursor: string, kinds: readonly KeysetKind[]): KeysetValue[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  const fits =
    Array.isArray(values) &&
    values.length === kinds.length &&
    values.every((value, i) =>
      kinds[i] === 'int'
        ? Number.isInteger(value) && Math.abs(value as number) <= 2_147_483_647
        : typeof value === 'string' && value.length <= 300,
    );
  if (!fits) throw AppError.badRequest(msg.common.invalidCursor);
  return values as KeysetValue[];
}

/** The page out of `limit + 1` rows read, and the cursor of the next one (null on the last page). */
export function keysetPage<T>(
  rows: readonly T[],
  limit: number,
  position: (row: T) => readonly KeysetValue[],
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(position(last)) : null };
}
