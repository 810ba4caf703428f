import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppOptions } from '#server/app.ts';
import type { Database, DatabaseHandle } from '#server/db/client.ts';
import { parseEnv, type Config } from '#server/env.ts';
import { loggerOptions } from '#server/lib/log-safety.ts';
import type { Role } from '#shared/permissions.ts';
import { createLocalStorage, type DocumentStorage } from '#server/storage/storage.ts';
import { openTestDatabase, TEST_ADMIN } from '#test/setup/database.ts';
import { insertUser } from '#test/setup/factories.ts';
import { checkAnswersAgainstOpenApi } from '#test/setup/openapi-contract.ts';

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef0123456789';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: '.tmp/test-data',
    PUBLIC_BASE_URL: 'http://localhost:5000',
    ...overrides,
  });
}

export interface TestContext {
  app: App;
  db: Database;
  handle: DatabaseHandle;
  config: Config;
  storage: DocumentStorage;
  /** Folder behind `storage`, deleted at close. */
  uploadDir: string;
  /** Builds a second app on the same database (a restart, or another instance). */
  /** Another app on the same database and storage, e.g. with the scheduler's wake callbacks. */
  rebuild: (extra?: Pick<AppOptions, 'notify' | 'wakeReader'>) => Promise<App>;
  close: () => Promise<void>;
}

export async function createTestContext(configOverrides: Record<string, string> = {}): Promise<TestContext> {
  const handle = await openTestDatabase();
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'winsolution-uploads-'));
  const config = testConfig({ UPLOAD_DIR: uploadDir, ...configOverrides });
  const storage = createLocalStorage(uploadDir);
  const apps: App[] = [];
  const make = async (extra: Pick<AppOptions, 'notify' | 'wakeReader'> = {}) => {
    const app = await buildApp({
      db: handle.db,
      config,
      sessionSecret: TEST_SESSION_SECRET,
      storage,
      databaseKind: handle.kind,
      ...extra,
    });
    apps.push(app);
    return checkAnswersAgainstOpenApi(app);
  };
  const app = await make();
  return {
    app,
    db: handle.db,
    handle,
    config,
    storage,
    uploadDir,
    rebuild: make,
    close: async () => {
      for (const a of apps) await a.close();
      await handle.close();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app on the test context's database and storage whose log lines (JSON, the server's own
 * logger options, at `level`) are kept in `lines`, for tests of what the server logs. Close it yourself.
 */
export async function buildLoggedApp(
  ctx: TestContext,
  level = 'info',
): Promise<{ app: App; lines: string[] }> {
  const lines: string[] = [];
  const app = await buildApp({
    db: ctx.db,
    config: ctx.config,
    sessionSecret: TEST_SESSION_SECRET,
    storage: ctx.storage,
    logger: loggerOptions(level, { write: (line) => lines.push(line) }),
  });
  return { app: checkAnswersAgainstOpenApi(app), lines };
}

/** The session cookie from a login reply, ready for a `cookie` header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'ws_session');
  if (!cookie) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return `ws_session=${cookie.value}`;
}

export async function login(app: App, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  return sessionCookie(res);
}

export async function loginAsAdmin(app: App): Promise<string> {
  return login(app, TEST_ADMIN.email, TEST_ADMIN.password);
}

/** Creates a user of that role and signs them in. */
export async function loginAs(
  ctx: TestContext,
  role: Role,
  overrides: Parameters<typeof insertUser>[1] = {},
) {
  const password = 'password-di-prova';
  const user = await insertUser(ctx.db, { role, password, ...overrides });
  const cookie = await login(ctx.app, user.email, password);
  return { user, cookie };
}
