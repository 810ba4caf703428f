import { readFileSync } from 'node:fs';
import { msg } from '#shared/messages.ts';
import { pdfText } from '#test/setup/estratti.ts';
import { samplePdf } from '#test/setup/sample-files.ts';
import {
  adminApi,
  createStaffedPoint,
  expect,
  expectNoSeriousA11yViolations,
  saveWorkedExampleConfig,
  signInByApi,
  test,
  screenshot,
} from '#test/e2e/fixtures.ts';
import { commissionsFromWorkflow } from '#test/e2e/workflow.ts';

/**
 * The back-office paths the desktop specs walk at 1440×900, walked again on a phone (390×844):
 * the statement download, a document added by staff, the not-found page.
 */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('Back-office on a phone', () => {
  test.beforeEach(async ({ page }) => page.setViewportSize({ width: 390, height: 844 }));

  test("the area manager downloads this quarter's statement as PDF: its text shows the screen's totals", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const T = msg.estrattoConto.totali;
    const api = await adminApi(request);
    for (const servizio of ['luce', 'gas']) await saveWorkedExampleConfig(api, 'SORGENIA', servizio);
    const { point, areaManager } = await createStaffedPoint(api, `Tabacchi Telefono ${stamp()}`, {
      areaManager: { firstName: 'Lia', lastName: `Moro${stamp()}` },
    });
    await commissionsFromWorkflow(api, point.landingCode);

    await signInByApi(page, areaManager.email, areaManager.password);
    await page.goto('/commissioni');
    // The area manager's share of the worked example: luce 7.00 + gas 1.50.
    await expect(page.getByTestId('stat-commissioni-totale-value')).toHaveText('€ 8,50');
    await page.getByRole('button', { name: 'Estratto conto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Estratto conto' });
    await expect(dialog.getByLabel('Periodo')).toHaveValue(/^\d{4}-T[1-4]$/);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'estratto-conto-area-manager-390');

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const text = pdfText(readFileSync(await download.path()));
    expect(text).toContain(areaManager.lastName);
    expect(text).toMatch(new RegExp(`${T.totale}:?\\s+€\\s*8,50`));
    expect(text).toMatch(new RegExp(`${T.daPagare}:?\\s+€\\s*8,50`));
  });

  test('the admin adds a bill to a practice from its card, and sees who added it', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const api = await adminApi(request);
    for (const servizio of ['luce', 'gas']) await saveWorkedExampleConfig(api, 'SORGENIA', servizio);
    const { point } = await createStaffedPoint(api, `Merceria Telefono ${stamp()}`);
    const { praticaId } = await commissionsFromWorkflow(api, point.landingCode);

    await signInByApi(page);
    await page.goto(`/pratiche/${praticaId}`);
    const card = page.getByTestId(`pratica-${praticaId}`);
    await card.getByText('Documenti (0)').click();
    await card.getByTestId('add-documenti-input').setInputFiles({
      name: 'bolletta-telefono.pdf',
      mimeType: 'application/pdf',
      buffer: await samplePdf('Bolletta arrivata su WhatsApp'),
    });
    await expect(page.getByTestId('toast').filter({ hasText: 'Documento aggiunto' })).toBeVisible();
    await expect(card.getByText('Documenti (1)')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Scarica bolletta-telefono.pdf' })).toBeVisible();
    await expect(card.getByText(/^Caricato da .+ il \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'pratica-documento-staff-390', { fullPage: true });
  });

  test("an unknown address says 'Pagina non trovata' and leads back to the dashboard", async ({ page }) => {
    await signInByApi(page);
    await page.goto('/pratiche/non-esiste/davvero');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'not-found-390');
    await page.getByRole('link', { name: 'Torna alla dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard Amministratore' })).toBeVisible();
  });
});
