import {
  E2E_ADMIN,
  expect,
  expectNoSeriousA11yViolations,
  screenshotBothSizes,
  signInByApi,
  test,
} from '#test/e2e/fixtures.ts';

/** What a phone on 4G sees while the back-office's scripts arrive (docs/primo-caricamento.md). */
test.describe('back-office first load', () => {
  test('the sign-in form is in the HTML of /auth before any script runs; the script takes it over without replacing it', async ({
    browser,
    baseURL,
    page,
  }) => {
    const withoutScripts = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const bare = await withoutScripts.newPage();
    await bare.goto('/auth');
    await expect(bare.getByRole('heading', { level: 1, name: 'WINSOLUTION' })).toBeVisible();
    await expect(bare.getByLabel('Email')).toBeVisible();
    await expect(bare.getByRole('button', { name: 'Accedi' })).toBeVisible();
    // Any other page of the back-office still opens on the loading screen: it may be signed in.
    await bare.goto('/');
    await expect(bare.getByRole('status')).toHaveText('Caricamento sistema...');
    await expect(bare.getByRole('status').locator('svg').first()).toBeVisible();
    await withoutScripts.close();

    // Any node React would throw away and rebuild (createRoot instead of hydrateRoot) is counted.
    await page.addInitScript(() => {
      const w = window as unknown as { removedFromRoot: number };
      w.removedFromRoot = 0;
      new MutationObserver((records) => {
        for (const r of records)
          if ((r.target as Element).id === 'root') w.removedFromRoot += r.removedNodes.length;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/auth');
    // Hydrated: an empty submission is answered by the form's own check.
    await expect(async () => {
      await page.getByRole('button', { name: 'Accedi' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible({ timeout: 500 });
    }).toPass();
    await expect(page.getByText('Caricamento sistema...')).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { removedFromRoot: number }).removedFromRoot),
    ).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'sign-in-first-load');
    // A hydration mismatch is a console error: the fixture fails the test on any.
  });

  test('/auth downloads the sign-in form, not the back-office; signing in loads the back-office in that same page', async ({
    page,
  }) => {
    const scripts: string[] = [];
    let documents = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      if (r.resourceType() === 'document') documents++;
    });
    await page.goto('/auth?next=%2Fleads');
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeEnabled();
    expect(scripts.filter((s) => s.includes('/assets/sign-in-start-'))).toHaveLength(1);
    // Neither the back-office's start, nor its router and frame, nor any of its screens.
    expect(scripts.filter((s) => /\/assets\/(backoffice-start|app-layout|dashboard|leads)-/.test(s))).toEqual(
      [],
    );

    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL(/\/leads$/);
    await expect(page.getByRole('navigation', { name: 'Menu principale' })).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText('Accesso effettuato');
    expect(scripts.filter((s) => s.includes('/assets/backoffice-start-'))).toHaveLength(1);
    // No second page load: the back-office came as scripts into the page already open.
    expect(documents).toBe(1);
  });

  test('what is typed before the scripts arrive is kept, and the form is sent only once they have', async ({
    page,
  }) => {
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/sign-in-start-*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/auth');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    // Drawn by the build, not yet answering: the browser would send the form itself, the
    // password in the address.
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeDisabled();
    release();
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard Amministratore' })).toBeVisible();
  });

  test('Enter pressed in the password before the scripts arrive signs in once they have', async ({
    page,
  }) => {
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/sign-in-start-*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/auth');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeDisabled();
    await page.getByLabel('Password').press('Enter');
    // Nothing was sent by the browser itself: the password is not in the address.
    expect(page.url()).not.toContain('password');
    release();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard Amministratore' })).toBeVisible();
  });

  test('someone signed in who opens /auth goes on to the dashboard', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Accedi' })).toHaveCount(0);
  });

  test('the sign-in page builds no Intl formatter: loading a locale would hold up its first render', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const built: string[] = [];
      Object.assign(window, { intlFormattersBuilt: built });
      for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat'] as const) {
        const counted = new Proxy(Intl[name], {
          construct(target, args: unknown[]) {
            built.push(name);
            return Reflect.construct(target, args) as object;
          },
          apply(target, thisArg, args: unknown[]) {
            built.push(name);
            return Reflect.apply(target, thisArg, args) as object;
          },
        });
        Object.defineProperty(Intl, name, { value: counted, configurable: true, writable: true });
      }
    });
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    // The formatters a screen may build in an idle moment after the first render count too: an
    // idle callback asked for now runs after the work already queued, the idle callbacks included.
    await page.evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestIdleCallback(() => done()))),
    );
    expect(
      await page.evaluate(() => (window as unknown as { intlFormattersBuilt: string[] }).intlFormattersBuilt),
    ).toEqual([]);
  });
});
