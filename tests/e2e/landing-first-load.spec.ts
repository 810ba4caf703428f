import type { Browser } from '@playwright/test';
import { landingMsg } from '#shared/messages-landing.ts';
import {
  adminApi,
  createStaffedPoint,
  expect,
  expectNoSeriousA11yViolations,
  screenshotBothSizes,
  test,
} from '#test/e2e/fixtures.ts';

const m = landingMsg;

/**
 * What a phone on 4G sees of a landing before its JavaScript has arrived, and that the script
 * then takes over that very HTML (docs/product/landing.md#primo-caricamento).
 */

/** The page as the server sends it, in a browser that runs no script at all. */
async function openWithoutScripts(browser: Browser, baseURL: string | undefined, url: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(url);
  return { context, page, status: response?.status() };
}

test.describe('landing first load', () => {
  test.beforeEach(async ({ page }) => {
    // A returning visitor: WINBOT starts minimised (its own spec covers the welcome).
    await page.addInitScript(() =>
      localStorage.setItem('winbot-state', JSON.stringify({ hasSeenTutorial: true, userName: null })),
    );
  });

  test("the server's HTML already holds the shop's name and step 1; the script hydrates it without replacing it", async ({
    browser,
    baseURL,
    page,
    request,
  }) => {
    const { point } = await createStaffedPoint(await adminApi(request), 'Bar Sport & Tabacchi');
    const url = `/landing/${point.landingCode.toLowerCase()}`;

    const bare = await openWithoutScripts(browser, baseURL, url);
    expect(bare.status).toBe(200);
    await expect(bare.page.getByTestId('nome-attivita')).toHaveText('Bar Sport & Tabacchi');
    await expect(bare.page.getByRole('heading', { level: 1, name: m.step1Title })).toBeVisible();
    await expect(bare.page.getByRole('button', { name: /Luce/ })).toBeVisible();
    await expect(bare.page.getByRole('button', { name: m.step1Button })).toBeDisabled();
    await expect(bare.page.getByText(m.prossimamente)).toBeVisible();
    await bare.context.close();

    // Any node React would throw away and rebuild (createRoot instead of hydrateRoot) is counted.
    await page.addInitScript(() => {
      const w = window as unknown as { removedFromRoot: number };
      w.removedFromRoot = 0;
      new MutationObserver((records) => {
        for (const r of records)
          if ((r.target as Element).id === 'root') w.removedFromRoot += r.removedNodes.length;
      }).observe(document, { childList: true, subtree: true });
    });
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/landing/')) apiCalls.push(r.url());
    });
    await page.goto(url);
    const luce = page.getByRole('button', { name: /Luce/ });
    // Hydrated: the card answers a tap, and the button it enables leads to step 2.
    await expect(async () => {
      await luce.click();
      await expect(luce).toHaveAttribute('aria-pressed', 'true', { timeout: 500 });
    }).toPass();
    await page.getByRole('button', { name: m.step1Button }).click();
    await expect(page.getByRole('heading', { level: 1, name: m.step2Title })).toBeFocused();
    expect(
      await page.evaluate(() => (window as unknown as { removedFromRoot: number }).removedFromRoot),
    ).toBe(0);
    // The point came with the page: no second round trip before the first step.
    expect(apiCalls).toEqual([]);
    // A hydration mismatch is a console error: the fixture fails the test on any.
  });

  test('a tap on a service before the scripts have arrived counts once they have', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/landing-start-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/landing/WE-FN2KFIPU');
    const luce = page.getByRole('button', { name: /Luce/ });
    await luce.click();
    // The server's HTML does not answer yet: nothing chosen, nothing enabled.
    await expect(luce).toHaveAttribute('aria-pressed', 'false');
    release();
    await expect(luce).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: m.step1Button }).click();
    await expect(page.getByRole('heading', { level: 1, name: m.step2Title })).toBeFocused();
  });

  test('the demo point gets its own first step, and an unknown code a 404 page, both before any script', async ({
    browser,
    baseURL,
    page,
  }) => {
    const demo = await openWithoutScripts(browser, baseURL, '/landing/WE-FN2KFIPU');
    expect(demo.status).toBe(200);
    await expect(demo.page.getByRole('button', { name: /Finanziamenti/ })).toBeVisible();
    await expect(demo.page.getByText(m.prossimamente)).toHaveCount(0);
    await demo.context.close();

    const missing = await openWithoutScripts(browser, baseURL, '/landing/WE-ZZZZZZZZ');
    expect(missing.status).toBe(404);
    await expect(missing.page.getByRole('heading', { name: m.notFoundTitle })).toBeVisible();
    await missing.context.close();

    // A formatter built before the customer's first tap costs a phone ~100 ms of blocking time.
    await page.addInitScript(() => {
      const built: string[] = [];
      Object.assign(window, { intlFormattersBuilt: built });
      for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat'] as const) {
        const counted = new Proxy(Intl[name], {
          construct(target, args: unknown[]) {
            built.push(name);
            return Reflect.construct(target, args) as object;
          },
        });
        Object.defineProperty(Intl, name, { value: counted, configurable: true, writable: true });
      }
    });
    await page.goto('/landing/WE-FN2KFIPU');
    await expect(page.getByRole('button', { name: /Finanziamenti/ })).toBeVisible();
    // WINBOT comes when the browser is idle after the hydration and its effects.
    await expect(page.getByTestId('winbot-fab')).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { intlFormattersBuilt: string[] }).intlFormattersBuilt),
    ).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'landing-first-load');
  });

  test("a shop's name with markup is printed as text in the server's HTML, never run", async ({
    browser,
    baseURL,
    page,
    request,
  }) => {
    const name = `</p><script>window.__xss=1</script><img src=x onerror="window.__xss=2"> "' &amp;`;
    const { point } = await createStaffedPoint(await adminApi(request), name);
    const url = `/landing/${point.landingCode}`;

    const html = await (await request.get(url)).text();
    expect(html).not.toContain('<script>window.__xss');
    expect(html).not.toContain('<img src=x');

    const bare = await openWithoutScripts(browser, baseURL, url);
    await expect(bare.page.getByTestId('nome-attivita')).toHaveText(name);
    await bare.context.close();

    await page.goto(url);
    await expect(page.getByTestId('nome-attivita')).toHaveText(name);
    await page.getByRole('button', { name: /Gas/ }).click();
    await expect(page.getByRole('button', { name: /Gas/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
