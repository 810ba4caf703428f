import type { APIRequestContext } from '@playwright/test';
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

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function submit(
  api: APIRequestContext,
  puntoFisicoId: number,
  person: { nome: string; cognome: string; telefono: string; email: string },
) {
  const res = await api.post('/api/submit-form', {
    data: landingSubmission({ ...person, serviziRichiesti: ['luce'], puntoFisicoId }),
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function leadIdsByPhone(api: APIRequestContext, telefono: string): Promise<number[]> {
  const found = (await (await api.get(`/api/leads?search=${telefono}`)).json()) as {
    items: Array<{ id: number; dataRegistrazione: string }>;
  };
  return found.items.map((l) => l.id).sort((a, b) => a - b);
}

test.describe('Possibili duplicati', () => {
  test('the same phone from the landing twice: staff see the marker, keep one apart, merge the other', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const s = stamp();
    const { point } = await createStaffedPoint(api, `Duplicati ${s}`);
    const telefono = `349${String(Date.now()).slice(-7)}`;
    await submit(api, point.id, {
      nome: 'Maria',
      cognome: `Rossi${s}`,
      telefono,
      email: `maria.${s}@esempio.it`,
    });
    await submit(api, point.id, {
      nome: 'Maria',
      cognome: `Rossi${s}`,
      telefono,
      email: `m.rossi.${s}@esempio.it`,
    });
    await submit(api, point.id, {
      nome: 'Luca',
      cognome: `Rossi${s}`,
      telefono,
      email: `luca.${s}@esempio.it`,
    });
    const [first, second, third] = await leadIdsByPhone(api, telefono);
    expect(third).toBeDefined();

    await signInByApi(page);
    await page.goto(`/leads?search=${telefono}`);
    for (const id of [first, second, third])
      await expect(page.getByTestId(`lead-row-${id}`).getByText('Possibile duplicato')).toBeVisible();

    await page.goto(`/leads/${first}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Possibile duplicato' })).toBeVisible();
    await expect(dialog.getByTestId(`duplicato-${second}`)).toContainText('stesso telefono');
    await expect(dialog.getByTestId(`duplicato-${third}`)).toContainText(`luca.${s}@esempio.it`);
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'lead-duplicati');

    // Luca is another person: kept apart.
    await dialog.getByTestId(`duplicato-${third}`).getByRole('button', { name: 'Tieni separati' }).click();
    await expect(page.getByTestId('toast').getByText('Lead tenuti separati')).toBeVisible();
    await expect(dialog.getByTestId(`duplicato-${third}`)).toHaveCount(0);

    // Maria's second e-mail: the same customer, merged here after the confirmation.
    await dialog
      .getByTestId(`duplicato-${second}`)
      .getByRole('button', { name: 'Unisci in questo lead' })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`#${second}`);
    await confirm.getByRole('button', { name: 'Unisci in questo lead' }).click();
    await expect(page.getByTestId('toast').getByText('Lead uniti')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Possibile duplicato' })).toHaveCount(0);
    const storico = dialog.getByRole('region', { name: 'Storico del lead' });
    await expect(storico).toContainText(`Unito il lead #${second}`);
    await expect(storico).toContainText(`Tenuto separato dal lead #${third}`);
    await expect(dialog.getByRole('heading', { name: 'Riepilogo pratiche' })).toBeVisible();
    await expect(dialog.getByTestId('pratiche-summary-count')).toHaveText('2');
    await screenshotBothSizes(page, 'lead-duplicati-uniti');

    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`lead-row-${second}`)).toHaveCount(0);
    await expect(page.getByTestId(`lead-row-${first}`).getByText('Possibile duplicato')).toHaveCount(0);
    expect((await page.request.get(`/api/leads/${second}`)).status()).toBe(404);
  });

  test("a shop's person sees the marker and the other lead, without the office's buttons", async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const s = stamp();
    const { point, responsabile } = await createStaffedPoint(api, `Negozio ${s}`);
    const telefono = `348${String(Date.now()).slice(-7)}`;
    await submit(api, point.id, {
      nome: 'Sara',
      cognome: `Verdi${s}`,
      telefono,
      email: `sara.${s}@esempio.it`,
    });
    await submit(api, point.id, {
      nome: 'Sara',
      cognome: `Verdi${s}`,
      telefono,
      email: `s.verdi.${s}@esempio.it`,
    });
    const [first, second] = await leadIdsByPhone(api, telefono);

    await signInByApi(page, responsabile.email, responsabile.password);
    await page.goto(`/leads/${second}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId(`duplicato-${first}`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Unisci|Tieni separati/ })).toHaveCount(0);
    await expect(dialog).toContainText("Solo l'amministrazione può unirli o tenerli separati.");
  });

  test("a returning customer of another shop: the second shop reads 'Punto fisico non visibile'", async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const s = stamp();
    const first = await createStaffedPoint(api, `Primo ${s}`);
    const second = await createStaffedPoint(api, `Secondo ${s}`);
    const telefono = `346${String(Date.now()).slice(-7)}`;
    const person = { nome: 'Ugo', cognome: `Neri${s}`, telefono, email: `ugo.${s}@esempio.it` };
    await submit(api, first.point.id, person);
    await submit(api, second.point.id, person);
    const [lead] = await leadIdsByPhone(api, telefono);

    await signInByApi(page, second.responsabile.email, second.responsabile.password);
    await page.goto(`/leads/${lead}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Punto fisico non visibile')).toBeVisible();
    await expect(dialog).not.toContainText('Nessun punto fisico associato');
    await expect(dialog).not.toContainText(`Primo ${s}`);
  });
});
