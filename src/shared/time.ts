/**
 * Europe/Rome calendar boundaries (docs/product/screens.md#date-importi-e-fuso-orario), whatever the server's or browser's zone is.
 * Pure Intl arithmetic: no Node or DOM imports.
 */

import { onFirstUse } from '#shared/on-first-use.ts';

export const TIME_ZONE = 'Europe/Rome';

const partsFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

interface RomeParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function partsFromIntl(date: Date): RomeParts {
  const p: Record<string, number> = {};
  for (const part of partsFormatter().formatToParts(date)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

const HOUR_MS = 60 * 60 * 1000;
/**
 * Rome's offset from UTC, by UTC hour. Since 1970 Rome's offset is a whole number of hours and
 * changes only on a UTC hour boundary (01:00 UTC), so one Intl call per hour is exact for every
 * instant of it; Intl's formatToParts per call was the hot spot of exports and of the demo data
 * (millions of dates).
 */
const offsetByUtcHour = new Map<number, number>();
function romeOffsetMs(ts: number): number {
  const hour = Math.floor(ts / HOUR_MS);
  let offset = offsetByUtcHour.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const p = partsFromIntl(new Date(start));
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - start;
    if (offsetByUtcHour.size >= 100_000) offsetByUtcHour.clear();
    offsetByUtcHour.set(hour, offset);
  }
  return offset;
}

export function romeParts(date: Date): RomeParts {
  const ts = date.getTime();
  // Before 1970 (Rome's older rules) and invalid dates: Intl itself, which throws on the latter.
  if (!(ts >= 0)) return partsFromIntl(date);
  const local = new Date(ts + romeOffsetMs(ts));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The instant at which the given Rome wall-clock time occurs. */
export function romeWallTimeToDate(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  // Rome is UTC+1 or UTC+2; correct the guess by the observed offset, twice for DST edges.
  let ts = guess;
  for (let i = 0; i < 2; i++) {
    const p = romeParts(new Date(ts));
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    ts += guess - asUtc;
  }
  return new Date(ts);
}

export function startOfRomeDay(date: Date): Date {
  const p = romeParts(date);
  return romeWallTimeToDate(p.year, p.month, p.day);
}

export function addRomeDays(date: Date, days: number): Date {
  const p = romeParts(date);
  return romeWallTimeToDate(p.year, p.month, p.day + days, p.hour, p.minute);
}

/** Monday-first week. */
export function startOfRomeWeek(date: Date): Date {
  const p = romeParts(date);
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay(); // 0 = Sunday
  const back = (weekday + 6) % 7;
  return romeWallTimeToDate(p.year, p.month, p.day - back);
}

export function startOfRomeMonth(date: Date): Date {
  const p = romeParts(date);
  return romeWallTimeToDate(p.year, p.month, 1);
}

export function startOfRomeQuarter(date: Date): Date {
  const p = romeParts(date);
  return romeWallTimeToDate(p.year, Math.floor((p.month - 1) / 3) * 3 + 1, 1);
}

/** yyyy-MM-dd of the Rome calendar day. */
export function romeDateKey(date: Date): string {
  const p = romeParts(date);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Start of the Rome day named by yyyy-MM-dd. */
export function romeDayStartFromKey(key: string): Date {
  const [y, m, d] = key.split('-').map(Number);
  return romeWallTimeToDate(y, m, d);
}

/** dd/MM/yyyy HH:mm:ss on the Rome clock: dates written into exported files. */
export function formatRomeDateTime(date: Date): string {
  const p = romeParts(date);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.day)}/${two(p.month)}/${p.year} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}
