import type { APIRequestContext, Page } from '@playwright/test';
import { fillMessage, msg } from '#shared/messages.ts';
import { romeWallTimeToDate } from '#shared/time.ts';
import {
  adminApi,
  createStaffedPoint,
  expect,
  expectNoSeriousA11yViolations,
  landingSubmission,
  screenshotBothSizes,
  signInByApi,
  test,
} from '#test/e2e/fixtures.ts';

const c = msg.chiamate;
const TEST_NOW_HEADER = 'x-test-now';
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** January 2027, Rome: Monday 11 to Sunday 17, no holiday. */
const jan = (day: number, h: number, m = 0) => romeWallTimeToDate(2027, 1, day, h, m);

/** The server and the browser both at `at` (the test server honours x-test-now: src/server/lib/clock.ts). */
async function moveTo(page: Page, at: Date) {
  await page.setExtraHTTPHeaders({ [TEST_NOW_HEADER]: at.toISOString() });
  await page.clock.setFixedTime(at);
}

async function submit(
  api: APIRequestContext,
  puntoFisicoId: number,
  at: Date,
  extra: Record<string, unknown>,
) {
  const res = await api.post('/api/submit-form', {
    headers: { [TEST_NOW_HEADER]: at.toISOString() },
    data: landingSubmission({
      nome: 'Lucia',
      cognome: `Verdi${stamp()}`,
      telefono: `33${String(Date.now()).slice(-8)}`,
      email: `lucia.${stamp()}@esempio.it`,
      serviziRichiesti: ['luce'],
      puntoFisicoId,
      ...extra,
    }),
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe("Da chiamare: an agent's day on a phone", () => {
  test.beforeEach(async ({ page }) => page.setViewportSize({ width: 390, height: 844 }));

  test('slot first at 10:05, three no-answers, a Sunday recall moved to Monday, a barred number', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const api = await adminApi(request);
    const { point, agente } = await createStaffedPoint(api, `Bar Chiamate ${stamp()}`);
    await submit(api, point.id, jan(11, 8), {
      nome: 'Giulia',
      cognome: 'Fascia',
      telefono: '3391112233',
      orarioContatto: '10:00-11:00',
    });
    await submit(api, point.id, jan(11, 8, 30), {
      nome: 'Paolo',
      cognome: 'Richiamo',
      telefono: '3391114455',
    });
    await submit(api, point.id, jan(11, 8, 40), { nome: 'Sara', cognome: 'Basta', telefono: '3391116677' });

    await signInByApi(page, agente.email, agente.password);
    await moveTo(page, jan(11, 10, 5));
    await page.goto('/');
    // The dashboard's cards: the slot due at 10:00 and the two new leads, none late yet.
    await expect(page.getByTestId('stat-da-chiamare-oggi-value')).toHaveText('3');
    await expect(page.getByTestId('stat-in-ritardo-value')).toHaveText('0');
    await page.getByRole('link', { name: c.title }).first().click();
    await expect(page.getByRole('heading', { name: c.title, level: 1 })).toBeVisible();
    // An agent sees only their own queue: no consultant filter.
    await expect(page.getByRole('button', { name: msg.common.filtri })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: c.consulente })).toHaveCount(0);
    const cards = page.getByRole('article');
    await expect(cards.first()).toHaveAccessibleName('Giulia Fascia');
    const giulia = page.getByRole('article', { name: 'Giulia Fascia' });
    await expect(giulia.getByRole('link', { name: c.chiama('Giulia Fascia') })).toHaveAttribute(
      'href',
      'tel:3391112233',
    );
    await expect(giulia.getByText(c.fascia('10:00-11:00'))).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'chiamate-lunedi-1005', { closeToast: true });

    // 'Non risponde' three times, two hours apart: non raggiungibile, out of the queue.
    await giulia.getByRole('button', { name: c.esiti.non_risponde }).click();
    await expect(page.getByText(c.salvato(c.esiti.non_risponde)).first()).toBeVisible();
    await expect(giulia.getByText(c.programmataPer('oggi alle 12:05'))).toBeVisible();
    for (const [h, m] of [
      [12, 10],
      [14, 15],
    ] as const) {
      await moveTo(page, jan(11, h, m));
      await page.reload();
      await page
        .getByRole('article', { name: 'Giulia Fascia' })
        .getByRole('button', { name: c.esiti.non_risponde })
        .click();
    }
    await expect(page.getByText(c.nonRaggiungibile).first()).toBeVisible();
    await expect(page.getByRole('article', { name: 'Giulia Fascia' })).toHaveCount(0);

    // Saturday: a recall asked for Sunday moves to Monday at 9:00, and says so.
    await moveTo(page, jan(16, 11));
    await page.reload();
    const paolo = page.getByRole('article', { name: 'Paolo Richiamo' });
    await paolo.getByRole('button', { name: c.esiti.richiamare }).click();
    await paolo.getByLabel(c.richiamareQuando).fill('2027-01-17T15:00');
    await screenshotBothSizes(page, 'chiamate-richiamare', { closeToast: true });
    await paolo.getByRole('button', { name: c.richiamareConferma }).click();
    await expect(page.getByText(c.spostata('lunedì alle 9:00')).first()).toBeVisible();
    await expect(paolo.getByText(c.programmataPer('lunedì alle 9:00'))).toBeVisible();

    // 'Non chiamare più': out of the queue and out of the contact export.
    await page
      .getByRole('article', { name: 'Sara Basta' })
      .getByRole('button', { name: c.esiti.non_chiamare_piu })
      .click();
    await expect(page.getByRole('article', { name: 'Sara Basta' })).toHaveCount(0);
    const exported = await api.get('/api/leads/export?format=csv');
    expect(await exported.text()).not.toContain('3391116677');

    // Sunday: the queue still lists what waits, its buttons disabled with the reason.
    await moveTo(page, jan(17, 11));
    await page.reload();
    await expect(paolo.getByText(c.daChiamareDa('domani alle 9:00'))).toBeVisible();
    await expect(paolo.getByRole('button', { name: c.esiti.non_risponde })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'chiamate-domenica', { closeToast: true });
  });

  test("admin narrows the queue to one consultant's leads, behind 'Filtri' with a chip", async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const tag = stamp();
    const mine = await createStaffedPoint(api, `Bar Filtro ${tag}`, {
      agente: { firstName: 'Irene', lastName: `Conti${tag}` },
    });
    const other = await createStaffedPoint(api, `Bar Altro ${tag}`);
    await submit(api, mine.point.id, jan(12, 9), { nome: 'Elena', cognome: `Mia${tag}` });
    await submit(api, other.point.id, jan(12, 9), { nome: 'Bruno', cognome: `Altro${tag}` });

    await signInByApi(page);
    await moveTo(page, jan(12, 10));
    await page.goto('/chiamate');
    const consulente = page.getByRole('combobox', { name: c.consulente });
    // On a phone the filter waits behind 'Filtri', so the first calls show on the first screen.
    await expect(consulente).toBeHidden();
    await page.getByRole('button', { name: msg.common.filtri }).click();
    await consulente.click();
    await page.getByPlaceholder(c.cercaConsulente).fill(`Conti${tag}`);
    await page.getByRole('option', { name: new RegExp(`Irene Conti${tag}`) }).click();
    const chip = page.getByRole('button', {
      name: fillMessage(msg.common.rimuoviFiltro, { filtro: c.consulenteChip(`Irene Conti${tag}`) }),
    });
    await expect(chip).toBeVisible();
    await expect(page.getByRole('article', { name: `Elena Mia${tag}` })).toBeVisible();
    await expect(page.getByRole('article', { name: `Bruno Altro${tag}` })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'chiamate-filtro-consulente', { closeToast: true });

    // The choice is in the URL: a reload (or a shared link) shows the same consultant's queue.
    await expect(page).toHaveURL(/[?&]consulente=\d+/);
    await page.reload();
    await expect(chip).toBeVisible();
    await expect(page.getByRole('article', { name: `Elena Mia${tag}` })).toBeVisible();
    await expect(page.getByRole('article', { name: `Bruno Altro${tag}` })).toHaveCount(0);

    await chip.click();
    await expect(page).not.toHaveURL(/consulente=/);
    await expect(page.getByRole('article', { name: `Bruno Altro${tag}` })).toBeVisible();
    await page.getByRole('button', { name: msg.common.filtri }).click();
    await expect(consulente).toHaveText(c.tuttiConsulenti);
  });
});
