import {
  expect,
  expectNoSeriousA11yViolations,
  screenshotBothSizes,
  signInByApi,
  test,
} from '#test/e2e/fixtures.ts';

/** What a phone on 4G sees while the back-office's scripts arrive (docs/performance.md#primo-caricamento). */
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
    // The formatters a screen may build in an idle moment after the first render count too.
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => (window as unknown as { intlFormattersBuilt: string[] }).intlFormattersBuilt),
    ).toEqual([]);
  });
});
