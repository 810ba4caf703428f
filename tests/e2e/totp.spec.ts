import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import {
  adminApi,
  createUser,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  test,
  screenshotBothSizes,
} from '#test/e2e/fixtures.ts';

// The second factor end to end: docs/security.md#verifica-in-due-passaggi

/** A code of the next 30-second step: the enrolment may have spent the current one. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

test('an admin enrols on the profile, then signs in with a code and with a recovery code', async ({
  page,
  request,
}) => {
  // Three sign-ins, five axe runs: longer than one screen's test.
  test.setTimeout(120_000);
  const admin = await createUser(await adminApi(request), 'admin');
  await signIn(page, admin.email, admin.password);

  await page.goto('/profilo');
  const section = page.getByRole('region', { name: 'Verifica in due passaggi' });
  await expect(section).toContainText('Non attiva');
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'totp-profilo-off');

  await section.getByRole('button', { name: 'Attiva la verifica in due passaggi' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'totp-profilo-enrol');

  // A wrong code first: refused beside the field, nothing enabled.
  await section.getByLabel('Codice di verifica').fill('000000');
  await section.getByRole('button', { name: 'Conferma e attiva' }).click();
  await expect(section.getByRole('alert')).toContainText('Codice non valido');

  await section.getByLabel('Codice di verifica').fill(await generate({ secret }));
  await section.getByRole('button', { name: 'Conferma e attiva' }).click();
  const codesList = section.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codesList).toHaveCount(10);
  const recoveryCodes = await codesList.allTextContents();
  for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'totp-profilo-codes');
  await section.getByRole('button', { name: 'Li ho conservati' }).click();
  await expect(section).toContainText('Attiva dal');
  await expect(section).toContainText('Codici di recupero ancora validi: 10 su 10');
  await screenshotBothSizes(page, 'totp-profilo-on');

  // Sign-in with the app's code.
  await signOut(page);
  await passwordStep(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Verifica in due passaggi' })).toBeVisible();
  const code = page.getByLabel('Codice di verifica');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(page).toHaveURL(/\/auth$/);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'totp-login-code');
  await code.fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Verifica' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard Amministratore' })).toBeVisible();

  // Sign-in with a recovery code: it works once.
  await signOut(page);
  await passwordStep(page, admin.email, admin.password);
  await page.getByRole('button', { name: 'Non hai il telefono? Usa un codice di recupero' }).click();
  await page.getByLabel('Codice di recupero').fill(recoveryCodes[0]);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'totp-login-recovery');
  await page.getByRole('button', { name: 'Verifica' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Hai usato un codice di recupero: te ne restano 9.').first()).toBeVisible();

  await signOut(page);
  await passwordStep(page, admin.email, admin.password);
  await page.getByRole('button', { name: 'Non hai il telefono? Usa un codice di recupero' }).click();
  await page.getByLabel('Codice di recupero').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verifica' }).click();
  await expect(page.getByRole('alert')).toContainText('Codice di recupero non valido o già usato');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a role the admin requires it for enrols right after the password', async ({ page, request }) => {
  const api = await adminApi(request);
  const user = await createUser(api, 'amministrazione');

  await signIn(page);
  await page.goto('/utenti');
  const card = page.getByRole('region', { name: 'Verifica in due passaggi per ruolo' });
  const rule = card.getByRole('switch', { name: /Amministrazione/ });
  await expect(rule).toHaveAttribute('aria-checked', 'false');
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'totp-utenti-ruoli');
  await rule.click();
  await expect(rule).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Impostazione salvata', { exact: false }).first()).toBeVisible();

  try {
    await signOut(page);
    await passwordStep(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Attiva la verifica in due passaggi' })).toBeVisible();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'totp-login-enrol');
    await page.getByLabel('Codice di verifica').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Conferma e attiva' }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    // Still on the sign-in until the codes were seen.
    await expect(page).toHaveURL(/\/auth$/);
    await screenshotBothSizes(page, 'totp-login-enrol-codes');
    await page.getByRole('button', { name: 'Li ho conservati' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/profilo');
    const section = page.getByRole('region', { name: 'Verifica in due passaggi' });
    await expect(section).toContainText('Per il tuo ruolo la verifica in due passaggi è obbligatoria.');
    await expect(section.getByRole('button', { name: 'Disattiva' })).toHaveCount(0);
  } finally {
    const off = await api.put('/api/security/roles/amministrazione', { data: { totpRequired: false } });
    expect(off.ok()).toBeTruthy();
  }
});
