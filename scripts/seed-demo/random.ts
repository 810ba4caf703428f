/** Pseudo-random choices of the demo data: deterministic for a given seed. */
import { romeParts, romeWallTimeToDate } from '#shared/time.ts';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
/** The demo timeline: about six months back from now. */
export const SPAN_DAYS = 182;

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function tools(seed: number) {
  const rng = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)];
  const chance = (p: number) => rng() < p;
  /** One of the keys, with the given weights. */
  const weighted = <T extends string>(weights: Partial<Record<T, number>>): T => {
    const entries = Object.entries(weights) as Array<[T, number]>;
    let roll = rng() * entries.reduce((n, [, w]) => n + w, 0);
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1][0];
  };
  return { rng, int, pick, chance, weighted };
}
export type Tools = ReturnType<typeof tools>;

/** "D'Angelo" → "dangelo", "De Luca" → "deluca": the local part of a demo e-mail. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * A mobile number from a lead id: a bijection of the id onto 3[2-9]x xxx xxxx, so two demo leads
 * never share a phone while the numbers still look random.
 */
export function demoPhoneDigits(id: number): string {
  // 3^18 is coprime with 8·10^8, so the map is one-to-one for ids below 8·10^8.
  const scrambled = Number((BigInt(id) * 387_420_489n + 12_345n) % 800_000_000n);
  return `3${String(200_000_000 + scrambled)}`;
}

export function formatPhone(digits: string, style: number): string {
  if (style === 0) return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  if (style === 1) return `+39 ${digits}`;
  return digits;
}

export function randomPhone(t: Tools): string {
  return formatPhone(`3${t.int(20, 99)}${String(t.int(0, 9_999_999)).padStart(7, '0')}`, 0);
}

/** A moment in the last six months, more of them recent (the business is growing), in shop hours. */
export function pastMoment(t: Tools, now: Date): Date {
  const daysAgo = SPAN_DAYS * Math.pow(t.rng(), 1.4);
  const day = romeParts(new Date(now.getTime() - daysAgo * DAY));
  const at = romeWallTimeToDate(day.year, day.month, day.day, t.int(8, 20), t.int(0, 59));
  return at.getTime() < now.getTime() ? at : new Date(now.getTime() - t.int(1, 90) * 60 * 1000);
}

/**
 * A moment in the last 36 hours: today's and yesterday's arrivals, so 'Da chiamare' has new
 * leads, some just past the 24-hour promise (docs/product/calls.md#dati-demo).
 */
export function recentMoment(t: Tools, now: Date): Date {
  return new Date(now.getTime() - t.int(5, 36 * 60) * 60 * 1000);
}

export const clampBefore = (time: number, limit: number) => new Date(Math.min(time, limit));

/** Payouts happen on the 15th of the month after the completion, at 10:00 Rome time. */
export function payday(completed: Date): Date {
  const p = romeParts(completed);
  return romeWallTimeToDate(p.year, p.month + 1, 15, 10, 0);
}

const monthName = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  month: 'long',
  year: 'numeric',
});

/** The note a monthly payout writes on each commission it pays. */
export function payoutNote(completed: Date): string {
  return `Liquidazione di ${monthName.format(completed)}`;
}
