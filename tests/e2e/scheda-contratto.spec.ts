import { msg } from '#shared/messages.ts';
import {
  adminApi,
  expect,
  expectNoSeriousA11yViolations,
  landingSubmission,
  screenshotBothSizes,
  signInByApi,
  test,
} from '#test/e2e/fixtures.ts';
import { SCHEDA_LUCE_COMPLETA } from '#test/support/scheda.ts';

const e = msg.scheda.errori;

test.describe('Scheda contratto', () => {
  test('wrong codice fiscale, IBAN and PDR are refused as typed; fixed, both services reach Scheda completa', async ({
    page,
    request,
  }) => {
    // A landing practice with luce and gas, as the demo point's customers send it.
    const landing = await (await request.get('/api/landing/WE-FN2KFIPU')).json();
    const n = Date.now().toString().slice(-8);
    const res = await request.post('/api/submit-form', {
      headers: { 'Idempotency-Key': `e2e-scheda-${n}` },
      data: landingSubmission({
        nome: 'Mario',
        cognome: `Rossi${n}`,
        telefono: `347${n.slice(-7)}`,
        email: `mario.${n}@esempio.it`,
        serviziRichiesti: ['luce', 'gas'],
        orarioContatto: '10:00-11:00',
        puntoFisicoId: landing.puntoFisicoId,
      }),
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    const { praticaId } = await res.json();

    // Most of each scheda is already typed; the codes are left to the person.
    const api = await adminApi(request);
    const pratica = await (await api.get(`/api/pratiche/${praticaId}`)).json();
    const idOf = (tipo: string) =>
      pratica.servizi.find((s: { tipoServizio: string }) => s.tipoServizio === tipo).id;
    const put = async (tipo: string, data: Record<string, unknown>) =>
      expect((await api.put(`/api/servizi/${idOf(tipo)}/scheda`, { data })).status()).toBe(200);
    // A blank field is "not given".
    await put('luce', { ...SCHEDA_LUCE_COMPLETA, codiceFiscale: '', iban: '' });
    await put('gas', { ...SCHEDA_LUCE_COMPLETA, pod: '', potenzaKw: '', consumoAnnuo: '900' });

    await signInByApi(page);
    await page.goto(`/pratiche/${praticaId}`);
    const luce = page.getByTestId('scheda-luce');
    await expect(luce.getByText(msg.scheda.incompleta, { exact: true })).toBeVisible();
    await expect(luce.getByText(/Mancano: Codice fiscale, IBAN/)).toBeVisible();

    const cf = luce.getByLabel('Codice fiscale', { exact: true });
    await cf.fill('RSSMRA45D25F205X');
    await cf.press('Tab');
    await expect(luce.getByText(e.codiceFiscale)).toBeVisible();
    await expect(cf).toHaveAttribute('aria-invalid', 'true');
    const iban = luce.getByLabel('IBAN', { exact: true });
    await iban.fill('IT61X0542811101000000123456');
    await iban.press('Tab');
    await expect(luce.getByText(e.ibanControllo)).toBeVisible();
    await cf.fill('rssmra45d25f205n');
    await iban.fill('IT60 X054 2811 1010 0000 0123 456');
    await expect(luce.getByText(e.codiceFiscale)).toHaveCount(0);
    await expect(luce.getByText(e.ibanControllo)).toHaveCount(0);
    await luce.getByRole('button', { name: msg.scheda.salva }).click();
    await expect(luce.getByText(msg.scheda.completa, { exact: true })).toBeVisible();

    const gasCard = page.getByTestId('scheda-gas');
    await expect(gasCard.getByText(/Mancano: PDR/)).toBeVisible();
    const pdr = gasCard.getByLabel('PDR', { exact: true });
    await pdr.fill('0088000012345');
    await pdr.press('Tab');
    await expect(gasCard.getByText(e.pdr)).toBeVisible();
    await pdr.fill('00880000123456');
    await expect(gasCard.getByText(e.pdr)).toHaveCount(0);
    // By keyboard: Enter in a field submits its scheda.
    await pdr.press('Enter');
    await expect(gasCard.getByText(msg.scheda.completa, { exact: true })).toBeVisible();

    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'scheda-contratto', { fullPage: true, closeToast: true });

    // The scheda pays by SEPA: the status dialog shows the RID it gives, not a box to override.
    await page.getByRole('button', { name: `Modifica Gas della pratica #${praticaId}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Stato').selectOption('completato');
    const rid = dialog.getByRole('checkbox', { name: /RID presente/ });
    await expect(rid).toBeChecked();
    await expect(rid).toBeDisabled();
    await expect(rid).toHaveAccessibleDescription(msg.servizio.ridDallaScheda.sepa);
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'scheda-contratto-rid');
  });
});
