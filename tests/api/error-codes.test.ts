import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/error-codes.ts';
import { INT32_MAX } from '#shared/schemas/common.ts';
import { createTestContext, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

/**
 * Every error body carries a code of the product's own list (src/shared/error-codes.ts): requests
 * that make Fastify, a plugin or the database refuse answer a public code, never `FST_…` or `DB_…`
 * (those stay in the log). See docs/security.md#codici-di-errore
 */
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
});
afterAll(async () => ctx?.close());

const json = { 'content-type': 'application/json' };

const cases: Array<{
  label: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  status: number;
  code: (typeof ERROR_CODES)[number];
}> = [
  {
    label: 'a payee id past the integer column',
    method: 'GET',
    url: `/api/estratti-conto/${INT32_MAX + 1}?periodo=2026-01&formato=pdf`,
    status: 400,
    code: 'VALIDATION',
  },
  {
    label: 'a lead id past the integer column',
    method: 'GET',
    url: `/api/leads/${INT32_MAX + 1}`,
    status: 400,
    code: 'VALIDATION',
  },
  {
    label: 'malformed JSON',
    method: 'POST',
    url: '/api/fornitori',
    headers: json,
    payload: '{"nome": ',
    status: 400,
    code: 'BAD_REQUEST',
  },
  {
    label: 'an empty JSON body',
    method: 'POST',
    url: '/api/fornitori',
    headers: json,
    payload: '',
    status: 400,
    code: 'BAD_REQUEST',
  },
  {
    label: 'a body in a format the API does not read',
    method: 'POST',
    url: '/api/fornitori',
    headers: { 'content-type': 'application/xml' },
    payload: '<a/>',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    label: 'a body over the size limit',
    method: 'POST',
    url: '/api/fornitori',
    headers: json,
    payload: JSON.stringify({ nome: 'x'.repeat(2_000_000) }),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  { label: 'an unknown route', method: 'GET', url: '/api/nessuna-rotta', status: 404, code: 'NOT_FOUND' },
  {
    label: 'a path that is not a valid URL',
    method: 'GET',
    url: '/api/leads/%E0%A4%A',
    status: 400,
    code: 'BAD_REQUEST',
  },
];

describe('error bodies', () => {
  it.each(cases)('$label → $status $code', async ({ method, url, headers, payload, status, code }) => {
    const res = await ctx.app.inject({ method, url, headers: { cookie: admin, ...headers }, payload });
    expect(res.statusCode).toBe(status);
    const body = res.json<{ code: string; message: string }>();
    expect(body.code).toBe(code);
    expect(ERROR_CODES).toContain(body.code);
    expect(body.message).toMatch(/\p{L}/u);
    expect(res.body).not.toMatch(/FST_|DB_\d|ERR_/);
  });
});
