/**
 * Fixed-window counters kept in process memory. Limits are per instance: behind N instances a
 * client gets at most N× the budget, which still stops brute force (see docs/decisions).
 */
export interface Limiter {
  /** Counts one hit; answers whether the key is now over its budget. */
  hit(key: string, now?: number): { limited: boolean; retryAfterSeconds: number };
  /** Answers without counting. */
  check(key: string, now?: number): { limited: boolean; retryAfterSeconds: number };
  reset(key: string): void;
}

export function createLimiter(options: { max: number; windowMs: number }): Limiter {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string, now: number) => {
    const w = windows.get(key);
    if (!w || now - w.start >= options.windowMs) return undefined;
    return w;
  };
  const answer = (w: { start: number; count: number } | undefined, now: number) => ({
    limited: w != null && w.count > options.max,
    retryAfterSeconds: w ? Math.max(1, Math.ceil((w.start + options.windowMs - now) / 1000)) : 0,
  });
  return {
    hit(key, now = Date.now()) {
      if (windows.size > 50_000) {
        for (const [k, w] of windows) if (now - w.start >= options.windowMs) windows.delete(k);
      }
      let w = current(key, now);
      if (!w) {
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      return answer(w, now);
    },
    check(key, now = Date.now()) {
      const w = current(key, now);
      return {
        limited: w != null && w.count >= options.max,
        retryAfterSeconds: answer(w, now).retryAfterSeconds,
      };
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
