import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { E2E_ADMIN } from '#test/e2e/e2e-admin.ts';
import { WORKED_EXAMPLE_CONFIG } from '#test/setup/worked-example.ts';
import { landingSubmission } from '#test/setup/submission.ts';
import { serverURL } from '#test/e2e/servers.ts';

export { expect, E2E_ADMIN, landingSubmission, serverURL };

let visitorSeq = 0;

/** Every page fails its test on a console.error or an uncaught exception. */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Each worker has its own server and database (global-setup.ts): pages and API clients go there.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(serverURL());
  },
  // Each test is its own visitor, as behind a real proxy (the E2E server trusts loopback): the
  // per-address limits of the landing and the sign-in count one test, not the whole suite.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = visitorSeq++;
    const address = `10.${testInfo.workerIndex % 256}.${Math.floor(n / 256) % 256}.${n % 256}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        // A refused request is reported by the browser too; tests assert those replies themselves.
        if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export async function signIn(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Signs in through POST /api/login with the page's own cookies, for tests of what comes after the
 * sign-in screen (that screen has its own tests: shell.spec.ts, totp.spec.ts). The test then opens
 * its page directly: one page load instead of three (sign-in, dashboard, the page under test),
 * CPU the 2-core CI spends on the tests instead.
 */
export async function signInByApi(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  await logIn(page.request, { email, password });
}

/** POST /api/login on that client: its cookies then carry the session. */
async function logIn(client: APIRequestContext, user: { email: string; password: string }) {
  const res = await client.post('/api/login', { data: { email: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** An API client signed in as the admin, for setting up data and checking results. */
export async function adminApi(request: APIRequestContext) {
  await logIn(request, E2E_ADMIN);
  return request;
}

let userSeq = 0;
export async function createUser(
  request: APIRequestContext,
  role: string,
  overrides: Record<string, string> = {},
) {
  const stamp = `${Date.now()}${userSeq++}`;
  const data = {
    firstName: 'Giulia',
    lastName: `Bianchi${stamp}`,
    email: `giulia.${stamp}@esempio.it`,
    phone: '3331112222',
    password: 'password-e2e',
    role,
    ...overrides,
  };
  const res = await request.post('/api/users', { data });
  expect(res.status(), await res.text()).toBe(201);
  return { ...(await res.json()), password: data.password } as {
    id: number;
    email: string;
    password: string;
    firstName: string;
    lastName: string;
  };
}

export type E2EUser = Awaited<ReturnType<typeof createUser>>;

/** POST /api/punti-fisici as the admin; the point's people must exist already. */
export async function createPoint(
  api: APIRequestContext,
  nomeAttivita: string,
  utenteResponsabileId: number,
  extra: { indirizzo?: string; agenteId?: number | null; areaManagerId?: number | null } = {},
) {
  const res = await api.post('/api/punti-fisici', {
    data: { nomeAttivita, indirizzo: `Via ${nomeAttivita} 1, Milano`, utenteResponsabileId, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as {
    id: number;
    nomeAttivita: string;
    indirizzo: string;
    landingCode: string;
    urlLanding: string;
  };
}

type Person = { firstName: string; lastName: string; phone?: string };

/**
 * A real point of sale as the admin sets one up: its responsabile (punto_fisico), agente and
 * area_manager created through POST /api/users, then the point through POST /api/punti-fisici.
 * Its landing is served by the real GET /api/landing/{code}.
 */
export async function createStaffedPoint(
  api: APIRequestContext,
  nomeAttivita: string,
  people: { responsabile?: Person; agente?: Person; areaManager?: Person; indirizzo?: string } = {},
) {
  // The three people at once: none depends on another.
  const [responsabile, agente, areaManager] = await Promise.all([
    createUser(api, 'punto_fisico', {
      firstName: 'Mario',
      lastName: 'Rossi',
      phone: '+39 333 4445566',
      ...people.responsabile,
    }),
    createUser(api, 'agente', {
      firstName: 'Anna',
      lastName: 'Galli',
      phone: '+39 347 1112233',
      ...people.agente,
    }),
    createUser(api, 'area_manager', {
      firstName: 'Marco',
      lastName: 'Neri',
      phone: '+39 340 9998877',
      ...people.areaManager,
    }),
  ]);
  const point = await createPoint(api, nomeAttivita, responsabile.id, {
    agenteId: agente.id,
    areaManagerId: areaManager.id,
    ...(people.indirizzo ? { indirizzo: people.indirizzo } : {}),
  });
  return { point, responsabile, agente, areaManager };
}

/** A separate API client signed in as that user (its own cookies), for checking role scopes. */
export async function apiAs(baseURL: string | undefined, user: { email: string; password: string }) {
  const context = await playwrightRequest.newContext({ baseURL });
  await logIn(context, user);
  return context;
}

/** axe-core: no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // A panel still rising (opacity below 1) reads as low contrast: wait for the finite animations
  // to end (a spinner's never do).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  // Only the violations in full: the passes and the rules that do not apply (most of axe's answer,
  // a node list per rule) are never read, and gathering and sending them costs the browser's CPU.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Saves the worked-example configuration (tests/setup/worked-example.ts) for a supplier and service. */
export async function saveWorkedExampleConfig(api: APIRequestContext, codice = 'ENEL', servizio = 'luce') {
  const fornitori = (await (await api.get(`/api/fornitori?servizio=${servizio}`)).json()) as Array<{
    id: number;
    codice: string;
  }>;
  const fornitore = fornitori.find((f) => f.codice === codice);
  expect(fornitore, `fornitore ${codice} per ${servizio}`).toBeTruthy();
  const res = await api.post('/api/commissioni-fornitori', {
    data: { fornitoreId: fornitore!.id, servizio, ...WORKED_EXAMPLE_CONFIG },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/**
 * Screenshots for a person to look at, only when asked: `E2E_SCREENSHOTS=.tmp/shots npm run
 * test:e2e` (CONTRIBUTING.md). A run without it takes none: they prove nothing by themselves and
 * cost CPU on the 2-core CI.
 */
const screenshotsDir = process.env.E2E_SCREENSHOTS;

/** The page (or one element) as `{name}.png`, when asked. */
export async function screenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean; animations?: 'disabled' } = {},
) {
  if (!screenshotsDir) return;
  const path = `${screenshotsDir}/${name}.png`;
  await ('goto' in target
    ? target.screenshot({ path, ...options })
    : target.screenshot({ path, animations: options.animations }));
}

/** The page at 1440×900 and at 390×844 as `{name}-1440.png` and `{name}-390.png`, when asked; the viewport is put back. */
export async function screenshotBothSizes(
  page: Page,
  name: string,
  options: { fullPage?: boolean; closeToast?: boolean } = {},
) {
  if (!screenshotsDir) return;
  if (options.closeToast) {
    // The sign-in's welcome toast would cover the content; it may also go by itself meanwhile.
    const close = page.getByTestId('toast').getByRole('button', { name: 'Chiudi' });
    await close.click({ timeout: 2_000 }).catch(() => {});
  }
  const size = page.viewportSize();
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The new layout is painted: two animation frames, whatever their duration.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.screenshot({
      path: `${screenshotsDir}/${name}-${width}.png`,
      fullPage: options.fullPage ?? true,
    });
  }
  if (size) await page.setViewportSize(size);
}
