import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { fillMessage, msg } from '#shared/messages.ts';
import {
  adminApi,
  expect,
  expectNoSeriousA11yViolations,
  landingSubmission,
  screenshotBothSizes,
  signInByApi,
  test,
} from '#test/e2e/fixtures.ts';
import { SCHEDA_LUCE_COMPLETA } from '#test/support/scheda.ts';

const m = msg.inviiFornitori;

test.describe('Invii fornitori', () => {
  test('admin builds Edison luce layout, sees the preview, exports Da inviare as XLSX: every complete practice once, now In Lavorazione', async ({
    page,
    request,
  }) => {
    // Three practices, a layout typed column by column and an export: slow on a busy machine.
    test.slow();
    // Two landing practices with a complete luce scheda, one still incomplete.
    const landing = await (await request.get('/api/landing/WE-FN2KFIPU')).json();
    const api = await adminApi(request);
    const n = Date.now().toString().slice(-7);
    const luce: Array<{ praticaId: number; servizioId: number; cognome: string }> = [];
    for (const [i, completa] of [true, true, false].entries()) {
      const cognome = `Invio${n}${i}`;
      const res = await request.post('/api/submit-form', {
        headers: { 'Idempotency-Key': `e2e-invii-${n}-${i}` },
        data: landingSubmission({
          nome: 'Lia',
          cognome,
          telefono: `349${n}${i}`,
          email: `lia.${n}${i}@esempio.it`,
          serviziRichiesti: ['luce'],
          puntoFisicoId: landing.puntoFisicoId,
        }),
      });
      expect(res.status(), await res.text()).toBeLessThan(300);
      const { praticaId } = await res.json();
      const pratica = await (await api.get(`/api/pratiche/${praticaId}`)).json();
      const servizioId = pratica.servizi[0].id as number;
      const scheda = { ...SCHEDA_LUCE_COMPLETA, cognome, ...(completa ? {} : { iban: '' }) };
      expect((await api.put(`/api/servizi/${servizioId}/scheda`, { data: scheda })).status()).toBe(200);
      if (completa) luce.push({ praticaId, servizioId, cognome });
    }

    await signInByApi(page);
    await page.goto('/invii-fornitori');
    await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
    await page.getByLabel(m.fornitore, { exact: true }).selectOption({ label: 'Edison' });
    await expect(page.getByLabel(m.servizio, { exact: true })).toHaveValue('luce');
    const daInviare = page.getByRole('table', { name: m.tabs.daInviare });
    for (const { cognome } of luce) await expect(daInviare).toContainText(cognome);
    await expect(daInviare).not.toContainText(`Invio${n}2`);
    const totale = Number((await page.getByTestId('da-inviare-totale').textContent())!.match(/\d+/)![0]);

    // The layout: from nothing, four columns of the practice and its scheda and a fixed value.
    await expect(page.getByTestId('tracciato-versione')).toHaveText(m.predefinito);
    await page.getByRole('button', { name: m.svuota }).click();
    const colonne: Array<[string, string, string?]> = [
      ['ID SERVIZIO', 'Numero servizio'],
      ['COGNOME', 'Cognome'],
      ['POD', 'POD'],
      ['FIRMA', 'Data di firma'],
      ['AGENZIA', m.fisso, 'WINSOLUTION'],
    ];
    for (const [i, [intestazione, dato, valore]] of colonne.entries()) {
      await page.getByRole('button', { name: m.aggiungiColonna }).click();
      await page.locator(`#colonna-${i}-intestazione`).fill(intestazione);
      await page.locator(`#colonna-${i}-sorgente`).selectOption({ label: dato });
      if (valore) await page.locator(`#colonna-${i}-valore`).fill(valore);
    }
    await page
      .locator('#colonna-1-intestazione')
      .locator('xpath=ancestor::li')
      .getByLabel(m.maiuscolo)
      .check();
    await page.locator('#colonna-3-formato').selectOption('yyyy-MM-dd');

    const anteprima = page.getByRole('table', { name: m.anteprima });
    await expect(anteprima.getByRole('columnheader')).toHaveText(colonne.map((c) => c[0]));
    await expect(anteprima).toContainText(luce[0].cognome.toUpperCase());
    await expect(anteprima).toContainText('2026-12-01');
    await page.getByRole('button', { name: m.salvaTracciato }).click();
    await expect(page.getByTestId('toast')).toContainText(fillMessage(m.tracciatoSalvato, { versione: 1 }));
    await expect(page.getByTestId('tracciato-versione')).toContainText('Versione 1');
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'invii-fornitori-tracciato', { fullPage: true });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: m.esportaXlsx }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^lotto-edison-\d+\.xlsx$/);
    await expect(page.getByTestId('toast')).toContainText(/Lotto \d+ creato/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0].eachRow((row) =>
      rows.push((row.values as Array<string | number>).slice(1).map(String)),
    );
    expect(rows[0]).toEqual(colonne.map((c) => c[0]));
    expect(rows).toHaveLength(totale + 1);
    const ids = rows.slice(1).map((r) => r[0]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { servizioId, cognome } of luce)
      expect(rows.filter((r) => r[0] === String(servizioId))).toEqual([
        [String(servizioId), cognome.toUpperCase(), 'IT001E12345678', '2026-12-01', 'WINSOLUTION'],
      ]);

    await expect(page.getByText(m.daInviareVuoto, { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: m.tabs.lotti })).toContainText(String(totale));
    await screenshotBothSizes(page, 'invii-fornitori-lotti', { fullPage: true });

    await page.goto(`/pratiche/${luce[0].praticaId}`);
    // The practice's screen is a chunk of its own: on a busy machine it may take a while to open.
    await expect(page.getByTestId('servizio-luce')).toContainText(msg.servizio.statoLabels.in_lavorazione, {
      timeout: 30_000,
    });
    await expect(page.getByTestId('servizio-luce')).toContainText('Edison');
  });
});
