import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW_HEADER } from '#server/lib/clock.ts';
import type { Access } from '#server/plugins/auth.ts';
import { can, type Role } from '#shared/permissions.ts';
import { romeWallTimeToDate } from '#shared/time.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica, SCOPED_ROLES } from '#test/setup/world.ts';

/**
 * "Reference another shop's record": every POST / PUT / PATCH a scoped role (area manager, agente,
 * punto fisico) may call and that names an id — in its path or its body — answers, for an id of
 * the other shop, exactly what it answers for an id that does not exist (404 NOT_FOUND, the same
 * body), carries nobody's data and changes nothing (docs/security.md, docs/product/roles-and-scope.md).
 * Writes only staff may call are refused before any id is read (403, tests/api/permissions.test.ts).
 */
let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildTwoShopWorld>>;
let leadA: number;
let leadB: number;
const MISSING = 2_000_000_000;
/** A Monday at 10:05 in Rome: inside the calling hours, whatever the real time. */
const CALL_HOURS = { [TEST_NOW_HEADER]: romeWallTimeToDate(2026, 12, 7, 10, 5).toISOString() };

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildTwoShopWorld(ctx);
  leadA = (await insertLeadWithPratica(ctx, world.puntoA.id)).lead.id;
  leadB = (await insertLeadWithPratica(ctx, world.puntoB.id, { nome: 'Beatrice', cognome: 'Segretissima' }))
    .lead.id;
});
afterAll(async () => {
  await ctx?.close();
});

/** Every table a refused write could touch, as one fingerprint per table, in one query. */
async function snapshot() {
  const tables = ['punti_fisici', 'leads', 'leads_eventi', 'chiamate'];
  const result = await ctx.db.execute(
    sql.raw(
      tables
        .map(
          (t) =>
            `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from ${t} x`,
        )
        .join(' union all '),
    ),
  );
  return (result as unknown as { rows: unknown[] }).rows;
}

const mayCall = (role: Role, access: Access) =>
  access === 'signedIn' || (access !== 'public' && can(role, access));

interface Row {
  role: Role;
  method: 'POST' | 'PUT' | 'PATCH';
  /** The route as registered, to match the app's list. */
  route: string;
  /** What the other shop's record is, for the test's name. */
  names: string;
  request: (id: number) => { url: string; payload: Record<string, unknown> };
}

const pointBody = (field: string, id: number) => ({
  nomeAttivita: 'Punto nuovo',
  indirizzo: 'Via Roma 1',
  utenteResponsabileId: world.pfA.user.id,
  agenteId: null,
  [field]: id,
});

/** Built lazily: the ids exist only once the world is. */
const rows = (): Array<Row & { otherId: number; secrets: string[] }> => {
  const people = [
    ['utenteResponsabileId', world.pfB.user],
    ['agenteId', world.agB.user],
    // The area manager of shop B as responsabile: a person of the wrong role is still "missing".
    ['utenteResponsabileId', world.amB.user],
  ] as const;
  const result: Array<Row & { otherId: number; secrets: string[] }> = [];
  for (const [field, person] of people) {
    const secrets = [person.email, person.firstName, person.lastName];
    result.push(
      {
        role: 'area_manager',
        method: 'POST',
        route: '/api/punti-fisici',
        names: `its person in ${field}`,
        otherId: person.id,
        secrets,
        request: (id) => ({ url: '/api/punti-fisici', payload: pointBody(field, id) }),
      },
      {
        role: 'area_manager',
        method: 'PUT',
        route: '/api/punti-fisici/:id',
        names: `its person in ${field}`,
        otherId: person.id,
        secrets,
        request: (id) => ({ url: `/api/punti-fisici/${world.puntoA.id}`, payload: pointBody(field, id) }),
      },
    );
  }
  result.push({
    role: 'area_manager',
    method: 'PUT',
    route: '/api/punti-fisici/:id',
    names: 'its point',
    otherId: world.puntoB.id,
    secrets: ['Tabaccheria Beta', world.pfB.user.email],
    request: (id) => ({ url: `/api/punti-fisici/${id}`, payload: pointBody('agenteId', world.agA.user.id) }),
  });
  for (const role of SCOPED_ROLES) {
    const secrets = ['Segretissima', 'Tabaccheria Beta'];
    result.push(
      {
        role,
        method: 'PATCH',
        route: '/api/leads/:id/status',
        names: 'its lead',
        otherId: leadB,
        secrets,
        request: (id) => ({ url: `/api/leads/${id}/status`, payload: { status: 'contattato' } }),
      },
      {
        role,
        method: 'POST',
        route: '/api/chiamate/:id/esito',
        names: 'its lead',
        otherId: leadB,
        secrets,
        request: (id) => ({ url: `/api/chiamate/${id}/esito`, payload: { esito: 'non_risponde' } }),
      },
    );
  }
  return result;
};

