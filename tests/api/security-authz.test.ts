import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import type { ApiRoute } from '#server/plugins/auth.ts';
import { can, ROLES, type Role } from '#shared/permissions.ts';
import { insertCommissione } from '#test/setup/factories.ts';
import { recordFigures } from '#test/setup/security-figures.ts';
import { TEST_ADMIN } from '#test/setup/database.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica, UNSCOPED_ROLES } from '#test/setup/world.ts';

/**
 * Every route that reads or deletes one row, × every role, × an id of the caller's own shop and
 * one of the other shop: the expected status comes from the permission table (403 wrong role)
 * and the row scope (404 out of scope, never the row). Every answer a shop-A caller gets is
 * scanned for shop B's people and customers. New routes join by themselves.
 */
let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildTwoShopWorld>>;
let own: Record<string, number>;
let other: Record<string, number>;
let secretsOfB: string[];
let checks = 0;
let scanned = 0;
let leaks = 0;
let serverErrors = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildTwoShopWorld(ctx);
  const a = await insertLeadWithPratica(ctx, world.puntoA.id);
  const b = await insertLeadWithPratica(ctx, world.puntoB.id, { nome: 'Beatrice', cognome: 'Segretissima' });
  const commA = await insertCommissione(ctx.db, {
    praticaId: a.pratica.id,
    servizioId: a.servizi[0].id,
    payeePuntoFisicoId: world.pfA.user.id,
    payeeAgenteId: world.agA.user.id,
    payeeAreaManagerId: world.amA.user.id,
  });
  const commB = await insertCommissione(ctx.db, {
    praticaId: b.pratica.id,
    servizioId: b.servizi[0].id,
    payeePuntoFisicoId: world.pfB.user.id,
    payeeAgenteId: world.agB.user.id,
    payeeAreaManagerId: world.amB.user.id,
  });
  own = { 'punti-fisici': world.puntoA.id, leads: a.lead.id, pratiche: a.pratica.id, commissioni: commA.id };
  other = {
    'punti-fisici': world.puntoB.id,
    leads: b.lead.id,
    pratiche: b.pratica.id,
    commissioni: commB.id,
  };
  secretsOfB = ['Tabaccheria Beta', 'Segretissima', b.lead.email, world.pfB.user.email, world.agB.user.email];
});
afterAll(async () => {
  recordFigures('authz', { authorizationChecks: checks, answersScanned: scanned, leaks, serverErrors });
  await ctx?.close();
});

/** The family of a one-row route (`/api/leads/:id…` → leads), when rows of it belong to a shop. */
function familyOf(route: ApiRoute): string | null {
  const match = /^\/api\/([a-z-]+)\/:id(\/[a-z.-]+)?$/.exec(route.url);
  return match && match[1] in own ? match[1] : null;
}

const cookieOf = (role: Role) => world.cookies[role];
const isScoped = (role: Role) => !UNSCOPED_ROLES.includes(role);

async function call(route: ApiRoute, role: Role, url: string) {
  const res = await ctx.app.inject({
    method: route.method as 'GET',
    url,
    headers: { cookie: cookieOf(role) },
  });
  checks++;
  if (res.statusCode >= 500) serverErrors++;
  if (isScoped(role) && res.statusCode < 300) {
    scanned++;
    for (const secret of secretsOfB) if (res.body.includes(secret)) leaks++;
  }
  return res;
}

