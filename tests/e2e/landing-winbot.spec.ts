import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { DEMO_LANDING_CODE } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { winbotMsg } from '#shared/messages-winbot.ts';
import { fillData, person, type Person } from '#test/e2e/wizard-helpers.ts';
import { adminApi, expect, expectNoSeriousA11yViolations, test, screenshot } from '#test/e2e/fixtures.ts';

/**
 * WINBOT, the landing's guided assistant, and the failures the customer sees, on a phone
 * (390×844), in Chromium, against the real server. See docs/product/landing.md#winbot
 */
const m = msg.landing;
const w = winbotMsg;
const LANDING = `/landing/${DEMO_LANDING_CODE}`;

const welcome = (page: Page) => page.getByTestId('winbot-welcome');
const guideDialog = (page: Page) => page.getByTestId('winbot-guide-dialog');
const banner = (page: Page) => page.getByTestId('winbot-banner');
const fab = (page: Page) => page.getByTestId('winbot-fab');

async function expectFeedback(page: Page, title: string, tone: string, text?: string) {
  await expect(page.getByTestId('winbot-feedback-title')).toHaveText(title);
  await expect(banner(page)).toHaveAttribute('data-tone', tone);
  if (text) await expect(page.getByTestId('winbot-feedback-text')).toHaveText(text);
}

async function storedState(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('winbot-state') ?? 'null') as unknown);
}

/** A returning visitor: the welcome was seen, WINBOT starts minimised. */
async function returning(page: Page) {
  await page.addInitScript(() =>
    localStorage.setItem('winbot-state', JSON.stringify({ hasSeenTutorial: true, userName: null })),
  );
}

async function leadsFound(request: Parameters<typeof adminApi>[0], cognome: string): Promise<number> {
  const api = await adminApi(request);
  const res = await api.get(`/api/leads?search=${encodeURIComponent(cognome)}`);
  return ((await res.json()) as { total: number }).total;
}

