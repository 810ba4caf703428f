import path from 'node:path';
import { rmSync } from 'node:fs';
import { msg } from '#shared/messages.ts';
import { startTestSmtp, type TestSmtp } from '#test/setup/smtp.ts';
import { spawnServer, type ServerProcess } from '#test/support/spawn-server.ts';
import {
  adminApi,
  createUser,
  E2E_ADMIN,
  expect,
  expectNoSeriousA11yViolations,
  screenshotBothSizes,
  signInByApi,
  test as base,
} from '#test/e2e/fixtures.ts';

const m = msg.invito;

/**
 * The invitation arrives by e-mail, and the suite's servers send none (notifiche.spec.ts checks
 * the log of a server without mail): this file has a server of its own, with a mail server the
 * test reads, for the worker that runs it.
 */
const test = base.extend<object, { mailServer: { smtp: TestSmtp; server: ServerProcess } }>({
  mailServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const smtp = await startTestSmtp();
      const dataDir = path.resolve(`.tmp/e2e-invito-${workerInfo.parallelIndex}`);
      rmSync(dataDir, { recursive: true, force: true });
      const server = await spawnServer({
        env: {
          DATA_DIR: dataDir,
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          NODE_ENV: 'test',
          TRUST_PROXY: '127.0.0.1,::1',
          SMTP_URL: smtp.url,
          MAIL_FROM: 'noreply@e2e.winsolution.it',
        },
      });
      await use({ smtp, server });
      await server.stop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ mailServer }, use) => {
    // The link in the e-mail names the server as http://localhost:PORT (no PUBLIC_BASE_URL).
    await use(`http://localhost:${mailServer.server.port}`);
  },
});

test('an invited user opens the e-mail link, sets a password and signs in with it', async ({
  page,
  request,
  baseURL,
  mailServer: { smtp },
}) => {
  const api = await adminApi(request);
  const user = await createUser(api, 'agente');

  // The admin sends the invitation from Utenti.
  await signInByApi(page);
  await page.goto(`/utenti?search=${encodeURIComponent(user.email)}`);
  await page.getByRole('button', { name: `${m.send}: ${user.firstName} ${user.lastName}` }).click();
  await expect(page.getByTestId('toast').filter({ hasText: m.sent(user.email) })).toBeVisible();

  // The e-mail leaves at once (the commit wakes the queue) with the link to the page.
  await expect.poll(() => smtp.to(user.email).length, { timeout: 20_000 }).toBe(1);
  const [mail] = smtp.to(user.email);
  expect(mail.subject).toBe(m.emailOggetto);
  const link = mail.html.match(/href="([^"]*\/imposta-password#[^"]+)"/)?.[1];
  expect(link, mail.html).toBeTruthy();
  expect(link!.startsWith(`${baseURL}/imposta-password#`)).toBe(true);

  // The invitee, signed in as nobody, opens the link and chooses a password.
  await page.context().clearCookies();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: m.title })).toBeVisible();
  const password = 'la-mia-password-nuova-2026';
  await page.getByLabel(m.password, { exact: true }).fill(password);
  await page.getByLabel(m.confirm).fill(password);
  await page.getByRole('button', { name: m.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: m.done })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'imposta-password-fatto');

  // 'Vai all'accesso', and the new password opens the back office.
  await page.getByRole('link', { name: m.goToLogin }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  // The link was good once, and the earlier password no longer opens the account.
  const again = await page.request.post('/api/imposta-password', {
    data: { token: new URL(link!).hash.slice(1), password: 'un-altra-password-2026' },
  });
  expect(again.status()).toBe(400);
  expect((await again.json()).message).toBe(m.invalid);
  const old = await page.request.post('/api/login', {
    data: { email: user.email, password: user.password },
  });
  expect(old.status()).toBe(401);
});
