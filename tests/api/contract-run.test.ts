import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCommissione, insertCommissioneConfig, insertDocumento } from '#test/setup/factories.ts';
import { contractProblem } from '#test/setup/openapi-contract.ts';
import { JPEG_PAGE_1, multipart } from '#test/setup/sample-files.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica } from '#test/setup/world.ts';

/**
 * The contract run (docs/security.md#il-contratto): requests generated from docs/openapi.json
 * itself — for every operation, its path, query, header and body schemas give valid requests and
 * spoiled ones — sent to a seeded app as the admin and as an area manager. Every answer must be
 * below 500 and match the document (the one validator of tests/setup/openapi-contract.ts).
 * Schemathesis-style, with fast-check; a fixed seed, so a failure repeats.
 * Alone: `npx vitest run tests/api/contract-run.test.ts` (CONTRACT_RUNS=n for more runs).
 */
const RUNS = Number(process.env.CONTRACT_RUNS ?? 3);
const SEED = Number(process.env.CONTRACT_SEED ?? 47);

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  contentMediaType?: string;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { type: 'json' | 'multipart'; schema: Schema; required: boolean };
}

const document = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../docs/openapi.json'), 'utf8'),
) as {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: never }>>;
};

/**
 * Operations that end what the rest of the run needs go last: deletions, the sign-out, erasing a
 * lead's personal data, the roles that must use a second factor.
 */
const LAST = (op: Operation) =>
  op.method === 'DELETE' ||
  op.path === '/api/logout' ||
  op.path.endsWith('/erase') ||
  op.path.startsWith('/api/security/roles/');

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [p, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)
        ?.content;
      const required = (op.requestBody as { required?: boolean } | undefined)?.required ?? false;
      const body = content?.['application/json']
        ? {
            type: 'json' as const,
            schema: content['application/json'].schema,
            required,
          }
        : content?.['multipart/form-data']
          ? {
              type: 'multipart' as const,
              schema: content['multipart/form-data'].schema,
              required,
            }
          : undefined;
      out.push({
        method: method.toUpperCase(),
        path: p,
        parameters: op.parameters ?? [],
        body,
      });
    }
  }
  return [...out.filter((op) => !LAST(op)), ...out.filter(LAST)];
}

// ------------------------------------------------------------------------------------------------
// JSON Schema → fast-check
// ------------------------------------------------------------------------------------------------

/** Ids of the seeded world, so generated requests reach real rows and not only 404s. */
let worldIds: number[] = [1, 2, 3];
/** Users a run must not deactivate or delete: the ones it is signed in as. */
let protectedUserIds = new Set<number>();
let requestSeq = 0;

const TEXT_PATTERN = /^\^\(\?:\[\^\\u0000/;

function stringArb(s: Schema, name: string): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, 40);
  const fits = (v: string) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
  if (s.format === 'date-time')
    return fc
      .date({
        min: new Date('2020-01-01'),
        max: new Date('2030-12-31'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString());
  if (s.pattern === '^\\d{1,10}$') {
    const ids = fc.constantFrom(...worldIds).map(String);
    return fc.oneof({ arbitrary: ids, weight: 3 }, fc.stringMatching(/^\d{1,10}$/));
  }
  if (s.pattern && !TEXT_PATTERN.test(s.pattern)) {
    const re = new RegExp(s.pattern, 'u');
    return fc.stringMatching(re).filter(fits);
  }
  const re = s.pattern ? new RegExp(s.pattern, 'u') : null;
  const ok = (v: string) => fits(v) && (!re || re.test(v));
  const plain = fc.string({ minLength, maxLength, unit: 'grapheme-composite' }).filter(ok);
  // A value of the kind the field's name says, when the schema allows it, so that a generated
  // request gets past the rules a schema cannot say (an e-mail's shape, a 6-digit code).
  const hint = HINTS.find(([test]) => test.test(name))?.[1];
  if (hint && fc.sample(hint, { numRuns: 5, seed: 1 }).every(ok))
    return fc.oneof({ arbitrary: hint.filter(ok), weight: 3 }, plain);
  return plain;
}

const HINTS: Array<[RegExp, fc.Arbitrary<string>]> = [
  [/mail/i, fc.stringMatching(/^[a-z]{1,8}\.[a-z]{1,8}@esempio\.it$/)],
  [/telefono|phone/i, fc.stringMatching(/^\+39 3\d{2} \d{7}$/)],
  [/^code$/, fc.stringMatching(/^\d{6}$/)],
  [/periodo/, fc.constantFrom('2026-03', '2026-T1', '2025-12')],
  [/^(dal|al|data[A-Z]\w*)$/, fc.stringMatching(/^202[56]-0[1-9]-[12]\d$/)],
];

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum != null ? s.exclusiveMinimum + (integer ? 1 : 0.01) : -1e6);
  const max = s.maximum ?? (s.exclusiveMaximum != null ? s.exclusiveMaximum - (integer ? 1 : 0.01) : 1e6);
  if (integer) {
    const range = fc.integer({
      min: Math.max(min, -(2 ** 31)),
      max: Math.min(max, 2 ** 31 - 1),
    });
    const ids = worldIds.filter((id) => id >= min && id <= max);
    return ids.length ? fc.oneof(fc.constantFrom(...ids), range) : range;
  }
  // Amounts in euro with cents, as clients send them, and now and then any number.
  const lo = Math.max(0, Math.ceil(min * 100));
  const hi = Math.min(10_000_000, Math.floor(max * 100));
  const any = fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  if (lo > hi) return any;
  const euro = fc.integer({ min: lo, max: hi }).map((c) => c / 100);
  return fc.oneof({ arbitrary: euro, weight: 3 }, any);
}