test.describe('WINBOT', () => {
  test('first visit: the two-slide welcome, then the guided path through all four pages with its feedback', async ({
    page,
    request,
  }) => {
    await page.goto(LANDING);
    // Slide 1, focus inside the dialog.
    await expect(welcome(page)).toBeVisible();
    await expect(welcome(page).getByRole('heading', { name: w.slide1Title })).toBeVisible();
    await expect(page.getByTestId('winbot-slide')).toHaveText(w.slideCounter(1));
    await expect(welcome(page).getByRole('button', { name: w.next })).toBeFocused();
    await screenshot(page, 'winbot-welcome-390', { animations: 'disabled' });
    await expectNoSeriousA11yViolations(page);
    await welcome(page).getByRole('button', { name: w.next }).click();

    // Slide 2: guided or autonomous.
    await expect(welcome(page).getByRole('heading', { name: w.slide2Title })).toBeVisible();
    await expect(page.getByTestId('winbot-slide')).toHaveText(w.slideCounter(2));
    await screenshot(page, 'winbot-welcome-2-390', { animations: 'disabled' });
    await welcome(page)
      .getByRole('button', { name: new RegExp(w.guided) })
      .click();

    // Page 1: the initial message, whose action starts the selection.
    await expect(welcome(page)).toBeHidden();
    await expect(guideDialog(page).getByRole('heading', { name: w.intro.welcome.title })).toBeVisible();
    await expect(guideDialog(page).getByRole('button', { name: w.endGuide })).toBeVisible();
    await guideDialog(page).getByRole('button', { name: w.discover }).click();
    await expectFeedback(page, w.selectingNone.title, 'blue');
    // The services glow, and the glow clears itself after 5 seconds.
    const services = page.locator('[data-winbot-target="services"]');
    await expect(services).toHaveAttribute('data-winbot-glow', 'blue');
    await expect(services).not.toHaveAttribute('data-winbot-glow', /.*/, { timeout: 7_000 });

    // Ticking a service explains it; 'Ho capito' hides the explanation.
    await page.getByRole('button', { name: /Luce/ }).click();
    const tooltip = page.getByTestId('winbot-service-tooltip');
    await expect(tooltip).toHaveAttribute('data-service', 'luce');
    await expect(tooltip).toContainText(w.explanations.luce);
    await screenshot(page, 'winbot-service-390', { animations: 'disabled' });
    await expectNoSeriousA11yViolations(page);
    await tooltip.getByRole('button', { name: w.gotIt }).click();
    await expect(tooltip).toBeHidden();
    await expectFeedback(page, w.selectingSome.title, 'green');
    await page.getByRole('button', { name: m.step1Button }).click();

    // Page 2: its message, then the five checks.
    await expect(guideDialog(page).getByRole('heading', { name: w.intro.data.title })).toBeVisible();
    await guideDialog(page).getByRole('button', { name: w.gotIt }).click();
    await expectFeedback(page, 'Inizia a compilare', 'red');
    // Fields scrolled into view stop below the banner, never under it.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.scrollPaddingTop))
      .toMatch(/^\d+px$/);
    await expect(page.locator('[data-winbot-target="nome"]')).toHaveAttribute('data-winbot-glow', 'red');
    const p = person('Winbot', '348');
    await page.getByLabel('Nome', { exact: false }).first().fill(p.nome);
    await expectFeedback(
      page,
      'Continua...',
      'orange',
      'Mancano ancora: Cognome, Cellulare e altri 2 campi.',
    );
    await expect(page.locator('[data-winbot-target="cognome"]')).toHaveAttribute(
      'data-winbot-glow',
      'orange',
    );
    await page.getByLabel('Cognome').fill(p.cognome);
    await page.getByLabel('Cellulare').fill(p.telefono);
    await expectFeedback(page, 'Quasi fatto!', 'yellow', 'Manca solo: Email e Consenso privacy.');
    await page.getByLabel('Email').fill(p.email);
    await page.getByLabel(m.privacyLabel).check();
    await expectFeedback(page, 'Perfetto!', 'green');
    await screenshot(page, 'winbot-data-390', { animations: 'disabled' });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: m.step2Button }).click();

    // Page 3: nothing attached is purple; one bill attached is green.
    await expect(guideDialog(page).getByRole('heading', { name: w.intro.upload.title })).toBeVisible();
    await guideDialog(page).getByRole('button', { name: w.gotIt }).click();
    await expectFeedback(page, w.uploadNone, 'purple');
    await page.getByTestId('file-luce').setInputFiles({
      name: 'bolletta-luce.pdf',
      mimeType: 'application/pdf',
      buffer: readFileSync('tests/e2e/assets/bolletta-luce.pdf'),
    });
    await expectFeedback(page, w.uploadDone, 'green');
    await page.getByRole('button', { name: m.step3Complete }).click();

    // Page 4: orange without a slot, green with one, in the wizard's own one-hour slots.
    await expect(guideDialog(page).getByRole('heading', { name: w.intro.contact.title })).toBeVisible();
    await guideDialog(page).getByRole('button', { name: w.gotIt }).click();
    await expectFeedback(page, w.contactNone, 'orange');
    await page.getByRole('button', { name: '10:00-11:00' }).click();
    await expectFeedback(page, w.contactChosen, 'green', w.contactChosenText('10:00-11:00'));
    await page.getByRole('button', { name: m.step4Submit }).click();

    // Done: the tour completes, and the next visit greets the customer by name, minimised.
    await expect(page.getByRole('heading', { level: 1, name: m.doneTitle })).toBeVisible();
    await expectFeedback(page, w.complete, 'green');
    await expect.poll(() => storedState(page)).toEqual({ hasSeenTutorial: true, userName: 'Giulia' });
    expect(await leadsFound(request, p.cognome)).toBe(1);

    await page.reload();
    await expect(fab(page)).toBeVisible();
    await expect(welcome(page)).toHaveCount(0);
    await fab(page).click();
    await expect(page.getByText(w.menuGreetingNamed('Giulia'))).toBeVisible();
  });

  test("'Compilo da solo' minimises it; a reload starts minimised; the menu restarts the guide, replays the welcome and closes", async ({
    page,
  }) => {
    await page.goto(LANDING);
    await welcome(page).getByRole('button', { name: w.next }).click();
    await welcome(page)
      .getByRole('button', { name: new RegExp(w.autonomous) })
      .click();
    await expect(welcome(page)).toBeHidden();
    await expect(fab(page)).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expect.poll(() => storedState(page)).toEqual({ hasSeenTutorial: true, userName: null });
    // The wizard is fully usable with WINBOT minimised.
    await page.getByRole('button', { name: /Gas/ }).click();
    await expect(page.getByTestId('winbot-service-tooltip')).toHaveCount(0);

    await page.reload();
    await expect(fab(page)).toBeVisible();
    await expect(welcome(page)).toHaveCount(0);
    await screenshot(page, 'winbot-minimised-390', { animations: 'disabled' });

    // The menu, by keyboard.
    await fab(page).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: w.openMenu });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: w.menuRestart })).toBeFocused();
    await screenshot(page, 'winbot-menu-390', { animations: 'disabled' });
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(fab(page)).toBeFocused();

    // Replay the welcome; Escape closes it and marks it seen.
    await fab(page).click();
    await page.getByRole('menuitem', { name: w.menuWelcome }).click();
    await expect(welcome(page).getByRole('heading', { name: w.slide1Title })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(welcome(page)).toBeHidden();
    await expect(fab(page)).toBeVisible();

    // Restart the guide, then end it with 'Termina guida'.
    await fab(page).click();
    await page.getByRole('menuitem', { name: w.menuRestart }).click();
    await expect(guideDialog(page)).toBeVisible();
    await guideDialog(page).getByRole('button', { name: w.endGuide }).click();
    await expect(guideDialog(page)).toBeHidden();
    await expect(fab(page)).toBeVisible();

    // Close WINBOT altogether.
    await fab(page).click();
    await page.getByRole('menuitem', { name: w.menuClose }).click();
    await expect(fab(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: m.step1Title })).toBeVisible();
  });

  test('the welcome modal holds focus, Tab cycles inside it, Escape returns focus to the page', async ({
    page,
  }) => {
    await page.goto(LANDING);
    await expect(welcome(page)).toBeVisible();
    const close = welcome(page).getByRole('button', { name: w.close });
    const next = welcome(page).getByRole('button', { name: w.next });
    await expect(next).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(next).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(welcome(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: m.step1Title })).toBeFocused();
  });

  test('a corrupt winbot-state, or no storage at all, is survived as a first visit', async ({
    page,
    context,
  }) => {
    await page.addInitScript(() => localStorage.setItem('winbot-state', '{"hasSeenTutorial":tru'));
    await page.goto(LANDING);
    await expect(welcome(page)).toBeVisible();
    await welcome(page).getByRole('button', { name: w.close }).click();
    await expect(fab(page)).toBeVisible();
    await expect.poll(() => storedState(page)).toEqual({ hasSeenTutorial: true, userName: null });

    // Private mode where storage throws: the page and WINBOT still work, in memory.
    const other = await context.newPage();
    await other.addInitScript(() =>
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Storage disabled', 'SecurityError');
        },
      }),
    );
    await other.goto(LANDING);
    await expect(welcome(other)).toBeVisible();
    await welcome(other).getByRole('button', { name: w.close }).click();
    await expect(fab(other)).toBeVisible();
    await other.getByRole('button', { name: /Internet a casa/ }).click();
    await other.getByRole('button', { name: m.step1Button }).click();
    await expect(other.getByRole('heading', { level: 1, name: m.step2Title })).toBeVisible();
    await other.close();
  });

  test("'Scorri per continuare' appears on a short screen and hides once the continue button is in view", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 560 });
    await page.goto(LANDING);
    await welcome(page).getByRole('button', { name: w.next }).click();
    await welcome(page)
      .getByRole('button', { name: new RegExp(w.guided) })
      .click();
    await guideDialog(page).getByRole('button', { name: w.discover }).click();
    await page.getByRole('button', { name: /Internet a casa/ }).click();
    await page.getByTestId('winbot-service-tooltip').getByRole('button', { name: w.gotIt }).click();
    await page.getByRole('button', { name: m.step1Button }).click();
    await guideDialog(page).getByRole('button', { name: w.gotIt }).click();

    const hint = page.getByRole('button', { name: w.scrollHint });
    const proceed = page.getByRole('button', { name: m.step2Button });
    await expect(hint).toBeVisible();
    await expect(proceed).not.toBeInViewport({ ratio: 0.3 });
    await screenshot(page, 'winbot-scroll-hint-390x560', { animations: 'disabled' });
    await hint.click();
    await expect(proceed).toBeInViewport({ ratio: 0.3 });
    await expect(hint).toBeHidden();
    await expect(proceed).toBeFocused();
    // Scrolled back up, it returns.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(hint).toBeVisible();
  });

  test('at 1440×900 and at 320 px wide with 200% text the assistant stays usable', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(LANDING);
    await expect(welcome(page)).toBeVisible();
    await screenshot(page, 'winbot-welcome-1440', { animations: 'disabled' });
    await welcome(page).getByRole('button', { name: w.next }).click();
    await welcome(page)
      .getByRole('button', { name: new RegExp(w.guided) })
      .click();
    await guideDialog(page).getByRole('button', { name: w.discover }).click();
    await page.getByRole('button', { name: /Noleggio/ }).click();
    await expect(page.getByTestId('winbot-service-tooltip')).toContainText(w.explanations.noleggio);
    await screenshot(page, 'winbot-guide-1440', { animations: 'disabled' });
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 320, height: 640 });
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    await page.getByTestId('winbot-service-tooltip').getByRole('button', { name: w.gotIt }).click();
    await banner(page).getByRole('button', { name: w.minimize }).click();
    await fab(page).click();
    await page.getByRole('menuitem', { name: w.menuWelcome }).click();
    const next = welcome(page).getByRole('button', { name: w.next });
    await next.scrollIntoViewIfNeeded();
    await expect(next).toBeInViewport();
    await screenshot(page, 'winbot-welcome-320-zoom', { animations: 'disabled' });
    // Nothing wider than the screen.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > 321)
        .map((e) => `${e.tagName}.${e.className}`.slice(0, 120)),
    );
    expect(wide).toEqual([]);
  });
});

