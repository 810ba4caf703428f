import { describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/app-error.ts';
import { decodeCursor, encodeCursor, keysetPage } from '#server/lib/keyset.ts';

describe('keyset cursors', () => {
  it('gives back the position it was made from', () => {
    const position = ['2026-12-01 10:00:00.123456+00', 42];
    expect(decodeCursor(encodeCursor(position), ['text', 'int'])).toEqual(position);
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['another list’s shape', encodeCursor([1, 'a'])],
    ['too few values', encodeCursor(['x'])],
    ['an id past 32 bits', encodeCursor(['x', 2 ** 31])],
    ['a fractional id', encodeCursor(['x', 1.5])],
  ])('refuses %s with a 400', (_label, cursor) => {
    expect(() => decodeCursor(cursor, ['text', 'int'])).toThrow(AppError);
  });

  it('answers the next cursor only when a row past the page was read', () => {
    const rows = [{ id: 3 }, { id: 2 }, { id: 1 }];
    const full = keysetPage(rows, 2, (r) => [r.id]);
    expect(full.items).toEqual([{ id: 3 }, { id: 2 }]);
    expect(decodeCursor(full.nextCursor!, ['int'])).toEqual([2]);
    expect(keysetPage(rows, 3, (r) => [r.id]).nextCursor).toBeNull();
  });
});
