import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLES, type Role } from '#shared/permissions.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

/**
 * Walks every /api route the app registers against every role. New routes join the walk by
 * themselves: the table is the route list, the expectation is the permission table.
 */
let ctx: TestContext;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  cookies.admin = await loginAsAdmin(ctx.app);
  for (const role of ROLES.filter((r) => r !== 'admin')) cookies[role] = (await loginAs(ctx, role)).cookie;
});
afterAll(async () => ctx?.close());

// A missing id: allowed callers reach validation or "not found", never a real row.
const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, '999999');

describe('every API route enforces the permission table', () => {
  it('registers routes, each with a declared access', () => {
    expect(ctx.app.apiRoutes.length).toBeGreaterThan(5);
  });

  it('answers 401 to signed-out callers on every non-public route', async () => {
    for (const route of ctx.app.apiRoutes.filter((r) => r.access !== 'public')) {
      const res = await ctx.app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  for (const role of ROLES) {
    it(`lets ${role} through exactly where the table allows`, async () => {
      for (const route of ctx.app.apiRoutes.filter((r) => r.access !== 'public')) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { cookie: cookies[role] },
        });
        const allowed = route.access === 'signedIn' || (route.access !== 'public' && can(role, route.access));
        const label = `${role} ${route.method} ${route.url} (${route.access}) → ${res.statusCode}`;
        if (allowed) expect([401, 403], label).not.toContain(res.statusCode);
        else expect(res.statusCode, label).toBe(403);
      }
    });
  }
});