describe('a write naming another shop’s record answers like an id that does not exist', () => {
  it('the table holds every write a scoped role may call that names an id', () => {
    const writes = ctx.app.apiRoutes.filter(
      (r) =>
        ['POST', 'PUT', 'PATCH'].includes(r.method) && SCOPED_ROLES.some((role) => mayCall(role, r.access)),
    );
    // Writes with no id in their path or body: nothing of another shop to name.
    const withoutIds = [
      'PUT /api/notifiche/preferenze/:tipo',
      'POST /api/account/totp/enrol',
      'POST /api/account/totp/confirm',
      'POST /api/account/totp/disable',
      'POST /api/account/totp/recovery-codes',
      'POST /api/account/password',
    ];
    const inTable = new Set(rows().map((r) => `${r.method} ${r.route}`));
    for (const w of writes) {
      const key = `${w.method} ${w.url}`;
      if (withoutIds.includes(key)) continue;
      expect(inTable.has(key), `${key} needs its "another shop's record" row`).toBe(true);
      for (const role of SCOPED_ROLES)
        if (mayCall(role, w.access))
          expect(
            rows().some((r) => r.role === role && `${r.method} ${r.route}` === key),
            `${role} ${key}`,
          ).toBe(true);
    }
  });

  it('every row: 404 NOT_FOUND, the body of a missing id, nobody’s data, nothing changed', async () => {
    // Nothing may change along the whole table: one fingerprint before, one after each row.
    const before = await snapshot();
    for (const row of rows()) {
      const cookie = world.cookies[row.role];
      const label = `${row.role} ${row.method} ${row.route} naming ${row.names}`;
      const other = row.request(row.otherId);
      const refused = await ctx.app.inject({
        method: row.method,
        url: other.url,
        headers: { cookie, ...CALL_HOURS },
        payload: other.payload,
      });
      const miss = row.request(MISSING);
      const missing = await ctx.app.inject({
        method: row.method,
        url: miss.url,
        headers: { cookie, ...CALL_HOURS },
        payload: miss.payload,
      });
      expect(refused.statusCode, label).toBe(404);
      expect(refused.json(), label).toEqual(missing.json());
      expect(refused.json().code, label).toBe('NOT_FOUND');
      for (const secret of row.secrets)
        expect(refused.body.includes(secret), `${label}: ${secret}`).toBe(false);
      expect(await snapshot(), label).toEqual(before);
    }
  });

  it('an area manager naming another area manager gets himself: the field is not his to set', async () => {
    // docs/product/roles-and-scope.md#persone-di-un-punto: his points always have him as area manager.
    for (const [method, url] of [
      ['PUT', `/api/punti-fisici/${world.puntoA.id}`],
      ['POST', '/api/punti-fisici'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: { cookie: world.amA.cookie },
        payload: pointBody('areaManagerId', world.amB.user.id),
      });
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(300);
      expect(res.json().areaManagerId).toBe(world.amA.user.id);
      for (const secret of [world.amB.user.email, world.amB.user.lastName])
        expect(res.body).not.toContain(secret);
    }
  });

  it('the same writes on the caller’s own records are accepted (the refusal is scope, not shape)', async () => {
    const own: Array<[Role, 'PUT' | 'PATCH' | 'POST', string, Record<string, unknown>]> = [
      [
        'area_manager',
        'PUT',
        `/api/punti-fisici/${world.puntoA.id}`,
        pointBody('agenteId', world.agA.user.id),
      ],
      ['agente', 'PATCH', `/api/leads/${leadA}/status`, { status: 'contattato' }],
      ['punto_fisico', 'POST', `/api/chiamate/${leadA}/esito`, { esito: 'non_risponde' }],
    ];
    for (const [role, method, url, payload] of own) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: { cookie: world.cookies[role], ...CALL_HOURS },
        payload,
      });
      expect(res.statusCode, `${role} ${method} ${url}: ${res.body}`).toBeLessThan(300);
    }
  });
});
