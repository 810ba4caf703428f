import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { fromPostgres } from '#server/db/client.ts';
import { createLocalStorage } from '#server/storage/storage.ts';
import { msg } from '#shared/messages.ts';
import { PG_TEMPLATE_DB, TEST_ADMIN } from '#test/setup/database.ts';
import {
  createTestContext,
  loginAsAdmin,
  TEST_SESSION_SECRET,
  type TestContext,
} from '#test/setup/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** A TCP port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const loginAdmin = (app: Awaited<ReturnType<typeof buildApp>>) =>
  app.inject({ method: 'POST', url: '/api/login', payload: TEST_ADMIN, remoteAddress: '10.9.0.1' });

describe('health checks for the load balancer', () => {
  it('GET /healthz answers 200 while the process lives, without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /readyz answers 200 when the database and the document store are reachable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', documenti: 'ok' });
  });

  it('GET /readyz answers 503 naming the document store when it cannot be written', async () => {
    const file = path.join(ctx.uploadDir, 'un-file');
    writeFileSync(file, '');
    const app = await buildApp({
      db: ctx.db,
      config: ctx.config,
      sessionSecret: TEST_SESSION_SECRET,
      storage: createLocalStorage(path.join(file, 'documenti')),
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'non pronto',
        message: msg.common.serviceUnavailable,
        database: 'ok',
        documenti: 'non raggiungibile',
      });
    } finally {
      await app.close();
    }
  });
});

describe('the database going away', () => {
  it('answers 503 in Italian with Retry-After at once, and /readyz says which part is down', async () => {
    const handle = fromPostgres(`postgres://winsolution@127.0.0.1:${await closedPort()}/winsolution`, 2);
    const app = await buildApp({
      db: handle.db,
      config: ctx.config,
      sessionSecret: TEST_SESSION_SECRET,
      storage: ctx.storage,
      databaseKind: 'postgres',
    });
    try {
      const login = await loginAdmin(app);
      expect(login.statusCode).toBe(503);
      expect(login.json()).toEqual({ message: msg.common.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
      expect(login.headers['retry-after']).toBe('5');

      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ database: 'non raggiungibile', documenti: 'ok' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.close();
    }
  });

  // Needs a real PostgreSQL server to cut and restore: runs in the test:pg leg of npm test.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'serves again by itself when the database comes back, with no restart',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const name = `winsolution_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);

      // A cable between the app and PostgreSQL that the test can pull out and plug back in.
      const sockets = new Set<Socket>();
      let up = true;
      const proxy: Server = createServer((client) => {
        if (!up) return client.destroy();
        const upstream = new Socket();
        upstream.connect(Number(url.port || 5432), url.hostname);
        client.pipe(upstream).pipe(client);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => undefined);
          s.on('close', () => {
            sockets.delete(s);
            client.destroy();
            upstream.destroy();
          });
        }
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const through = new URL(url);
      through.host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      through.pathname = `/${name}`;

      const handle = fromPostgres(through.toString(), 2);
      const app = await buildApp({
        db: handle.db,
        config: ctx.config,
        sessionSecret: TEST_SESSION_SECRET,
        storage: ctx.storage,
        databaseKind: 'postgres',
      });
      try {
        expect((await loginAdmin(app)).statusCode).toBe(200);

        up = false;
        for (const s of sockets) s.destroy();
        expect((await loginAdmin(app)).statusCode).toBe(503);
        expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);

        up = true;
        await expect.poll(async () => (await loginAdmin(app)).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      } finally {
        await app.close();
        await handle.close();
        for (const s of sockets) s.destroy();
        await new Promise((resolve) => proxy.close(resolve));
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});

describe('sessions on one database serve every instance', () => {
  it('a session made on one instance works on another, and a logout there ends it', async () => {
    const other = await ctx.rebuild();
    const cookie = await loginAsAdmin(ctx.app);
    expect((await other.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(
      200,
    );
    expect((await other.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBe(
      204,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });
});
