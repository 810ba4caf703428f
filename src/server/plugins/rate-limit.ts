import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';

/** A fixed window: how many hits so far, and when it starts again (epoch ms). */
export interface Counter {
  count: number;
  resetAt: number;
}

/**
 * Where rate-limit counters live: in the database on PostgreSQL, so that every instance counts
 * the same hits; in the process on the embedded database, where one process is the rule
 * (docs/deploy.md#limiti-di-frequenza).
 */
export interface CounterStore {
  /** Counts one hit, starting a new window when the last one is over. */
  hit(key: string, windowMs: number): Promise<Counter>;
  /** The current window without counting; null when there is none. */
  peek(key: string): Promise<Counter | null>;
  /** The current windows of these keys, without counting (one read for a page of users). */
  peekMany(keys: string[]): Promise<Map<string, Counter>>;
  reset(key: string): Promise<void>;
}

export function createMemoryCounters(clock: () => number = Date.now): CounterStore {
  const windows = new Map<string, Counter>();
  const live = (key: string, now: number) => {
    const w = windows.get(key);
    return w && w.resetAt > now ? w : undefined;
  };
  return {
    async hit(key, windowMs) {
      const now = clock();
      if (windows.size > 50_000) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      }
      let w = live(key, now);
      if (!w) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { ...w };
    },
    async peek(key) {
      const w = live(key, clock());
      return w ? { ...w } : null;
    },
    async peekMany(keys) {
      const now = clock();
      const found = new Map<string, Counter>();
      for (const key of keys) {
        const w = live(key, now);
        if (w) found.set(key, { ...w });
      }
      return found;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** One atomic statement per hit, on the database's clock, so instances agree on every window. */
export function createDatabaseCounters(db: Database): CounterStore {
  return {
    async hit(key, windowMs) {
      const result = await db.execute(sql`
        insert into rate_limits (key, hits, reset_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning hits, reset_at`);
      const row = (result as { rows: Array<{ hits: number; reset_at: string | Date }> }).rows[0];
      return { count: Number(row.hits), resetAt: new Date(row.reset_at).getTime() };
    },
    async peek(key) {
      const [row] = await db
        .select({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
      return row ? { count: row.hits, resetAt: row.resetAt.getTime() } : null;
    },
    async peekMany(keys) {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select({ key: rateLimits.key, hits: rateLimits.hits, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(and(inArray(rateLimits.key, keys), gt(rateLimits.resetAt, sql`now()`)));
      return new Map(rows.map((r) => [r.key, { count: r.hits, resetAt: r.resetAt.getTime() }]));
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

/** Removes the windows that are over (the periodic job of docs/architecture.md#lavori-periodici). */
export async function purgeExpiredCounters(db: Database, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The store interface of @fastify/rate-limit over our counters, one key prefix per route. */
function fastifyStoreFor(counters: CounterStore) {
  return class CounterStoreAdapter {
    private readonly prefix: string;
    constructor(prefix?: unknown) {
      // @fastify/rate-limit constructs the root store with its options; children get a prefix.
      this.prefix = typeof prefix === 'string' ? prefix : 'route:';
    }
    incr(key: string, callback: IncrCallback, timeWindow: number) {
      counters.hit(this.prefix + key, timeWindow).then(
        (c) => callback(null, { current: c.count, ttl: Math.max(0, c.resetAt - Date.now()) }),
        (error: Error) => callback(error),
      );
    }
    read(key: string, callback: IncrCallback) {
      counters.peek(this.prefix + key).then(
        (c) =>
          callback(
            null,
            c ? { current: c.count, ttl: Math.max(0, c.resetAt - Date.now()) } : { current: 0, ttl: 0 },
          ),
        (error: Error) => callback(error),
      );
    }
    child(params: object) {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new CounterStoreAdapter(`route:${method}:${route?.url ?? ''}:`);
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters behind every limit: the login guard counts its failures here too. */
    counters: CounterStore;
  }
}

/** @fastify/rate-limit on our counters: no global limit, each route states its own with routeRateLimit. */
export const rateLimitPlugin = fp<{ counters: CounterStore }>(
  async (app: FastifyInstance, { counters }) => {
    app.decorate('counters', counters);
    await app.register(fastifyRateLimit, {
      global: false,
      store: fastifyStoreFor(counters),
      // Only Retry-After on refusals: the remaining budget is nobody's business.
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      addHeaders: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
        'retry-after': true,
      },
    });
  },
  { name: 'rate-limit' },
);

export interface Limit {
  max: number;
  windowMs: number;
}

/** A route's `config.rateLimit`: `max` requests per window per client IP, then 429 with `message`. */
export function routeRateLimit(limit: Limit, message: string) {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request: FastifyRequest) => request.ip,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      AppError.tooManyRequests(message, Math.max(1, Math.ceil(context.ttl / 1000))),
  };
}