test.describe('failures the customer sees', () => {
  test.beforeEach(async ({ page }) => returning(page));

  async function toStep4(page: Page, p: Person, withBill = false) {
    await page.goto(LANDING);
    await page.getByRole('button', { name: withBill ? /Luce/ : /Internet a casa/ }).click();
    await page.getByRole('button', { name: m.step1Button }).click();
    await fillData(page, p);
    await page.getByRole('button', { name: m.step2Button }).click();
    if (withBill) {
      await page.getByTestId('file-luce').setInputFiles({
        name: 'bolletta-luce.pdf',
        mimeType: 'application/pdf',
        buffer: readFileSync('tests/e2e/assets/bolletta-luce.pdf'),
      });
      await page.getByRole('button', { name: m.step3Complete }).click();
    }
    await expect(page.getByRole('heading', { level: 1, name: m.step4Title })).toBeVisible();
  }

  test('a submission answered 500, then 429, then 201: the customer is told each time and exactly one lead is created', async ({
    page,
    request,
  }) => {
    const p = person('Winbot', '348');
    await toStep4(page, p);
    await page.getByRole('button', { name: '11:00-12:00' }).click();

    const keys: string[] = [];
    let calls = 0;
    await page.route('**/api/submit-form', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      calls += 1;
      if (calls === 1) return route.fulfill({ status: 500, json: { message: 'Errore interno del server' } });
      if (calls === 2)
        return route.fulfill({
          status: 429,
          headers: { 'Retry-After': '30' },
          json: { message: m.tooManySubmissions },
        });
      return route.continue();
    });

    await page.getByRole('button', { name: m.step4Submit }).click();
    const alert = page.getByTestId('submit-error');
    await expect(alert).toContainText(m.submitFailedTitle);
    await expect(alert).toContainText(m.submitServerError);
    // Every field is kept: the slot is still chosen, and the data are still there behind it.
    await expect(page.getByText(m.step4Chosen('11:00-12:00'))).toBeVisible();
    await screenshot(page, 'landing-submit-error-390', { animations: 'disabled' });
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: m.retry }).click();
    await expect(alert).toContainText(m.submitRateLimited('tra 30 secondi'));

    await page.getByRole('button', { name: m.retry }).click();
    await expect(page.getByRole('heading', { level: 1, name: m.doneTitle })).toBeVisible();
    expect(calls).toBe(3);
    // One request retried under one idempotency key: one lead.
    expect(new Set(keys).size).toBe(1);
    expect(await leadsFound(request, p.cognome)).toBe(1);
  });

  test('with no connection at all, the message says to check it; the data stay', async ({
    page,
    request,
  }) => {
    const p = person('Winbot', '348');
    await toStep4(page, p);
    await page.route('**/api/submit-form', (route) => route.abort('internetdisconnected'), { times: 1 });
    await page.getByRole('button', { name: m.step4NoSlot }).click();
    await expect(page.getByTestId('submit-error')).toContainText(m.submitOffline);
    await page.getByRole('button', { name: m.back }).click();
    await page.getByRole('button', { name: m.step2Back }).click();
    await page.getByRole('button', { name: m.step1Button }).click();
    await expect(page.getByLabel('Cognome')).toHaveValue(p.cognome);
    await page.getByRole('button', { name: m.step2Button }).click();
    await page.getByRole('button', { name: m.retry }).click();
    await expect(page.getByRole('heading', { level: 1, name: m.doneTitle })).toBeVisible();
    expect(await leadsFound(request, p.cognome)).toBe(1);
  });

  test('a bill upload answered 500 twice: the confirmation warns, and sending again delivers the bill', async ({
    page,
    request,
  }) => {
    const p = person('Winbot', '348');
    await toStep4(page, p, true);
    const uploads: Request[] = [];
    let failures = 2;
    await page.route('**/api/pratiche/*/upload', async (route) => {
      uploads.push(route.request());
      if (failures-- > 0)
        return route.fulfill({ status: 500, json: { message: 'Errore interno del server' } });
      return route.continue();
    });
    await page.getByRole('button', { name: m.step4NoSlot }).click();

    // The request arrived: the confirmation, with the bills' warning and a way to send them again.
    await expect(page.getByRole('heading', { level: 1, name: m.doneTitle })).toBeVisible();
    const status = page.getByTestId('bills-status');
    await expect(status).toContainText(m.uploadFailedTitle);
    await expect(status).toContainText(m.uploadFailedText);
    expect(uploads).toHaveLength(2); // the automatic retry happened
    await screenshot(page, 'landing-upload-failed-390', { animations: 'disabled' });
    await expectNoSeriousA11yViolations(page);

    await status.getByRole('button', { name: m.uploadResend }).click();
    await expect(status).toContainText(m.uploadResent);
    expect(uploads).toHaveLength(3);

    const api = await adminApi(request);
    const pratiche = (await (await api.get(`/api/pratiche?search=${p.cognome}`)).json()) as {
      total: number;
      items: Array<{ documentiCount: number }>;
    };
    expect(pratiche.total).toBe(1);
    expect(pratiche.items[0].documentiCount).toBe(1);
  });

  test('an upload token that expired meanwhile is renewed by the same request under the same key: nothing new is created', async ({
    page,
    request,
  }) => {
    const p = person('Winbot', '348');
    await toStep4(page, p, true);
    const answers = [500, 500, 403];
    const tokens: string[] = [];
    await page.route('**/api/pratiche/*/upload', async (route) => {
      tokens.push(route.request().headers()['x-upload-token']);
      const status = answers.shift();
      if (status === 403) return route.fulfill({ status, json: { message: m.uploadTokenInvalid } });
      if (status) return route.fulfill({ status, json: { message: 'Errore interno del server' } });
      return route.continue();
    });
    const keys: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/submit-form')) keys.push(r.headers()['idempotency-key']);
    });
    await page.getByRole('button', { name: m.step4NoSlot }).click();
    const status = page.getByTestId('bills-status');
    await expect(status).toContainText(m.uploadFailedTitle);
    await status.getByRole('button', { name: m.uploadResend }).click();
    await expect(status).toContainText(m.uploadResent);

    // Sent twice under one key; the last upload carried the fresh token.
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(tokens).toHaveLength(4);
    expect(tokens[3]).not.toBe(tokens[2]);
    expect(await leadsFound(request, p.cognome)).toBe(1);
    const api = await adminApi(request);
    const pratiche = (await (await api.get(`/api/pratiche?search=${p.cognome}`)).json()) as {
      total: number;
      items: Array<{ documentiCount: number }>;
    };
    expect(pratiche.total).toBe(1);
    expect(pratiche.items[0].documentiCount).toBe(1);
  });
});

