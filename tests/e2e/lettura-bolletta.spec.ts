import { msg } from '#shared/messages.ts';
import { BOLLETTA_ENEL, billPdf } from '#test/setup/bolletta-pdf.ts';
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

const m = msg.proposte;

test.describe('Lettura della bolletta', () => {
  test('a digital PDF bill sent from the landing: staff see its POD and codice fiscale on the practice, use one and discard the other', async ({
    page,
    request,
  }) => {
    const { point } = await createStaffedPoint(
      await adminApi(request),
      `Bar Lettura ${Date.now().toString(36)}`,
    );
    const landing = await (await request.get(`/api/landing/${point.landingCode}`)).json();
    const n = Date.now().toString().slice(-8);
    const res = await request.post('/api/submit-form', {
      headers: { 'Idempotency-Key': `e2e-lettura-${n}` },
      data: landingSubmission(
        {
          nome: 'Mario',
          cognome: 'Rossi',
          telefono: `349${n}`,
          email: `mario.${n}@esempio.it`,
          serviziRichiesti: ['luce'],
          puntoFisicoId: landing.puntoFisicoId,
        },
        { hasLuceFile: true, uploadMethod: 'separate' },
      ),
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    const { praticaId, uploadToken } = await res.json();
    const upload = await request.post(`/api/pratiche/${praticaId}/upload`, {
      headers: { 'X-Upload-Token': uploadToken },
      multipart: {
        luceFile: { name: 'bolletta-enel.pdf', mimeType: 'application/pdf', buffer: await billPdf() },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);

    await signInByApi(page);
    await page.goto(`/pratiche/${praticaId}`);
    const panel = page.getByRole('region', { name: m.title });
    // The reader runs in the background every few seconds; the panel asks again while it reads.
    const pod = panel.getByTestId('proposta-pod');
    await expect(pod).toContainText(BOLLETTA_ENEL.pod, { timeout: 60_000 });
    await expect(pod).toContainText('pagina 1');
    await expect(pod).toContainText(m.confidenza.alta);
    await expect(panel.getByTestId('proposta-codiceFiscale')).toContainText(BOLLETTA_ENEL.codiceFiscale);
    await expect(panel.getByTestId('proposta-consumoAnnuo')).toContainText('2.700 kWh');
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'lettura-bolletta', { fullPage: true });

    // 'Usa' fills the scheda's field; nothing is written until the operator saves it.
    const scheda = page.getByTestId('scheda-luce');
    await pod.getByRole('button', { name: m.usa }).click();
    await expect(scheda.getByLabel('POD', { exact: true })).toHaveValue(BOLLETTA_ENEL.pod);
    await expect(pod).toContainText(m.accettata);
    await expect(pod.getByRole('button', { name: m.usa })).toHaveCount(0);
    const cf = panel.getByTestId('proposta-codiceFiscale');
    await cf.getByRole('button', { name: m.scarta }).click();
    await expect(cf).toContainText(m.rifiutata);
  });
});