describe('every one-row route × role × own and other shop’s id', () => {
  for (const role of ROLES) {
    it(`${role}: 403 where the table says no, 404 outside the scope, the row inside it`, async () => {
      const routes = ctx.app.apiRoutes.filter(
        (r) => (r.method === 'GET' || r.method === 'DELETE') && familyOf(r),
      );
      expect(routes.length).toBeGreaterThan(5);
      for (const route of routes) {
        const family = familyOf(route)!;
        const allowed = route.access === 'signedIn' || (route.access !== 'public' && can(role, route.access));
        const url = (id: number) => route.url.replace(':id', String(id));
        const label = (which: string, status: number) =>
          `${role} ${route.method} ${route.url} ${which} → ${status}`;
        // Deleting one's own rows would spoil the next checks: the module tests cover it.
        const cases: Array<['own' | 'other', number]> =
          route.method === 'DELETE'
            ? isScoped(role) || !allowed
              ? [['other', other[family]]]
              : []
            : [
                ['own', own[family]],
                ['other', other[family]],
              ];
        for (const [which, id] of cases) {
          const res = await call(route, role, url(id));
          if (!allowed) expect(res.statusCode, label(which, res.statusCode)).toBe(403);
          else if (which === 'other' && isScoped(role))
            expect(res.statusCode, label(which, res.statusCode)).toBe(404);
          else expect(res.statusCode, label(which, res.statusCode)).toBeLessThan(300);
        }
      }
    });
  }

  it('every list, export and dashboard a shop-A person may read carries nothing of shop B', async () => {
    for (const role of ['punto_fisico', 'agente', 'area_manager'] as const) {
      for (const route of ctx.app.apiRoutes.filter((r) => r.method === 'GET' && !r.url.includes(':'))) {
        if (route.access === 'public' || (route.access !== 'signedIn' && !can(role, route.access))) continue;
        const query = route.url.endsWith('/export') ? '?format=csv' : '';
        const res = await call(route, role, `${route.url}${query}`);
        expect(res.statusCode, `${role} ${route.url}`).toBeLessThan(500);
      }
    }
    expect(leaks).toBe(0);
    expect(serverErrors).toBe(0);
  });
});

/**
 * Every write that names a person by id, by a caller whose scope does not hold that person: the
 * answer is the one of an id that does not exist (404, the same body), it carries nobody's data
 * and changes nothing. Person ids come in the body of POST /api/punti-fisici and PUT
 * /api/punti-fisici/:id (docs/product/roles-and-scope.md#persone-di-un-punto).
 */
describe('every write naming another shop’s person × POST and PUT', () => {
  const writes = () => [
    { method: 'POST' as const, url: '/api/punti-fisici' },
    { method: 'PUT' as const, url: `/api/punti-fisici/${world.puntoA.id}` },
  ];
  const fields = async () => {
    const [staff] = await ctx.db.select().from(users).where(eq(users.email, TEST_ADMIN.email));
    return [
      ['utenteResponsabileId', world.pfB.user],
      ['agenteId', world.agB.user],
      // Staff ids answer like any other: the refusal does not tell who is staff.
      ['agenteId', staff],
      ['utenteResponsabileId', world.amB.user],
    ] as const;
  };
  const points = async () => {
    const result = await ctx.db.execute(
      sql`select count(*)::int as n, string_agg(nome_attivita || coalesce(agente_id, 0), ',' order by id) as s from punti_fisici`,
    );
    return (result as unknown as { rows: unknown[] }).rows;
  };

  it('area manager of shop A: 404 like an id that does not exist, nobody’s data, nothing changed', async () => {
    expect(writes().every((w) => ctx.app.apiRoutes.some((r) => r.method === w.method))).toBe(true);
    for (const write of writes()) {
      for (const [field, person] of await fields()) {
        const payload = {
          nomeAttivita: 'Punto nuovo',
          indirizzo: 'Via Roma 1',
          utenteResponsabileId: world.pfA.user.id,
          agenteId: null,
          [field]: person.id,
        };
        const before = await points();
        const refused = await ctx.app.inject({
          method: write.method,
          url: write.url,
          headers: { cookie: world.amA.cookie },
          payload,
        });
        const missing = await ctx.app.inject({
          method: write.method,
          url: write.url,
          headers: { cookie: world.amA.cookie },
          payload: { ...payload, [field]: 2_000_000_000 },
        });
        checks += 2;
        const label = `${write.method} ${write.url} ${field}=${person.id}`;
        expect(refused.statusCode, label).toBe(404);
        expect(refused.json(), label).toEqual(missing.json());
        expect(refused.json().code).toBe('NOT_FOUND');
        for (const secret of [person.email, person.firstName, person.lastName])
          expect(refused.body.includes(secret), label).toBe(false);
        expect(await points(), label).toEqual(before);
      }
    }
  });

  it('the same people of his own shop are accepted (the refusal is about scope, not the fields)', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/punti-fisici/${world.puntoA.id}`,
      headers: { cookie: world.amA.cookie },
      payload: {
        nomeAttivita: world.puntoA.nomeAttivita,
        indirizzo: world.puntoA.indirizzo,
        utenteResponsabileId: world.pfA.user.id,
        agenteId: world.agA.user.id,
      },
    });
    checks++;
    expect(res.statusCode).toBe(200);
  });
});
