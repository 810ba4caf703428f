import {
  adminApi,
  createStaffedPoint,
  expect,
  expectNoSeriousA11yViolations,
  landingSubmission,
  signInByApi,
  test,
  screenshotBothSizes,
} from '#test/e2e/fixtures.ts';

test.describe('Privacy', () => {
  test('the admin erases a lead from its detail, and the audit log shows it', async ({ page, request }) => {
    const api = await adminApi(request);
    const { point: punto } = await createStaffedPoint(api, `Negozio Privacy ${Date.now()}`);
    const n = Date.now().toString().slice(-8);
    const cognome = `Cancellami${n}`;
    const res = await api.post('/api/submit-form', {
      headers: { 'Idempotency-Key': `e2e-privacy-${n}` },
      data: landingSubmission({
        nome: 'Rita',
        cognome,
        telefono: `348${n}`,
        email: `rita.${n}@esempio.it`,
        serviziRichiesti: ['luce'],
        orarioContatto: '10:00-11:00',
        puntoFisicoId: punto.id,
      }),
    });
    expect(res.status(), await res.text()).toBe(201);
    const found = (await (await api.get(`/api/leads?search=348${n}`)).json()) as {
      items: Array<{ id: number }>;
    };
    const leadId = found.items[0].id;

    await signInByApi(page);
    await page.goto(`/leads/${leadId}`);
    const dialog = page.getByRole('dialog', { name: 'Dettaglio Lead' });
    await expect(dialog).toContainText(cognome);
    const privacy = dialog.getByRole('region', { name: 'Privacy' });
    await expect(privacy.getByRole('button', { name: 'Esporta dati personali' })).toBeVisible();
    await privacy.getByRole('button', { name: 'Cancella dati personali' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancellare i dati personali di questo cliente?' });
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'privacy-conferma-cancellazione');
    await confirm.getByRole('button', { name: 'Cancella definitivamente' }).click();
    await expect(page.getByTestId('toast').getByText('Dati personali cancellati')).toBeVisible();
    await expect(dialog).toContainText('Cliente cancellato');
    await expect(dialog).not.toContainText(cognome);
    await expect(privacy).toContainText('Dati personali cancellati il');
    await expect(privacy.getByRole('button', { name: 'Cancella dati personali' })).toHaveCount(0);

    await page.goto('/utenti');
    await page.getByRole('link', { name: 'Registro attività' }).click();
    await expect(page).toHaveURL(/\/utenti\/registro-attivita$/);
    await expect(page.getByRole('heading', { name: 'Registro attività' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Registro attività' });
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: `Lead #${leadId}` })
        .first(),
    ).toContainText('Cancellazione dati di un cliente');
    await page.getByLabel('Tipo').selectOption({ label: 'Accesso' });
    await expect(table.getByRole('row').nth(1)).toContainText('Accesso');
    await expect(table).not.toContainText('Cancellazione dati di un cliente');
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'privacy-registro-attivita');
  });
});
