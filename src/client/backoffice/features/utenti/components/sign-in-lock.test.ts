import { describe, expect, it } from 'vitest';
import { lockText } from '#client/backoffice/features/utenti/components/sign-in-lock.tsx';

describe('lockText', () => {
  it.each([
    // Rome is UTC+1 in winter, UTC+2 in summer.
    ['2026-12-02T13:05:00.000Z', '2026-12-02T12:30:00.000Z', 'Accesso bloccato fino alle 14:05'],
    ['2026-07-10T08:45:00.000Z', '2026-07-10T08:00:00.000Z', 'Accesso bloccato fino alle 10:45'],
    // Locked at 23:30 for an hour: it ends tomorrow, and says so.
    [
      '2026-12-02T23:30:00.000Z',
      '2026-12-02T22:30:00.000Z',
      'Accesso bloccato fino al 03/12/2026 alle 00:30',
    ],
  ])('a lock until %s, seen at %s, reads %s', (until, now, text) => {
    expect(lockText(until, new Date(now))).toBe(text);
  });
});
