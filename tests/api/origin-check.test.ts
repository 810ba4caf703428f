/**
 * The Origin check (src/server/plugins/origin-check.ts, docs/security.md#csrf): a state-changing
 * request is accepted from PUBLIC_BASE_URL and from the very address the browser used for this
 * server (localhost, 127.0.0.1, a LAN address); from any other site it is refused, in Italian,
 * saying what to set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '#shared/messages.ts';
import { TEST_ADMIN } from '#test/setup/database.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';

type Headers = Record<string, string>;
const logout = (ctx: TestContext, headers: Headers) =>
  ctx.app.inject({ method: 'POST', url: '/api/logout', headers });

describe('without PUBLIC_BASE_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_BASE_URL: '' });
  });
  afterAll(async () => ctx?.close());

  it.each([
    ['127.0.0.1', '127.0.0.1:5000'],
    ['a LAN address', '192.168.1.20:5000'],
    ['localhost', 'localhost:5000'],
  ])('signs in at %s when the page was opened there', async (_, host) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: TEST_ADMIN,
      headers: { host, origin: `http://${host}` },
    });
    expect(res.statusCode).toBe(200);
  });

  const cases: [string, Headers, number][] = [
    ['same origin, IPv6 loopback', { host: '[::1]:5000', origin: 'http://[::1]:5000' }, 204],
    ['same origin, default port', { host: '10.0.0.7', origin: 'http://10.0.0.7' }, 204],
    ['same origin, upper case', { host: '10.0.0.7:5000', origin: 'HTTP://10.0.0.7:5000' }, 204],
    ['no Origin (curl, a script)', { host: '10.0.0.7:5000' }, 204],
    ['another site', { host: '127.0.0.1:5000', origin: 'https://sito-malevolo.example' }, 403],
    ['another machine of the LAN', { host: '192.168.1.20:5000', origin: 'http://192.168.1.21:5000' }, 403],
    ['another port', { host: '127.0.0.1:5000', origin: 'http://127.0.0.1:5001' }, 403],
    ['https page, http server', { host: '192.168.1.20:5000', origin: 'https://192.168.1.20:5000' }, 403],
    ['a name pointing here (DNS rebinding)', { host: 'evil.example', origin: 'http://evil.example' }, 403],
    ['a name with a port', { host: 'server.lan:5000', origin: 'http://server.lan:5000' }, 403],
    ['"null" (sandboxed frame)', { host: '127.0.0.1:5000', origin: 'null' }, 403],
    [
      'X-Forwarded-Host without TRUST_PROXY',
      { host: '127.0.0.1:5000', 'x-forwarded-host': '10.9.9.9', origin: 'http://10.9.9.9' },
      403,
    ],
    ['a browser request from another site without Origin', { 'sec-fetch-site': 'cross-site' }, 403],
  ];
  it.each(cases)('%s → %i', async (_, headers, status) => {
    const res = await logout(ctx, headers);
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().message).toBe(msg.auth.foreignOrigin);
  });

  it('the refusal says in Italian what to set', () => {
    expect(msg.auth.foreignOrigin).toContain('PUBLIC_BASE_URL');
  });
});

describe('with PUBLIC_BASE_URL set', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_BASE_URL: 'https://gestionale.esempio.it' });
  });
  afterAll(async () => ctx?.close());

  const cases: [string, Headers, number][] = [
    [
      'PUBLIC_BASE_URL, whatever the Host',
      { host: '10.0.0.5:5000', origin: 'https://gestionale.esempio.it' },
      204,
    ],
    ['the same origin by address', { host: '192.168.1.20:5000', origin: 'http://192.168.1.20:5000' }, 204],
    [
      'the default localhost is not added',
      { host: 'gestionale.esempio.it', origin: 'http://localhost:5000' },
      403,
    ],
    ['http instead of https', { host: '10.0.0.5:5000', origin: 'http://gestionale.esempio.it' }, 403],
    ['another site', { host: 'gestionale.esempio.it', origin: 'https://evil.example' }, 403],
  ];
  it.each(cases)('%s → %i', async (_, headers, status) => {
    expect((await logout(ctx, headers)).statusCode).toBe(status);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_BASE_URL: '', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => ctx?.close());

  const forwarded = {
    host: '127.0.0.1:5000',
    'x-forwarded-host': '10.0.0.9:8443',
    'x-forwarded-proto': 'https',
  };
  it('takes the address the browser used from X-Forwarded-Host and -Proto', async () => {
    expect((await logout(ctx, { ...forwarded, origin: 'https://10.0.0.9:8443' })).statusCode).toBe(204);
  });

  it('then the proxy’s own address is not the page’s', async () => {
    expect((await logout(ctx, { ...forwarded, origin: 'http://127.0.0.1:5000' })).statusCode).toBe(403);
  });

  it('ignores X-Forwarded-* sent by an address it does not trust', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      remoteAddress: '203.0.113.9',
      headers: { ...forwarded, origin: 'https://10.0.0.9:8443' },
    });
    expect(res.statusCode).toBe(403);
  });
});
