import { fillMessage, msg } from '#shared/messages.ts';
import { formatDayKey } from '#shared/periodi.ts';
import { romeDateKey } from '#shared/time.ts';
import {
  adminApi,
  createStaffedPoint,
  expect,
  expectNoSeriousA11yViolations,
  landingSubmission,
  saveWorkedExampleConfig,
  screenshotBothSizes,
  signInByApi,
  test,
} from '#test/e2e/fixtures.ts';
import { xlsxFile } from '#test/setup/import-files.ts';

const m = msg.esitiFornitori;

test("a supplier's outcome file moves its services: ATTIVATO completed with its commission, KO DATI ERRATI KO; the same file again changes nothing; CESSATO is recorded after activation", async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  // A2A luce: no other spec uses it, so its configuration is this test's.
  await saveWorkedExampleConfig(api, 'A2A', 'luce');
  const { point } = await createStaffedPoint(api, `Bar Esiti ${Date.now()}`);
  const luce: { praticaId: number; servizioId: number }[] = [];
  for (const i of [1, 2]) {
    const n = `${Date.now().toString().slice(-7)}${i}`;
    const res = await api.post('/api/submit-form', {
      headers: { 'Idempotency-Key': `e2e-esiti-${n}` },
      data: landingSubmission({
        nome: 'Elena',
        cognome: `Esiti${n}`,
        telefono: `347${n}`,
        email: `elena.${n}@esempio.it`,
        serviziRichiesti: ['luce'],
        puntoFisicoId: point.id,
      }),
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    const { praticaId } = (await res.json()) as { praticaId: number };
    const pratica = (await (await api.get(`/api/pratiche/${praticaId}`)).json()) as {
      servizi: { id: number }[];
    };
    luce.push({ praticaId, servizioId: pratica.servizi[0].id });
  }
  const file = {
    name: 'esiti-a2a.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsxFile([
      ['N. servizio', 'Esito', 'Data esito'],
      [luce[0].servizioId, 'ATTIVATO', '05/11/2026'],
      [luce[1].servizioId, 'KO DATI ERRATI', '06/11/2026'],
    ]),
  };
  const uploadFile = async (f = file) => {
    await page.getByLabel(m.fornitoreLabel).selectOption({ label: 'A2A Energia' });
    await page.getByLabel(m.tipoLabel).selectOption('luce');
    await page.getByLabel(m.fileLabel).setInputFiles(f);
    await page.getByRole('button', { name: m.upload }).click();
  };

  await signInByApi(page);
  await page.goto('/esiti-fornitori');
  await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
  await uploadFile();
  // Proposed from the headers and the values: the office only confirms.
  await expect(page.getByLabel(m.identificativi.servizio)).toHaveValue('N. servizio');
  await expect(page.getByLabel(m.colonnaEsito)).toHaveValue('Esito');
  await expect(page.getByLabel('ATTIVATO')).toHaveValue('completato');
  await expect(page.getByLabel('KO DATI ERRATI')).toHaveValue('ko_dati_errati');
  await page.getByRole('button', { name: m.verifica }).click();
  await expect(page.getByTestId('conteggio-da_applicare')).toHaveText('2');
  await expect(page.getByText(m.nessunProblema)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'esiti-anteprima', { fullPage: true });

  await page.getByRole('button', { name: m.applica }).click();
  await expect(page.getByText(m.completato, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('conteggio-applicato')).toHaveText('2');
  await screenshotBothSizes(page, 'esiti-applicati');

  await page.goto(`/pratiche/${luce[0].praticaId}`);
  const attivato = page.getByTestId(`pratica-${luce[0].praticaId}`).getByTestId('servizio-luce');
  await expect(attivato).toBeVisible({ timeout: 20_000 });
  await expect(attivato).toContainText('Completato');
  await attivato.getByText(/Storico stati/).click();
  await expect(attivato).toContainText(m.notaStorico('esiti-a2a.xlsx', 2, '05/11/2026'));
  const commissioni = (await (await api.get('/api/commissioni?pageSize=200')).json()) as {
    items: { praticaId: number; importoPuntoFisico: string }[];
  };
  expect(commissioni.items.filter((c) => c.praticaId === luce[0].praticaId)).toHaveLength(1);
  await page.goto(`/pratiche/${luce[1].praticaId}`);
  await expect(page.getByTestId(`pratica-${luce[1].praticaId}`).getByTestId('servizio-luce')).toContainText(
    'Motivazione KO: Dati errati',
    { timeout: 20_000 },
  );

  // The same file again: the supplier's mapping is proposed, every row is already there.
  await page.goto('/esiti-fornitori');
  await uploadFile();
  await expect(page.getByText(m.mappaturaSalvata)).toBeVisible();
  await page.getByRole('button', { name: m.verifica }).click();
  await expect(page.getByTestId('conteggio-gia_aggiornato')).toHaveText('2');
  await expect(page.getByTestId('conteggio-da_applicare')).toHaveCount(0);
  await page.getByRole('button', { name: m.applica }).click();
  await expect(page.getByText(m.completato, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('conteggio-applicato')).toHaveCount(0);
  const after = (await (await api.get('/api/commissioni?pageSize=200')).json()) as typeof commissioni;
  expect(after.items.filter((c) => c.praticaId === luce[0].praticaId)).toHaveLength(1);

  // Months later the supplier says the supply ceased: an outcome after activation, its meaning
  // proposed beside the saved ones, recorded through the function of «Esito dopo l'attivazione».
  const oggi = formatDayKey(romeDateKey(new Date()));
  await page.goto('/esiti-fornitori');
  await uploadFile({
    ...file,
    name: 'esiti-a2a-cessati.xlsx',
    buffer: await xlsxFile([
      ['N. servizio', 'Esito', 'Data esito'],
      [luce[0].servizioId, 'CESSATO', oggi],
    ]),
  });
  await expect(page.getByLabel('CESSATO')).toHaveValue('cessato');
  await screenshotBothSizes(page, 'esiti-valori-cessato', { fullPage: true });
  await page.getByRole('button', { name: m.verifica }).click();
  await expect(page.getByTestId('conteggio-da_applicare')).toHaveText('1');
  await page.getByRole('button', { name: m.applica }).click();
  await expect(page.getByTestId('conteggio-applicato')).toHaveText('1', { timeout: 30_000 });
  await page.goto(`/pratiche/${luce[0].praticaId}`);
  await expect(
    page.getByTestId(`pratica-${luce[0].praticaId}`).getByTestId('servizio-luce').getByTestId('esito'),
  ).toHaveText(fillMessage(msg.maturazione.esitoRegistrato, { esito: 'Cessato', data: oggi }), {
    timeout: 20_000,
  });
});
