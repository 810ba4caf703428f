import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { msg } from '#shared/messages.ts';
import { pdfText, readEstrattoXlsx } from '#test/setup/estratti.ts';
import {
  adminApi,
  createStaffedPoint,
  createUser,
  E2E_ADMIN,
  expect,
  saveWorkedExampleConfig,
  test,
  type E2EUser,
} from '#test/e2e/fixtures.ts';
import { commissionsFromWorkflow, leadFromLanding } from '#test/e2e/workflow.ts';

/**
 * One main task per role, with the keyboard only: Tab to reach a control, Enter, the arrows and
 * Escape to use it. No click, and no `focus()` either: every control is reached by tabbing, so a
 * control the keyboard cannot reach, or a dialog that traps or drops the focus, fails the test.
 */

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Presses Tab until `target` has the focus (unless it has it already); fails if it never does. */
async function tabTo(page: Page, target: Locator, max = 80) {
  await expect(target).toBeVisible();
  const focused = () => target.evaluate((el) => el === document.activeElement);
  for (let i = 0; i < max; i++) {
    if (await focused()) return;
    await page.keyboard.press('Tab');
  }
  if (await focused()) return;
  throw new Error(`Non raggiunto con ${max} Tab: ${target.toString()}`);
}

/**
 * The dialog has taken the focus: what a keyboard user waits for. Its Escape handler is set up at
 * the same moment, so an Escape pressed before that (the text can show first) would be lost.
 */
async function expectFocusInside(dialog: Locator) {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

async function signInWithKeyboard(page: Page, user: { email: string; password: string }, title: string) {
  await page.goto('/auth');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  // The dashboard's chunk and numbers: generous, a loaded machine takes its time on the first one.
  await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 20_000 });
}

