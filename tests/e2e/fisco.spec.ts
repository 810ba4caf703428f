import { readFileSync } from 'node:fs';
import { msg } from '#shared/messages.ts';
import { pdfText } from '#test/setup/estratti.ts';
import { commissionsFromWorkflow } from '#test/e2e/workflow.ts';
import {
  adminApi,
  createStaffedPoint,
  expect,
  expectNoSeriousA11yViolations,
  saveWorkedExampleConfig,
  screenshotBothSizes,
  signInByApi,
  test,
} from '#test/e2e/fixtures.ts';

const F = msg.fisco;

test.describe('Profilo fiscale e riepiloghi', () => {
  test('the admin sets an agent’s fiscal profile; the statement PDF shows Enasarco, ritenuta and net; the quarter’s Enasarco summary lists the agent', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    for (const servizio of ['luce', 'gas']) await saveWorkedExampleConfig(api, 'SORGENIA', servizio);
    const cognome = `Fisco${Date.now().toString(36)}`;
    const { point, agente } = await createStaffedPoint(api, `Bar Fisco ${cognome}`, {
      agente: { firstName: 'Sara', lastName: cognome },
    });
    // The agent's 20.00 + 6.00 of this quarter.
    await commissionsFromWorkflow(api, point.landingCode);

    await signInByApi(page);
    await page.goto(`/utenti?search=${cognome}`);
    await page.getByRole('button', { name: new RegExp(`^${F.profilo.pulsante}: .*${cognome}`) }).click();
    const dialog = page.getByRole('dialog', { name: `Profilo fiscale di Sara ${cognome}` });
    await dialog.getByLabel(F.profilo.tipo).selectOption('agente_plurimandatario');
    const piva = dialog.getByLabel(F.profilo.partitaIva);
    await piva.fill('12345678904');
    await dialog.getByRole('button', { name: F.profilo.salva }).click();
    await expect(dialog.getByText(F.profilo.partitaIvaInvalid)).toBeVisible();
    await piva.fill('12345678903');
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'profilo-fiscale');
    await dialog.getByRole('button', { name: F.profilo.salva }).click();
    await expect(page.getByTestId('toast').getByText(F.profilo.salvato)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The statement of this quarter, downloaded from Commissioni as the office does.
    await page.goto('/commissioni');
    await page.getByRole('button', { name: 'Estratto conto' }).click();
    const estratto = page.getByRole('dialog', { name: 'Estratto conto' });
    await estratto.getByLabel('Beneficiario').selectOption(String(agente.id));
    await expect(estratto.getByTestId('estratto-totale')).toContainText('€ 26,00');
    const downloading = page.waitForEvent('download');
    await estratto.getByRole('button', { name: 'PDF' }).click();
    const text = pdfText(readFileSync(await (await downloading).path())).replace(/\s+/g, ' ');
    // 26.00 × 8.5% = 2.21; 23% of 13.00 = 2.99; 26.00 − 2.21 − 2.99 = 20.80.
    for (const line of [
      `${F.estratto.lordo} € 26,00`,
      `${F.estratto.storni} € 0,00`,
      `${F.estratto.imponibile} € 26,00`,
      'Contributo Enasarco a carico dell’agente (8,5%) € -2,21',
      'Ritenuta d’acconto 23% su 50% (€ 13,00) € -2,99',
      `${F.estratto.netto} € 20,80`,
      'Agente plurimandatario · P.IVA 12345678903 · regime Ordinario',
    ])
      expect(text).toContain(line);
    await page.keyboard.press('Escape');

    // The quarter's Enasarco, reached from Utenti.
    await page.goto('/utenti');
    await page.getByRole('link', { name: F.riepiloghi.link }).click();
    await expect(page).toHaveURL(/\/utenti\/riepiloghi-fiscali$/);
    await expect(page.getByRole('heading', { name: F.riepiloghi.pageTitle })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(cognome) });
    // 2.21 each; the principal tops the quarter up to the pluri minimum of 128.75.
    await expect(row).toContainText('€ 2,21');
    await expect(row).toContainText('€ 124,33');
    await expect(row).toContainText('€ 128,75');
    // On a phone each payee is a card with the same figures, the table hidden.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page
      .getByRole('list', { name: F.riepiloghi.enasarcoTitolo })
      .getByRole('listitem')
      .filter({ hasText: cognome });
    await expect(card).toContainText(`${F.riepiloghi.integrazioneMinimale}€ 124,33`);
    await expect(card).toContainText(`${F.riepiloghi.totale}€ 128,75`);
    await expect(page.getByRole('row', { name: new RegExp(cognome) })).toBeHidden();
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'riepiloghi-fiscali', { fullPage: true });
  });
});
