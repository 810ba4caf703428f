import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '#server/plugins/auth.ts';
import { buildSubmission, insertCommissione, insertCommissioneConfig } from '#test/setup/factories.ts';
import { recordFigures } from '#test/setup/security-figures.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica } from '#test/setup/world.ts';

/**
 * Every /api route's request (path, query, body) filled with hostile values: wrong types, NUL and
 * other control characters, 1 MB strings, huge and negative numbers, odd Unicode, `__proto__`
 * keys. Whatever arrives, the answer is never a 5xx and its message is never zod's English.
 * Each run takes a valid request of the route and spoils one part of it, so that the hostile
 * value reaches as deep as it can (a NUL in a name with every other field right is what used to
 * reach the database).
 */
const RUNS_PER_ROUTE = Number(process.env.SECURITY_FUZZ_RUNS ?? 40);

let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildTwoShopWorld>>;
let ids: Record<string, number>;
let fuzzInputs = 0;
let serverErrors = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildTwoShopWorld(ctx);
  const { lead, pratica, servizi } = await insertLeadWithPratica(ctx, world.puntoA.id);
  const config = await insertCommissioneConfig(ctx.db);
  const commissione = await insertCommissione(ctx.db, { praticaId: pratica.id, servizioId: servizi[0].id });
  ids = {
    punto: world.puntoA.id,
    lead: lead.id,
    pratica: pratica.id,
    servizio: servizi[0].id,
    commissione: commissione.id,
    fornitore: config.fornitoreId,
    user: world.pfA.user.id,
  };
});
afterAll(async () => {
  recordFigures('fuzz', { fuzzInputs, fuzzedRoutes: ctx?.app.apiRoutes.length ?? 0, serverErrors });
  await ctx?.close();
});

// ------------------------------------------------------------------------------------------------
// Hostile values
// ------------------------------------------------------------------------------------------------

const MEGABYTE = 'y'.repeat(1024 * 1024);
const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  'Mario\u0000Rossi',
  '%00',
  '\u001b[2J',
  'riga\r\nriga',
  '\u202Eatsoc',
  '\uD800',
  '\uDFFFx',
  '😀'.repeat(60),
  "'; drop table leads; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'true',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  '0x1F',
  '12.345',
  '9'.repeat(400),
  'x'.repeat(100_000),
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constant(MEGABYTE) },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, Number.MAX_VALUE, 1e21, 0.5, -0.01),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hostileLeaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const hostileValue = fc.oneof(
  { weight: 5, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: fc.array(hostileLeaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), hostileLeaf, { maxKeys: 3 }) },
);
/** What goes in a URL: a path segment or a query value; `RAW:` ones are sent as written. */
const hostileUrlText = fc.oneof(
  hostileString.filter((s) => s.length < 4000),
  fc.integer().map(String),
  fc.constantFrom('RAW:%ff%fe', 'RAW:%', 'RAW:%zz', 'RAW:..%2f..%2fetc', 'RAW:%00', 'RAW:%c0%80'),
);

