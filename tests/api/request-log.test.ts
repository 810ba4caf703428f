/**
 * A quiet terminal (src/server/plugins/request-log.ts): at the default level a request writes no
 * log line; LOG_LEVEL=debug writes one per request, with method, path and status only; errors
 * stay at info.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '#server/env.ts';
import { buildLoggedApp, createTestContext, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const entries = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('request logs', () => {
  it('the default LOG_LEVEL is info', () => {
    expect(parseEnv({}).logLevel).toBe('info');
  });

  it('at info, requests write no log line', async () => {
    const { app, lines } = await buildLoggedApp(ctx, parseEnv({}).logLevel);
    try {
      expect((await app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    } finally {
      await app.close();
    }
    expect(lines).toEqual([]);
  });

  it('at debug, one line per request: method, path without the query, status', async () => {
    const { app, lines } = await buildLoggedApp(ctx, 'debug');
    try {
      await app.inject({ method: 'GET', url: '/api/leads?search=mario.rossi' });
    } finally {
      await app.close();
    }
    const requests = entries(lines).filter((e) => e.req !== undefined);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 20,
      req: { method: 'GET', url: '/api/leads' },
      res: { statusCode: 401 },
    });
    expect(lines.join('\n')).not.toContain('mario.rossi');
  });

  it('at info, a server error is still logged', async () => {
    const { app, lines } = await buildLoggedApp(ctx, 'info');
    app.get('/api/prova-guasto', { config: { access: 'public' } }, async () => {
      throw new Error('guasto di prova');
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/prova-guasto' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
    expect(entries(lines)).toEqual([expect.objectContaining({ level: 50, msg: 'request failed' })]);
  });
});
