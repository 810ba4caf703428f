import { describe, expect, it } from 'vitest';
import {
  countedNoAnswers,
  describeCallTime,
  isCallAllowed,
  isRomeWorkingDay,
  nextAllowedCallTime,
  slotCallTime,
} from '#shared/calling-hours.ts';
import { romeWallTimeToDate } from '#shared/time.ts';

/** A Rome wall-clock time, 'YYYY-MM-DD HH:MM'. */
function rome(text: string): Date {
  const [d, t] = text.split(' ');
  const [y, m, day] = d.split('-').map(Number);
  const [h, min] = t.split(':').map(Number);
  return romeWallTimeToDate(y, m, day, h, min);
}

describe('nextAllowedCallTime: the Garante code hours, Europe/Rome, with the national holidays', () => {
  it.each([
    ['a Sunday', '2026-12-06 11:00', '2026-12-07 09:00'],
    ['Easter Monday', '2026-04-06 10:00', '2026-04-07 09:00'],
    ['25 April on a weekday', '2028-04-25 10:00', '2028-04-26 09:00'],
    ['8 December (Immacolata)', '2026-12-08 10:00', '2026-12-09 09:00'],
    ['4 October, national again since 2026', '2027-10-04 10:00', '2027-10-05 09:00'],
    ['Christmas, Santo Stefano and a Sunday in a row', '2026-12-25 09:30', '2026-12-28 09:00'],
    ['Saturday 18:55, still open', '2026-12-05 18:55', '2026-12-05 18:55'],
    ['Saturday 19:00, closed until Monday', '2026-12-05 19:00', '2026-12-07 09:00'],
    ['Saturday before 10:00', '2026-12-05 09:30', '2026-12-05 10:00'],
    ['8:59 on a Monday', '2026-12-07 08:59', '2026-12-07 09:00'],
    ['a weekday at 19:59', '2026-12-09 19:59', '2026-12-09 19:59'],
    ['a Friday at 20:00', '2026-12-04 20:00', '2026-12-05 10:00'],
    ['a weekday night', '2026-12-09 23:30', '2026-12-10 09:00'],
  ])('%s: %s → %s', (_case, at, expected) => {
    expect(nextAllowedCallTime(rome(at)).toISOString()).toBe(rome(expected).toISOString());
    expect(isCallAllowed(rome(at))).toBe(at === expected);
  });
});

describe('isRomeWorkingDay: Monday to Friday without the national holidays of date-holidays', () => {
  it.each([
    ['Easter Monday', '2027-03-29 10:00', false],
    ['2 June', '2027-06-02 10:00', false],
    ['8 December', '2026-12-08 10:00', false],
    ['26 December', '2025-12-26 10:00', false],
    ['4 October', '2027-10-04 10:00', false],
    ['a Sunday', '2026-12-06 10:00', false],
    ['a Saturday', '2026-12-05 10:00', false],
    ['the Tuesday after Easter', '2027-03-30 10:00', true],
    ['a Monday just after midnight', '2026-12-07 00:05', true],
    ['Sunday 23:55 in Rome (Monday in no zone)', '2026-12-06 23:55', false],
  ])('%s (%s): %s', (_case, at, expected) => {
    expect(isRomeWorkingDay(rome(at))).toBe(expected);
  });
});

describe('slotCallTime: the slot the customer chose, honoured', () => {
  it.each([
    ['during the slot: due now', '10:00-11:00', '2026-12-07 10:05', '2026-12-07 10:00'],
    ['before the slot: today', '10:00-11:00', '2026-12-07 08:00', '2026-12-07 10:00'],
    ['a slot already past, next day a holiday', '10:00-11:00', '2026-12-07 11:30', '2026-12-09 10:00'],
    ['a slot past on a Friday: Monday', '18:00-19:00', '2026-12-04 19:10', '2026-12-07 18:00'],
    ['on a Saturday: Monday', '09:00-10:00', '2026-12-05 10:30', '2026-12-07 09:00'],
  ])('%s', (_case, fascia, at, expected) => {
    expect(slotCallTime(fascia, rome(at))?.toISOString()).toBe(rome(expected).toISOString());
  });

  it('a text that is not a slot gives no time', () => {
    expect(slotCallTime('domani mattina', rome('2026-12-07 10:00'))).toBeNull();
  });
});

describe("countedNoAnswers: 'Non risponde' counted at least two hours apart", () => {
  const t0 = rome('2026-12-07 09:00');
  const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
  it.each([
    ['none', [], 0],
    ['one', [0], 1],
    ['two within two hours', [0, 60], 1],
    ['three two hours apart', [0, 120, 240], 3],
    ['the third only two hours after the first', [0, 60, 120], 2],
    ['one minute short of the gap', [0, 119, 240], 2],
  ])('%s', (_case, minutes, expected) => {
    expect(countedNoAnswers(minutes.map(at))).toBe(expected);
  });
});

describe('describeCallTime: the next call in words', () => {
  it.each([
    ['2026-12-07 09:00', '2026-12-07 08:00', 'oggi alle 9:00'],
    ['2026-12-07 09:00', '2026-12-06 11:00', 'domani alle 9:00'],
    ['2026-12-07 09:00', '2026-12-05 20:00', 'lunedì alle 9:00'],
    ['2026-12-28 09:00', '2026-12-18 20:00', '28/12 alle 9:00'],
  ])('%s seen at %s: %s', (when, now, expected) => {
    expect(describeCallTime(rome(when), rome(now))).toBe(expected);
  });
});
