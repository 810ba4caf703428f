import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { readCsvRows, readXlsxRows } from '#test/setup/spreadsheet.ts';
import {
  adminApi,
  createPoint,
  createUser,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  signInByApi,
  test,
  landingSubmission,
  screenshotBothSizes,
} from '#test/e2e/fixtures.ts';
import { searchPerson, searchPoint } from '#test/e2e/combobox.ts';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let phoneSeq = 0;
/** A visitor's submission through the public landing API. */
async function submitLead(
  api: APIRequestContext,
  puntoFisicoId: number,
  data: { nome: string; cognome: string },
) {
  const phone = `347${String(Date.now()).slice(-5)}${String(phoneSeq++).padStart(2, '0')}`;
  const res = await api.post('/api/submit-form', {
    data: landingSubmission({
      nome: data.nome,
      cognome: data.cognome,
      telefono: phone,
      email: `${data.nome}.${data.cognome}.${phone}@esempio.it`.toLowerCase(),
      serviziRichiesti: ['luce', 'gas'],
      orarioContatto: '10:00-11:00',
      puntoFisicoId,
    }),
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { praticaId } = (await res.json()) as { praticaId: number };
  // The public answer never names the lead; staff find it by its phone.
  const found = (await (await api.get(`/api/leads?search=${phone}`)).json()) as {
    items: Array<{ id: number }>;
  };
  expect(found.items).toHaveLength(1);
  return { praticaId, leadId: found.items[0].id, telefono: phone };
}

test.describe('Punti Fisici', () => {
  test('admin creates the responsible person in place, the point, sees QR and URL, downloads the poster and opens the landing', async ({
    page,
  }) => {
    const s = stamp();
    const shop = `Bottega ${s}`;
    await signIn(page);
    await page
      .getByRole('navigation', { name: 'Menu principale' })
      .getByRole('link', { name: 'Punti Fisici' })
      .click();
    await expect(page.getByRole('heading', { name: 'Punti Fisici', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aggiorna QR Codes' })).toBeVisible();

    await page.getByRole('button', { name: 'Nuovo Punto Fisico' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo Punto Fisico' });
    // Empty submit: the step's Italian messages, nothing sent.
    await dialog.getByRole('button', { name: 'Crea Punto Fisico' }).click();
    await expect(dialog.getByText('Nome attività richiesto')).toBeVisible();
    await expect(dialog.getByText('Indirizzo richiesto')).toBeVisible();
    await expect(dialog.getByText('Responsabile richiesto')).toBeVisible();

    await dialog.getByLabel('Nome attività').fill(shop);
    await dialog.getByLabel('Indirizzo').fill('Piazza Duomo 1, Milano');
    let results = await searchPerson(dialog, 'Responsabile', 'R');
    await expect(results.getByRole('status')).toHaveText('Digita almeno 2 caratteri');
    await expect(results).not.toContainText('Nessun responsabile trovato');
    await expectNoSeriousA11yViolations(page);
    results = await searchPerson(dialog, 'Responsabile', `Rocco${s}`);
    await expect(results.getByRole('status')).toHaveText('Nessun responsabile trovato');
    // The note lives beside the listbox, whose only child is the option to create the person.
    await expect(results.getByRole('listbox')).toHaveText('Crea nuovo utente');
    await expectNoSeriousA11yViolations(page);
    await results.getByRole('option', { name: 'Crea nuovo utente' }).click();

    const userDialog = page.getByRole('dialog', { name: 'Nuovo utente Punto Fisico' });
    await expect(userDialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expect(userDialog.getByLabel('Nome', { exact: true })).toHaveValue(`Rocco${s}`);
    await expect(userDialog.getByLabel('Ruolo')).toBeDisabled();
    await userDialog.getByLabel('Cognome').fill('Esposito');
    await userDialog.getByLabel('Email').fill(`rocco.${s}@esempio.it`);
    await userDialog.getByLabel('Telefono').fill('3331234567');
    await userDialog.getByLabel('Password').fill('segreta-123');
    await userDialog.getByRole('button', { name: 'Crea Utente' }).click();
    await expect(page.getByTestId('toast')).toContainText('Utente creato con successo');
    await expect(userDialog).toBeHidden();
    await expect(dialog.getByTestId('selected-punto_fisico')).toContainText(`Rocco${s} Esposito`);

    await dialog.getByRole('button', { name: 'Crea Punto Fisico' }).click();
    await expect(page.getByTestId('toast')).toContainText('Punto fisico creato con successo');
    await expect(dialog).toBeHidden();
    // Whatever page it sorts onto, the list shows the new point by its name.
    await expect(page.getByLabel('Cerca punto fisico')).toHaveValue(shop);
    await expect(page.getByTestId('punti-count')).toHaveText('1 punto fisico');

    const card = page.locator('[data-testid^="punto-card-"]', { hasText: shop });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Piazza Duomo 1, Milano');
    await expect(card).toContainText(`Rocco${s} Esposito`);
    const url = (await card.getByTestId('url-landing').textContent())!;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/landing\/WE-[A-Z0-9]{8}$/);
    const qr = card.getByRole('img', { name: `QR code della landing di ${shop}` });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(card.getByTestId('lead-count')).toHaveText('0');

    // The poster: a real PDF.
    const downloadPromise = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Scarica locandina' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^locandina-bottega-.*\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);

    // The URL of the card (the one in the QR) opens that shop's landing.
    // rel=noopener: the new tab is no "popup" of this page, so wait on the context.
    const popupPromise = page.context().waitForEvent('page');
    await card.getByRole('link', { name: 'Apri URL in una nuova scheda' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(popup.url()).toBe(url);
    const code = url.split('/').pop()!;
    const landing = await popup.request.get(`/api/landing/${code}`);
    expect(landing.ok()).toBeTruthy();
    expect((await landing.json()).nomeAttivita).toBe(shop);
    await popup.close();

    // Copy URL.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await card.getByRole('button', { name: 'Copia URL' }).click();
    await expect(page.getByTestId('toast')).toContainText('URL copiato negli appunti');

    await page.getByRole('button', { name: 'Aggiorna QR Codes' }).click();
    await expect(page.getByTestId('toast')).toContainText('QR codes aggiornati');
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'punti-fisici');
  });

  test('a punto_fisico user sees only its point and its leads; other ids answer 404', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const s = stamp();
    const pfA = await createUser(api, 'punto_fisico', { firstName: 'Paola', lastName: `Alfa${s}` });
    const pfB = await createUser(api, 'punto_fisico', { firstName: 'Piero', lastName: `Beta${s}` });
    const a = await createPoint(api, `Alfa ${s}`, pfA.id);
    const b = await createPoint(api, `Beta ${s}`, pfB.id);
    const leadA = await submitLead(api, a.id, { nome: 'Alice', cognome: `Amati${s}` });
    const leadB = await submitLead(api, b.id, { nome: 'Bice', cognome: `Bassi${s}` });

    await signInByApi(page, pfA.email, pfA.password);
    await page.goto('/punti-fisici');
    const cards = page.locator('[data-testid^="punto-card-"]');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Alfa ${s}`);
    await expect(page.getByRole('button', { name: 'Nuovo Punto Fisico' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Aggiorna QR Codes' })).toHaveCount(0);
    await expect(cards.first().getByRole('button', { name: /Modifica|Elimina/ })).toHaveCount(0);
    await expect(cards.first().getByTestId('lead-count')).toHaveText('1');

    await cards
      .first()
      .getByRole('link', { name: /1 lead/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/leads\\?puntoFisicoId=${a.id}$`));
    await expect(page.getByRole('combobox', { name: 'Punto fisico' })).toContainText(`Alfa ${s}`);
    await expect(page.getByTestId('lead-count')).toHaveText('1 lead trovati');
    await expect(page.getByTestId(`lead-row-${leadA.leadId}`)).toBeVisible();
    await page.getByRole('button', { name: 'Azzera filtri' }).click();
    await expect(page).toHaveURL(/\/leads$/);
    await expect(page.getByTestId('lead-count')).toHaveText('1 lead trovati');
    await expect(page.getByTestId(`lead-row-${leadB.leadId}`)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Elimina/ })).toHaveCount(0);

    // The server refuses what the screen does not show.
    expect((await page.request.get(`/api/leads/${leadB.leadId}`)).status()).toBe(404);
    expect((await page.request.get(`/api/punti-fisici/${b.id}`)).status()).toBe(404);
    expect((await page.request.get(`/api/punti-fisici/${b.id}/locandina.pdf`)).status()).toBe(404);
    expect((await page.request.get(`/api/leads/${leadA.leadId}`)).status()).toBe(200);
  });

  test('an area manager pages through its 27 points (one added meanwhile does not shift page 2) and finds one by name, code or person; nothing of another manager', async ({
    page,
    request,
  }) => {
    // 29 points made through the API before the screen opens.
    test.slow();
    const api = await adminApi(request);
    const s = stamp();
    const am = await createUser(api, 'area_manager');
    const otherAm = await createUser(api, 'area_manager');
    const pf = await createUser(api, 'punto_fisico', { firstName: 'Ivo', lastName: `Iannone${s}` });
    // At once: the list orders by name, whatever the order they are made in.
    const [points] = await Promise.all([
      Promise.all(
        Array.from({ length: 27 }, (_, i) =>
          createPoint(api, `Pag${s} ${String(i + 1).padStart(2, '0')}`, pf.id, { areaManagerId: am.id }),
        ),
      ),
      createPoint(api, `Pag${s} 00 altrui`, pf.id, { areaManagerId: otherAm.id }),
    ]);

    await signInByApi(page, am.email, am.password);
    await page.goto('/punti-fisici');
    const cards = page.locator('[data-testid^="punto-card-"]');
    await expect(page.getByTestId('punti-count')).toHaveText('27 punti fisici');
    await expect(cards).toHaveCount(25);
    await expect(cards.first()).toContainText(`Pag${s} 01`);
    const pager = page.getByRole('navigation', { name: 'Paginazione' });
    await expect(pager).toContainText('Pagina 1 di 2');
    // A point added while the manager reads page 1, sorting before it: the next page starts after
    // page 1's last point (no point repeated), and the total counts the new one.
    await createPoint(api, `Pag${s} 0 nuovo`, pf.id, { areaManagerId: am.id });
    await pager.getByRole('button', { name: 'Successiva' }).click();
    await expect(pager).toContainText('Pagina 2 di 2');
    await expect(page.getByTestId('punti-count')).toHaveText('28 punti fisici');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(`Pag${s} 26`);
    await expect(cards.nth(1)).toContainText(`Pag${s} 27`);

    // Search: a new search starts from page 1 and lives in the URL (a reload keeps it).
    await page.getByLabel('Cerca punto fisico').fill(`pag${s} 07`);
    await expect(page.getByTestId('punti-count')).toHaveText('1 punto fisico');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Pag${s} 07`);
    await expect(pager).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Cerca punto fisico')).toHaveValue(`pag${s} 07`);
    await expect(cards).toHaveCount(1);
    // By the landing code printed on the poster, and by the shop owner's surname.
    await page.getByLabel('Cerca punto fisico').fill(points[19].landingCode);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Pag${s} 20`);
    await page.getByLabel('Cerca punto fisico').fill(`iannone${s}`);
    // A new search reads from its first page: the point added meanwhile is there now.
    await expect(page.getByTestId('punti-count')).toHaveText('28 punti fisici');
    await expect(page.getByText(`Pag${s} 00 altrui`)).toHaveCount(0);
    // The other manager's point matches this text, but is not this manager's to see.
    await page.getByLabel('Cerca punto fisico').fill(`Pag${s} 00`);
    await expect(page.getByRole('heading', { name: 'Nessun punto fisico trovato' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'punti-fisici-nessuno');
    await page.getByRole('button', { name: 'Azzera ricerca' }).click();
    await expect(page.getByLabel('Cerca punto fisico')).toHaveValue('');
    await expect(cards).toHaveCount(25);
    await screenshotBothSizes(page, 'punti-fisici-pagine');
  });

  test('a user with no point sees the empty state', async ({ page, request }) => {
    const api = await adminApi(request);
    const agent = await createUser(api, 'punto_fisico');
    await signInByApi(page, agent.email, agent.password);
    await page.goto('/punti-fisici');
    await expect(page.getByRole('heading', { name: 'Nessun punto fisico' })).toBeVisible();
    await expect(page.getByText('Non hai accesso a nessun punto fisico')).toBeVisible();
  });
});

test.describe('Lead', () => {
  test('admin searches, filters by point, sets the contact status, opens the detail, exports and deletes', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const s = stamp();
    const pf = await createUser(api, 'punto_fisico');
    const point = await createPoint(api, `Gamma ${s}`, pf.id);
    const other = await createPoint(api, `Delta ${s}`, pf.id);
    const l1 = await submitLead(api, point.id, { nome: 'Carlo', cognome: `Conti${s}` });
    const l2 = await submitLead(api, point.id, { nome: 'Daria', cognome: `Dini${s}` });
    const l3 = await submitLead(api, point.id, { nome: 'Ennio', cognome: `Elia${s}` });
    await submitLead(api, other.id, { nome: 'Fabio', cognome: `Fedi${s}` });

    await signInByApi(page);
    await page.goto('/leads');
    await expect(page.getByRole('heading', { name: 'Gestione Lead' })).toBeVisible();

    // Point filter with suggestions.
    const suggestions = await searchPoint(page, `gamma ${s}`);
    await expect(suggestions.getByRole('option').first()).toHaveText('Tutti i punti fisici');
    await suggestions.getByRole('option', { name: new RegExp(`Gamma ${s}`) }).click();
    await expect(page).toHaveURL(new RegExp(`puntoFisicoId=${point.id}`));
    await expect(page.getByTestId('lead-count')).toHaveText('3 lead trovati');

    // Server-side search: name, then phone digits.
    await page.getByLabel('Cerca').fill(`dini${s}`);
    await expect(page.getByTestId('lead-count')).toHaveText('1 lead trovati');
    await expect(page.getByTestId(`lead-row-${l2.leadId}`)).toBeVisible();
    await page.getByLabel('Cerca').fill(`${l3.telefono.slice(0, 3)} ${l3.telefono.slice(3)}`);
    await expect(page.getByTestId('lead-count')).toHaveText('1 lead trovati');
    await expect(page.getByTestId(`lead-row-${l3.leadId}`)).toBeVisible();
    await page.getByLabel('Cerca').fill(`nessuno-${s}`);
    await expect(page.getByText('Nessun lead')).toBeVisible();
    await page.getByLabel('Cerca').fill('');
    await expect(page.getByTestId('lead-count')).toHaveText('3 lead trovati');

    // Contact status from the list, kept by the server.
    const row1 = page.getByTestId(`lead-row-${l1.leadId}`);
    await expect(row1).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}/);
    await row1.getByLabel(`Stato contatto di Carlo Conti${s}`).selectOption('contattato');
    await expect(page.getByTestId('toast')).toContainText('Stato di contatto aggiornato');
    await page.getByLabel('Stato contatto', { exact: true }).selectOption('contattato');
    await expect(page.getByTestId('lead-count')).toHaveText('1 lead trovati');
    await page.reload();
    await expect(
      page.getByTestId(`lead-row-${l1.leadId}`).getByLabel(`Stato contatto di Carlo Conti${s}`),
    ).toHaveValue('contattato');
    await page.getByLabel('Stato contatto', { exact: true }).selectOption('');
    await expect(page.getByTestId('lead-count')).toHaveText('3 lead trovati');

    // Detail with the admin's practices summary.
    await page
      .getByTestId(`lead-row-${l2.leadId}`)
      .getByRole('link', { name: /Dettagli/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/leads/${l2.leadId}\\?puntoFisicoId=${point.id}$`));
    const detail = page.getByRole('dialog', { name: 'Dettaglio Lead' });
    await expect(detail).toContainText(`Daria Dini${s}`);
    await expect(detail).toContainText(`Gamma ${s}`);
    await expect(detail.getByTestId('pratiche-summary-count')).toHaveText('1');
    await expect(detail).toContainText('Luce · Inserito: 1');
    await expect(detail.getByRole('link', { name: 'Vedi pratiche' })).toHaveAttribute(
      'href',
      `/pratiche?search=${l2.telefono}`,
    );
    await expectNoSeriousA11yViolations(page);
    await detail.getByRole('button', { name: 'Chiudi' }).click();
    await expect(page).toHaveURL(new RegExp(`/leads\\?puntoFisicoId=${point.id}$`));

    // Export: the XLSX has exactly the rows of '{n} lead trovati'.
    await page.getByRole('button', { name: 'Esporta' }).click();
    const xlsxPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Excel (.xlsx)' }).click();
    const xlsx = await xlsxPromise;
    expect(xlsx.suggestedFilename()).toMatch(/^lead-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = readXlsxRows(readFileSync((await xlsx.path())!));
    expect(rows[0].slice(0, 3)).toEqual(['ID', 'Nome', 'Cognome']);
    expect(rows.length - 1).toBe(3);
    expect(
      rows
        .slice(1)
        .map((r) => Number(r[0]))
        .sort(),
    ).toEqual([l1.leadId, l2.leadId, l3.leadId].sort());
    expect(rows.find((r) => Number(r[0]) === l1.leadId)?.[8]).toBe('Contattato');
    await page.getByRole('button', { name: 'Esporta' }).click();
    const csvPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV (.csv)' }).click();
    const csv = readCsvRows(readFileSync((await (await csvPromise).path())!));
    expect(csv.length - 1).toBe(3);
    await screenshotBothSizes(page, 'leads');

    // Delete with the browser's confirmation.
    page.once('dialog', (d) => void d.accept());
    await page
      .getByTestId(`lead-row-${l3.leadId}`)
      .getByRole('button', { name: /^Elimina/ })
      .click();
    await expect(page.getByTestId('toast')).toContainText('Lead eliminato');
    await expect(page.getByTestId('lead-count')).toHaveText('2 lead trovati');

    await page.getByRole('button', { name: 'Azzera filtri' }).click();
    await expect(page).toHaveURL(/\/leads$/);
    await expect(page.getByRole('combobox', { name: 'Punto fisico' })).toHaveText('Tutti i punti fisici');
  });

  test('a shop pages through its 27 leads by cursor: next, previous, a lead arriving meanwhile shifts no page', async ({
    page,
    request,
  }) => {
    test.slow();
    const api = await adminApi(request);
    const s = stamp();
    const pf = await createUser(api, 'punto_fisico');
    const point = await createPoint(api, `Pagine ${s}`, pf.id);
    const made: number[] = [];
    for (let i = 1; i <= 27; i++)
      made.push((await submitLead(api, point.id, { nome: 'Pia', cognome: `Pagina${s}x${i}` })).leadId);

    await signInByApi(page, pf.email, pf.password);
    await page.goto('/leads');
    const rows = page.locator('[data-testid^="lead-row-"]');
    const ids = async () =>
      (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).map((t) =>
        Number(t!.replace('lead-row-', '')),
      );
    await expect(page.getByTestId('lead-count')).toHaveText('27 lead trovati');
    await expect(rows).toHaveCount(25);
    const first = await ids();
    // Newest first: the last 25 made.
    expect(first).toEqual(made.slice(2).reverse());
    const pager = page.getByRole('navigation', { name: 'Paginazione' });
    await expect(pager).toContainText('Pagina 1 di 2');

    // A lead arriving while page 1 is on screen: the next page still starts after its last lead.
    const late = (await submitLead(api, point.id, { nome: 'Pia', cognome: `Pagina${s}tardi` })).leadId;
    await pager.getByRole('button', { name: 'Successiva' }).click();
    await expect(pager).toContainText('Pagina 2 di 2');
    await expect(rows).toHaveCount(2);
    expect(await ids()).toEqual([made[1], made[0]]);
    await expect(pager.getByRole('button', { name: 'Successiva' })).toBeDisabled();
    await screenshotBothSizes(page, 'lead-pagina-2');

    // Back to the first page: the same 25 leads.
    await pager.getByRole('button', { name: 'Precedente' }).click();
    await expect(pager).toContainText('Pagina 1 di 2');
    await expect(rows).toHaveCount(25);
    expect(await ids()).toEqual(first);
    // Read afresh, the newcomer is on top and counted.
    await page.reload();
    await expect(page.getByTestId('lead-count')).toHaveText('28 lead trovati');
    expect(await ids()).toEqual([late, ...first.slice(0, 24)]);
  });
});

test.describe('Utenti', () => {
  test('admin creates, edits and cannot delete a user referenced by a point', async ({ page, request }) => {
    const s = stamp();
    await signInByApi(page);
    await page.goto('/utenti');
    await expect(page.getByRole('heading', { name: 'Gestione Utenti' })).toBeVisible();

    await page.getByRole('button', { name: 'Crea Utente' }).click();
    const create = page.getByRole('dialog', { name: 'Crea Utente' });
    await expect(create.getByLabel('Ruolo')).toHaveValue('punto_fisico');
    await create.getByLabel('Password').fill('123');
    await create.getByRole('button', { name: 'Crea Utente' }).click();
    for (const text of [
      'Nome richiesto',
      'Cognome richiesto',
      'Email non valida',
      'Telefono richiesto',
      'Password deve essere almeno 6 caratteri',
    ]) {
      await expect(create.getByText(text, { exact: true })).toBeVisible();
    }
    await create.getByLabel('Nome', { exact: true }).fill('Sara');
    await create.getByLabel('Cognome').fill(`Serra${s}`);
    await create.getByLabel('Email').fill(`sara.${s}@esempio.it`);
    await create.getByLabel('Telefono').fill('3330001111');
    await create.getByLabel('Password').fill('segreta-123');
    await create.getByLabel('Ruolo').selectOption('agente');
    await create.getByRole('button', { name: 'Crea Utente' }).click();
    await expect(page.getByTestId('toast')).toContainText('Utente creato con successo');

    const row = page.getByRole('row', { name: new RegExp(`Sara Serra${s}`) });
    await expect(row).toContainText(`sara.${s}@esempio.it`);
    await expect(row).toContainText('Agente');
    await expect(row).toContainText('Attivo');
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);

    // Search by surname, with the role filter: the count says how many, the URL keeps both.
    await page.getByLabel('Cerca', { exact: true }).fill(`serra${s}`);
    await expect(page.getByTestId('users-count')).toHaveText('1 utente');
    await expect(page).toHaveURL(new RegExp(`search=serra${s}`));
    await page.getByLabel('Filtra per ruolo').selectOption('agente');
    await expect(page.getByRole('row', { name: new RegExp(`Sara Serra${s}`) })).toBeVisible();
    await page.getByLabel('Filtra per ruolo').selectOption('area_manager');
    await expect(page.getByRole('row', { name: new RegExp(`Sara Serra${s}`) })).toHaveCount(0);
    await page.getByLabel('Filtra per ruolo').selectOption('');
    await page.getByLabel('Cerca', { exact: true }).fill('');
    await expect(page).not.toHaveURL(/search=/);

    await row.getByRole('button', { name: `Modifica Sara Serra${s}` }).click();
    const edit = page.getByRole('dialog', { name: 'Modifica Utente' });
    await edit.getByLabel('Nome', { exact: true }).fill('');
    await edit.getByRole('button', { name: 'Salva modifiche' }).click();
    await expect(edit.getByText('Nome è richiesto', { exact: true })).toBeVisible();
    await edit.getByLabel('Nome', { exact: true }).fill('Sarah');
    await edit.getByLabel('Utente attivo (può accedere al sistema)').uncheck();
    await edit.getByRole('button', { name: 'Salva modifiche' }).click();
    await expect(edit).toBeHidden();
    const edited = page.getByRole('row', { name: new RegExp(`Sarah Serra${s}`) });
    await expect(edited).toContainText('Disattivo');
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'utenti');

    // A user who is a point's responsible cannot be deleted: the dialog says why.
    const api = await adminApi(request);
    const pf = await createUser(api, 'punto_fisico', { firstName: 'Tino', lastName: `Tosi${s}` });
    await createPoint(api, `Epsilon ${s}`, pf.id);
    await page.reload();
    await page.getByRole('button', { name: `Elimina Tino Tosi${s}` }).click();
    const confirm = page.getByRole('alertdialog', { name: "Eliminare l'utente?" });
    await confirm.getByRole('button', { name: 'Elimina' }).click();
    await expect(confirm.getByRole('alert')).toContainText(
      'Impossibile eliminare: l’utente è collegato a un punto fisico',
    );
    await confirm.getByRole('button', { name: 'Annulla' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`Tino Tosi${s}`) })).toBeVisible();

    // And one that is free to go, goes.
    await page.getByRole('button', { name: `Elimina Sarah Serra${s}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Elimina' }).click();
    await expect(page.getByTestId('toast')).toContainText('Utente eliminato');
    await expect(page.getByRole('row', { name: new RegExp(`Sarah Serra${s}`) })).toHaveCount(0);
  });
});
