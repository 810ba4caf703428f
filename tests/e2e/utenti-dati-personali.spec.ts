import { readFileSync } from 'node:fs';
import { fillMessage, msg } from '#shared/messages.ts';
import {
  adminApi,
  createUser,
  expect,
  expectNoSeriousA11yViolations,
  screenshotBothSizes,
  signInByApi,
  test,
} from '#test/e2e/fixtures.ts';

// A staff member's own data, exported and erased from Utenti: docs/privacy.md#dati-dello-staff
const m = msg.user.datiPersonali;

test('the admin exports a staff member’s data as JSON, then erases it: the row shows the pseudonym', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const user = await createUser(api, 'agente');
  const nome = `${user.firstName} ${user.lastName}`;
  await signInByApi(page);
  await page.goto(`/utenti?search=${encodeURIComponent(user.email)}`);
  const row = page.getByTestId(`user-row-${user.id}`);
  await expect(row).toContainText(user.email, { timeout: 20_000 });

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: fillMessage(m.esportaOf, { nome }) }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^dati-personali-utente-${user.id}-.*\\.json$`));
  const dati = JSON.parse(readFileSync(await download.path(), 'utf8')) as { utente: { email: string } };
  expect(dati.utente.email).toBe(user.email);

  await row.getByRole('button', { name: fillMessage(m.cancellaOf, { nome }) }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(fillMessage(m.title, { nome }));
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'utenti-cancella-dati');
  await dialog.getByRole('button', { name: m.confirm }).click();
  await expect(page.getByTestId('toast').getByText(m.success)).toBeVisible();

  // The search by the old e-mail finds nobody; the pseudonym's row says the data are gone.
  await page.goto(`/utenti?search=${encodeURIComponent(`utente-${user.id}@cancellato.invalid`)}`);
  const erased = page.getByTestId(`user-row-${user.id}`);
  await expect(erased).toContainText(`${m.pseudonimoNome} ${m.pseudonimoCognome} #${user.id}`);
  await expect(erased).toContainText(m.cancellatiBadge);
  await expect(erased.getByRole('button', { name: new RegExp(m.cancella) })).toHaveCount(0);
  await screenshotBothSizes(page, 'utenti-dati-cancellati', { closeToast: true });
  await page.goto(`/utenti?search=${encodeURIComponent(user.email)}`);
  await expect(page.getByTestId(`user-row-${user.id}`)).toHaveCount(0);
});
