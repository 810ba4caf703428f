import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { checkAnswersAgainstOpenApi, contractProblem } from '#test/setup/openapi-contract.ts';

// The checker every API test's answers go through (docs/security.md#il-contratto) must itself fail
// on an answer that breaks docs/openapi.json; otherwise the whole suite would check nothing.

const USER = {
  id: 1,
  firstName: 'Anna',
  lastName: 'Galli',
  email: 'anna.galli@esempio.it',
  phone: null,
  role: 'agente',
  isActive: true,
  areaAssegnata: null,
  createdAt: '2026-01-10T09:00:00.000Z',
};
const json = { 'content-type': 'application/json; charset=utf-8' };
const answer = (method: string, url: string, statusCode: number, body: unknown, headers = json) => ({
  method,
  url,
  statusCode,
  headers,
  body: body === '' ? '' : JSON.stringify(body),
});
const { id: _id, ...userWithoutId } = USER;

describe('contractProblem', () => {
  it.each([
    ['a field of the wrong type', answer('GET', '/api/user', 200, { ...USER, id: '1' }), /must be integer/],
    ['a required field missing', answer('GET', '/api/user', 200, userWithoutId), /required property 'id'/],
    [
      'a field the document does not have',
      answer('GET', '/api/user', 200, { ...USER, password: 'x' }),
      /additional/,
    ],
    [
      'a value outside its enum',
      answer('GET', '/api/user', 200, { ...USER, role: 'root' }),
      /allowed values/,
    ],
    [
      'a status the operation does not declare',
      answer('GET', '/api/user', 418, { message: 'x' }),
      /not declared/,
    ],
    ['a 200 where the document says 204', answer('POST', '/api/logout', 200, { ok: true }), /not declared/],
    ['a 204 with a body', { ...answer('POST', '/api/logout', 204, ''), body: '{}' }, /204 with a body/],
    [
      'an error code outside the public list',
      answer('GET', '/api/user', 401, { message: 'No', code: 'FST_ERR_CTP_EMPTY_JSON_BODY' }),
      /allowed values/,
    ],
    ['an error without its message', answer('GET', '/api/user', 401, { code: 'UNAUTHORIZED' }), /'message'/],
    ['a path the document lacks, served', answer('GET', '/api/segreto', 200, {}), /not in the document/],
  ])('fails on %s', async (_case, bad, why) => {
    expect(await contractProblem(bad)).toMatch(why);
  });

  it.each([
    ['the answer as documented', answer('GET', '/api/user', 200, USER)],
    [
      'a documented error',
      answer('GET', '/api/user', 401, { message: 'Accesso richiesto', code: 'UNAUTHORIZED' }),
    ],
    ['a 204 without a body', answer('POST', '/api/logout', 204, '')],
    [
      'a path the document lacks, refused',
      answer('GET', '/api/segreto', 404, { message: 'x', code: 'NOT_FOUND' }),
    ],
  ])('passes %s', async (_case, good) => {
    expect(await contractProblem(good)).toBeNull();
  });
});

describe('checkAnswersAgainstOpenApi', () => {
  // A server whose GET /api/user drifted from the document: its test must fail, not pass.
  const drifted = Fastify();
  drifted.get('/api/user', async () => ({ ...USER, phone: 3331112222 }));
  drifted.get('/api/user-ok', async () => USER);
  const app = checkAnswersAgainstOpenApi(drifted as unknown as App);
  afterAll(() => drifted.close());

  it('throws on an inject whose answer breaks the document, naming what broke', async () => {
    await expect(app.inject({ method: 'GET', url: '/api/user' })).rejects.toThrow(
      /Risposta fuori da docs\/openapi\.json: GET \/api\/user → 200: .*phone/,
    );
  });

  it('throws on an answer from a path the document lacks', async () => {
    await expect(app.inject({ method: 'GET', url: '/api/user-ok' })).rejects.toThrow(/not in the document/);
  });
});
