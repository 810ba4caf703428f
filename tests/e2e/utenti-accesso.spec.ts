import { request as playwrightRequest } from '@playwright/test';
import { msg } from '#shared/messages.ts';
import {
  adminApi,
  createUser,
  expect,
  expectNoSeriousA11yViolations,
  screenshotBothSizes,
  signInByApi,
  test,
} from '#test/e2e/fixtures.ts';

// The sign-in lock as the admin sees and lifts it: docs/security.md#limiti-di-accesso

/** LOGIN_LIMITS.perAccount.lockAfter: this many wrong passwords, from anywhere, lock the account. */
const LOCK_AFTER = 50;

test('50 wrong passwords lock an account: Utenti shows until when, the admin lifts it and the owner signs in', async ({
  page,
  request,
  baseURL,
}) => {
  const api = await adminApi(request);
  const user = await createUser(api, 'agente');

  // Someone guesses from many addresses at once (TEST-NET-1, never a test visitor's address).
  const guesser = await playwrightRequest.newContext({ baseURL });
  const failures = await Promise.all(
    Array.from({ length: LOCK_AFTER }, (_, i) =>
      guesser.post('/api/login', {
        data: { email: user.email, password: `sbagliata-${i}` },
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      }),
    ),
  );
  expect(failures.map((r) => r.status())).toEqual(Array(LOCK_AFTER).fill(401));
  const signInFrom = (address: string) =>
    guesser.post('/api/login', {
      data: { email: user.email, password: user.password },
      headers: { 'x-forwarded-for': address },
    });
  const locked = await signInFrom('192.0.2.200');
  expect(locked.status()).toBe(429);
  expect((await locked.json()).code).toBe('ACCOUNT_LOCKED');

  await signInByApi(page);
  await page.goto(`/utenti?search=${encodeURIComponent(user.email)}`);
  const row = page.getByTestId(`user-row-${user.id}`);
  await expect(row.getByTestId('accesso-bloccato')).toHaveText(/^Accesso bloccato fino alle \d{2}:\d{2}$/);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'utenti-accesso-bloccato');

  // On a phone the user's card carries the same indicator and the action.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('listitem').filter({ hasText: user.email });
  await expect(card.getByTestId('accesso-bloccato')).toBeVisible();
  await expect(
    card.getByRole('button', { name: `Sblocca accesso di ${user.firstName} ${user.lastName}` }),
  ).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });

  await row.getByRole('button', { name: `Sblocca accesso di ${user.firstName} ${user.lastName}` }).click();
  const dialog = page.getByRole('alertdialog', { name: msg.user.lock.confirmTitle });
  await expect(dialog).toContainText(user.email);
  await screenshotBothSizes(page, 'utenti-sblocca-conferma');
  await dialog.getByRole('button', { name: msg.user.lock.confirm }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: msg.user.lock.success })).toBeVisible();
  await expect(row.getByTestId('accesso-bloccato')).toHaveCount(0);
  await expect(row.getByText('Attivo')).toBeVisible();

  // The owner's right password works again, from the same address the lock refused.
  expect((await signInFrom('192.0.2.200')).status()).toBe(200);
  await guesser.dispose();
});
