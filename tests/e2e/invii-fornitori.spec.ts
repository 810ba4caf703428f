import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { fillMessage, msg } from '#shared/messages.ts';
import { formatDayKey } from '#shared/periodi.ts';
import { romeDateKey, romeParts } from '#shared/time.ts';
import {
  adminApi,
  expect,
  expectNoSeriousA11yViolations,
  landingSubmission,
  saveWorkedExampleConfig,
  screenshotBothSizes,
  signInByApi,
  test,
} from '#test/e2e/fixtures.ts';
import { csvFile } from '#test/setup/import-files.ts';
import { SCHEDA_LUCE_COMPLETA } from '#test/support/scheda.ts';

const m = msg.inviiFornitori;
const e = msg.esitiFornitori;
const r = msg.riconciliazione;

test.describe('Invii fornitori', () => {
  test("the whole loop with Edison: layout and preview, Da inviare exported as XLSX (every complete practice once, now In Lavorazione); that same file with the supplier's outcomes back (ATTIVATO completed with its commission, KO DATI ERRATI KO); its statement paying 10 € less and an unknown POD: exactly those two differences", async ({
    page,
    request,
  }) => {
    // Three practices, a layout typed column by column, an export, outcomes and a statement.
    test.slow();
    // Edison is used by no other spec: its month holds only these practices (luce with RID: 120,00 €).
    // Two landing practices with a complete luce scheda, one still incomplete.
    const landing = await (await request.get('/api/landing/WE-FN2KFIPU')).json();
    const api = await adminApi(request);
    await saveWorkedExampleConfig(api, 'EDISON', 'luce');
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

    // The supplier sends the same file back with its outcome of each of our two services.
    const oggi = formatDayKey(romeDateKey(new Date()));
    const esiti = [
      [...rows[0], 'ESITO', 'DATA ESITO'],
      [...rows.find((row) => row[0] === String(luce[0].servizioId))!, 'ATTIVATO', oggi],
      [...rows.find((row) => row[0] === String(luce[1].servizioId))!, 'KO DATI ERRATI', oggi],
    ];
    const outcomes = new ExcelJS.Workbook();
    outcomes.addWorksheet('Esiti').addRows(esiti);
    await page.goto('/esiti-fornitori');
    await page.getByLabel(e.fornitoreLabel).selectOption({ label: 'Edison' });
    await page.getByLabel(e.tipoLabel).selectOption('luce');
    await page.getByLabel(e.fileLabel).setInputFiles({
      name: 'esiti-edison.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await outcomes.xlsx.writeBuffer()),
    });
    await page.getByRole('button', { name: e.upload }).click();
    await page.getByLabel(e.identificativi.servizio).selectOption('ID SERVIZIO');
    await page.getByLabel(e.colonnaEsito).selectOption('ESITO');
    await page.getByLabel(e.colonnaData).selectOption('DATA ESITO');
    await page.getByLabel('ATTIVATO').selectOption('completato');
    await page.getByLabel('KO DATI ERRATI').selectOption('ko_dati_errati');
    await page.getByRole('button', { name: e.verifica }).click();
    await expect(page.getByTestId('conteggio-da_applicare')).toHaveText('2');
    await page.getByRole('button', { name: e.applica }).click();
    await expect(page.getByTestId('conteggio-applicato')).toHaveText('2', { timeout: 30_000 });
    const pratica = async (id: number) =>
      (await (await api.get(`/api/pratiche/${id}`)).json()) as {
        servizi: Array<{ stato: string; koMotivazione: string | null }>;
      };
    expect((await pratica(luce[0].praticaId)).servizi[0].stato).toBe('completato');
    const commissioni = (await (await api.get('/api/commissioni?pageSize=200')).json()) as {
      items: Array<{ praticaId: number }>;
    };
    expect(commissioni.items.filter((c) => c.praticaId === luce[0].praticaId)).toHaveLength(1);
    expect((await pratica(luce[1].praticaId)).servizi[0]).toMatchObject({
      stato: 'ko',
      koMotivazione: 'dati_errati',
    });

    // Edison's statement for the month: the activation paid 10 € less, and a POD nobody sent.
    const { year, month } = romeParts(new Date());
    const periodo = `${year}-${String(month).padStart(2, '0')}`;
    await page.goto('/pagamenti-fornitori');
    await page.getByLabel(r.fornitore, { exact: true }).selectOption({ label: 'Edison' });
    await page.getByLabel(r.periodo).fill(periodo);
    await page.getByLabel(r.fileLabel).setInputFiles({
      name: 'estratto-edison.csv',
      mimeType: 'text/csv',
      buffer: csvFile([
        ['Servizio', 'POD', 'Importo'],
        [String(luce[0].servizioId), '', '€ 110,00'],
        ['', 'IT999E99999999', '35,00'],
      ]),
    });
    await page.getByRole('button', { name: r.upload }).click();
    await expect(page.getByLabel(r.colonnaImporto)).toHaveValue('Importo');
    await page.getByRole('button', { name: r.verifica }).click();
    await expect(page.getByTestId('totale-atteso')).toHaveText('€ 120,00');
    await expect(page.getByTestId('totale-pagato')).toHaveText('€ 145,00');
    await page.getByRole('button', { name: r.conferma }).click();
    const voci = page.locator('table').getByTestId('voce');
    await expect(voci).toHaveCount(2);
    await expect(voci.nth(0)).toContainText(r.voci.pagato_meno);
    await expect(voci.nth(0)).toContainText(`#${luce[0].servizioId}`);
    await expect(voci.nth(0)).toContainText('€ -10,00');
    await expect(voci.nth(1)).toContainText(r.voci.sconosciuto);
    await expect(voci.nth(1)).toContainText('IT999E99999999');
    await expect(page.getByTestId('totale-da-recuperare')).toHaveText('€ 10,00');
  });
});
