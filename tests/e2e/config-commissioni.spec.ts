import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { SubmitFormInput } from '#shared/schemas/landing.ts';
import {
  adminApi,
  createStaffedPoint,
  createUser,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  signInByApi,
  test,
  landingSubmission,
  screenshot,
} from '#test/e2e/fixtures.ts';

const AMOUNT_ERROR = 'Importo non valido: usa un numero non negativo con al massimo 2 decimali';

type Config = Record<string, string | number> & { fornitore: { codice: string }; servizio: string };

async function configOf(
  api: APIRequestContext,
  codice: string,
  servizio: string,
): Promise<Config | undefined> {
  const res = await api.get('/api/commissioni-fornitori');
  expect(res.status()).toBe(200);
  return ((await res.json()) as Config[]).find(
    (c) => c.fornitore.codice === codice && c.servizio === servizio,
  );
}

/** The worked example of docs/product/commissions.md#esempio-svolto, typed field by field; the amounts without RID are made up. */
const WORKED_EXAMPLE: Array<[string, string]> = [
  ['Punto fisico (commissione unità base)', '30'],
  ['Agente (commissione unità base)', '15'],
  ['Area manager (commissione unità base)', '5'],
  ['Bonus RID', '20'],
  ['Punto fisico (aggiuntiva senza RID)', '8'],
  ['Agente (aggiuntiva senza RID)', '4'],
  ['Area manager (aggiuntiva senza RID)', '1.50'],
  ['Punto fisico (aggiuntiva con RID)', '10'],
  ['Agente (aggiuntiva con RID)', '5'],
  ['Area manager (aggiuntiva con RID)', '2'],
];

async function expectPreview(dialog: Locator, key: string, amounts: [string, string, string, string]) {
  const roles = ['puntoFisico', 'agente', 'areaManager', 'struttura'];
  for (const [i, role] of roles.entries())
    await expect(dialog.getByTestId(`preview-${key}-${role}`)).toHaveText(amounts[i]);
}

/** Screenshots when asked (fixtures.ts#screenshot). */
const shot = (page: Page, name: string, fullPage = true) => screenshot(page, name, { fullPage });

