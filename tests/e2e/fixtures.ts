import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

export { expect, E2E_ADMIN };

/** Every page fails its test on a console.error or an uncaught exception (STYLE §9). */
export const test = base.extend<{ consoleErrors: string[] }>({
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

/** An API client signed in as the admin, for setting up data and checking results. */
export async function adminApi(request: APIRequestContext) {
  const res = await request.post('/api/login', { data: E2E_ADMIN });
  expect(res.ok()).toBeTruthy();
  return request;
}

let userSeq = 0;
export async function createUser(request: APIRequestContext, role: string, overrides: Record<string, string> = {}) {
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
  return { ...(await res.json()), password: data.password } as { id: number; email: string; password: string; firstName: string; lastName: string };
}

/** axe-core: no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
