import { randomBytes } from 'node:crypto';
import { msg } from '#shared/messages.ts';
import {
  adminApi,
  apiAs,
  createStaffedPoint,
  expect,
  expectNoSeriousA11yViolations,
  screenshotBothSizes,
  saveWorkedExampleConfig,
  signInByApi,
  test,
} from '#test/e2e/fixtures.ts';
import { csvFile } from '#test/setup/import-files.ts';

const m = msg.importazione;

/** 1,000 people as Excel saves them on an Italian Windows: `;`, Windows-1252, accents. */
function peopleFile(tag: string) {
  const rows = [['Nome', 'Cognome', 'E-mail', 'Cellulare', 'Qualifica']];
  for (let i = 1; i <= 1000; i++)
    rows.push([
      'Niccolò',
      `Bàrberi ${i}`,
      `persona${i}.${tag}@importa.it`,
      '333 1234567',
      i % 2 ? 'Agente' : 'Punto Fisico',
    ]);
  rows[57][2] = 'non-una-email'; // file row 58
  rows[300][4] = 'capo'; // file row 301
  return csvFile(rows);
}

test('an admin imports 1,000 users from a Windows-1252 CSV: columns, preview, progress; the same file again adds nobody', async ({
  page,
  request,
}) => {
  const tag = randomBytes(4).toString('hex');
  const file = { name: `persone-${tag}.csv`, mimeType: 'text/csv', buffer: peopleFile(tag) };
  await signInByApi(page);
  await page.goto('/importa');
  await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
  await page.getByLabel(m.tipoLabel).selectOption('utenti');
  await page.getByLabel(m.fileLabel).setInputFiles(file);
  await page.getByRole('button', { name: m.upload }).click();

  // The suggestions, from the headers' Italian names.
  await expect(page.getByLabel(m.campi.email)).toHaveValue('2');
  await expect(page.getByLabel(m.campi.telefono)).toHaveValue('3');
  await expect(page.getByLabel(m.campi.ruolo)).toHaveValue('4');
  await page.getByRole('button', { name: m.verifica }).click();
  await expect(page.getByTestId('conteggio-nuovo')).toHaveText('998');
  await expect(page.getByTestId('conteggio-errore')).toHaveText('2');
  const errors = page.getByRole('table');
  await expect(errors.getByRole('row', { name: /58 E-mail non-una-email/ })).toContainText(
    msg.user.emailInvalid,
  );
  await expect(errors.getByRole('row', { name: /301 Qualifica capo/ })).toContainText(
    m.erroreCampi.ruoloSconosciuto,
  );
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'importa-anteprima', { fullPage: true });

  await page.getByRole('button', { name: m.applica, exact: true }).click();
  await expect(page.getByText(m.completata)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('conteggio-nuovo')).toHaveText('998');
  await screenshotBothSizes(page, 'importa-completata');

  const api = await adminApi(request);
  const found = await api.get(`/api/users?q=persona1.${tag}@importa.it`);
  expect((await found.json()).items[0]).toMatchObject({
    firstName: 'Niccolò',
    lastName: 'Bàrberi 1',
    role: 'agente',
  });

  // The same file again: the mapping is offered again, nothing is new.
  await page.getByRole('button', { name: m.nuova }).click();
  await page.getByLabel(m.tipoLabel).selectOption('utenti');
  await page.getByLabel(m.fileLabel).setInputFiles(file);
  await page.getByRole('button', { name: m.upload }).click();
  await expect(page.getByText(m.mappaturaSalvata)).toBeVisible();
  await page.getByRole('button', { name: m.verifica }).click();
  await expect(page.getByTestId('conteggio-nuovo')).toHaveText('0');
  await expect(page.getByTestId('conteggio-duplicato')).toHaveText('998');
});

/** 300 leads of one shop, each with a practice: every third a completed IREN luce, the rest IREN gas just entered. */
function leadsFile(tag: string, landingCode: string) {
  const rows = [
    [
      'Nome',
      'Cognome',
      'Cellulare',
      'E-mail',
      'Negozio',
      'Data lead',
      'Servizio',
      'Fornitore',
      'Stato',
      'Data esito',
    ],
  ];
  for (let i = 1; i <= 300; i++)
    rows.push([
      'Nicolò',
      `Fabbri ${i}`,
      `35${String(i).padStart(8, '0')}`,
      `cliente${i}.${tag}@importa.it`,
      landingCode,
      '03/03/2025',
      i % 3 === 0 ? 'Luce' : 'Gas',
      'Iren',
      i % 3 === 0 ? 'Completato' : 'Inserito',
      i % 3 === 0 ? '20/03/2025' : '',
    ]);
  rows[40][3] = 'non-una-email'; // file row 41
  return csvFile(rows);
}

test('an admin imports 300 leads with their practices; with the box ticked the completed services get commissions', async ({
  page,
  request,
  baseURL,
}) => {
  const tag = randomBytes(4).toString('hex');
  const api = await adminApi(request);
  await saveWorkedExampleConfig(api, 'IREN', 'luce');
  const { point, responsabile } = await createStaffedPoint(api, `Bar Import ${tag}`);
  await signInByApi(page);
  await page.goto('/importa');
  await page.getByLabel(m.tipoLabel).selectOption('leads');
  await page.getByLabel(m.fileLabel).setInputFiles({
    name: `lead-${tag}.csv`,
    mimeType: 'text/csv',
    buffer: leadsFile(tag, point.landingCode),
  });
  await page.getByRole('button', { name: m.upload }).click();
  await expect(page.getByLabel(m.campi.punto)).toHaveValue('4');
  await expect(page.getByLabel(m.campi.statoServizio)).toHaveValue('8');
  await page.getByLabel(m.calcolaCommissioni).check();
  await page.getByRole('button', { name: m.verifica }).click();
  await expect(page.getByTestId('conteggio-nuovo')).toHaveText('299');
  await expect(page.getByTestId('conteggio-errore')).toHaveText('1');
  await expect(page.getByRole('table').getByRole('row', { name: /41 E-mail non-una-email/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'importa-lead-anteprima', { fullPage: true });

  await page.getByRole('button', { name: m.applica, exact: true }).click();
  await expect(page.getByText(m.completata)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('conteggio-nuovo')).toHaveText('299');
  await screenshotBothSizes(page, 'importa-lead-completata');

  // The shop's owner sees the 100 commissions of the completed services (30,00 € each, the worked example).
  const owner = await apiAs(baseURL, responsabile);
  const list = await (await owner.get('/api/commissioni?pageSize=5')).json();
  expect(list.total).toBe(100);
  expect(list.items[0]).toMatchObject({ importoPuntoFisico: '30.00' });
});

test('the invitation page refuses a link that is not valid, in Italian', async ({ page }) => {
  await page.goto('/imposta-password#link-non-valido-0123456789abcdef');
  await expect(page.getByRole('heading', { name: msg.invito.title })).toBeVisible();
  await page.getByLabel(msg.invito.password, { exact: true }).fill('una-password-nuova');
  await page.getByLabel(msg.invito.confirm).fill('una-password-nuova');
  await page.getByRole('button', { name: msg.invito.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(msg.invito.invalid);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'imposta-password');
});