function arbitraryOf(s: Schema, name = ''): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf ?? s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf)!.map((x) => arbitraryOf(x, name)));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : ['string'];
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryOf({ ...s, type }, name)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'array':
      return fc.array(arbitraryOf(s.items ?? {}, name), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, 3),
      });
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      return fc.record(
        Object.fromEntries(Object.entries(props).map(([key, value]) => [key, arbitraryOf(value, key)])),
        { requiredKeys: Object.keys(props).filter((key) => required.has(key)) },
      );
    }
    default:
      return stringArb(s, name);
  }
}

/** A value the schema refuses, or at least one of a kind a client should not send. */
const wrongValue = fc.oneof(
  fc.constantFrom('', 'abc', '-1', '0', '2147483648', '99999999999', '1e3', ' 1', '%00', '\u202Eexe.pdf'),
  fc.constantFrom(null, true, 2 ** 53, -1, 1.5, [], {}),
);

// ------------------------------------------------------------------------------------------------
// Requests
// ------------------------------------------------------------------------------------------------

interface Generated {
  pathValues: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body: unknown;
  /** Which part, if any, was spoiled on purpose (for the failure message). */
  spoiled: string | null;
}

function requestArb(op: Operation): fc.Arbitrary<Generated> {
  const byPlace = (place: Parameter['in']) => op.parameters.filter((p) => p.in === place);
  const params = (place: Parameter['in']) =>
    fc.record(Object.fromEntries(byPlace(place).map((p) => [p.name, arbitraryOf(p.schema, p.name)])), {
      requiredKeys: byPlace(place)
        .filter((p) => p.required)
        .map((p) => p.name),
    });
  const valid = fc.record({
    pathValues: params('path') as fc.Arbitrary<Record<string, string>>,
    query: params('query'),
    headers: params('header') as fc.Arbitrary<Record<string, string>>,
    body: op.body ? arbitraryOf(op.body.schema) : fc.constant(undefined),
    spoiled: fc.constant(null),
  });
  const names = op.parameters.map((p) => `${p.in}:${p.name}`);
  if (op.body?.type === 'json') {
    names.push('body');
    for (const key of Object.keys(op.body.schema.properties ?? {})) names.push(`body:${key}`);
  }
  if (names.length === 0) return valid;
  // One part of a valid request spoiled: the rest stays right, so the bad value reaches deep.
  const spoiled = fc
    .tuple(valid, fc.constantFrom(...names), wrongValue)
    .map(([request, part, value]): Generated => {
      const [place, name] = part.split(':') as [string, string | undefined];
      const r = structuredClone(request);
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      if (place === 'path') r.pathValues[name!] = text;
      else if (place === 'query') r.query[name!] = value;
      else if (place === 'header') r.headers[name!] = text;
      else if (name) r.body = { ...(r.body as object), [name]: value };
      else r.body = value;
      return { ...r, spoiled: part };
    });
  return fc.oneof({ arbitrary: valid, weight: 2 }, { arbitrary: spoiled, weight: 1 });
}

