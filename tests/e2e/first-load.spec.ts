import { expect, test } from '#test/e2e/fixtures.ts';

/** What a phone on 4G sees while the back-office's scripts arrive (docs/performance.md#primo-caricamento). */
test.describe('back-office first load', () => {
  test('the loading screen is in the HTML: it shows before any script runs, and the sign-in replaces it', async ({
    browser,
    baseURL,
    page,
  }) => {
    const withoutScripts = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const bare = await withoutScripts.newPage();
    await bare.goto('/auth');
    await expect(bare.getByRole('status')).toHaveText('Caricamento sistema...');
    await expect(bare.getByRole('status').locator('svg').first()).toBeVisible();
    await withoutScripts.close();

    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    await expect(page.getByText('Caricamento sistema...')).toHaveCount(0);
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
