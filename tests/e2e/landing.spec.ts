import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { CONSULENTE_TELEFONO_PLACEHOLDER, DEMO_LANDING_CODE } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { fillData, person } from '#test/e2e/wizard-helpers.ts';
import {
  adminApi,
  createStaffedPoint,
  expect,
  expectNoSeriousA11yViolations,
  test,
} from '#test/e2e/fixtures.ts';

const m = msg.landing;
const DEMO = `/landing/${DEMO_LANDING_CODE}`;

/**
 * A real shop: its responsabile, agent (Anna Galli) and area manager, then the point, all made
 * through the admin API; the visitor opens the point's own landing URL (what its QR code encodes).
 */
async function openShopLanding(
  page: Page,
  request: APIRequestContext,
  nomeAttivita = 'Tabaccheria Da Mario',
) {
  const shop = await createStaffedPoint(await adminApi(request), nomeAttivita);
  expect(shop.point.urlLanding).toMatch(/\/landing\/WE-[A-Z0-9]{8}$/);
  await page.goto(shop.point.urlLanding);
  return shop;
}

/** A small real JPEG drawn by the browser, as a phone camera would hand it over. */
async function cameraJpeg(page: Page, label: string): Promise<Buffer> {
  const base64 = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 160;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#f8fafc';
    ctx.fillRect(0, 0, 120, 160);
    ctx.fillStyle = '#0f172a';
    ctx.font = '16px sans-serif';
    ctx.fillText(text, 10, 30);
    return canvas.toDataURL('image/jpeg', 0.8).split(',')[1];
  }, label);
  return Buffer.from(base64, 'base64');
}

async function expectTitle(page: Page, title: string) {
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
}

