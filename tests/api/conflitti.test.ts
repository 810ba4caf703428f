/**
 * A transaction PostgreSQL aborts for a deadlock runs again (src/server/db/conflicts.ts): two
 * transactions that take the same two rows in opposite orders both end up committed, instead of
 * one of them failing as it would without the retry. PGlite runs one transaction at a time, so the
 * deadlock itself is only met on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflictBackoffMs, isTransactionConflict, retryOnConflict } from '#server/db/conflicts.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.execute(sql`create table conflitto_prova (id int primary key, n int not null)`);
  await ctx.db.execute(sql`insert into conflitto_prova values (1, 0), (2, 0)`);
});
afterAll(async () => ctx?.close());

describe('isTransactionConflict', () => {
  it.each([
    // As node-postgres and PGlite report them: a SQLSTATE and a severity.
    ['a deadlock', { code: '40P01', severity: 'ERROR' }, true],
    ['a serialization failure', { code: '40001', severity: 'ERROR' }, true],
    [
      'a deadlock wrapped by drizzle',
      { message: 'Failed query', cause: { code: '40P01', severity: 'ERROR' } },
      true,
    ],
    ['a unique violation', { code: '23505', severity: 'ERROR' }, false],
    ['an error without a code', new Error('boom'), false],
    ['nothing', null, false],
  ])('%s', (_label, error, retried) => {
    expect(isTransactionConflict(error)).toBe(retried);
  });
});

describe('retryOnConflict', () => {
  it('runs the work again after a conflict, and gives up after the last attempt', async () => {
    let calls = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), {
      code: '40P01',
      severity: 'ERROR',
    });
    const flaky = () => (++calls < 3 ? Promise.reject(deadlock) : Promise.resolve('fatto'));
    await expect(retryOnConflict(flaky, 3)).resolves.toBe('fatto');
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryOnConflict(flaky, 2)).rejects.toBe(deadlock);
    expect(calls).toBe(2);
  });

  it.each([
    // retry, random draw, pause in ms: 20 ms doubled at each retry, from half to one and a half.
    [1, 0, 10],
    [1, 0.5, 20],
    [1, 0.999, 29.98],
    [2, 0.5, 40],
    [4, 0, 80],
  ])('retry %i with draw %f pauses %f ms', (retry, random, ms) => {
    expect(conflictBackoffMs(retry, random)).toBeCloseTo(ms, 6);
  });

  it('pauses before running the work again, so the transaction that won can finish', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01', severity: 'ERROR' });
    const startedAt: number[] = [];
    const work = () => {
      startedAt.push(performance.now());
      return startedAt.length < 3 ? Promise.reject(deadlock) : Promise.resolve('fatto');
    };
    await expect(retryOnConflict(work, 3)).resolves.toBe('fatto');
    // At least the shortest pause of each retry (timers never fire early; 1 ms of rounding).
    expect(startedAt[1] - startedAt[0]).toBeGreaterThanOrEqual(conflictBackoffMs(1, 0) - 1);
    expect(startedAt[2] - startedAt[1]).toBeGreaterThanOrEqual(conflictBackoffMs(2, 0) - 1);
  });

  it('does not run the work again after any other error', async () => {
    let calls = 0;
    const failing = () => (calls++, Promise.reject(new Error('Riferimento non valido')));
    await expect(retryOnConflict(failing)).rejects.toThrow('Riferimento non valido');
    expect(calls).toBe(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'two transactions locking two rows in opposite orders both commit',
    async () => {
      // Each holds its first row until the other has taken its own: then each wants the other's.
      let arrived = 0;
      let release!: () => void;
      const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
      const attempts: string[] = [];
      const move = (first: number, second: number) =>
        retryOnConflict(() =>
          ctx.db.transaction(async (tx) => {
            attempts.push(`${first}→${second}`);
            await tx.execute(sql`update conflitto_prova set n = n + 1 where id = ${first}`);
            if (++arrived === 2) release();
            await bothHoldOne;
            await tx.execute(sql`update conflitto_prova set n = n + 1 where id = ${second}`);
          }),
        );
      await Promise.all([move(1, 2), move(2, 1)]);
      // PostgreSQL aborted one of them for the deadlock (on a busy machine a run may be aborted
      // more than once); it ran again and committed.
      expect(attempts.length).toBeGreaterThanOrEqual(3);
      const result = await ctx.db.execute<{ id: number; n: number }>(
        sql`select id, n from conflitto_prova order by id`,
      );
      expect((result as unknown as { rows: Array<{ id: number; n: number }> }).rows).toEqual([
        { id: 1, n: 2 },
        { id: 2, n: 2 },
      ]);
    },
    15_000,
  );
});
