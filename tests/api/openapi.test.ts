import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { generateOpenApi, OPENAPI_FILE } from '#server/openapi.ts';
import {
  createTestContext,
  loginAs,
  loginAsAdmin,
  TEST_SESSION_SECRET,
  testConfig,
  type TestContext,
} from '#test/setup/test-app.ts';

let ctx: TestContext;
let admin: string;
let amministrazione: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  amministrazione = (await loginAs(ctx, 'amministrazione')).cookie;
});
afterAll(async () => ctx?.close());

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { 'x-access': string; security?: unknown[]; tags: string[] }>>;
}

describe(OPENAPI_FILE, () => {
  it('is what `npm run openapi` makes from the routes today (run it after changing a route)', async () => {
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    const generated = await generateOpenApi();
    expect(committed === generated, `${OPENAPI_FILE} è da rigenerare: npm run openapi`).toBe(true);
  });

  it('documents every /api route with its access, and nothing else', async () => {
    const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]) => `${method.toUpperCase()} ${url} ${op['x-access']}`),
    );
    const registered = ctx.app.apiRoutes
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url.replace(/:([a-zA-Z]+)/g, '{$1}')} ${r.access}`);
    expect(documented.sort()).toEqual(registered.sort());
    for (const [url, methods] of Object.entries(doc.paths)) {
      for (const op of Object.values(methods)) {
        expect(op.security === undefined, url).toBe(op['x-access'] === 'public');
      }
    }
  });
});

describe('GET /api/docs', () => {
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('serves the interactive reference and its document to a signed-in admin', async () => {
    const page = await get('/api/docs', admin);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const json = await get('/api/docs/json', admin);
    expect(json.statusCode).toBe(200);
    expect(json.json<OpenApiDocument>().paths['/api/leads']?.get?.['x-access']).toBe('leads:read');
  });

  it('refuses other roles (403) and signed-out callers (401)', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-ui.css']) {
      expect((await get(url, amministrazione)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });

  it('is open to everyone in development', async () => {
    const dev = await buildApp({
      db: ctx.db,
      config: testConfig({ NODE_ENV: 'development', UPLOAD_DIR: ctx.uploadDir }),
      sessionSecret: TEST_SESSION_SECRET,
      storage: ctx.storage,
    });
    try {
      expect((await dev.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
      expect((await dev.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      // The rest of the API keeps its permissions.
      expect((await dev.inject({ method: 'GET', url: '/api/leads' })).statusCode).toBe(401);
    } finally {
      await dev.close();
    }
  });
});