/** From the menu: Tab to the entry, Enter, and the screen's heading shows. */
async function openFromMenu(page: Page, entry: string, heading: string) {
  const nav = page.getByRole('navigation', { name: 'Menu principale' });
  await tabTo(page, nav.getByRole('link', { name: entry, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test.describe('keyboard only', () => {
  // Each walk signs in and tabs through whole screens: minutes on a loaded 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('admin: sign in, filter the leads by point with the combobox and open one', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const s = stamp();
    const { point } = await createStaffedPoint(api, `Cartoleria Blu ${s}`);
    const lead = await leadFromLanding(page.request, point.landingCode, `Riva${s}`);

    await signInWithKeyboard(page, E2E_ADMIN, 'Dashboard Amministratore');
    await openFromMenu(page, 'Lead', 'Gestione Lead');
    await expect(page).toHaveURL(/\/leads$/);

    await tabTo(page, page.getByRole('combobox', { name: 'Punto fisico' }));
    await page.keyboard.press('Enter');
    await page.keyboard.type(`Blu ${s}`);
    const list = page.getByRole('listbox', { name: 'Punti fisici' });
    const option = list.getByRole('option', { name: new RegExp(`Cartoleria Blu ${s}`) });
    await expect(option).toBeVisible();
    // Home, then one down: the point under 'Tutti i punti fisici' (again if the results re-rendered).
    await expect(async () => {
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown');
      await expect(option).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
    }).toPass();
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`puntoFisicoId=${point.id}`));
    await expect(page.getByTestId('lead-count')).toHaveText('1 lead trovati');

    const details = page.getByTestId(`lead-row-${lead.leadId}`).getByRole('link', { name: /Dettagli/ });
    await tabTo(page, details);
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: 'Dettaglio Lead' });
    await expect(detail).toContainText(`Sara Riva${s}`);
    await expectFocusInside(detail);
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/leads\\?puntoFisicoId=${point.id}$`));
    // The focus comes back where it was, not to the top of the page.
    await expect(details).toBeFocused();
  });

  test('punto fisico: opens its new lead, closes it, and marks it contacted', async ({ page, request }) => {
    const api = await adminApi(request);
    const s = stamp();
    const { point, responsabile } = await createStaffedPoint(api, `Ferramenta Tasto ${s}`);
    const lead = await leadFromLanding(page.request, point.landingCode, `Tasti${s}`);

    await signInWithKeyboard(page, responsabile, 'Dashboard Punto Fisico');
    await openFromMenu(page, 'Lead', 'Gestione Lead');
    const row = page.getByTestId(`lead-row-${lead.leadId}`);
    const details = row.getByRole('link', { name: `Dettagli di Sara Tasti${s}` });
    await tabTo(page, details);
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: 'Dettaglio Lead' });
    await expect(detail).toContainText(lead.telefono);
    await expectFocusInside(detail);
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect(details).toBeFocused();

    const status = row.getByRole('combobox', { name: `Stato contatto di Sara Tasti${s}` });
    await expect(status).toHaveValue('nuovo');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/leads/${lead.leadId}/status`) && r.request().method() === 'PATCH',
    );
    await tabTo(page, status);
    // A closed native select moves to the next option with the down arrow.
    await page.keyboard.press('ArrowDown');
    expect((await saved).status()).toBe(200);
    await expect(status).toHaveValue('contattato');
    await expect(page.getByTestId('toast')).toContainText(msg.lead.statusSuccess);
    const fresh = await (await api.get(`/api/leads/${lead.leadId}`)).json();
    expect(fresh.statoContatto).toBe('contattato');
  });

  test('amministrazione: finds a practice by the customer and completes its service', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const s = stamp();
    const { point } = await createStaffedPoint(api, `Edicola Invio ${s}`);
    const { praticaId, telefono } = await leadFromLanding(page.request, point.landingCode, `Invio${s}`);
    await saveWorkedExampleConfig(api, 'FASTWEB', 'internet');
    const office = await createUser(api, 'amministrazione');

    await signInWithKeyboard(page, office, 'Dashboard Amministrazione');
    // Pratiche is not in this role's menu: the office opens it by its address.
    await page.goto('/pratiche');
    await expect(page.getByRole('heading', { name: 'Gestione Pratiche', level: 1 })).toBeVisible();
    await tabTo(page, page.getByRole('searchbox', { name: 'Cerca' }));
    await page.keyboard.type(telefono);
    const card = page.getByTestId(`pratica-${praticaId}`);
    await expect(page.getByText('1 pratica trovata')).toBeVisible();

    const edit = card.getByRole('button', { name: `Modifica Internet della pratica #${praticaId}` });
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Modifica servizio Internet — Pratica #${praticaId}` });
    await expect(dialog).toBeVisible();
    const stato = dialog.getByLabel('Stato');
    await tabTo(page, stato);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(stato).toHaveValue('completato');
    const fornitore = dialog.getByLabel('Fornitore');
    await expect(fornitore.locator('option')).not.toHaveCount(1);
    await tabTo(page, fornitore);
    // A closed native select picks the option whose name starts with what is typed.
    await page.keyboard.type('Fastweb');
    await expect(fornitore).toHaveValue('FASTWEB');
    await tabTo(page, dialog.getByRole('button', { name: 'Salva' }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toast')).toContainText(msg.servizio.updateSuccess);
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Completato');
    // Back on the card's button, ready for the next one.
    await expect(edit).toBeFocused();

    const fresh = await (await api.get(`/api/pratiche/${praticaId}`)).json();
    expect(fresh.servizi[0]).toMatchObject({ stato: 'completato', fornitore: 'FASTWEB' });
  });

  for (const [role, title, format] of [
    ['agente', 'Dashboard Agente', 'Excel'],
    ['area_manager', 'Dashboard Area Manager', 'PDF'],
  ] as const) {
    test(`${role}: downloads this quarter's statement as ${format}`, async ({ page, request }) => {
      const T = msg.estrattoConto.totali;
      const api = await adminApi(request);
      for (const servizio of ['luce', 'gas']) await saveWorkedExampleConfig(api, 'SORGENIA', servizio);
      const staffed = await createStaffedPoint(api, `Bar Tastiera ${stamp()}`);
      await commissionsFromWorkflow(api, staffed.point.landingCode);
      const user: E2EUser = role === 'agente' ? staffed.agente : staffed.areaManager;
      // The worked example: the agent earns 20.00 + 6.00, the area manager 7.00 + 1.50.
      const total = role === 'agente' ? '26,00' : '8,50';

      await signInWithKeyboard(page, user, title);
      await openFromMenu(page, 'Commissioni', 'Commissioni');
      await expect(page.getByTestId('stat-commissioni-totale-value')).toHaveText(`€ ${total}`);
      await tabTo(page, page.getByRole('button', { name: 'Estratto conto' }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Estratto conto' });
      await expect(dialog.getByLabel('Periodo')).toHaveValue(/^\d{4}-T[1-4]$/);
      await tabTo(page, dialog.getByRole('button', { name: format }));
      const downloading = page.waitForEvent('download');
      await page.keyboard.press('Enter');
      const file = readFileSync((await (await downloading).path())!);
      if (format === 'PDF') {
        expect(pdfText(file)).toMatch(new RegExp(`${T.totale}:?\\s+€\\s*${total}`));
      } else {
        expect((await readEstrattoXlsx(file)).totals[T.totale]).toBe(total.replace(',', '.'));
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Estratto conto' })).toBeFocused();
    });
  }
});
