import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { periodoRange, formatDayKey } from '#shared/periodi.ts';
import { msg } from '#shared/messages.ts';
import { pdfText, readEstrattoXlsx } from '#test/setup/estratti.ts';
import { readXlsxRows, unzip } from '#test/setup/spreadsheet.ts';
import { commissionsFromWorkflow } from '#test/e2e/workflow.ts';
import {
  adminApi,
  createStaffedPoint,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  signInByApi,
  test,
  saveWorkedExampleConfig,
  screenshotBothSizes,
} from '#test/e2e/fixtures.ts';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** "€ 1.234,50" → cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);
const summaryValue = async (page: Page, id: string) =>
  cents((await page.getByTestId(`stat-commissioni-${id}-value`).textContent()) ?? '');

/** Screenshots when asked (fixtures.ts#screenshotBothSizes), without the sign-in's toast. */
const shoot = (page: Page, name: string, fullPage = false) =>
  screenshotBothSizes(page, name, { fullPage, closeToast: true });

const card = (page: Page, id: number): Locator => page.getByTestId(`commissione-${id}`);

test.describe('Commissioni', () => {
  test('admin: commissions from the real workflow, filters, paid with a note, totals move, storno after KO, delete', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    for (const servizio of ['luce', 'gas']) await saveWorkedExampleConfig(api, 'SORGENIA', servizio);
    const { point } = await createStaffedPoint(api, `Bar Commissioni ${stamp()}`);
    const w = await commissionsFromWorkflow(api, point.landingCode);

    await signIn(page);
    await page.getByRole('link', { name: 'Commissioni' }).first().click();
    await expect(page.getByRole('heading', { name: 'Commissioni', level: 1 })).toBeVisible();
    for (const title of ['Totale Commissioni', 'Da Incassare', 'Incassate'])
      await expect(page.getByRole('heading', { name: title })).toBeVisible();

    const luce = card(page, w.luce);
    const gas = card(page, w.gas);
    await expect(luce).toBeVisible();
    await expect(luce.getByRole('heading', { name: 'Luce' })).toBeVisible();
    await expect(luce).toContainText(w.customer);
    await expect(luce).toContainText('Sorgenia');
    await expect(luce).toContainText(point.nomeAttivita);
    await expect(luce).toContainText(
      new Intl.DateTimeFormat('it-IT', {
        timeZone: 'Europe/Rome',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(new Date()),
    );
    await expect(luce.getByTestId('stato-pagamento')).toHaveText('Non pagato');
    const importi = luce.getByTestId('importi');
    await expect(importi).toContainText('Punto Fisico€ 40,00');
    await expect(importi).toContainText('Agente€ 20,00');
    await expect(importi).toContainText('Area Manager€ 7,00');
    await expect(importi).toContainText('Struttura€ 173,00');
    await expect(gas.getByText('BONUS', { exact: true })).toBeVisible();
    await expect(gas.getByTestId('bonus')).toHaveText('Bonus: Agente € 2,00');
    await expect(gas.getByTestId('importi')).toContainText('Struttura€ 84,50');
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'commissioni');

    // Status filter: nothing of ours is paid yet.
    await page.getByRole('button', { name: 'Pagato', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Pagato', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(luce).toHaveCount(0);
    await page.getByRole('button', { name: 'Non pagato', exact: true }).click();
    await expect(luce).toBeVisible();
    await expect(gas).toBeVisible();

    // Periods: Rome calendar days, Monday-first week; a past custom range finds none of them.
    const periodo = page.getByLabel('Periodo');
    await periodo.selectOption({ label: 'Oggi' });
    await expect(luce).toBeVisible();
    await periodo.selectOption({ label: 'Questa settimana' });
    const week = periodoRange('settimana', new Date());
    await expect(page.getByTestId('periodo-range')).toHaveText(
      `dal ${formatDayKey(week.dataInizio!)} al ${formatDayKey(week.dataFine!)}`,
    );
    expect(new Date(`${week.dataInizio}T12:00:00Z`).getUTCDay()).toBe(1);
    await expect(luce).toBeVisible();
    await periodo.selectOption({ label: 'Ultimi 30 giorni' });
    const last30 = periodoRange('ultimi30', new Date());
    await expect(page.getByTestId('periodo-range')).toHaveText(
      `dal ${formatDayKey(last30.dataInizio!)} al ${formatDayKey(last30.dataFine!)}`,
    );
    await expect(gas).toBeVisible();
    await periodo.selectOption({ label: 'Personalizzato' });
    await page.getByLabel('Dal', { exact: true }).fill('2020-01-01');
    await page.getByLabel('Al', { exact: true }).fill('2020-01-31');
    await expect(page.getByText('Nessuna commissione trovata')).toBeVisible();
    await expect(page.getByTestId('stat-commissioni-totale-value')).toHaveText('€ 0,00');
    await page.getByLabel('Dal', { exact: true }).fill('2020-02-15');
    await expect(
      page.getByText('La data di inizio non può essere successiva alla data di fine'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Azzera filtri' }).click();
    await expect(periodo).toHaveValue('tutti');
    await expect(page.getByRole('button', { name: 'Tutti', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(luce).toBeVisible();

    // Mark luce paid with a note: 173.00 (the structure's share, the admin's amount) moves from Da Incassare to Incassate.
    const daIncassare = await summaryValue(page, 'da-incassare');
    const incassate = await summaryValue(page, 'incassate');
    const totale = await summaryValue(page, 'totale');
    await luce.getByRole('button', { name: 'Segna come pagata' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Segna la commissione come pagata' })).toBeVisible();
    await dialog.getByLabel('Nota di pagamento (facoltativa)').fill('Bonifico del 5 aprile');
    await shoot(page, 'commissioni-pagamento');
    await dialog.getByRole('button', { name: 'Segna come pagata' }).click();
    await expect(page.getByTestId('toast')).toContainText('Stato della commissione aggiornato');
    await expect(dialog).toHaveCount(0);
    await expect(luce.getByTestId('stato-pagamento')).toHaveText('Pagato');
    await expect(luce.getByTestId('nota')).toHaveText('Nota: Bonifico del 5 aprile');
    await expect.poll(() => summaryValue(page, 'incassate')).toBe(incassate + 17300);
    expect(await summaryValue(page, 'da-incassare')).toBe(daIncassare - 17300);
    expect(await summaryValue(page, 'totale')).toBe(totale);
    await page.getByRole('button', { name: 'Pagato', exact: true }).click();
    await expect(luce).toBeVisible();
    await expect(gas).toHaveCount(0);
    await page.getByRole('button', { name: 'Tutti', exact: true }).click();

    // The supplier drops luce after activation: the paid commission stays and a storno claws it back.
    const ko = await api.put(`/api/servizi/${w.luceId}/status`, {
      data: { stato: 'ko', koMotivazione: 'altro' },
    });
    expect(ko.status(), await ko.text()).toBe(200);
    const storno = (await (await api.get('/api/commissioni?pageSize=200')).json()).items.find(
      (c: { stornoOfId: number | null }) => c.stornoOfId === w.luce,
    );
    await page.reload();
    const stornoCard = card(page, storno.id);
    await expect(stornoCard).toBeVisible();
    await expect(stornoCard.getByText('Storno', { exact: true })).toBeVisible();
    await expect(stornoCard.getByTestId('stato-pagamento')).toHaveText('Non pagato');
    await expect(stornoCard.getByTestId('importi')).toContainText('Struttura€ -173,00');
    await expect(stornoCard.getByTestId('importi')).toContainText('Punto Fisico€ -40,00');
    await expect(
      stornoCard.getByRole('link', { name: `Storno della commissione #${w.luce}` }),
    ).toHaveAttribute('href', `#commissione-${w.luce}`);
    await expect(luce.getByRole('link', { name: `Stornata dalla commissione #${storno.id}` })).toBeVisible();
    await shoot(page, 'commissioni-storno');

    // A paid commission with a storno cannot be deleted: the server says why.
    await luce.getByRole('button', { name: `Elimina commissione #${w.luce}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Elimina' }).click();
    const toastEl = page.getByTestId('toast');
    await expect(toastEl).toContainText('Non è stato possibile eliminare la commissione.');
    await expect(toastEl).toContainText('esiste uno storno collegato');
    await expect(luce).toBeVisible();

    // Delete the unpaid gas commission, after the confirm dialog.
    await gas.getByRole('button', { name: `Elimina commissione #${w.gas}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      `La commissione #${w.gas} (Gas, ${w.customer}) verrà eliminata definitivamente.`,
    );
    await confirm.getByRole('button', { name: 'Annulla' }).click();
    await expect(gas).toBeVisible();
    await gas.getByRole('button', { name: `Elimina commissione #${w.gas}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Elimina' }).click();
    await expect(page.getByTestId('toast')).toContainText('Commissione eliminata');
    await expect(gas).toHaveCount(0);
    expect((await api.get(`/api/commissioni/${w.gas}`)).status()).toBe(404);
  });

  test('agente: only its own commissions and its own amount, no admin actions, export with its column only', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    for (const servizio of ['luce', 'gas']) await saveWorkedExampleConfig(api, 'SORGENIA', servizio);
    const { point, agente } = await createStaffedPoint(api, `Tabacchi Agente ${stamp()}`);
    const w = await commissionsFromWorkflow(api, point.landingCode);
    // Another point's commissions, of another agent, must not show.
    const other = await createStaffedPoint(api, `Edicola Altra ${stamp()}`);
    const foreign = await commissionsFromWorkflow(api, other.point.landingCode);

    await signInByApi(page, agente.email, agente.password);
    await page.goto('/commissioni');
    const luce = card(page, w.luce);
    await expect(luce).toBeVisible();
    await expect(card(page, w.gas)).toBeVisible();
    await expect(card(page, foreign.luce)).toHaveCount(0);
    await expect(page.getByTestId('commissioni-count')).toHaveText('2 commissioni trovate');
    await expect(luce.getByTestId('importo')).toHaveText('La tua commissione€ 20,00');
    await expect(card(page, w.gas).getByTestId('importo')).toHaveText('La tua commissione€ 6,00');
    await expect(luce).not.toContainText('Struttura');
    await expect(luce).not.toContainText('€ 40,00');
    await expect(page.getByRole('button', { name: /Segna come/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Elimina commissione/ })).toHaveCount(0);
    // Totals are the agent's own amount: 20.00 + 6.00, nothing paid.
    await expect(page.getByTestId('stat-commissioni-totale-value')).toHaveText('€ 26,00');
    await expect(page.getByTestId('stat-commissioni-da-incassare-value')).toHaveText('€ 26,00');
    await expect(page.getByTestId('stat-commissioni-incassate-value')).toHaveText('€ 0,00');
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'commissioni-agente', true);

    await page.getByRole('button', { name: 'Esporta' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Excel (.xlsx)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^commissioni-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = readXlsxRows(readFileSync(await download.path()));
    expect(rows[0]).toContain('Importo Agente');
    expect(rows[0]).not.toContain('Importo Struttura');
    expect(
      rows
        .slice(1)
        .map((r) => Number(r[0]))
        .sort(),
    ).toEqual([w.luce, w.gas].sort());
  });

  test('pages of 24 with Successiva and Precedente: the totals are of every page, commissions arriving meanwhile shift nothing', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    for (const servizio of ['luce', 'gas']) await saveWorkedExampleConfig(api, 'SORGENIA', servizio);
    const { point, agente } = await createStaffedPoint(api, `Tabacchi Pagine ${stamp()}`);
    // 13 practices, two commissions each: 26, € 26,00 each practice for the agent.
    const made: number[] = [];
    for (let i = 0; i < 13; i++) {
      const w = await commissionsFromWorkflow(api, point.landingCode);
      made.push(w.luce, w.gas);
    }

    await signInByApi(page, agente.email, agente.password);
    await page.goto('/commissioni');
    const cards = page.locator('[data-testid^="commissione-"]');
    const ids = async () =>
      (await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).map((t) =>
        Number(t!.replace('commissione-', '')),
      );
    await expect(page.getByTestId('commissioni-count')).toHaveText('26 commissioni trovate');
    await expect(cards).toHaveCount(24);
    await expect(page.getByTestId('stat-commissioni-totale-value')).toHaveText('€ 338,00');
    const first = await ids();
    const pager = page.getByRole('navigation', { name: 'Paginazione' });
    await expect(pager).toContainText('Pagina 1 di 2');

    // Two more while page 1 is on screen: dated now, they sort before it and move nothing after it.
    const late = await commissionsFromWorkflow(api, point.landingCode);
    await pager.getByRole('button', { name: 'Successiva' }).click();
    await expect(pager).toContainText('Pagina 2 di 2');
    await expect(cards).toHaveCount(2);
    const second = await ids();
    expect([...first, ...second].sort()).toEqual([...made].sort());
    await expect(pager.getByRole('button', { name: 'Successiva' })).toBeDisabled();
    await shoot(page, 'commissioni-pagina-2');

    await pager.getByRole('button', { name: 'Precedente' }).click();
    await expect(pager).toContainText('Pagina 1 di 2');
    await expect(cards).toHaveCount(24);
    // Read afresh, the newcomers are on top and counted, in the totals too.
    await page.reload();
    await expect(page.getByTestId('commissioni-count')).toHaveText('28 commissioni trovate');
    await expect(page.getByTestId('stat-commissioni-totale-value')).toHaveText('€ 364,00');
    expect((await ids()).slice(0, 2).sort()).toEqual([late.luce, late.gas].sort());
  });

  test('estratto conto: the agent downloads its own quarter as PDF and Excel, totals as on the screen; the admin anyone’s and all as ZIP', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const T = msg.estrattoConto.totali;
    const api = await adminApi(request);
    for (const servizio of ['luce', 'gas']) await saveWorkedExampleConfig(api, 'SORGENIA', servizio);
    const unico = `Neri${stamp()}`;
    const { point, agente } = await createStaffedPoint(api, `Bar Estratto ${stamp()}`, {
      agente: { firstName: 'Sara', lastName: unico },
    });
    await commissionsFromWorkflow(api, point.landingCode);

    await signInByApi(page, agente.email, agente.password);
    await page.goto('/commissioni');
    // This quarter on the screen: the agent's own 20.00 + 6.00, nothing paid.
    const screenTotal = page.getByTestId('stat-commissioni-totale-value');
    await expect(screenTotal).toHaveText('€ 26,00');
    await page.getByRole('button', { name: 'Estratto conto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Estratto conto' });
    await expect(dialog.getByLabel('Periodo')).toHaveValue(/^\d{4}-T[1-4]$/);
    // A payee picks no one: its own statement only.
    await expect(dialog.getByLabel('Beneficiario')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Tutti (ZIP)' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'estratto-conto-agente');

    let downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'PDF' }).click();
    let download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^EC-\d{4}-\d{6}_.*_Agente_\d{4}-T[1-4]\.pdf$/);
    const text = pdfText(readFileSync(await download.path()));
    expect(text).toContain(agente.lastName);
    expect(text).toMatch(new RegExp(`${T.totale}:?\\s+€\\s*26,00`));
    expect(text).toMatch(new RegExp(`${T.daPagare}:?\\s+€\\s*26,00`));

    downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Excel' }).click();
    download = await downloading;
    const xlsx = await readEstrattoXlsx(readFileSync(await download.path()));
    expect(xlsx.totals[T.totale]).toBe('26.00');
    expect(xlsx.totals[T.pagato]).toBe('0.00');
    expect(xlsx.rows).toHaveLength(2);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The admin: the same agent's statement, then every payee of the quarter as a ZIP.
    await page.context().clearCookies();
    await signInByApi(page);
    await page.goto('/commissioni');
    await page.getByRole('button', { name: 'Estratto conto' }).click();
    const adminDialog = page.getByRole('dialog', { name: 'Estratto conto' });
    const who = adminDialog.getByLabel('Beneficiario');
    await who.selectOption(String(agente.id));
    await expect(adminDialog.getByTestId('estratto-totale')).toContainText('€ 26,00');
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'estratto-conto-admin');
    downloading = page.waitForEvent('download');
    await adminDialog.getByRole('button', { name: 'PDF' }).click();
    download = await downloading;
    expect(pdfText(readFileSync(await download.path()))).toContain(agente.lastName);

    downloading = page.waitForEvent('download');
    await adminDialog.getByRole('button', { name: 'Tutti (ZIP)' }).click();
    download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^estratti-conto-\d{4}-T[1-4]\.zip$/);
    const names = [...unzip(readFileSync(await download.path())).keys()];
    const agentFiles = names.filter(
      (n) => n.includes(agente.lastName.toLowerCase()) || n.includes(agente.lastName),
    );
    expect(agentFiles.map((n) => n.slice(-4)).sort()).toEqual(['.pdf', 'xlsx']);
  });
});
