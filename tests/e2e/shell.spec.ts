import {
  adminApi,
  createUser,
  expect,
  expectNoSeriousA11yViolations,
  E2E_ADMIN,
  screenshotBothSizes,
  serverURL,
  signIn,
  test,
} from '#test/e2e/fixtures.ts';

test.describe('back-office shell', () => {
  test('admin signs in, sees the admin dashboard and the full menu, and signs out', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await signIn(page);
    await expect(page.getByTestId('toast')).toContainText('Accesso effettuato');
    await expect(page.getByTestId('toast')).toContainText('Benvenuto nel sistema WINSOLUTION!');
    await expect(page.getByRole('heading', { name: 'Dashboard Amministratore' })).toBeVisible();
    await expect(page.getByText('Panoramica completa delle tue attività e performance')).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Punti Fisici',
      'Lead',
      'Da chiamare',
      'Pratiche',
      'Invii fornitori',
      'Esiti fornitori',
      'Commissioni',
      'Config Commissioni',
      'Pagamenti fornitori',
      'Utenti',
      'Importa',
      'Impostazioni',
    ]);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('role-label')).toHaveText('Admin');
    const userBox = page.getByTestId('user-box');
    await expect(userBox).toContainText('AW');
    await expect(userBox).toContainText('Amministratore WINSOLUTION');
    await expect(userBox).toContainText('admin@e2e.winsolution.it');
    await expectNoSeriousA11yViolations(page);

    await nav.getByRole('link', { name: 'Utenti' }).click();
    await expect(page).toHaveURL(/\/utenti$/);
    await expect(nav.getByRole('link', { name: 'Utenti' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('button', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId('toast')).toContainText('Disconnesso');
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();

    // Signed out for real: the protected page asks for sign-in again, and remembers itself.
    await page.goto('/leads');
    await expect(page).toHaveURL(/\/auth\?next=%2Fleads$/);
  });

  test('signs in at http://127.0.0.1:PORT too, the address of this very server (no PUBLIC_BASE_URL)', async ({
    page,
  }) => {
    const address = serverURL().replace('//localhost:', '//127.0.0.1:');
    await page.goto(`${address}/auth`);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL(`${address}/`);
    await expect(page.getByRole('heading', { name: 'Dashboard Amministratore' })).toBeVisible();
    await screenshotBothSizes(page, 'accesso-127-0-0-1', { closeToast: true, fullPage: false });
  });

  test('the sign-in form checks the e-mail and the password before sending them', async ({ page }) => {
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/login')) sent++;
    });
    await page.goto('/auth');
    await page.getByLabel('Email').fill('non-una-email');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByText('Email non valida')).toBeVisible();
    await expect(page.getByText('Password richiesta')).toBeVisible();
    expect(sent).toBe(0);

    // Spaces and capitals are the user's typing, not a different address.
    await page.getByLabel('Email').fill('  ADMIN@E2E.winsolution.it ');
    await page.getByLabel('Password').fill('sbagliata');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByTestId('toast')).toContainText('Credenziali non valide');
    expect(sent).toBe(1);
  });

  test('a wrong password shows the Italian error toast', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill('admin@e2e.winsolution.it');
    await page.getByLabel('Password').fill('sbagliata');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByTestId('toast')).toContainText('Errore di accesso');
    await expect(page.getByTestId('toast')).toContainText('Credenziali non valide');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a punto_fisico user sees only its menu and is refused the admin sections', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const user = await createUser(api, 'punto_fisico', { firstName: 'Paolo', lastName: 'Verdi' });
    await signIn(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Dashboard Punto Fisico' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Punti Fisici',
      'Lead',
      'Da chiamare',
      'Commissioni',
    ]);
    await expect(page.getByTestId('role-label')).toHaveText('Punto Fisico');
    await expect(page.getByTestId('user-box')).toContainText('PV');

    // Every role reaches its own profile from the user box.
    await page.getByTestId('user-box').getByRole('link', { name: 'Il mio profilo' }).click();
    await expect(page).toHaveURL(/\/profilo$/);
    await expect(page.getByRole('heading', { name: 'Il mio profilo' })).toBeVisible();
    const dati = page.getByRole('region', { name: 'I tuoi dati' });
    await expect(dati).toContainText('Paolo Verdi');
    await expect(dati).toContainText(user.email);
    await expect(dati).toContainText('Punto Fisico');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/utenti');
    await expect(page.getByText('Accesso Negato')).toBeVisible();
    await expect(page.getByText('Non hai i permessi per accedere a questa sezione.')).toBeVisible();
    const res = await page.request.get('/api/users');
    expect(res.status()).toBe(403);

    // A section outside its menu is refused by URL too, not shown half-working.
    await page.goto('/pratiche');
    await expect(page.getByText('Accesso Negato')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Gestione Pratiche' })).toHaveCount(0);
  });

  test("an unknown path says 'Pagina non trovata' with the way back, signed in or not", async ({ page }) => {
    await page.goto('/pagina-che-non-esiste');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    // The route fallback's code stays as a secondary line; the developer's hint only in development.
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toHaveCount(0);
    await signIn(page);
    await page.goto('/ancora/non/esiste');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    await page.getByRole('link', { name: 'Torna alla dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard Amministratore' })).toBeVisible();
  });

  test('a deactivated user is signed out at once', async ({ page, request }) => {
    const api = await adminApi(request);
    const user = await createUser(api, 'agente');
    await signIn(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Dashboard Agente' })).toBeVisible();
    const res = await api.put(`/api/users/${user.id}`, {
      data: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: 'agente',
        isActive: false,
      },
    });
    expect(res.ok()).toBeTruthy();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  });

  test('phone layout: the menu opens in a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.getByRole('button', { name: 'Apri menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Lead' }).click();
    await expect(page).toHaveURL(/\/leads$/);
    await expect(page.getByRole('heading', { name: 'Gestione Lead' })).toBeVisible();
  });
});
