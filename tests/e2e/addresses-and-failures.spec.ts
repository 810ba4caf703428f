import {
  adminApi,
  createStaffedPoint,
  createUser,
  E2E_ADMIN,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  signInByApi,
  test,
  screenshotBothSizes,
} from '#test/e2e/fixtures.ts';
import { leadFromLanding } from '#test/e2e/workflow.ts';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('addresses of records and list state', () => {
  test('a practice has its own address: it opens after a reload, and a missing one is not found', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const s = stamp();
    const { point } = await createStaffedPoint(api, `Bar Aurora ${s}`);
    const { praticaId } = await leadFromLanding(page.request, point.landingCode, `Fontana${s}`);

    await signInByApi(page);
    await page.goto(`/pratiche/${praticaId}`);
    const card = page.getByTestId(`pratica-${praticaId}`);
    await expect(card).toContainText(`Pratica #${praticaId}`);
    await expect(card).toContainText(`Sara Fontana${s}`);
    await page.reload();
    await expect(card).toContainText(`Bar Aurora ${s}`);
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'pratica-detail');

    await page.getByRole('link', { name: 'Tutte le pratiche' }).click();
    await expect(page).toHaveURL(/\/pratiche$/);
    await expect(page.getByRole('heading', { name: 'Gestione Pratiche' })).toBeVisible();

    for (const address of ['/pratiche/999999999', '/pratiche/abc', '/leads/999999999']) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Torna alla dashboard' })).toBeVisible();
    }
    await screenshotBothSizes(page, 'not-found');
  });

  test("a lead's address opens its detail for those who see it, and is not found for another point", async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const s = stamp();
    const own = await createStaffedPoint(api, `Edicola Luna ${s}`);
    const other = await createStaffedPoint(api, `Edicola Sole ${s}`);
    const { leadId } = await leadFromLanding(page.request, own.point.landingCode, `Galli${s}`);

    // A shared link asks for the sign-in first and then opens the lead.
    await page.goto(`/leads/${leadId}`);
    await expect(page).toHaveURL(new RegExp(`/auth\\?next=%2Fleads%2F${leadId}$`));
    await page.getByLabel('Email').fill(own.responsabile.email);
    await page.getByLabel('Password').fill(own.responsabile.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL(new RegExp(`/leads/${leadId}$`));
    const detail = page.getByRole('dialog', { name: 'Dettaglio Lead' });
    await expect(detail).toContainText(`Sara Galli${s}`);
    await page.reload();
    await expect(detail).toContainText(`Sara Galli${s}`);
    await screenshotBothSizes(page, 'lead-detail');
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await page.getByRole('button', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    // The other point's responsabile: the same address does not exist for them.
    await signInByApi(page, other.responsabile.email, other.responsabile.password);
    await page.goto(`/leads/${leadId}`);
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(`Galli${s}`)).toHaveCount(0);
  });

  test('filters, search and page live in the URL: reload keeps them, back and forward walk them', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const s = stamp();
    const { point } = await createStaffedPoint(api, `Ferramenta Nord ${s}`);
    const lead = await leadFromLanding(page.request, point.landingCode, `Moretti${s}`);
    await leadFromLanding(page.request, point.landingCode, `Ferri${s}`);

    await signInByApi(page);
    await page.goto('/leads');
    await page.getByLabel('Cerca').fill(`Moretti${s}`);
    await expect(page).toHaveURL(new RegExp(`/leads\\?search=Moretti${s}$`));
    await expect(page.getByTestId('lead-count')).toHaveText('1 lead trovati');
    await expect(page.getByTestId(`lead-row-${lead.leadId}`)).toBeVisible();

    await page.getByLabel('Stato contatto', { exact: true }).selectOption('nuovo');
    await expect(page).toHaveURL(/status=nuovo/);
    await page.reload();
    await expect(page.getByLabel('Cerca')).toHaveValue(`Moretti${s}`);
    await expect(page.getByLabel('Stato contatto', { exact: true })).toHaveValue('nuovo');
    await expect(page.getByTestId('lead-count')).toHaveText('1 lead trovati');

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/leads\\?search=Moretti${s}$`));
    await expect(page.getByLabel('Stato contatto', { exact: true })).toHaveValue('');
    await page.goBack();
    await expect(page).toHaveURL(/\/leads$/);
    await expect(page.getByLabel('Cerca')).toHaveValue('');
    await page.goForward();
    await expect(page.getByLabel('Cerca')).toHaveValue(`Moretti${s}`);
    await expect(page.getByTestId('lead-count')).toHaveText('1 lead trovati');
  });
});

test.describe('failures a user can act on', () => {
  test("a dashboard whose numbers fail to load says so, and 'Riprova' brings them", async ({ page }) => {
    await signIn(page);
    await expect(page.getByTestId('stat-oggi-value')).toBeVisible();
    await page.route('**/api/dashboard/stats**', (route) =>
      route.fulfill({ status: 500, json: { message: 'Errore interno del server. Riprova più tardi.' } }),
    );
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'Errore nel caricamento della dashboard' });
    await expect(alert).toContainText('Errore interno del server');
    await expect(page.getByTestId('dashboard-skeleton')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'dashboard-error');

    await page.unroute('**/api/dashboard/stats**');
    await alert.getByRole('button', { name: 'Riprova' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByTestId('stat-oggi-value')).toBeVisible();
  });

  test('a list that fails to load shows the error with Riprova, not an empty list', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/pratiche?**', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/pratiche');
    const alert = page.getByRole('alert').filter({ hasText: 'Riprova' });
    await expect(alert).toBeVisible();
    await page.unroute('**/api/pratiche?**');
    await alert.getByRole('button', { name: 'Riprova' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByText(/pratiche? trovat/)).toBeVisible();
  });

  test('a session that ends during use returns to the sign-in, and after it to the same page', async ({
    page,
  }) => {
    await signInByApi(page);
    await page.goto('/leads?status=nuovo');
    await expect(page.getByRole('heading', { name: 'Gestione Lead' })).toBeVisible();
    // The session ends on the server (as when it expires): the browser keeps a dead cookie.
    expect((await page.request.post('/api/logout')).ok()).toBeTruthy();

    await page.getByLabel('Stato contatto', { exact: true }).selectOption('contattato');
    await expect(page).toHaveURL(/\/auth\?next=%2Fleads%3Fstatus%3Dcontattato$/);
    await expect(page.getByTestId('toast')).toContainText('Sessione scaduta');
    await expect(page.getByText(/Errore|401/)).toHaveCount(0);

    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL(/\/leads\?status=contattato$/);
    await expect(page.getByLabel('Stato contatto', { exact: true })).toHaveValue('contattato');
  });

  test('a custom period that ends before it starts is refused inline, and nothing spins', async ({
    page,
  }) => {
    await signInByApi(page);
    await page.goto('/commissioni?periodo=personalizzato&dal=2026-10-31&al=2026-10-01');
    await expect(
      page.getByText('La data di inizio non può essere successiva alla data di fine'),
    ).toBeVisible();
    await expect(page.getByLabel('Dal')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await screenshotBothSizes(page, 'commissioni-bad-period');
  });
});

const ADMIN_SCREENS = [
  '/',
  '/punti-fisici',
  '/leads',
  '/pratiche',
  '/commissioni',
  '/admin-commissioni',
  '/utenti',
  '/profilo',
  '/non-esiste',
];
// The other roles see the admin's components with less in them; what is laid out differently for
// them is their dashboard, their commissions and (for the shops and managers) their points, so those
// are the screens checked again for each role.
const ROLE_SCREENS: Record<string, string[]> = {
  amministrazione: ['/', '/commissioni'],
  area_manager: ['/', '/punti-fisici', '/commissioni'],
  agente: ['/', '/commissioni'],
  punto_fisico: ['/', '/punti-fisici', '/commissioni'],
};

test.describe('accessibility of every back-office screen', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`admin at ${viewport.width}×${viewport.height}: every screen has no serious axe violation`, async ({
      page,
    }) => {
      // Every screen with axe: about 40 s alone, over 2 minutes on a busy 2-core machine.
      test.setTimeout(240_000);
      await page.setViewportSize(viewport);
      await signInByApi(page);
      for (const path of ADMIN_SCREENS) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoSeriousA11yViolations(page);
      }
    });
  }

  test('every other role: the screens laid out for it have no serious axe violation', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const api = await adminApi(request);
    for (const [role, screens] of Object.entries(ROLE_SCREENS)) {
      const user = await createUser(api, role);
      await page.context().clearCookies();
      await signInByApi(page, user.email, user.password);
      for (const path of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoSeriousA11yViolations(page);
      }
    }
  });
});
