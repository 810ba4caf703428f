import { setTimeout as delay } from 'node:timers/promises';
import { databaseErrorCode } from '#server/lib/log-safety.ts';

/**
 * PostgreSQL aborts a transaction it cannot order with another one: a deadlock (40P01) or a
 * serialization failure (40001). Nothing it wrote remains, so the whole transaction can run again,
 * and the second run usually finds the other one committed (docs/performance.md#somme-delle-commissioni).
 */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/** A database error, wrapped by drizzle or not, that is a deadlock or serialization failure. */
export function isTransactionConflict(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code !== null && CONFLICT_CODES.has(code);
}

/**
 * How long to wait before the given retry (1 for the first): 20 ms, then 40, 80…, each between
 * half and one and a half of that. Run again at once, a statement can take the rows the other
 * transaction was about to get, before that backend is even scheduled, and the two block each
 * other again; the pause lets the transaction that won finish first.
 */
export function conflictBackoffMs(retry: number, random = Math.random()): number {
  return 20 * 2 ** (retry - 1) * (0.5 + random);
}

/**
 * Runs `transaction` (a whole transaction, safe to run again) up to `attempts` times while
 * PostgreSQL aborts it for a conflict, pausing before each retry; any other error, or the last
 * conflict, is thrown.
 */
export async function retryOnConflict<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error;
      await delay(conflictBackoffMs(attempt));
    }
  }
}