function toInject(op: Operation, g: Generated, cookie: string | undefined): InjectOptions & { url: string } {
  let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    let value = g.pathValues[name] ?? '1';
    // A run signed in as someone never changes that someone (and the generated id is then another).
    if (op.path.startsWith('/api/users/{id}') && op.method !== 'GET' && protectedUserIds.has(Number(value)))
      value = '999999';
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(g.query))
    if (value !== undefined) query.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  if (query.size) url += `?${query}`;
  const headers: Record<string, string> = { ...g.headers };
  if (cookie) headers.cookie = cookie;
  // Each request from an address of its own, as the scan's: the per-address sign-in limits
  // would otherwise slow the run down (they have their own tests in auth.test.ts).
  const n = requestSeq++;
  const remoteAddress = `10.47.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  const options = {
    method: op.method as InjectOptions['method'],
    url,
    headers,
    remoteAddress,
  };
  if (op.body?.type === 'multipart') {
    const fields = Object.fromEntries(
      Object.entries((g.body ?? {}) as Record<string, unknown>)
        .filter(([, v]) => typeof v === 'string')
        .map(([k, v]) => [k, v as string]),
    );
    const files = Object.entries(op.body.schema.properties ?? {})
      .filter(([, s]) => s.type === 'array' || s.contentMediaType)
      .map(([field]) => ({
        field,
        filename: 'bolletta.jpg',
        data: JPEG_PAGE_1,
        contentType: 'image/jpeg',
      }));
    const form = multipart(files, fields);
    return {
      ...options,
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    };
  }
  if (g.body !== undefined)
    return {
      ...options,
      payload: JSON.stringify(g.body),
      headers: { ...headers, 'content-type': 'application/json' },
    };
  return options;
}

// ------------------------------------------------------------------------------------------------
// The run
// ------------------------------------------------------------------------------------------------

let ctx: TestContext;
let cookies: { admin: string; area_manager: string };
let sent = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const world = await buildTwoShopWorld(ctx);
  const a = await insertLeadWithPratica(ctx, world.puntoA.id, {}, ['luce', 'gas']);
  const b = await insertLeadWithPratica(ctx, world.puntoB.id);
  const config = await insertCommissioneConfig(ctx.db);
  const commissioni = [
    await insertCommissione(ctx.db, {
      praticaId: a.pratica.id,
      servizioId: a.servizi[0].id,
    }),
    await insertCommissione(ctx.db, {
      praticaId: b.pratica.id,
      servizioId: b.servizi[0].id,
    }),
  ];
  await insertDocumento(ctx.db, { praticaId: a.pratica.id }, ctx.storage);
  worldIds = [
    ...new Set([
      world.puntoA.id,
      world.puntoB.id,
      ...[world.pfA, world.agA, world.amA, world.pfB, world.agB, world.amB].map((u) => u.user.id),
      a.lead.id,
      b.lead.id,
      a.pratica.id,
      b.pratica.id,
      ...a.servizi.map((s) => s.id),
      ...b.servizi.map((s) => s.id),
      ...commissioni.map((c) => c.id),
      config.id,
      config.fornitoreId,
    ]),
  ];
  const me = await ctx.app.inject({
    method: 'GET',
    url: '/api/user',
    headers: { cookie: world.admin },
  });
  protectedUserIds = new Set([me.json<{ id: number }>().id, world.amA.user.id]);
  cookies = { admin: world.admin, area_manager: world.amA.cookie };
});
afterAll(async () => {
  await ctx?.close();
});

const OPERATIONS = operations();

describe.each(['admin', 'area_manager'] as const)('contract run as %s', (role) => {
  it.each(OPERATIONS.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s: no 5xx, every answer as the document says',
    async (_name, op) => {
      // The sign-out is sent without the session the rest of the run uses.
      const cookie = op.path === '/api/logout' ? undefined : cookies[role];
      // A role the operation refuses (403 to a valid request) is refused once: the rest of its
      // runs would only repeat that answer, and the CI's minutes are counted.
      let refused = false;
      await fc.assert(
        fc.asyncProperty(requestArb(op), async (generated) => {
          if (refused) return;
          const options = toInject(op, generated, cookie);
          const res = await ctx.app.inject(options);
          sent++;
          if (res.statusCode === 403 && !generated.spoiled) refused = true;
          const where = `${op.method} ${options.url} (spoiled: ${generated.spoiled}) → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          expect(
            await contractProblem({
              method: op.method,
              url: options.url,
              statusCode: res.statusCode,
              headers: res.headers,
              body: res.body,
            }),
            where,
          ).toBeNull();
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
  );
});

describe('the contract run itself', () => {
  it('covered every operation of the document, for both roles', () => {
    expect(OPERATIONS.length).toBeGreaterThan(80);
    expect(sent).toBeGreaterThanOrEqual(OPERATIONS.length * (RUNS + 1));
  });
});
