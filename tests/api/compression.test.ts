import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import {
  createTestContext,
  loginAsAdmin,
  TEST_SESSION_SECRET,
  type TestContext,
} from '#test/setup/test-app.ts';

let ctx: TestContext;
let app: App;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

beforeAll(async () => {
  ctx = await createTestContext();
  // A built client as `npm run build` leaves it: hashed assets with their .br and .gz copies.
  const root = mkdtempSync(path.join(tmpdir(), 'winsolution-client-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><title>WINSOLUTION</title>${' '.repeat(2000)}`,
  );
  writeFileSync(path.join(root, 'landing.html'), '<!doctype html><title>Landing</title>');
  writeFileSync(path.join(root, 'assets/app-1a2b3c.js'), script);
  writeFileSync(path.join(root, 'assets/app-1a2b3c.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(root, 'assets/app-1a2b3c.js.gz'), gzipSync(script));
  app = await buildApp({
    db: ctx.db,
    config: ctx.config,
    sessionSecret: TEST_SESSION_SECRET,
    clientRoot: root,
  });
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

describe('compressed transfer', () => {
  it('serves a hashed asset precompressed, as the client accepts, cached for a year', async () => {
    const br = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);
    const gz = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(script);
    const plain = await app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses the HTML, never cached', async () => {
    const res = await app.inject({ url: '/leads', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('<title>WINSOLUTION</title>');
  });

  it('compresses API JSON over 1 KB with Brotli, leaves a small reply as it is', async () => {
    const cookie = await loginAsAdmin(app);
    const big = await app.inject({
      url: '/api/fornitori',
      headers: { cookie, 'accept-encoding': 'br' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(big.rawPayload).toString('utf8');
    expect(text.length).toBeGreaterThan(1024);
    expect(Array.isArray(JSON.parse(text))).toBe(true);
    const small = await app.inject({ url: '/api/nessuna', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
