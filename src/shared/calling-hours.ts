/**
 * When a customer may be phoned (docs/product/calls.md#orari-di-chiamata): the Garante's
 * telemarketing code of conduct (2024), on the Rome clock, with the Italian national holidays
 * from `date-holidays` (Easter Monday included). Only the server imports this file: the holiday
 * data stay out of the browser's bundle.
 */
import Holidays from 'date-holidays';
import { msg } from '#shared/messages.ts';
import { onFirstUse } from '#shared/on-first-use.ts';
import { addRomeDays, romeDateKey, romeParts, romeWallTimeToDate, startOfRomeDay } from '#shared/time.ts';

/** Minutes after midnight, Rome clock: [from, to), or null when no call is allowed that day. */
type Window = readonly [from: number, to: number] | null;

const h = (hours: number) => hours * 60;

/** Calling hours by weekday (0 = Sunday), the one table of the rule. */
export const CALLING_HOURS: Readonly<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, Window>> = {
  0: null,
  1: [h(9), h(20)],
  2: [h(9), h(20)],
  3: [h(9), h(20)],
  4: [h(9), h(20)],
  5: [h(9), h(20)],
  6: [h(10), h(19)],
};

/**
 * 'Non risponde' three times at least two hours apart makes a lead `non_raggiungibile`; the
 * queue proposes the next try two hours later (docs/product/calls.md#tentativi).
 */
export const NO_ANSWER_ATTEMPTS = 3;
export const NO_ANSWER_GAP_HOURS = 2;

const holidays = onFirstUse(() => new Holidays('IT'));

/**
 * A year's national public holidays as Rome day keys, asked of date-holidays once per year: one
 * isHoliday call costs it about a millisecond, and the queue, the outcomes and the demo data ask
 * for many days (docs/performance.md#coda-delle-chiamate).
 */
const publicHolidaysByYear = new Map<number, ReadonlySet<string>>();
function publicHolidays(year: number): ReadonlySet<string> {
  let keys = publicHolidaysByYear.get(year);
  if (!keys) {
    // `date` is the holiday's start on the country's own calendar: 'YYYY-MM-DD hh:mm:ss'.
    const found = holidays()
      .getHolidays(year)
      .filter((x) => x.type === 'public');
    keys = new Set(found.map((x) => x.date.slice(0, 10)));
    publicHolidaysByYear.set(year, keys);
  }
  return keys;
}

/** A national public holiday on the Rome calendar (observances such as Mother's Day are not). */
export function isItalianHoliday(date: Date): boolean {
  const key = romeDateKey(date);
  return publicHolidays(Number(key.slice(0, 4))).has(key);
}

/**
 * Monday to Friday on the Rome calendar, national holidays excluded: the working days of the
 * morning digest (docs/product/notifications.md#riepilogo) and of a chosen slot's day.
 */
export function isRomeWorkingDay(date: Date): boolean {
  const wd = weekday(date);
  return wd !== 0 && wd !== 6 && !isItalianHoliday(date);
}

function weekday(date: Date): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  const p = romeParts(date);
  return new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

/** The day's calling window as instants, or null (Sunday, a holiday). */
function windowOf(day: Date): { from: Date; to: Date } | null {
  const w = CALLING_HOURS[weekday(day)];
  if (!w || isItalianHoliday(day)) return null;
  const p = romeParts(day);
  return {
    from: romeWallTimeToDate(p.year, p.month, p.day, 0, w[0]),
    to: romeWallTimeToDate(p.year, p.month, p.day, 0, w[1]),
  };
}

export function isCallAllowed(instant: Date): boolean {
  const w = windowOf(instant);
  return w != null && instant >= w.from && instant < w.to;
}

/** The instant itself when a call is allowed then, else the start of the next calling window. */
export function nextAllowedCallTime(instant: Date): Date {
  let day = startOfRomeDay(instant);
  // A fortnight always holds a window: at most two days in a row are closed (a Sunday and a holiday).
  for (let i = 0; i < 14; i++, day = startOfRomeDay(addRomeDays(day, 1))) {
    const w = windowOf(day);
    if (!w) continue;
    const start = instant > w.from ? instant : w.from;
    if (start < w.to) return start;
  }
  throw new Error('nessuna finestra di chiamata in due settimane');
}

/**
 * When to call a customer who chose a one-hour slot ('10:00-11:00') at `submittedAt`: the slot of
 * the same day while it is not over, else the slot of the next working day (Monday to Friday,
 * holidays excluded, as the landing says: docs/product/landing.md#passo-4-fascia-oraria). A slot
 * is honoured as chosen; null for a text that is not a slot.
 */
export function slotCallTime(fascia: string, submittedAt: Date): Date | null {
  const match = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(fascia);
  if (!match) return null;
  const [, sh, sm, eh, em] = match.map(Number);
  let day = startOfRomeDay(submittedAt);
  for (let i = 0; i < 14; i++, day = startOfRomeDay(addRomeDays(day, 1))) {
    if (!isRomeWorkingDay(day)) continue;
    const p = romeParts(day);
    const end = romeWallTimeToDate(p.year, p.month, p.day, eh, em);
    if (end > submittedAt) return romeWallTimeToDate(p.year, p.month, p.day, sh, sm);
  }
  return null;
}

/**
 * How many 'Non risponde' count toward NO_ANSWER_ATTEMPTS: the first, then each one at least
 * NO_ANSWER_GAP_HOURS after the last one counted.
 */
export function countedNoAnswers(times: readonly Date[]): number {
  const gap = NO_ANSWER_GAP_HOURS * 60 * 60 * 1000;
  let counted = 0;
  let last = -Infinity;
  for (const t of [...times].sort((a, b) => a.getTime() - b.getTime())) {
    if (t.getTime() - last >= gap) {
      counted++;
      last = t.getTime();
    }
  }
  return counted;
}

const c = msg.chiamate;

/**
 * 'lunedì alle 9:00', 'oggi alle 15:30', 'domani alle 10:00', or '27/04 alle 9:00' beyond a week:
 * when the next call may be made, as the queue says it.
 */
export function describeCallTime(at: Date, now: Date): string {
  const p = romeParts(at);
  const time = `${p.hour}:${String(p.minute).padStart(2, '0')}`;
  const days = Math.round((startOfRomeDay(at).getTime() - startOfRomeDay(now).getTime()) / 86_400_000);
  const day =
    days === 0
      ? c.oggi
      : days === 1
        ? c.domani
        : days > 1 && days < 7
          ? c.giorni[weekday(at)]
          : `${String(p.day).padStart(2, '0')}/${String(p.month).padStart(2, '0')}`;
  return c.alle(day, time);
}