let phoneSeq = 0;
/** A practice through the public submission of that point, as the landing sends it. */
async function submitPractice(
  request: APIRequestContext,
  puntoFisicoId: number,
  serviziRichiesti: SubmitFormInput['serviziRichiesti'],
) {
  const n = `${Date.now().toString().slice(-6)}${String(phoneSeq++ % 100).padStart(2, '0')}`;
  const res = await request.post('/api/submit-form', {
    headers: { 'Idempotency-Key': `e2e-config-${n}` },
    data: landingSubmission({
      nome: 'Elena',
      cognome: `Ferri${n}`,
      telefono: `348${n}`,
      email: `elena.${n}@esempio.it`,
      serviziRichiesti,
      puntoFisicoId,
    }),
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return { praticaId: (await res.json()).praticaId as number, telefono: `348${n}` };
}

test.describe('Config Commissioni', () => {
  test('admin configures Enel luce with the worked example through the dialog, sees its preview, refuses bad values, and a completion pays what the preview showed', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const already = (await configOf(api, 'ENEL', 'luce')) != null;
    await signInByApi(page);
    await page.goto('/admin-commissioni');
    await expect(page.getByRole('heading', { name: 'Gestione Commissioni', level: 1 })).toBeVisible();

    const row = page.getByTestId('config-ENEL-luce');
    if (!already) {
      await expect(row).toContainText('Non configurato');
      await expect(page.getByTestId('config-ENEL-gas')).toContainText('Non configurato');
    }
    await row
      .getByRole('button', { name: `${already ? 'Modifica' : 'Configura'} Luce Enel Energia` })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /commissioni Luce/ })).toBeVisible();
    await expect(dialog).toContainText('Enel Energia (ENEL)');

    for (const [label, value] of WORKED_EXAMPLE) await dialog.getByLabel(label, { exact: true }).fill(value);
    const inputRicavo = dialog.getByLabel('Ricavo base', { exact: true });
    await expect(inputRicavo).toHaveAttribute('inputmode', 'decimal');
    // it-IT in the fields: a comma is the decimal separator, the value is rewritten on leaving it.
    const areaManager = dialog.getByLabel('Area manager (aggiuntiva senza RID)', { exact: true });
    await areaManager.fill('1,5');
    await areaManager.blur();
    await expect(areaManager).toHaveValue('1,50');

    // With no revenue yet, the structure pays the roles out of its pocket: highlighted.
    await inputRicavo.fill('0');
    await expectPreview(dialog, '1-senza-rid', ['€ 30,00', '€ 15,00', '€ 5,00', '€ -50,00']);
    await expect(dialog.getByTestId('preview-1-senza-rid')).toContainText('La struttura ci rimette');
    await expect(dialog.getByTestId('preview-1-senza-rid-struttura')).toHaveClass(/text-red-700/);

    // The worked example: 2 forniture con RID → 40 / 20 / 7, structure 173 of 240.
    await inputRicavo.fill('100');
    await expectPreview(dialog, '1-con-rid', ['€ 30,00', '€ 15,00', '€ 5,00', '€ 70,00']);
    await expectPreview(dialog, '2-con-rid', ['€ 40,00', '€ 20,00', '€ 7,00', '€ 173,00']);
    await expect(dialog.getByTestId('preview-2-con-rid')).toContainText('Ricavo € 240,00');
    await expect(dialog.getByTestId('preview-2-con-rid')).not.toContainText('La struttura ci rimette');
    await expectPreview(dialog, 'aggiuntiva-con-rid', ['€ 10,00', '€ 5,00', '€ 2,00', '€ 103,00']);

    // A third decimal ('12.345' would be twelve thousand: a dot before three digits groups
    // thousands, docs/decisions/021-importi-e-accessibilita.md): the route's own message, no preview, nothing saved.
    const agente = dialog.getByLabel('Agente (commissione unità base)', { exact: true });
    await agente.fill('12,345');
    await expect(dialog.getByTestId('config-preview')).toContainText(
      "Correggi i valori evidenziati per vedere l'anteprima.",
    );
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/commissioni-fornitori')) posted = true;
    });
    await dialog.getByRole('button', { name: 'Salva commissioni' }).click();
    await expect(dialog.getByText(AMOUNT_ERROR)).toBeVisible();
    await expect(agente).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toBeVisible();
    expect(posted).toBe(false);
    const unchanged = await configOf(api, 'ENEL', 'luce');
    if (!already) expect(unchanged).toBeUndefined();
    else expect(unchanged?.commissioneAgente).not.toBe('12.35');

    await agente.fill('15');
    await expect(dialog.getByText(AMOUNT_ERROR)).toHaveCount(0);
    await expectPreview(dialog, '2-con-rid', ['€ 40,00', '€ 20,00', '€ 7,00', '€ 173,00']);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'config-commissioni-dialog-1440', false);
    await dialog.getByRole('button', { name: 'Salva commissioni' }).click();
    await expect(page.getByTestId('toast')).toContainText('Commissioni salvate');
    await expect(page.getByTestId('toast')).toContainText('Enel Energia · Luce');
    await expect(dialog).toHaveCount(0);

    // The card shows the amounts and now offers 'Modifica'.
    await expect(row).not.toContainText('Non configurato');
    for (const amount of [
      '€ 100,00',
      '€ 20,00',
      '€ 30,00',
      '€ 15,00',
      '€ 5,00',
      '€ 8,00',
      '€ 1,50',
      '€ 10,00',
      '€ 2,00',
    ])
      await expect(row).toContainText(amount);
    await expect(row).toContainText('Struttura su 1 fornitura senza RID: € 50,00');
    const saved = await configOf(api, 'ENEL', 'luce');
    expect(saved).toMatchObject({
      ricavoBase: '100.00',
      bonusRid: '20.00',
      commissionePuntoFisico: '30.00',
      commissioneAgente: '15.00',
      commissioneAreaManager: '5.00',
      commissioneAggiuntivaRidAreaManager: '2.00',
      commissioneAggiuntivaAreaManager: '1.50',
    });

    // Reopened: every value comes back.
    await row.getByRole('button', { name: 'Modifica Luce Enel Energia' }).click();
    await expect(dialog.getByRole('heading', { name: 'Modifica commissioni Luce' })).toBeVisible();
    await expect(dialog.getByLabel('Ricavo base', { exact: true })).toHaveValue('100,00');
    await expect(dialog.getByLabel('Agente (commissione unità base)', { exact: true })).toHaveValue('15,00');
    await expect(dialog.getByLabel('Area manager (aggiuntiva senza RID)', { exact: true })).toHaveValue(
      '1,50',
    );
    await expect(dialog.getByLabel('Area manager (aggiuntiva con RID)', { exact: true })).toHaveValue('2,00');
    await expectPreview(dialog, '2-con-rid', ['€ 40,00', '€ 20,00', '€ 7,00', '€ 173,00']);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // A real completion through the API: a point with agent and area manager, 2 supplies with RID.
    const { point } = await createStaffedPoint(api, `Tabaccheria Luna ${Date.now().toString(36)}`);
    const { praticaId, telefono } = await submitPractice(page.request, point.id, ['luce']);
    const pratiche = await (await api.get(`/api/pratiche?search=${telefono}`)).json();
    const servizio = pratiche.items.find((p: { id: number }) => p.id === praticaId).servizi[0];
    const done = await api.put(`/api/servizi/${servizio.id}/status`, {
      data: { stato: 'completato', fornitore: 'ENEL', ridPresente: true, numeroForniture: 2 },
    });
    expect(done.status(), await done.text()).toBe(200);
    const commissioni = await (await api.get('/api/commissioni?pageSize=200')).json();
    expect(commissioni.items.filter((c: { praticaId: number }) => c.praticaId === praticaId)).toEqual([
      expect.objectContaining({
        fornitore: 'ENEL',
        importoPuntoFisico: '40.00',
        importoAgente: '20.00',
        importoAreaManager: '7.00',
        importoAmministrazione: '173.00',
      }),
    ]);
  });

  test('noleggio: live sum of the four percentages, a sum of 120 refused with nothing saved, then a valid split that a rental completion pays', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    await signInByApi(page);
    await page.goto('/admin-commissioni');
    await page.getByLabel('Servizio').selectOption('noleggio');
    await expect(page.getByTestId('fornitore-LEASYS')).toBeVisible();
    await expect(page.getByTestId('fornitore-AYVENS')).toBeVisible();
    await expect(page.getByTestId('fornitore-ENEL')).toHaveCount(0);

    const row = page.getByTestId('config-LEASYS-noleggio');
    const before = await configOf(api, 'LEASYS', 'noleggio');
    await row.getByRole('button', { name: /^(Configura|Modifica) Noleggio Leasys$/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Ricavo base')).toHaveCount(0);
    const pf = dialog.getByLabel('Punto fisico (percentuale)', { exact: true });
    await pf.fill('60');
    await dialog.getByLabel('Agente (percentuale)', { exact: true }).fill('0');
    await dialog.getByLabel('Area manager (percentuale)', { exact: true }).fill('0');
    await dialog.getByLabel('Struttura (percentuale)', { exact: true }).fill('60');
    await expect(dialog.getByTestId('percent-sum')).toHaveText('Totale percentuali: 120,00% su 100%');
    await expect(dialog.getByTestId('percent-sum')).toHaveClass(/text-destructive/);
    await dialog.getByRole('button', { name: 'Salva commissioni' }).click();
    await expect(dialog.getByText('La somma delle percentuali non può superare 100')).toBeVisible();
    expect(await configOf(api, 'LEASYS', 'noleggio')).toEqual(before);

    // A percentage above 100 on its own.
    await pf.fill('101');
    await pf.blur();
    await expect(
      dialog.getByText('Percentuale non valida: usa un numero tra 0 e 100 con al massimo 2 decimali'),
    ).toBeVisible();

    await pf.fill('5');
    await dialog.getByLabel('Agente (percentuale)', { exact: true }).fill('3');
    await dialog.getByLabel('Area manager (percentuale)', { exact: true }).fill('2,5');
    await dialog.getByLabel('Struttura (percentuale)', { exact: true }).fill('10');
    await expect(dialog.getByTestId('percent-sum')).toHaveText('Totale percentuali: 20,50% su 100%');
    await expectPreview(dialog, 'noleggio', ['€ 500,00', '€ 300,00', '€ 250,00', '€ 1.000,00']);
    await dialog.getByLabel('Totale vendita di esempio').fill('12.345,67');
    await expect(dialog.getByTestId('preview-noleggio')).toContainText('Noleggio da € 12.345,67');
    await expectPreview(dialog, 'noleggio', ['€ 617,28', '€ 370,37', '€ 308,64', '€ 1.234,57']);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Salva commissioni' }).click();
    await expect(page.getByTestId('toast')).toContainText('Commissioni salvate');
    for (const text of ['5,00%', '3,00%', '2,50%', '10,00%']) await expect(row).toContainText(text);
    expect(await configOf(api, 'LEASYS', 'noleggio')).toMatchObject({
      percentualePuntoFisico: '5.00',
      percentualeAgente: '3.00',
      percentualeAreaManager: '2.50',
      percentualeStruttura: '10.00',
    });

    const { point } = await createStaffedPoint(api, `Autonoleggio Sole ${Date.now().toString(36)}`);
    const { praticaId, telefono } = await submitPractice(page.request, point.id, ['noleggio']);
    const pratiche = await (await api.get(`/api/pratiche?search=${telefono}`)).json();
    const servizio = pratiche.items.find((p: { id: number }) => p.id === praticaId).servizi[0];
    const done = await api.put(`/api/servizi/${servizio.id}/status`, {
      data: { stato: 'completato', fornitore: 'LEASYS', totaleVendita: '12345.67' },
    });
    expect(done.status(), await done.text()).toBe(200);
    const commissioni = await (await api.get('/api/commissioni?pageSize=200')).json();
    expect(commissioni.items.filter((c: { praticaId: number }) => c.praticaId === praticaId)).toEqual([
      expect.objectContaining({
        importoPuntoFisico: '617.28',
        importoAgente: '370.37',
        importoAreaManager: '308.64',
        importoAmministrazione: '1234.57',
      }),
    ]);
  });

  test('suppliers: create with validation messages, a duplicate code refused, edit and deactivate, a refused save in the failure toast; search by name', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const codice = `HERA${Date.now().toString().slice(-6)}`;
    await signInByApi(page);
    await page.goto('/admin-commissioni');
    await page.getByRole('button', { name: 'Nuovo Fornitore' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Nuovo Fornitore' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Crea fornitore' }).click();
    await expect(dialog.getByText('Codice fornitore richiesto')).toBeVisible();
    await expect(dialog.getByText('Nome fornitore richiesto')).toBeVisible();
    await expect(dialog.getByText('Seleziona almeno un servizio')).toBeVisible();
    await dialog.getByLabel('Codice').fill('h');
    await dialog.getByRole('button', { name: 'Crea fornitore' }).click();
    await expect(
      dialog.getByText('Codice fornitore non valido: solo lettere maiuscole, cifre e _ (2–20 caratteri)'),
    ).toBeVisible();

    // A code already taken: the server's 409 message, under the field and in the toast.
    await dialog.getByLabel('Codice').fill('enel');
    await dialog.getByLabel('Nome').fill('Hera Comm');
    await dialog.getByLabel('Luce').check();
    await dialog.getByLabel('Gas').check();
    await dialog.getByRole('button', { name: 'Crea fornitore' }).click();
    await expect(page.getByTestId('toast')).toContainText('Esiste già un fornitore con questo codice');
    await expect(dialog.getByText('Esiste già un fornitore con questo codice')).toBeVisible();
    await shot(page, 'config-commissioni-fornitore-dialog-1440', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'config-commissioni-fornitore-dialog-390', false);
    await page.setViewportSize({ width: 1440, height: 900 });

    await dialog.getByLabel('Codice').fill(codice.toLowerCase());
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Crea fornitore' }).click();
    await expect(page.getByTestId('toast')).toContainText('Fornitore creato');
    await expect(dialog).toHaveCount(0);
    const card = page.getByTestId(`fornitore-${codice}`);
    await expect(card).toContainText('Hera Comm');
    await expect(card.getByTestId(`config-${codice}-luce`)).toContainText('Non configurato');
    await expect(card.getByTestId(`config-${codice}-gas`)).toContainText('Non configurato');
    await expect(card.getByRole('button', { name: 'Configura Luce Hera Comm' })).toBeVisible();
    const created = (
      (await (await api.get('/api/fornitori')).json()) as Array<{
        codice: string;
        serviziSupportati: string[];
        isActive: boolean;
      }>
    ).find((f) => f.codice === codice);
    expect(created).toMatchObject({ serviziSupportati: ['luce', 'gas'], isActive: true });

    // Edit: add internet, deactivate.
    await card.getByRole('button', { name: 'Modifica fornitore Hera Comm' }).click();
    await expect(dialog.getByRole('heading', { name: 'Modifica Fornitore' })).toBeVisible();
    await expect(dialog.getByLabel('Codice')).toHaveValue(codice);
    await expect(dialog.getByLabel('Gas')).toBeChecked();
    await dialog.getByLabel('Internet').check();
    await dialog.getByLabel('Fornitore attivo').uncheck();
    await dialog.getByRole('button', { name: 'Salva modifiche' }).click();
    await expect(page.getByTestId('toast')).toContainText('Fornitore aggiornato');
    await expect(card).toContainText('Disattivo');
    await expect(card.getByTestId(`config-${codice}-internet`)).toContainText('Non configurato');
    // Deactivated: gone from the list the practice dialog offers.
    const forLuce = (await (await api.get('/api/fornitori?servizio=luce')).json()) as Array<{
      codice: string;
    }>;
    expect(forLuce.map((f) => f.codice)).not.toContain(codice);

    // Saving after another admin removed the service: the server's refusal in the failure toast.
    await card.getByRole('button', { name: 'Configura Gas Hera Comm' }).click();
    await expect(dialog.getByRole('heading', { name: 'Configura commissioni Gas' })).toBeVisible();
    await dialog.getByLabel('Ricavo base', { exact: true }).fill('80');
    const id = (
      (await (await api.get('/api/fornitori')).json()) as Array<{ id: number; codice: string }>
    ).find((f) => f.codice === codice)!.id;
    const removed = await api.put(`/api/fornitori/${id}`, {
      data: { codice, nome: 'Hera Comm', serviziSupportati: ['luce', 'internet'], isActive: false },
    });
    expect(removed.status()).toBe(200);
    await dialog.getByRole('button', { name: 'Salva commissioni' }).click();
    await expect(page.getByTestId('toast')).toContainText('Errore nel salvataggio delle commissioni');
    await expect(page.getByTestId('toast')).toContainText('Il fornitore Hera Comm non offre il servizio gas');
    await expect(dialog).toBeVisible();
    expect(await configOf(api, codice, 'gas')).toBeUndefined();
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(dialog).toHaveCount(0);

    // Search by name, whatever the case.
    await page.getByLabel('Cerca fornitore').fill('hera co');
    await expect(card).toBeVisible();
    await expect(page.getByTestId('fornitore-ENEL')).toHaveCount(0);
    await page.getByLabel('Cerca fornitore').fill('nessun fornitore così');
    await expect(page.getByText('Nessun fornitore corrisponde ai filtri')).toBeVisible();
  });

  test('screens at 1440 and 390, and a non-admin sees Accesso Negato', async ({ page, request }) => {
    const api = await adminApi(request);
    await signInByApi(page);
    await page.goto('/admin-commissioni');
    await expect(page.getByTestId('fornitore-ENEL')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'config-commissioni-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('fornitore-ENEL')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'config-commissioni-390');
    await screenshot(page.getByTestId('fornitore-ENEL'), 'config-commissioni-enel-390');
    await screenshot(page.getByTestId('fornitore-LEASYS'), 'config-commissioni-leasys-390');
    await page
      .getByTestId('config-ENEL-luce')
      .getByRole('button', { name: /^(Configura|Modifica) Luce Enel Energia$/ })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, 'config-commissioni-dialog-390', false);
    await screenshot(page.getByTestId('config-preview'), 'config-commissioni-preview-390');
    await page.keyboard.press('Escape');
    await page
      .getByTestId('config-LEASYS-noleggio')
      .getByRole('button', { name: /Noleggio Leasys$/ })
      .click();
    await shot(page, 'config-commissioni-dialog-noleggio-390', false);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });

    const agente = await createUser(api, 'agente');
    await page.getByRole('button', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, agente.email, agente.password);
    await expect(page.getByRole('link', { name: 'Config Commissioni' })).toHaveCount(0);
    await page.goto('/admin-commissioni');
    await expect(page.getByRole('heading', { name: 'Accesso Negato' })).toBeVisible();
    await expect(page.getByText('Solo gli amministratori possono accedere a questa sezione')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Gestione Commissioni' })).toHaveCount(0);
    const res = await page.request.get('/api/commissioni-fornitori');
    expect(res.status()).toBe(403);
  });
});
