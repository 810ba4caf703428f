import type { APIRequestContext } from '@playwright/test';
import {
  adminApi,
  apiAs,
  createStaffedPoint,
  expect,
  expectNoSeriousA11yViolations,
  signInByApi,
  test,
  landingSubmission,
} from '#test/e2e/fixtures.ts';

let seq = 0;

/** A landing submission as the wizard sends it; answers the lead's id and the customer's e-mail. */
async function submitLead(api: APIRequestContext, puntoFisicoId: number, cognome: string) {
  const n = `${Date.now().toString().slice(-6)}${String(seq++ % 100).padStart(2, '0')}`;
  const email = `cliente.${n}@esempio.it`;
  const res = await api.post('/api/submit-form', {
    headers: { 'Idempotency-Key': `e2e-notifiche-${n}` },
    data: landingSubmission({
      nome: 'Sara',
      cognome,
      telefono: `349${n}`,
      email,
      serviziRichiesti: ['luce'],
      orarioContatto: '10:00-11:00',
      puntoFisicoId,
    }),
  });
  expect(res.status(), await res.text()).toBe(201);
  // The public answer never names the lead; the admin finds it by its phone.
  const found = (await (await api.get(`/api/leads?search=349${n}`)).json()) as {
    items: Array<{ id: number }>;
  };
  expect(found.items).toHaveLength(1);
  return { leadId: found.items[0].id, email };
}

test.describe('E-mail notices', () => {
  test('an agent switches new-lead e-mails off in the profile, and the choice stays', async ({
    page,
    request,
    baseURL,
  }) => {
    const api = await adminApi(request);
    const { agente } = await createStaffedPoint(api, `Negozio Avvisi ${Date.now()}`);
    await signInByApi(page, agente.email, agente.password);
    await page.goto('/profilo');

    const avvisi = page.getByRole('region', { name: 'Avvisi via e-mail' });
    const nuoviLead = avvisi.getByRole('switch', { name: 'Nuovi lead' });
    await expect(nuoviLead).toHaveAttribute('aria-checked', 'true');
    await expect(avvisi.getByRole('switch')).toHaveCount(4);
    await expect(avvisi).toContainText('Impostazione predefinita');
    await expectNoSeriousA11yViolations(page);

    await nuoviLead.click();
    await expect(page.getByTestId('toast').getByText('Preferenza salvata')).toBeVisible();
    await expect(nuoviLead).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Avvisi via e-mail' }).getByRole('switch', { name: 'Nuovi lead' }),
    ).toHaveAttribute('aria-checked', 'false');

    const own = await apiAs(baseURL, agente);
    const prefs = (await (await own.get('/api/notifiche/preferenze')).json()) as Array<{
      tipo: string;
      attiva: boolean;
    }>;
    expect(prefs.find((p) => p.tipo === 'lead_nuovo')?.attiva).toBe(false);
    await own.dispose();
  });

  test("the admin's log lists a landing's e-mails as not sent while mail is not configured", async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const cognome = `Registro${Date.now()}`;
    const { point, agente } = await createStaffedPoint(api, `Negozio Registro ${Date.now()}`);
    const { email } = await submitLead(api, point.id, cognome);

    await signInByApi(page);
    await page.goto('/utenti');
    await page.getByRole('link', { name: 'Registro e-mail' }).click();
    await expect(page).toHaveURL(/\/utenti\/registro-email$/);
    await expect(page.getByRole('heading', { name: 'Registro e-mail' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText("L'invio delle e-mail non è configurato");

    const table = page.getByRole('table', { name: 'Registro e-mail' });
    const toAgent = table.getByRole('row').filter({ hasText: agente.email });
    await expect(toAgent).toContainText(`Nuovo lead: Sara ${cognome}`);
    await expect(toAgent).toContainText('non inviato: e-mail non configurata');
    const toCustomer = table.getByRole('row').filter({ hasText: email });
    await expect(toCustomer).toContainText(`Richiesta ricevuta - ${point.nomeAttivita}`);
    await expect(toCustomer).toContainText('Conferma al cliente');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Stato').selectOption('inviato');
    await expect(table.getByRole('row').filter({ hasText: agente.email })).toHaveCount(0);
  });

  test("an e-mail's link opens the lead, after signing in when needed", async ({ page, request }) => {
    const api = await adminApi(request);
    const cognome = `Link${Date.now()}`;
    const { point, agente } = await createStaffedPoint(api, `Negozio Link ${Date.now()}`);
    const { leadId } = await submitLead(api, point.id, cognome);

    await page.goto(`/leads/${leadId}`);
    await expect(page).toHaveURL(/\/auth\?next=/);
    await page.getByLabel('Email').fill(agente.email);
    await page.getByLabel('Password').fill(agente.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL(new RegExp(`/leads/${leadId}$`));
    const dialog = page.getByRole('dialog', { name: 'Dettaglio Lead' });
    await expect(dialog).toContainText(`Sara ${cognome}`);
    // The close button, not Escape: the sign-in's toast loads its own chunk and may mount after the
    // dialog, and then Radix gives Escape to that newest layer (the toast) first.
    await dialog.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await expect(page).toHaveURL(/\/leads$/);
  });
});