test.describe('contrast of disabled controls', () => {
  test.beforeEach(async ({ page }) => returning(page));

  test("the disabled 'Richiedi l'offerta' still reads at AA (4.5:1)", async ({ page }) => {
    await page.goto(LANDING);
    const button = page.getByRole('button', { name: m.step1Button });
    await expect(button).toBeDisabled();
    // The rendered colours, whatever notation the stylesheet uses, through a canvas pixel.
    const ratio = await button.evaluate((el) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      const rgb = (color: string) => {
        ctx.clearRect(0, 0, 1, 1);
        ctx.fillStyle = color;
        ctx.fillRect(0, 0, 1, 1);
        return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
      };
      const luminance = (c: number[]) => {
        const [r, g, b] = c.map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      // A faded button (opacity) blends into what is behind it: the first opaque background up.
      let opacity = 1;
      for (let n: Element | null = el; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
      let behind = [255, 255, 255];
      for (let n = el.parentElement; n; n = n.parentElement) {
        const bg = getComputedStyle(n).backgroundColor;
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') {
          behind = rgb(bg);
          break;
        }
      }
      const seen = (c: number[]) => c.map((v, i) => v * opacity + behind[i] * (1 - opacity));
      const [a, b] = [luminance(seen(rgb(style.color))), luminance(seen(rgb(style.backgroundColor)))];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
});