/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD, as a browser sends them). */
function encodeUrlText(value: string): string {
  if (value.startsWith('RAW:')) return value.slice(4);
  return [...Buffer.from(value, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

// ------------------------------------------------------------------------------------------------
// A valid request per route, to spoil one part at a time
// ------------------------------------------------------------------------------------------------

/**
 * Replaced by a new address in every request: past ten failures on one account each attempt waits
 * up to 5 s (the slow-down tested in auth.test.ts), and the fuzzer would spend its time asleep.
 */
const FUZZ_LOGIN_EMAIL = 'fuzz-login@esempio.it';

function validBody(route: ApiRoute): Record<string, unknown> | undefined {
  const key = `${route.method} ${route.url}`;
  const password = `Lunga-${randomInt(1e9)}-password`;
  switch (key) {
    case 'POST /api/login':
      return { email: FUZZ_LOGIN_EMAIL, password: 'sbagliata-davvero' };
    case 'POST /api/users':
      return {
        firstName: 'Anna',
        lastName: 'Bianchi',
        email: `anna.${randomInt(1e9)}@esempio.it`,
        phone: '3331112222',
        password,
        role: 'agente',
      };
    case 'PUT /api/users/:id':
      return {
        firstName: 'Anna',
        lastName: 'Bianchi',
        email: `anna.${randomInt(1e9)}@esempio.it`,
        role: 'punto_fisico',
        isActive: true,
      };
    case 'PATCH /api/users/:id/role':
      return { role: 'punto_fisico', areaAssegnata: 'Nord' };
    case 'POST /api/punti-fisici':
    case 'PUT /api/punti-fisici/:id':
      return { nomeAttivita: 'Bar Sport', indirizzo: 'Via Roma 1', utenteResponsabileId: world.pfA.user.id };
    case 'PATCH /api/leads/:id/status':
      return { status: 'contattato' };
    case 'PUT /api/servizi/:id/status':
      return { stato: 'in_lavorazione' };
    case 'POST /api/fornitori':
    case 'PUT /api/fornitori/:id':
      return { codice: `F${randomInt(1e6)}`, nome: 'Fornitore', serviziSupportati: ['luce'] };
    case 'POST /api/commissioni-fornitori':
    case 'POST /api/commission-settings':
      return { fornitoreId: ids.fornitore, servizio: 'luce', ricavoBase: '100.00' };
    case 'PUT /api/commissioni/:id/payment':
    case 'PATCH /api/commissioni/:id/payment':
      return { status: 'non_pagato', note: 'nota' };
    case 'POST /api/submit-form':
      return buildSubmission(world.puntoA.id) as unknown as Record<string, unknown>;
    default:
      return shapeKeys(route.schema?.body).length ? {} : undefined;
  }
}

/** The keys of a zod object schema (through pipes, effects and optionals), zod or zod/mini. */
function shapeKeys(schema: unknown): string[] {
  let current = schema as { _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; depth < 6 && current?._zod?.def; depth++) {
    const def = current._zod.def;
    if (def.shape) return Object.keys(def.shape as object);
    current = (def.in ?? def.innerType ?? def.schema) as typeof current;
  }
  return [];
}

const ID_PARAM: Record<string, keyof typeof ids> = {
  '/api/punti-fisici/': 'punto',
  '/api/leads/': 'lead',
  '/api/pratiche/': 'pratica',
  '/api/servizi/': 'servizio',
  '/api/commissioni/': 'commissione',
  '/api/fornitori/': 'fornitore',
  '/api/users/': 'user',
};

function validParam(route: ApiRoute, name: string): string {
  if (name === 'code') return world.puntoA.landingCode;
  if (name === 'filename') return 'abcdef0123.pdf';
  // Never a real id on DELETE: the fuzzer must not eat the world it stands on.
  if (route.method === 'DELETE') return '2000000000';
  const prefix = Object.keys(ID_PARAM).find((p) => route.url.startsWith(p));
  return String(prefix ? ids[ID_PARAM[prefix]] : 1);
}

interface Spoiled {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  rawBody?: string;
}

type Spoiler = (route: ApiRoute, base: Spoiled) => fc.Arbitrary<Spoiled>;

const spoilParam: Spoiler = (route, base) => {
  const names = Object.keys(base.params);
  return fc
    .tuple(fc.constantFrom(...names), hostileUrlText)
    .map(([name, value]) => ({ ...base, params: { ...base.params, [name]: value } }));
};

const spoilQuery: Spoiler = (route, base) => {
  const keys = [...shapeKeys(route.schema?.querystring), 'page', '__proto__'];
  return fc
    .tuple(fc.constantFrom(...keys), hostileUrlText)
    .map(([key, value]) => ({ ...base, query: { ...base.query, [key]: value } }));
};

const spoilBodyField: Spoiler = (route, base) => {
  const keys = [...shapeKeys(route.schema?.body), 'extra'];
  return fc
    .tuple(fc.constantFrom(...keys), hostileValue)
    .map(([key, value]) => ({ ...base, body: { ...(base.body as object), [key]: value } }));
};

/** A whole body of the wrong shape, or with a prototype-poisoning key (raw JSON: a JS literal would eat it). */
const spoilWholeBody: Spoiler = (route, base) =>
  fc.oneof(
    hostileValue.map((body) => ({ ...base, body })),
    fc.constant({
      ...base,
      body: undefined,
      rawBody: JSON.stringify(base.body ?? {}).replace(/^\{/, '{"__proto__":{"role":"admin"},'),
    }),
    fc.constant({
      ...base,
      body: undefined,
      rawBody: JSON.stringify(base.body ?? {}).replace(/^\{/, '{"constructor":{"prototype":{"x":1}},'),
    }),
  );

function requestArbitrary(route: ApiRoute): fc.Arbitrary<Spoiled> {
  const params = Object.fromEntries(
    [...route.url.matchAll(/:([a-zA-Z]+)/g)].map(([, name]) => [name, validParam(route, name)]),
  );
  const body = validBody(route);
  const base: Spoiled = { params, query: {}, body };
  const spoilers: Spoiler[] = [spoilQuery];
  if (Object.keys(params).length) spoilers.push(spoilParam);
  if (body !== undefined) spoilers.push(spoilBodyField, spoilWholeBody);
  return fc.constantFrom(...spoilers).chain((spoil) => spoil(route, base));
}

function urlOf(route: ApiRoute, request: Spoiled): string {
  const path = route.url.replace(/:([a-zA-Z]+)/g, (_, name: string) =>
    encodeUrlText(request.params[name] ?? ''),
  );
  const query = Object.entries(request.query)
    .map(([key, value]) => `${encodeUrlText(key)}=${encodeUrlText(value)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

const freshLoginEmail = (payload: string) =>
  payload.replaceAll(`"${FUZZ_LOGIN_EMAIL}"`, `"fuzz-${fuzzInputs}@esempio.it"`);

const ENGLISH =
  /\b(Invalid|Expected|expected|Required|must be|Unexpected|received|Unrecognized|Too (big|small))\b/;

describe('every route, fuzzed with hostile input, answers 4xx in Italian and never 5xx', () => {
  it('walks the routes', async () => {
    const routes = ctx.app.apiRoutes.filter(
      // The upload has its own attack file (security-uploads); logout has no input.
      (r) => !(r.method === 'POST' && r.url === '/api/pratiche/:id/upload') && r.url !== '/api/logout',
    );
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route), async (request) => {
          fuzzInputs++;
          const hasBody = request.body !== undefined || request.rawBody !== undefined;
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url: urlOf(route, request),
            remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
            headers: {
              cookie: world.admin,
              ...(hasBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(request.rawBody !== undefined
              ? { payload: freshLoginEmail(request.rawBody) }
              : request.body !== undefined
                ? { payload: freshLoginEmail(JSON.stringify(request.body)) }
                : {}),
          });
          if (res.statusCode >= 500) serverErrors++;
          const label = `${route.method} ${urlOf(route, request).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, label).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const body = res.json<{ message: string; issues?: Array<{ message: string }> }>();
            expect(body.message, label).not.toMatch(ENGLISH);
            for (const issue of body.issues ?? []) expect(issue.message, label).not.toMatch(ENGLISH);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  }, 600_000);
});
