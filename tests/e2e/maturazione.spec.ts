import { fillMessage, msg } from '#shared/messages.ts';
import { formatEuro } from '#shared/money.ts';
import { formatDayKey } from '#shared/periodi.ts';
import { paths } from '#shared/permissions.ts';
import { romeDateKey } from '#shared/time.ts';
import { WORKED_EXAMPLE_CONFIG } from '#test/setup/worked-example.ts';
import { commissionsFromWorkflow } from '#test/e2e/workflow.ts';
import {
  adminApi,
  createStaffedPoint,
  expect,
  expectNoSeriousA11yViolations,
  screenshotBothSizes,
  signInByApi,
  test,
} from '#test/e2e/fixtures.ts';

const m = msg.maturazione;

/**
 * Outcomes after activation from the practice's card (docs/product/lifecycle.md#esiti-dopo-lattivazione):
 * a withdrawal in its window takes the commission away; a switch-out under the supplier's rule
 * shows its storno, with the reason, in Commissioni.
 */
test('ripensamento in the window removes the commission; cessato under a rule shows its storno with the reason', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const fornitori = (await (await api.get('/api/fornitori?servizio=luce')).json()) as Array<{
    id: number;
    codice: string;
  }>;
  const sorgenia = fornitori.find((f) => f.codice === 'SORGENIA')!;
  for (const servizio of ['luce', 'gas']) {
    const saved = await api.post('/api/commissioni-fornitori', {
      data: {
        fornitoreId: sorgenia.id,
        servizio,
        ...WORKED_EXAMPLE_CONFIG,
        stornoMesi: 12,
        stornoModo: 'proporzionale',
      },
    });
    expect(saved.status(), await saved.text()).toBeLessThan(300);
  }
  const { point } = await createStaffedPoint(api, `Bar Esiti ${Date.now().toString(36)}`);
  const w = await commissionsFromWorkflow(api, point.landingCode);
  const oggi = formatDayKey(romeDateKey(new Date()));

  await signInByApi(page);
  await page.goto(paths.pratica(w.praticaId));
  // The first load of the app on a busy machine: the page's own heading says it is there.
  await expect(page.getByRole('heading', { name: `Pratica #${w.praticaId}` })).toBeVisible({
    timeout: 20_000,
  });
  const luce = page.getByTestId('servizio-luce');
  const gas = page.getByTestId('servizio-gas');
  await expect(luce.getByRole('button', { name: new RegExp(m.esitoButton) })).toBeVisible();

  // A withdrawal today: in the window, the unpaid commission goes and the service is KO.
  await luce.getByRole('button', { name: new RegExp(m.esitoButton) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(m.esitoTipo)).toHaveValue('ripensamento');
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, 'esiti-dialog');
  await dialog.getByRole('button', { name: m.esitoSalva }).click();
  await expect(page.getByTestId('toast').getByText(m.esitoAnnullata)).toBeVisible();
  await expect(luce.getByTestId('esito')).toHaveText(
    fillMessage(m.esitoRegistrato, { esito: 'Ripensamento', data: oggi }),
  );
  await expect(luce).toContainText('Motivazione KO: Ripensamento');

  // Cessato on gas, activated today: the 12-month proportional rule takes back 12/12.
  await gas.getByRole('button', { name: new RegExp(m.esitoButton) }).click();
  await dialog.getByLabel(m.esitoTipo).selectOption('cessato');
  await dialog.getByRole('button', { name: m.esitoSalva }).click();
  await expect(page.getByTestId('toast').getByText(m.esitoStornata)).toBeVisible();
  await expect(gas.getByTestId('esito')).toHaveText(
    fillMessage(m.esitoRegistrato, { esito: 'Cessato', data: oggi }),
  );
  await screenshotBothSizes(page, 'esiti-pratica', { closeToast: true });

  await page.getByRole('link', { name: 'Commissioni' }).first().click();
  await expect(page.getByRole('heading', { name: 'Commissioni', level: 1 })).toBeVisible();
  await expect(page.getByTestId(`commissione-${w.gas}`)).toBeVisible();
  await expect(page.getByTestId(`commissione-${w.luce}`)).toHaveCount(0);
  const gasCard = page.getByTestId(`commissione-${w.gas}`);
  // Still inside its window, but its storno settles it: neither in maturazione nor matured.
  await expect(gasCard.getByTestId('contratto')).toHaveText(
    fillMessage(m.contratto, { data: oggi, canale: m.canaleLabels.web_qr }),
  );
  await expect(gasCard.getByTestId('maturazione')).toHaveCount(0);
  const list = await (await api.get('/api/commissioni?pageSize=200')).json();
  const storno = list.items.find((c: { stornoOfId: number | null }) => c.stornoOfId === w.gas);
  const stornoCard = page.getByTestId(`commissione-${storno.id}`);
  await expect(stornoCard.getByTestId('storno-motivo')).toHaveText(
    `${fillMessage(m.stornoMotivo, { motivo: 'Cessato', data: oggi })} · ${fillMessage(m.regolaApplicata, {
      regola: fillMessage(m.regolaProporzionale, { mesi: 12 }),
      num: 12,
      den: 12,
    })}`,
  );
  await expect(stornoCard.getByTestId('importi')).toContainText(`Struttura${formatEuro('-84.50')}`);
  // One axe run (the dialog, above): the cards here are the list's own, checked by commissioni.spec.ts.
  await screenshotBothSizes(page, 'esiti-commissioni', { closeToast: true });
});

/**
 * Impostazioni → Periodi di ripensamento (docs/product/commissions.md#periodi-di-ripensamento-per-canale):
 * the admin changes a channel's days, a reload shows them; a wrong value is refused in Italian.
 * The defaults are put back at the end: other specs complete services with them.
 */
test('the admin changes a channel’s withdrawal period; a reload shows it; a wrong value is refused', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const label = fillMessage(m.giorniLabel, { canale: m.canaleLabels.porta_a_porta });
  try {
    await signInByApi(page);
    await page.goto(paths.impostazioni);
    const card = page.locator('form').filter({ has: page.getByLabel(label) });
    const field = card.getByLabel(label);
    await expect(field).toHaveValue('30', { timeout: 20_000 });
    // Each form of the page has a button of its own name.
    await expect(page.getByRole('button', { name: m.periodiSalva })).toHaveCount(1);
    await expect(page.getByRole('button', { name: msg.impostazioni.salvaTelefonoTitolare })).toHaveCount(1);

    await field.fill('400');
    await page.getByRole('button', { name: m.periodiSalva }).click();
    await expect(card.getByText(m.giorniInvalid)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await screenshotBothSizes(page, 'impostazioni-ripensamento-errore', { closeToast: true });
    expect(
      (
        (await (await api.get('/api/impostazioni/ripensamento')).json()) as {
          periodi: Record<string, number>;
        }
      ).periodi.porta_a_porta,
    ).toBe(30);

    await field.fill('45');
    await page.getByRole('button', { name: m.periodiSalva }).click();
    await expect(page.getByTestId('toast').getByText(m.periodiSuccess)).toBeVisible();
    await expect(card.getByText(m.giorniInvalid)).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel(label)).toHaveValue('45', { timeout: 20_000 });
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'impostazioni-ripensamento', { closeToast: true });
  } finally {
    const reset = await api.put('/api/impostazioni/ripensamento', {
      data: { porta_a_porta: 30, telefono: 14, web_qr: 14, negozio: 14 },
    });
    expect(reset.status(), await reset.text()).toBe(200);
  }
});
