import { msg } from '#shared/messages.ts';
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

/**
 * The back-office screens of issue 53 at 390×844 and 1440×900: filters behind 'Filtri' on a
 * phone with chips, Utenti opening on its list, the dashboard's point chooser listing at once,
 * whole landing codes on the point cards, one phone format, counts that say what they count.
 */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

test.describe('Back-office at phone width', () => {
  test('Lead: the filters hide behind Filtri on a phone, active ones as chips; phones read +39 333 123 4567', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const { point } = await createStaffedPoint(api, `Ferramenta Filtri ${stamp()}`);
    const digits = String(Date.now()).slice(-7);
    const cognome = `Filtrati${stamp()}`;
    const res = await api.post('/api/submit-form', {
      data: landingSubmission({
        nome: 'Elena',
        cognome,
        telefono: `333${digits}`,
        email: `elena.${digits}@esempio.it`,
        serviziRichiesti: ['luce'],
        puntoFisicoId: point.id,
      }),
    });
    expect(res.status(), await res.text()).toBe(201);

    await signInByApi(page);
    await page.setViewportSize(PHONE);
    await page.goto('/leads');
    const filtri = page.getByRole('button', { name: new RegExp(`^${msg.common.filtri}( \\d+)?$`) });
    await expect(filtri).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Stato contatto', { exact: true })).toBeHidden();
    // The first rows are on the first screen.
    await expect(page.getByText(/lead trovat/)).toBeInViewport();

    await filtri.click();
    await page.getByRole('searchbox', { name: 'Cerca' }).fill(cognome);
    await expect(page.getByText(`+39 333 ${digits.slice(0, 3)} ${digits.slice(3)}`).first()).toBeVisible();
    const chip = page.getByRole('button', { name: `Rimuovi filtro: «${cognome}»` });
    await expect(chip).toBeVisible();
    await filtri.click();
    await expect(page.getByRole('searchbox', { name: 'Cerca' })).toBeHidden();
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'lead-filtri', { fullPage: false });
    await chip.click();
    await expect(chip).toHaveCount(0);
    await expect(page).toHaveURL(/\/leads$/);

    // On a desktop the filters are there as before, with no button and no chips.
    await page.setViewportSize(DESKTOP);
    await expect(page.getByLabel('Stato contatto', { exact: true })).toBeVisible();
    await expect(filtri).toBeHidden();
  });

  test('Commissioni: Filtri on a phone, the period as a removable chip; unchanged on a desktop', async ({
    page,
  }) => {
    await signInByApi(page);
    await page.setViewportSize(PHONE);
    await page.goto('/commissioni');
    const filtri = page.getByRole('button', { name: new RegExp(`^${msg.common.filtri}( \\d+)?$`) });
    await expect(page.getByRole('group', { name: 'Stato pagamento' })).toBeHidden();
    await filtri.click();
    await page.getByRole('button', { name: 'Non pagato' }).click();
    const chip = page.getByRole('button', { name: 'Rimuovi filtro: Non pagato' });
    await expect(chip).toBeVisible();
    await filtri.click();
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'commissioni-filtri', { fullPage: false });
    await chip.click();
    await expect(chip).toHaveCount(0);
    await page.setViewportSize(DESKTOP);
    await expect(page.getByRole('group', { name: 'Stato pagamento' })).toBeVisible();
    await expect(filtri).toBeHidden();
  });

  test('Utenti opens on the list; the second-factor settings come after it', async ({ page }) => {
    await signInByApi(page);
    await page.setViewportSize(PHONE);
    await page.goto('/utenti');
    await expect(page.getByText(/\d+ utent/).first()).toBeInViewport();
    const list = await page
      .getByText(/\d+ utent/)
      .first()
      .boundingBox();
    const totp = await page.getByRole('region', { name: msg.totp.rolesTitle }).boundingBox();
    expect(list!.y).toBeLessThan(totp!.y);
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'utenti-lista-prima', { fullPage: false });
  });

  test("the dashboard's point chooser lists the points as soon as it opens, its text whole", async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    await createStaffedPoint(api, `Aaa Cartoleria ${stamp()}`);
    await signInByApi(page);
    await page.goto('/');
    const panel = page.getByTestId('punto-performance');
    const chooser = panel.getByRole('combobox', { name: 'Punto fisico' });
    await chooser.click();
    await expect(page.getByRole('option').first()).toBeVisible();
    const search = page.getByRole('combobox', { name: 'Cerca punto fisico' });
    await expect(search).toHaveAttribute('placeholder', msg.puntoFisico.cercaPlaceholder);
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'dashboard-scelta-punto', { fullPage: false });
    await page.keyboard.press('Escape');
    // The chooser's own text is not cut off, at either size.
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      const clipped = await chooser.evaluate((el) => {
        const text = el.querySelector('.truncate')!;
        return text.scrollWidth > text.clientWidth;
      });
      expect(clipped, `${size.width}px`).toBe(false);
    }
  });

  test('Punti Fisici: the whole landing code, e-mails wrapped at the @, phones in one format', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const { point } = await createStaffedPoint(api, `Tabaccheria Schede ${stamp()}`, {
      responsabile: { firstName: 'Massimiliano', lastName: `Bartolomei${stamp()}`, phone: '3331234567' },
    });
    await signInByApi(page);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto(`/punti-fisici?search=${point.landingCode}`);
      const card = page.getByTestId(`punto-card-${point.id}`);
      const url = card.getByTestId('url-landing');
      await expect(url).toHaveText(point.urlLanding);
      const cut = await url.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(cut, `${size.width}px`).toBe(false);
      await expect(card.getByText('+39 333 123 4567')).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'punti-fisici-schede');
  });

  test('Pratiche: the status buttons say they count practices', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/pratiche');
    const group = page.getByRole('group', { name: 'Stato del servizio' });
    await expect(group.getByRole('button', { name: /^Inserito/ })).toHaveText(
      /Inserito\s*(\d[\d.]*|1) pratic[ah]e?$/,
    );
    await screenshotBothSizes(page, 'pratiche-conteggi', { fullPage: false });
  });
});
