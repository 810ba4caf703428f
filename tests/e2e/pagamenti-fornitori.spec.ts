import { msg } from '#shared/messages.ts';
import { romeParts } from '#shared/time.ts';
import {
  adminApi,
  createStaffedPoint,
  expect,
  expectNoSeriousA11yViolations,
  saveWorkedExampleConfig,
  screenshotBothSizes,
  signInByApi,
  test,
} from '#test/e2e/fixtures.ts';
import { commissionsFromWorkflow } from '#test/e2e/workflow.ts';
import { csvFile } from '#test/setup/import-files.ts';

const m = msg.riconciliazione;

/** Supplier payment reconciliation (docs/product/fornitori-riconciliazione.md). */
test('a statement paying one activation 10 € less and naming an unknown POD shows exactly those two differences; export; close with a note', async ({
  page,
  request,
}) => {
  // IREN is used by no other spec: its month holds only this practice (luce 240,00 €, gas 100,00 €).
  const api = await adminApi(request);
  for (const servizio of ['luce', 'gas']) await saveWorkedExampleConfig(api, 'IREN', servizio);
  const { point } = await createStaffedPoint(api, `Bar Riconciliazione ${Date.now()}`);
  const w = await commissionsFromWorkflow(api, point.landingCode, 'IREN');
  const { year, month } = romeParts(new Date());
  const periodo = `${year}-${String(month).padStart(2, '0')}`;
  const statement = csvFile([
    [`Estratto provvigioni ${periodo}`],
    ['Servizio', 'POD', 'Importo'],
    [String(w.luceId), '', '€ 230,00'],
    [String(w.gasId), '', '100,00'],
    ['', 'IT999E99999999', '35,00'],
  ]);

  await signInByApi(page);
  await page.goto('/pagamenti-fornitori');
  await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
  await page.getByLabel(m.fornitore, { exact: true }).selectOption({ label: 'Iren' });
  await page.getByLabel(m.periodo).fill(periodo);
  await page
    .getByLabel(m.fileLabel)
    .setInputFiles({ name: 'estratto-iren.csv', mimeType: 'text/csv', buffer: statement });
  await page.getByRole('button', { name: m.upload }).click();

  // The columns are proposed from their names.
  await expect(page.getByLabel(m.colonnaImporto)).toHaveValue('Importo');
  await expect(page.getByLabel(m.colonnaDi(m.chiavi.servizioId))).toHaveValue('Servizio');
  await expect(page.getByLabel(m.colonnaDi(m.chiavi.podPdr))).toHaveValue('POD');
  // While the preview runs the screen shows how far it is (the request held here until it is seen).
  let release = () => {};
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/anteprima', async (route) => {
    await seen;
    await route.continue();
  });
  await page.getByRole('button', { name: m.verifica }).click();
  await expect(page.getByRole('progressbar', { name: m.verificando })).toBeVisible();
  await expect(page.getByText(m.avanzamento(0, 3))).toBeVisible();
  await screenshotBothSizes(page, 'pagamenti-anteprima-in-corso');
  release();

  await expect(page.getByText(m.stepAnteprima)).toBeVisible();
  await expect(page.getByTestId('totale-atteso')).toHaveText('€ 340,00');
  await expect(page.getByTestId('totale-pagato')).toHaveText('€ 365,00');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: m.conferma }).click();

  // The reconciliation: exactly the two differences, totals to the cent.
  await expect(page.getByTestId('stato-riconciliazione')).toHaveText(m.stati.aperta);
  await expect(page.getByTestId('totale-differenza')).toHaveText('€ 25,00');
  await expect(page.getByTestId('totale-da-recuperare')).toHaveText('€ 10,00');
  const voci = page.locator('table').getByTestId('voce');
  await expect(voci).toHaveCount(2);
  await expect(voci.nth(0)).toContainText(m.voci.pagato_meno);
  await expect(voci.nth(0)).toContainText(`#${w.luceId}`);
  await expect(voci.nth(0)).toContainText('€ -10,00');
  await expect(voci.nth(1)).toContainText(m.voci.sconosciuto);
  await expect(voci.nth(1)).toContainText('IT999E99999999');
  await expect(voci.nth(1)).toContainText('€ 35,00');
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'pagamenti-fornitori', { fullPage: true, closeToast: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: m.esporta }).click();
  expect((await download).suggestedFilename()).toMatch(/^riconciliazione-.*\.xlsx$/);

  await page.getByRole('button', { name: m.chiudi }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(m.nota).fill('Iren recupera i 10 € sul prossimo estratto');
  await dialog.getByRole('button', { name: m.chiudi }).click();
  await expect(page.getByTestId('stato-riconciliazione')).toHaveText(m.stati.chiusa);
  await expect(page.getByTestId('chiusura')).toContainText('Iren recupera i 10 € sul prossimo estratto');
  await expect(page.getByRole('button', { name: m.chiudi })).toHaveCount(0);
});