test.describe('public landing wizard', () => {
  // A returning visitor: WINBOT starts minimised and stays out of the way (its own spec covers it).
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem('winbot-state', JSON.stringify({ hasSeenTutorial: true, userName: null })),
    );
  });

  test('an unknown code shows "Pagina non trovata"', async ({ page }) => {
    await page.goto('/landing/WE-ZZZZZZZZ');
    await expect(page.getByRole('heading', { name: m.notFoundTitle })).toBeVisible();
    await expect(page.getByText(m.notFoundText)).toBeVisible();
    await expect(page.getByText('Powered by')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('step 2 shows every validation message under its field and stays there', async ({ page, request }) => {
    await openShopLanding(page, request);
    await page.getByRole('button', { name: /Luce/ }).click();
    await page.getByRole('button', { name: m.step1Button }).click();
    await expectTitle(page, m.step2Title);
    await page.getByRole('button', { name: m.step2Button }).click();
    for (const text of [
      m.nomeRequired,
      m.cognomeRequired,
      m.telefonoRequired,
      m.emailRequired,
      m.privacyRequired,
    ]) {
      await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
    }
    const nome = page.getByLabel('Nome', { exact: false }).first();
    await expect(nome).toHaveAttribute('aria-invalid', 'true');
    await expect(nome).toHaveAttribute('aria-describedby', 'nome-error');
    await expect(nome).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Email').fill('giulia@');
    await expect(page.getByRole('alert').filter({ hasText: m.emailInvalid })).toBeVisible();
    await page.getByLabel('Email').fill('giulia@esempio.it');
    await expect(page.getByText(m.emailInvalid)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: m.step2Title })).toBeVisible();

    // Inputs made for a phone keyboard and autofill.
    await expect(page.getByLabel('Cellulare')).toHaveAttribute('type', 'tel');
    await expect(page.getByLabel('Cellulare')).toHaveAttribute('autocomplete', 'tel');
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(nome).toHaveAttribute('autocomplete', 'given-name');
    await expect(page.getByLabel('Cognome')).toHaveAttribute('autocomplete', 'family-name');

    await page.getByRole('button', { name: m.step2Back }).click();
    await expectTitle(page, m.step1Title);
    await expect(page.getByRole('button', { name: /Luce/ })).toHaveAttribute('aria-pressed', 'true');
  });

  test('luce + gas with separate bills: from the QR code to the documents in the back-office', async ({
    page,
    request,
  }) => {
    await openShopLanding(page, request);
    await expect(page.getByText(m.partner, { exact: true })).toBeVisible();
    await expect(page.getByTestId('nome-attivita')).toHaveText('Tabaccheria Da Mario');
    await expect(page.getByRole('heading', { level: 1, name: m.step1Title })).toBeVisible();
    await expect(page.getByText(m.step1Subtitle)).toBeVisible();
    await expect(page.getByText(m.prossimamente)).toBeVisible();
    await expect(page.getByText(m.inArrivo)).toHaveCount(2);
    await expect(page.getByRole('button', { name: /Prestiti e Mutui/ })).toHaveCount(0);
    await expect(page.getByText('Powered by')).toBeVisible();
    const next = page.getByRole('button', { name: m.step1Button });
    await expect(next).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: /Luce/ }).click();
    await page.getByRole('button', { name: /Gas naturale/ }).click();
    await expect(next).toBeEnabled();
    await next.click();

    await expectTitle(page, m.step2Title);
    const p = person();
    await fillData(page, p);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: m.step2Button }).click();

    await expectTitle(page, m.step3Title);
    await expect(page.getByText(m.facoltativo)).toBeVisible();
    await expect(page.getByText(m.step3SkipNote)).toBeVisible();
    await expect(page.getByLabel(m.step3Combined)).not.toBeChecked();
    await expect(page.getByRole('button', { name: m.step3None })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const pdf = readFileSync('tests/e2e/assets/bolletta-luce.pdf');
    await page
      .getByTestId('file-luce')
      .setInputFiles({ name: 'bolletta-luce.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByTestId('upload-status')).toContainText(m.bannerOnlyLuce);
    await expect(page.getByRole('button', { name: m.step3Partial })).toBeVisible();
    const gasJpeg = await cameraJpeg(page, 'GAS');
    await page
      .getByTestId('file-gas')
      .setInputFiles({ name: 'gas.jpg', mimeType: 'image/jpeg', buffer: gasJpeg });
    await expect(page.getByTestId('upload-status')).toContainText(m.bannerBoth);
    await expect(page.getByTestId('upload-status')).toContainText(m.bannerThanks);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: m.step3Complete }).click();

    await expectTitle(page, m.step4Title);
    await expect(page.getByText(m.step4Note)).toBeVisible();
    const slots = page.getByRole('group', { name: 'Fasce orarie' }).getByRole('button');
    await expect(slots).toHaveCount(10);
    await expect(page.getByRole('button', { name: m.step4NoSlot })).toBeVisible();
    await page.getByRole('button', { name: '10:00-11:00' }).click();
    await expect(page.getByText(m.step4Chosen('10:00-11:00'))).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const submitted = page.waitForResponse((r) => r.url().endsWith('/api/submit-form'));
    const uploaded = page.waitForResponse((r) => r.url().includes('/upload'));
    await page.getByRole('button', { name: m.step4Submit }).click();
    const reply = await (await submitted).json();
    expect((await uploaded).status()).toBe(201);

    await expectTitle(page, m.doneTitle);
    await expect(page.getByText(m.doneContactBy('Anna Galli'))).toBeVisible();
    await expect(page.getByTestId('consultant-card')).toContainText('+39 347 1112233');
    await expect(page.getByText(m.done24h)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: m.doneSave }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('Anna-Galli.vcf');
    const vcf = readFileSync((await download.path())!, 'utf8');
    expect(vcf).toBe(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Galli;Anna;;;\r\nFN:Anna Galli\r\nORG:Tabaccheria Da Mario\r\nTITLE:Consulente\r\nTEL;TYPE=CELL,VOICE:+393471112233\r\nEND:VCARD\r\n',
    );

    // The admin finds the two bills on the practice, the PDF byte for byte.
    const api = await adminApi(request);
    const files = await api.get(`/api/pratiche/${reply.praticaId}/files`);
    expect(files.status()).toBe(200);
    const list = (await files.json()) as Array<{
      filename: string;
      displayName: string;
      parte: string;
      mimeType: string;
    }>;
    expect(list.map((f) => [f.parte, f.displayName, f.mimeType])).toEqual([
      ['luceFile', 'bolletta-luce.pdf', 'application/pdf'],
      ['gasFile', 'gas.jpg', 'image/jpeg'],
    ]);
    const file = await api.get(`/api/pratiche/${reply.praticaId}/files/${list[0].filename}`);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.compare(await file.body(), pdf)).toBe(0);
    const image = await api.get(`/api/pratiche/${reply.praticaId}/files/${list[1].filename}`);
    expect(Buffer.compare(await image.body(), gasJpeg)).toBe(0);
  });

  test('luce + gas with one combined document taken by camera, two pages', async ({ page, request }) => {
    await page.goto(DEMO);
    await page.getByRole('button', { name: /Luce/ }).click();
    await page.getByRole('button', { name: /Gas naturale/ }).click();
    await page.getByRole('button', { name: m.step1Button }).click();
    await fillData(page, person());
    await page.getByRole('button', { name: m.step2Button }).click();
    await expectTitle(page, m.step3Title);

    await page.getByLabel(m.step3Combined).check();
    await expect(page.getByTestId('bill-luce')).toHaveCount(0);
    const card = page.getByTestId('bill-combined');
    await expect(card).toContainText('Fattura Luce e Gas');

    // Cancel leaves the capture mode.
    await card.getByRole('button', { name: m.scattaFoto }).click();
    await expect(card.getByText(m.page1Prompt)).toBeVisible();
    await expect(page.getByRole('button', { name: m.photoInProgress })).toBeDisabled();
    await card.getByRole('button', { name: m.annulla }).click();
    await expect(card.getByText(m.page1Prompt)).toHaveCount(0);
    await expect(page.getByRole('button', { name: m.step3None })).toBeEnabled();

    await card.getByRole('button', { name: m.scattaFoto }).click();
    const camera = page.getByTestId('camera-combined');
    await expect(camera).toHaveAttribute('capture', 'environment');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    await expectNoSeriousA11yViolations(page);
    await camera.setInputFiles({
      name: 'IMG_0001.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraJpeg(page, 'PAGINA 1'),
    });
    await expect(card.getByText(m.page2Prompt)).toBeVisible();
    await expect(page.getByRole('button', { name: m.photoInProgress })).toBeDisabled();
    await page.getByTestId('camera-combined').setInputFiles({
      name: 'IMG_0002.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraJpeg(page, 'PAGINA 2'),
    });
    await expect(card).toContainText('2 pagine acquisite');
    await expect(page.getByTestId('upload-status')).toContainText(m.bannerSingle);
    await page.getByRole('button', { name: m.step3Complete }).click();

    await expectTitle(page, m.step4Title);
    const submitted = page.waitForResponse((r) => r.url().endsWith('/api/submit-form'));
    const uploaded = page.waitForResponse((r) => r.url().includes('/upload'));
    await page.getByRole('button', { name: m.step4NoSlot }).click();
    const reply = await (await submitted).json();
    expect((await uploaded).status()).toBe(201);
    await expectTitle(page, m.doneTitle);
    await expect(page.getByText(m.doneContactBy('Consulente Demo'))).toBeVisible();
    await expect(page.getByTestId('consultant-card')).toContainText(CONSULENTE_TELEFONO_PLACEHOLDER);

    const api = await adminApi(request);
    const list = (await (await api.get(`/api/pratiche/${reply.praticaId}/files`)).json()) as Array<{
      id: number;
      filename: string;
      parte: string;
      mimeType: string;
      mergedIntoId: number | null;
    }>;
    expect(list.map((f) => f.parte).sort()).toEqual(['combinedMerged', 'combinedPage1', 'combinedPage2']);
    const merged = list.find((f) => f.parte === 'combinedMerged')!;
    expect(merged.mimeType).toBe('application/pdf');
    expect(list.filter((f) => f.mergedIntoId === merged.id)).toHaveLength(2);
    const pdf = await api.get(`/api/pratiche/${reply.praticaId}/files/${merged.filename}`);
    expect(pdf.headers()['content-disposition']).toMatch(/^inline;/);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('internet only skips the bills step, forwards and back', async ({ page, request }) => {
    await openShopLanding(page, request);
    await page.getByRole('button', { name: /Internet a casa/ }).click();
    await page.getByRole('button', { name: m.step1Button }).click();
    await fillData(page, person());
    await page.getByRole('button', { name: m.step2Button }).click();
    await expectTitle(page, m.step4Title);
    await expect(page.getByText(m.step3Title)).toHaveCount(0);
    await page.getByRole('button', { name: m.back }).click();
    await expectTitle(page, m.step2Title);
    await expect(page.getByLabel('Cellulare')).not.toHaveValue('');
    await page.getByRole('button', { name: m.step2Button }).click();
    await page.getByRole('button', { name: '18:00-19:00' }).click();
    const submitted = page.waitForRequest((r) => r.url().endsWith('/api/submit-form'));
    await page.getByRole('button', { name: m.step4Submit }).click();
    const body = (await submitted).postDataJSON();
    expect(body).toMatchObject({
      serviziRichiesti: ['internet'],
      servizioRichiesto: 'internet',
      orarioContatto: '18:00-19:00',
      note: '',
    });
    expect(body.documentiCaricati.uploadMethod).toBe('none');
    expect((await submitted).headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await expectTitle(page, m.doneTitle);
  });

  test('issue 3 "Done when": Luce and Internet with a PDF bill and a slot from a real point; the admin finds exactly one lead, one practice, the slot and the PDF; a repeat creates nothing', async ({
    page,
    request,
  }) => {
    const { point, agente } = await openShopLanding(page, request, `Bar Centrale ${Date.now().toString(36)}`);
    await expect(page.getByTestId('nome-attivita')).toHaveText(point.nomeAttivita);
    await page.getByRole('button', { name: /Luce/ }).click();
    await page.getByRole('button', { name: /Internet a casa/ }).click();
    await page.getByRole('button', { name: m.step1Button }).click();

    await expectTitle(page, m.step2Title);
    const p = person();
    await fillData(page, p);
    await page.getByRole('button', { name: m.step2Button }).click();

    // Only the luce bill is asked for: internet has none.
    await expectTitle(page, m.step3Title);
    await expect(page.getByTestId('bill-luce')).toBeVisible();
    await expect(page.getByTestId('bill-gas')).toHaveCount(0);
    await expect(page.getByLabel(m.step3Combined)).toHaveCount(0);
    const pdf = readFileSync('tests/e2e/assets/bolletta-luce.pdf');
    await page
      .getByTestId('file-luce')
      .setInputFiles({ name: 'bolletta-luce.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByTestId('upload-status')).toContainText(m.bannerThanks);
    await page.getByRole('button', { name: m.step3Complete }).click();

    await expectTitle(page, m.step4Title);
    await page.getByRole('button', { name: '15:00-16:00' }).click();
    await expect(page.getByText(m.step4Chosen('15:00-16:00'))).toBeVisible();

    // A double tap on the submit button: one request, one practice.
    const submits: Request[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/submit-form')) submits.push(r);
    });
    const submitted = page.waitForRequest((r) => r.url().endsWith('/api/submit-form'));
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/submit-form'));
    const uploaded = page.waitForResponse((r) => r.url().includes('/upload'));
    await page.getByRole('button', { name: m.step4Submit }).dblclick();
    const sent = await submitted;
    const reply = (await (await answered).json()) as {
      praticaId: number;
      leadId: number | null;
      isExistingLead: boolean;
    };
    expect(reply).toMatchObject({ leadId: null, isExistingLead: false });
    expect((await uploaded).status()).toBe(201);

    await expectTitle(page, m.doneTitle);
    await expect(page.getByText(m.doneContactBy(`${agente.firstName} ${agente.lastName}`))).toBeVisible();
    await expect(page.getByTestId('consultant-card')).toContainText('+39 347 1112233');
    expect(submits).toHaveLength(1);

    // The same request replayed with the same idempotency key: the same practice, nothing new.
    const key = sent.headers()['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const replay = await request.post('/api/submit-form', {
      headers: { 'Idempotency-Key': key },
      data: sent.postDataJSON(),
    });
    expect(replay.status(), await replay.text()).toBeLessThan(300);
    expect(await replay.json()).toMatchObject({ praticaId: reply.praticaId, leadId: reply.leadId });

    // The admin, through the API: exactly one lead (by surname, phone and e-mail) and one practice.
    const api = await adminApi(request);
    const leadIds = new Set<number>();
    for (const search of [p.cognome, p.telefono, p.email]) {
      const leads = await (await api.get(`/api/leads?search=${encodeURIComponent(search)}`)).json();
      expect(leads.total, `lead per ${search}`).toBe(1);
      leadIds.add(leads.items[0].id);
      expect(leads.items[0]).toMatchObject({
        nome: p.nome,
        cognome: p.cognome,
        puntoFisicoOriginaleId: point.id,
      });
    }
    const pratiche = await (await api.get(`/api/pratiche?search=${p.cognome}`)).json();
    expect(pratiche.total).toBe(1);
    const pratica = pratiche.items[0];
    expect(leadIds.size).toBe(1);
    expect(pratica).toMatchObject({
      id: reply.praticaId,
      leadId: [...leadIds][0],
      puntoFisicoId: point.id,
      orarioContatto: '15:00-16:00',
      statoPratica: 'inserita',
      documentiCount: 1,
    });
    expect(pratica.puntoFisico.nomeAttivita).toBe(point.nomeAttivita);
    expect(
      pratica.servizi
        .map((sv: { tipoServizio: string; stato: string }) => [sv.tipoServizio, sv.stato])
        .sort(),
    ).toEqual([
      ['internet', 'inserito'],
      ['luce', 'inserito'],
    ]);

    // The PDF, byte for byte.
    const files = (await (await api.get(`/api/pratiche/${reply.praticaId}/files`)).json()) as Array<{
      filename: string;
      displayName: string;
      parte: string;
      mimeType: string;
    }>;
    expect(files.map((f) => [f.parte, f.displayName, f.mimeType])).toEqual([
      ['luceFile', 'bolletta-luce.pdf', 'application/pdf'],
    ]);
    const file = await api.get(`/api/pratiche/${reply.praticaId}/files/${files[0].filename}`);
    expect(file.status()).toBe(200);
    expect(Buffer.compare(await file.body(), pdf)).toBe(0);
  });

  test('demo mode offers financial services and only simulates a financial-only request', async ({
    page,
  }) => {
    await page.goto(DEMO);
    await expect(page.getByRole('button', { name: /Prestiti e Mutui/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Auto, Casa, Vita/ })).toBeVisible();
    await expect(page.getByText(m.prossimamente)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: /Prestiti e Mutui/ }).click();
    await page.getByRole('button', { name: m.step1Button }).click();
    await fillData(page, person());
    await page.getByRole('button', { name: m.step2Button }).click();
    await expectTitle(page, m.step4Title);
    const calls: Request[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/submit-form')) calls.push(r);
    });
    await page.getByRole('button', { name: m.step4NoSlot }).click();
    await expectTitle(page, m.doneTitle);
    expect(calls).toHaveLength(0);
  });
});
