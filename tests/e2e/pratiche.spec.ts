import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { readCsvRows, readXlsxRows } from '#test/setup/spreadsheet.ts';
import {
  adminApi,
  apiAs,
  createStaffedPoint,
  expect,
  expectNoSeriousA11yViolations,
  landingSubmission,
  signInByApi,
  test,
  type E2EUser,
  saveWorkedExampleConfig,
  screenshot,
  screenshotBothSizes,
} from '#test/e2e/fixtures.ts';
import { searchPoint } from '#test/e2e/combobox.ts';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function samplePdf() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 200]);
  page.drawText('Bolletta luce di prova', {
    x: 40,
    y: 100,
    size: 18,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save());
}

let phoneSeq = 0;
/** A practice as the landing of that point creates it, with a bill uploaded. */
async function practiceFromLanding(request: APIRequestContext, landingCode: string) {
  const landing = await (await request.get(`/api/landing/${landingCode}`)).json();
  const n = `${Date.now().toString().slice(-6)}${String(phoneSeq++ % 100).padStart(2, '0')}`;
  const telefono = `347${n}`;
  const res = await request.post('/api/submit-form', {
    headers: { 'Idempotency-Key': `e2e-pratiche-${n}` },
    data: landingSubmission(
      {
        nome: 'Marta',
        cognome: `Rinaldi${n}`,
        telefono,
        email: `marta.${n}@esempio.it`,
        serviziRichiesti: ['luce', 'gas'],
        orarioContatto: '10:00-11:00',
        puntoFisicoId: landing.puntoFisicoId,
      },
      { hasLuceFile: true, uploadMethod: 'separate' },
    ),
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const { praticaId, uploadToken } = await res.json();
  const upload = await request.post(`/api/pratiche/${praticaId}/upload`, {
    headers: { 'X-Upload-Token': uploadToken },
    multipart: {
      luceFile: { name: 'bolletta-luce.pdf', mimeType: 'application/pdf', buffer: await samplePdf() },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  return { praticaId: praticaId as number, telefono, cognome: `Rinaldi${n}` };
}

async function openEdit(page: Page, praticaId: number, servizio: 'Luce' | 'Gas') {
  await page.getByRole('button', { name: `Modifica ${servizio} della pratica #${praticaId}` }).click();
  return page.getByRole('dialog');
}

test.describe('Pratiche', () => {
  test("from a real point's landing practice to a completed luce with the four amounts of the worked example, a KO gas found by reason, a document viewed", async ({
    page,
    request,
    baseURL,
  }) => {
    const api = await adminApi(request);
    await saveWorkedExampleConfig(api);
    // A point with its responsabile, agent and area manager, all made through the admin API.
    const { point, responsabile, agente, areaManager } = await createStaffedPoint(
      api,
      `Ottica Sole ${stamp()}`,
    );
    const { praticaId, telefono, cognome } = await practiceFromLanding(page.request, point.landingCode);

    await signInByApi(page);
    await page.goto(`/pratiche?search=${telefono}`);
    await expect(page.getByRole('heading', { name: 'Gestione Pratiche' })).toBeVisible();
    await expect(page.getByLabel('Cerca')).toHaveValue(telefono);
    const card = page.getByTestId(`pratica-${praticaId}`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(`Pratica #${praticaId}`);
    await expect(card).toContainText(point.nomeAttivita);
    await expect(card).toContainText('10:00-11:00');
    await expect(card.getByTestId('servizio-luce')).toContainText('Inserito');
    await expectNoSeriousA11yViolations(page);

    // inserito → in_lavorazione
    let dialog = await openEdit(page, praticaId, 'Luce');
    await dialog.getByLabel('Stato').selectOption('in_lavorazione');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByTestId('toast')).toContainText('Stato del servizio aggiornato');
    await expect(card.getByTestId('servizio-luce')).toContainText('In Lavorazione');
    await expect(card).toContainText('In Lavorazione');

    // completato: supplier, RID and 2 supplies; submit disabled until a supplier is chosen.
    dialog = await openEdit(page, praticaId, 'Luce');
    await dialog.getByLabel('Stato').selectOption('completato');
    const save = dialog.getByRole('button', { name: 'Salva' });
    await expect(save).toBeDisabled();
    await expect(dialog.getByLabel('Fornitore')).toContainText('Enel Energia');
    await dialog.getByLabel('Fornitore').selectOption({ label: 'Enel Energia' });
    await dialog.getByLabel(/RID presente/).check();
    await dialog.getByLabel('Numero forniture').fill('11');
    await expect(dialog.getByText('Il numero di forniture deve essere tra 1 e 10')).toBeVisible();
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Numero forniture').fill('2');
    await expect(save).toBeEnabled();
    await screenshot(page, 'pratiche-dialog-1440');
    await save.click();
    await expect(page.getByTestId('toast')).toContainText('Stato del servizio aggiornato');
    await expect(card.getByTestId('servizio-luce')).toContainText('Completato');
    await expect(card.getByTestId('servizio-luce')).toContainText('Enel Energia');

    // The commission, through the API: the worked example of docs/product/commissions.md#esempio-svolto, revenue 2 × (100 + 20) =
    // 240.00 = 40.00 (point) + 20.00 (agent) + 7.00 (area manager) + 173.00 (structure).
    const list = await (await api.get('/api/commissioni?pageSize=200')).json();
    const mine = list.items.filter((c: { praticaId: number }) => c.praticaId === praticaId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      tipoServizio: 'luce',
      fornitore: 'ENEL',
      puntoFisicoId: point.id,
      importoPuntoFisico: '40.00',
      importoAgente: '20.00',
      importoAreaManager: '7.00',
      importoAmministrazione: '173.00',
      statoPagamento: 'non_pagato',
      unitaBase: 1,
      unitaAggiuntive: 1,
    });

    // Each payee, signed in through the API, sees the commission with only their own amount.
    const own: Array<[E2EUser, string, string]> = [
      [agente, 'importoAgente', '20.00'],
      [areaManager, 'importoAreaManager', '7.00'],
      [responsabile, 'importoPuntoFisico', '40.00'],
    ];
    for (const [user, field, amount] of own) {
      const asUser = await apiAs(baseURL, user);
      const res = await asUser.get('/api/commissioni?pageSize=200');
      expect(res.status()).toBe(200);
      const items = (await res.json()).items as Array<Record<string, unknown>>;
      const seen = items.filter((c) => c.praticaId === praticaId);
      expect(seen, field).toHaveLength(1);
      expect(Object.keys(seen[0]).filter((k) => k.startsWith('importo'))).toEqual([field]);
      expect(seen[0][field]).toBe(amount);
      await asUser.dispose();
    }

    // gas KO: the reason is required.
    dialog = await openEdit(page, praticaId, 'Gas');
    await dialog.getByLabel('Stato').selectOption('ko');
    await expect(dialog.getByRole('button', { name: 'Salva' })).toBeDisabled();
    await dialog.getByLabel('Motivazione KO').selectOption('cliente_non_interessato');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(card.getByTestId('servizio-gas')).toContainText('KO');
    await expect(card.getByTestId('servizio-gas')).toContainText('Motivazione KO: Cliente non interessato');
    await card.getByTestId('servizio-gas').getByText('Storico stati (1)').click();
    await expect(card.getByTestId('servizio-gas')).toContainText('Inserito → KO (Cliente non interessato)');
    await expect(card.getByText('Completata', { exact: true })).toBeVisible();

    // Found with the KO filter; the reason filter appears only while KO is toggled.
    await page.getByRole('button', { name: 'Reset Filtri' }).click();
    await expect(page).toHaveURL(/\/pratiche$/);
    await expect(page.getByLabel('Cerca')).toHaveValue('');
    await expect(page.getByLabel('Motivazione KO')).toHaveCount(0);
    await page.getByRole('button', { name: /^KO/ }).click();
    await expect(page.getByRole('button', { name: /^KO/ })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Motivazione KO').selectOption('cliente_non_interessato');
    await expect(card).toBeVisible();
    await page.getByLabel('Motivazione KO').selectOption('dati_errati');
    await expect(card).toHaveCount(0);
    await page.getByLabel('Motivazione KO').selectOption('cliente_non_interessato');
    await expect(card).toBeVisible();

    // 'Esporta' exports what the filters show: KO for 'Cliente non interessato' and
    // this customer's phone give this practice only, one row per service.
    await page.getByLabel('Cerca').fill(telefono);
    // The search applies once the typing stops: wait for it in the address, since the KO filters
    // alone may already find this one practice.
    await expect(page).toHaveURL(new RegExp(`search=${telefono}`));
    await expect(page.getByText('1 pratica trovata')).toBeVisible();
    await page.getByRole('button', { name: 'Esporta' }).click();
    await expect(page.getByText('Esporta le pratiche filtrate, una riga per servizio')).toBeVisible();
    await screenshot(page, 'pratiche-export-menu-1440');
    const xlsxPromise = page.waitForEvent('download');
    const exportRequest = page.waitForRequest((r) => r.url().includes('/api/pratiche/export?'));
    await page.getByRole('button', { name: 'Excel (.xlsx)' }).click();
    const exportUrl = new URL((await exportRequest).url());
    expect(Object.fromEntries(exportUrl.searchParams)).toEqual({
      search: telefono,
      stato: 'ko',
      koMotivazione: 'cliente_non_interessato',
      format: 'xlsx',
    });
    const xlsx = await xlsxPromise;
    expect(xlsx.suggestedFilename()).toMatch(/^pratiche-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = readXlsxRows(readFileSync((await xlsx.path())!));
    expect(rows[0]).toEqual([
      'Pratica',
      'Data creazione',
      'Stato pratica',
      'Cliente',
      'Telefono',
      'Email',
      'Punto fisico',
      'Orario contatto',
      'Servizio',
      'Stato servizio',
      'Motivazione KO',
      'Fornitore',
      'RID',
      'Numero forniture',
      'Ultimo aggiornamento',
    ]);
    expect(rows).toHaveLength(3);
    const [luce, gas] = rows.slice(1);
    for (const row of [luce, gas]) {
      expect(row.slice(2, 8)).toEqual([
        'Completata',
        `Marta ${cognome}`,
        telefono,
        `marta.${telefono.slice(3)}@esempio.it`,
        point.nomeAttivita,
        '10:00-11:00',
      ]);
      expect(row[0]).toBe(String(praticaId));
      expect(row[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    }
    expect(luce.slice(8, 14)).toEqual(['Luce', 'Completato', '', 'Enel Energia', 'Sì', '2']);
    expect(gas.slice(8, 14)).toEqual(['Gas', 'KO', 'Cliente non interessato', '', 'No', '1']);
    await page.getByRole('button', { name: 'Esporta' }).click();
    const csvPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV (.csv)' }).click();
    const csv = await csvPromise;
    expect(csv.suggestedFilename()).toMatch(/^pratiche-\d{4}-\d{2}-\d{2}\.csv$/);
    const csvRows = readCsvRows(readFileSync((await csv.path())!));
    expect(csvRows.map((r) => r.slice(0, 14))).toEqual(
      rows.map((r) => Array.from({ length: 14 }, (_, i) => r[i] ?? '')),
    );

    // A refused export says so in a toast, and the button is usable again.
    await page.route('**/api/pratiche/export?**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Servizio non disponibile', code: 'UNAVAILABLE' }),
      }),
    );
    await page.getByRole('button', { name: 'Esporta' }).click();
    await page.getByRole('button', { name: 'CSV (.csv)' }).click();
    await expect(page.getByTestId('toast')).toContainText('Servizio non disponibile');
    await expect(page.getByRole('button', { name: 'Esporta' })).toBeEnabled();
    await page.unroute('**/api/pratiche/export?**');
    await page.getByLabel('Cerca').fill('');

    await page.getByRole('button', { name: /^KO/ }).click();
    await expect(page.getByLabel('Motivazione KO')).toHaveCount(0);

    // The bill uploaded on the landing, viewed inline.
    await card.getByText('Documenti (1)').click();
    await card.getByRole('button', { name: 'Visualizza bolletta-luce.pdf' }).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.getByRole('heading', { name: 'bolletta-luce.pdf' })).toBeVisible();
    await expect(viewer.locator('iframe[title="bolletta-luce.pdf"]')).toBeVisible();
    await screenshot(page, 'pratiche-viewer-1440');
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Scarica bolletta-luce.pdf' })).toHaveAttribute(
      'href',
      new RegExp(`^/api/pratiche/${praticaId}/files/[0-9a-f]{32}\\.pdf$`),
    );
    await screenshot(page, 'pratiche-1440', { fullPage: false });
  });

  test('point-of-sale filter: suggestions by name or address from 2 characters, a choice filters by point, ?puntoFisicoId= from the points screen pre-selects it', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const s = stamp();
    const { point } = await createStaffedPoint(api, `Edicola Stella ${s}`, {
      indirizzo: `Corso Vercelli ${s}, Torino`,
    });
    const { point: other } = await createStaffedPoint(api, `Edicola Cometa ${s}`);
    const mine = await practiceFromLanding(page.request, point.landingCode);
    const theirs = await practiceFromLanding(page.request, other.landingCode);
    const mineCard = page.getByTestId(`pratica-${mine.praticaId}`);
    const theirsCard = page.getByTestId(`pratica-${theirs.praticaId}`);

    await signInByApi(page);
    await page.goto('/pratiche');
    await expect(theirsCard).toBeVisible();
    const pointBox = page.getByRole('combobox', { name: 'Punto fisico' });
    let suggestions = await searchPoint(page, 'E');
    await expect(suggestions.getByRole('status')).toHaveText('Digita almeno 2 caratteri');
    await expect(suggestions.getByRole('option')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    // By name, whatever the case: both points, after 'Tutti i punti fisici'.
    suggestions = await searchPoint(page, s.toUpperCase());
    await expect(suggestions.getByRole('option')).toHaveCount(3);
    await expect(suggestions.getByRole('option').first()).toHaveText('Tutti i punti fisici');
    await expect(suggestions.getByRole('option', { name: new RegExp(`Edicola Cometa ${s}`) })).toBeVisible();
    await screenshot(page, 'pratiche-punto-filter-1440');

    // By address: only the point on Corso Vercelli; choosing it filters the list by its id.
    suggestions = await searchPoint(page, `vercelli ${s}`);
    await expect(suggestions.getByRole('option')).toHaveCount(2);
    const filtered = page.waitForResponse(
      (r) => r.url().includes(`/api/pratiche?`) && r.url().includes(`puntoFisicoId=${point.id}`),
    );
    await suggestions
      .getByRole('option', { name: new RegExp(`Edicola Stella ${s}.*Corso Vercelli`) })
      .click();
    expect((await filtered).status()).toBe(200);
    await expect(pointBox).toHaveText(point.nomeAttivita);
    await expect(page.getByText('1 pratica trovata')).toBeVisible();
    await expect(mineCard).toBeVisible();
    await expect(theirsCard).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Removing the point shows every practice again.
    await page.getByRole('button', { name: 'Rimuovi filtro punto fisico' }).click();
    await expect(pointBox).toHaveText('Tutti i punti fisici');
    await expect(theirsCard).toBeVisible();

    // The points screen links to its practices: the point comes pre-selected from the URL.
    await page.goto('/punti-fisici');
    await page
      .getByTestId(`punto-card-${point.id}`)
      .getByRole('link', { name: /pratiche/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/pratiche\\?puntoFisicoId=${point.id}$`));
    await expect(pointBox).toHaveText(point.nomeAttivita);
    await expect(page.getByText('1 pratica trovata')).toBeVisible();
    await expect(mineCard).toBeVisible();
    await expect(theirsCard).toHaveCount(0);

    // On a phone, with the suggestions open.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Reset Filtri' }).click();
    await expect(page).toHaveURL(/\/pratiche$/);
    await expect(pointBox).toHaveText('Tutti i punti fisici');
    await expect(theirsCard).toBeVisible();
    suggestions = await searchPoint(page, `edicola stella ${s}`);
    await expect(suggestions.getByRole('option')).toHaveCount(2);
    await screenshot(page, 'pratiche-punto-filter-390');
  });

  test('pages of 20 with Successiva and Precedente: a practice arriving meanwhile shifts nothing, a fresh read shows it on top', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const { point } = await createStaffedPoint(api, `Tabaccheria Pagine ${stamp()}`);
    const landing = await (await request.get(`/api/landing/${point.landingCode}`)).json();
    const submit = async (i: number) => {
      const n = `${Date.now().toString().slice(-6)}${String(i).padStart(2, '0')}`;
      const res = await request.post('/api/submit-form', {
        data: landingSubmission({
          nome: 'Nora',
          cognome: `Pagine${n}`,
          telefono: `348${n}`,
          email: `nora.${n}@esempio.it`,
          serviziRichiesti: ['luce'],
          orarioContatto: '10:00-11:00',
          puntoFisicoId: landing.puntoFisicoId,
        }),
      });
      expect(res.ok(), await res.text()).toBeTruthy();
      return (await res.json()).praticaId as number;
    };
    const made: number[] = [];
    for (let i = 0; i < 22; i++) made.push(await submit(i));

    await signInByApi(page);
    await page.goto(`/pratiche?puntoFisicoId=${point.id}`);
    const cards = page.locator('[data-testid^="pratica-"]');
    const ids = async () =>
      (await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).map((t) =>
        Number(t!.replace('pratica-', '')),
      );
    await expect(page.getByText('22 pratiche trovate')).toBeVisible();
    await expect(cards).toHaveCount(20);
    const first = await ids();
    expect(first).toEqual(made.slice(2).reverse());
    const pager = page.getByRole('navigation', { name: 'Paginazione' });
    await expect(pager).toContainText('Pagina 1 di 2');

    const late = await submit(99);
    await pager.getByRole('button', { name: 'Successiva' }).click();
    await expect(pager).toContainText('Pagina 2 di 2');
    await expect(cards).toHaveCount(2);
    expect(await ids()).toEqual([made[1], made[0]]);
    await expect(pager.getByRole('button', { name: 'Successiva' })).toBeDisabled();
    await screenshotBothSizes(page, 'pratiche-pagina-2', { closeToast: true });

    await pager.getByRole('button', { name: 'Precedente' }).click();
    await expect(pager).toContainText('Pagina 1 di 2');
    expect(await ids()).toEqual(first);
    // Read afresh, the newcomer is on top and counted.
    await page.reload();
    await expect(page.getByText('23 pratiche trovate')).toBeVisible();
    await expect(cards.first()).toHaveAttribute('data-testid', `pratica-${late}`);
    await expect(page.getByRole('button', { name: /^Inserito/ })).toContainText('23 pratiche');
  });

  test('empty state, delete with confirmation, and the phone layout', async ({ page, request }) => {
    const { point } = await createStaffedPoint(await adminApi(request), `Cartoleria Neve ${stamp()}`);
    const { praticaId, cognome } = await practiceFromLanding(page.request, point.landingCode);
    await signInByApi(page);
    await page.goto(`/pratiche?search=nessuno-${Date.now()}`);
    await expect(page.getByText('Nessuna pratica trovata')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/pratiche?search=${cognome}`);
    const card = page.getByTestId(`pratica-${praticaId}`);
    await expect(card).toBeVisible();
    await card.getByText('Documenti (1)').click();
    await expect(card.getByRole('link', { name: 'Scarica bolletta-luce.pdf' })).toBeVisible();
    await screenshot(page, 'pratiche-390', { fullPage: true });
    const dialog = await openEdit(page, praticaId, 'Luce');
    await dialog.getByLabel('Stato').selectOption('completato');
    await expect(dialog.getByLabel('Fornitore')).toContainText('Enel Energia');
    await screenshot(page, 'pratiche-dialog-390');
    await page.keyboard.press('Escape');

    // Dismissing the browser confirmation keeps the practice.
    page.once('dialog', (d) => void d.dismiss());
    await card.getByRole('button', { name: `Elimina pratica #${praticaId}` }).click();
    await expect(card).toBeVisible();
    page.once('dialog', (d) => {
      expect(d.message()).toContain(`#${praticaId}`);
      void d.accept();
    });
    await card.getByRole('button', { name: `Elimina pratica #${praticaId}` }).click();
    await expect(page.getByTestId('toast')).toContainText('Pratica eliminata');
    await expect(card).toHaveCount(0);
    await expect(page.getByText('Nessuna pratica trovata')).toBeVisible();
  });

  test('staff attach documents: from the practice card (who added it is shown, the admin deletes it with a confirmation) and from the lead’s detail', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const { point } = await createStaffedPoint(api, `Ferramenta Documenti ${stamp()}`);
    const { praticaId, cognome } = await practiceFromLanding(api, point.landingCode);
    const bill = { name: 'bolletta-whatsapp.pdf', mimeType: 'application/pdf', buffer: await samplePdf() };

    await signInByApi(page);
    await page.goto(`/pratiche?search=${cognome}`);
    const card = page.getByTestId(`pratica-${praticaId}`);
    await card.getByText('Documenti (1)').click();
    await expect(card.getByText(/^Caricato dal cliente il \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(
      card.getByRole('button', { name: `Aggiungi documenti alla pratica #${praticaId}` }),
    ).toBeVisible();
    await card.getByTestId('add-documenti-input').setInputFiles(bill);
    await expect(page.getByTestId('toast').filter({ hasText: 'Documento aggiunto' })).toBeVisible();
    await expect(card.getByText('Documenti (2)')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Scarica bolletta-whatsapp.pdf' })).toBeVisible();
    await expect(card.getByText(/^Caricato da .+ il \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    // A file of a refused type: the server's Italian reason, nothing added.
    await card.getByTestId('add-documenti-input').setInputFiles({
      name: 'virus.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('MZ\x90\x00 not a pdf'),
    });
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Impossibile caricare i documenti' }),
    ).toBeVisible();
    await expect(card.getByText('Documenti (2)')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'pratiche-documenti-1440');

    await card.getByRole('button', { name: 'Elimina bolletta-whatsapp.pdf' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Eliminare il documento?' });
    await expect(confirm).toContainText(`dalla pratica #${praticaId}`);
    await confirm.getByRole('button', { name: 'Elimina' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Documento eliminato' })).toBeVisible();
    await expect(card.getByText('Documenti (1)')).toBeVisible();
    const history = await (await api.get(`/api/pratiche/${praticaId}/eventi`)).json();
    expect(history.map((e: { descrizione: string }) => e.descrizione)).toEqual([
      'Aggiunto il documento "bolletta-whatsapp.pdf"',
      'Eliminato il documento "bolletta-whatsapp.pdf"',
    ]);

    // From the lead's detail: to its most recent practice.
    await page.goto(`/leads?search=${cognome}`);
    await page.getByRole('link', { name: new RegExp(`Dettagli di .*${cognome}`) }).click();
    const detail = page.getByRole('dialog', { name: 'Dettaglio Lead' });
    await detail.getByTestId('add-documenti-input').setInputFiles({ ...bill, name: 'contratto.pdf' });
    await expect(page.getByTestId('toast').filter({ hasText: 'Documento aggiunto' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'lead-documenti-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    const files = await (await api.get(`/api/pratiche/${praticaId}/files`)).json();
    expect(files.map((f: { displayName: string }) => f.displayName)).toContain('contratto.pdf');
  });
});
