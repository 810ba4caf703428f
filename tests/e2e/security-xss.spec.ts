/**
 * XSS: every free-text field a person can write is shown back as text, never as markup or a
 * link, on every screen that shows it (back-office at 1440×900 and 390×844, the point's landing).
 *
 * Free-text fields written by people, and where they are shown (the data is created through the
 * real API, as the visitor and the staff would; the forms themselves are covered by their specs):
 *  - landing visitor (POST /api/submit-form): lead `nome`, `cognome` → leads list and detail,
 *    pratiche list and detail, dashboard, commissioni (customer name); `note` is stored but shown
 *    on no screen; `email` must be a valid address and `telefono` is used to find the lead, so
 *    they carry no payload here; `servizioRichiesto`, `orarioContatto` are closed lists.
 *  - admin, punto fisico (POST /api/punti-fisici): `nomeAttivita`, `indirizzo` → punti fisici,
 *    leads detail, pratiche list and detail, dashboard, the point's public landing page.
 *  - admin, users (POST /api/users, PATCH /api/users/{id}/role): `firstName`, `lastName`,
 *    `phone` → utenti, punti fisici (responsabile, agente, area manager), lead detail
 *    (responsabile and phone), the landing (consultant name and `tel:` link); `areaAssegnata` is
 *    stored but shown on no screen (seeded anyway: the DOM checks cover it if it ever appears).
 *  - the activity log (/utenti/registro-attivita) names the users who acted (sign-ins).
 *  - the e-mail log (/utenti/registro-email) shows subjects built from the lead's name and the
 *    point's name.
 *  - admin, fornitori (POST /api/fornitori): `nome` → configurazione commissioni, pratica
 *    detail (the completed service's supplier), commissioni.
 *  - amministrazione/admin, commissione payment (PUT /api/commissioni/{id}/payment): `note` →
 *    commissioni.
 *  - staff upload (POST /api/leads/upload-files): the file name (the server keeps a safe display
 *    name of it) → pratica detail, documents list; the practice's own history (eventi) has no
 *    screen yet.
 *  - Closed lists (not free text): servizio `koMotivazione` (KO_MOTIVAZIONI, also in the storico),
 *    `fornitore` of a servizio (a supplier code), contact status, roles.
 *
 * Each payload sets `window.__xss` or calls alert (a dialog fails the test). Because the CSP
 * forbids inline handlers anyway, the check does not rely on a script running: after each screen
 * no element may carry an `on…` attribute, no `href`/`src` may start with `javascript:`, and the
 * payload must be visible as literal text.
 *
 * Figures: 16 fields with payloads; 11 admin screens (the activity log included) × 2 viewports,
 * 2 screens of the point's responsabile (390 px; pratiche are not theirs to open), the public
 * landing: 25 screen visits.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { choosePoint } from '#test/e2e/combobox.ts';
import {
  adminApi,
  createStaffedPoint,
  expect,
  landingSubmission,
  saveWorkedExampleConfig,
  signIn,
  test,
} from '#test/e2e/fixtures.ts';

const IMG = `<img src=x onerror="window.__xss=1">`;
const SVG = `"><svg onload="window.__xss=2">`;
const SCRIPT = `</script><script>window.__xss=3</script>`;
const TEMPLATE = `{{constructor.constructor('window.__xss=4')()}}`;
const JS_LINK = `javascript:window.__xss=5`;
const ALERT = `<img src=x onerror=alert(1)>`;

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function seed(api: APIRequestContext) {
  const s = stamp();
  const texts = {
    leadNome: IMG,
    leadCognome: `${SVG} ${s}`,
    nomeAttivita: `${TEMPLATE} ${s}`,
    indirizzo: `${SCRIPT} Via Roma 1`,
    responsabileNome: JS_LINK,
    responsabileCognome: ALERT,
    responsabilePhone: '<b>333</b><i>1234567</i>',
    agenteNome: SVG,
    agenteCognome: TEMPLATE,
    amNome: SCRIPT,
    amCognome: IMG,
    area: `${JS_LINK} ${IMG}`,
    fornitoreNome: `${SVG} Energia`,
    paymentNote: `${SCRIPT} ${TEMPLATE} ${IMG}`,
    fileName: `"><img src=x onerror=alert(1)>.pdf`,
    landingNote: `${SCRIPT}${IMG}`,
  };
  const { point, responsabile, areaManager } = await createStaffedPoint(api, texts.nomeAttivita, {
    indirizzo: texts.indirizzo,
    responsabile: {
      firstName: texts.responsabileNome,
      lastName: texts.responsabileCognome,
      phone: texts.responsabilePhone,
    },
    agente: { firstName: texts.agenteNome, lastName: texts.agenteCognome },
    areaManager: { firstName: texts.amNome, lastName: texts.amCognome },
  });
  const role = await api.patch(`/api/users/${areaManager.id}/role`, {
    data: { role: 'area_manager', areaAssegnata: texts.area },
  });
  expect(role.status(), await role.text()).toBe(200);

  const codice = `XSS${s}`.toUpperCase().slice(0, 20);
  const f = await api.post('/api/fornitori', {
    data: { codice, nome: texts.fornitoreNome, serviziSupportati: ['luce'] },
  });
  expect(f.status(), await f.text()).toBeLessThan(300);
  await saveWorkedExampleConfig(api, codice, 'luce');

  const telefono = `348${String(Date.now()).slice(-7)}`;
  const submitted = await api.post('/api/submit-form', {
    data: {
      ...landingSubmission({
        nome: texts.leadNome,
        cognome: texts.leadCognome,
        telefono,
        email: `xss.${s}@esempio.it`,
        serviziRichiesti: ['luce'],
        puntoFisicoId: point.id,
      }),
      note: texts.landingNote,
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { praticaId } = (await submitted.json()) as { praticaId: number };
  const pratica = (await (await api.get(`/api/pratiche/${praticaId}`)).json()) as {
    leadId: number;
    servizi: Array<{ id: number }>;
  };

  const upload = await api.post('/api/leads/upload-files', {
    multipart: {
      leadId: String(pratica.leadId),
      praticaId: String(praticaId),
      files: {
        name: texts.fileName,
        mimeType: 'application/pdf',
        buffer: await readFile('tests/e2e/assets/bolletta-luce.pdf'),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const displayName = ((await upload.json()) as { documenti: Array<{ displayName: string }> }).documenti[0]
    .displayName;

  const done = await api.put(`/api/servizi/${pratica.servizi[0].id}/status`, {
    data: { stato: 'completato', fornitore: codice },
  });
  expect(done.status(), await done.text()).toBe(200);
  const list = (await (await api.get(`/api/commissioni?search=${telefono}`)).json()) as {
    items: Array<{ id: number; praticaId: number }>;
  };
  const commissione = list.items.find((c) => c.praticaId === praticaId);
  expect(commissione, 'commissione della pratica').toBeTruthy();
  const paid = await api.put(`/api/commissioni/${commissione!.id}/payment`, {
    data: { status: 'pagato', note: texts.paymentNote },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  return {
    texts: { ...texts, displayName },
    point,
    responsabile,
    praticaId,
    leadId: pratica.leadId,
    telefono,
  };
}

/** Fails on a dialog; after each screen: no script ran, no markup injected, no javascript: link. */
function guard(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => dialogs.push(`pageerror: ${e.message}`));
  return async (screen: string, visibleTexts: string[]) => {
    for (const t of visibleTexts)
      await expect(page.getByText(t).filter({ visible: true }).first(), `${screen}: ${t}`).toBeVisible();
    const found = await page.evaluate(() => {
      const all = [...document.querySelectorAll('*')];
      return {
        flag: (window as unknown as { __xss?: unknown }).__xss ?? null,
        handlers: all
          .filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name)))
          .map((el) => el.outerHTML.slice(0, 120)),
        jsUrls: all
          .flatMap((el) =>
            ['href', 'src', 'action', 'formaction', 'xlink:href'].map((n) => el.getAttribute(n) ?? ''),
          )
          .filter((v) => /^\s*javascript:/i.test(v)),
        scripts: [...document.scripts].filter((sc) => /__xss/.test(sc.textContent ?? '')).length,
      };
    });
    expect(found, screen).toEqual({ flag: null, handlers: [], jsUrls: [], scripts: 0 });
    expect(dialogs, `${screen}: dialogs`).toEqual([]);
  };
}

const full = (first: string, last: string) => `${first} ${last}`;

test.describe('XSS', () => {
  test('payloads in every free-text field render as text on every screen that shows them', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    // 24 screens: about 40 s alone, over 2 minutes beside the other worker and the PostgreSQL
    // leg on 2 cores. The timeout catches hangs, not slowness (playwright.config.ts).
    test.setTimeout(240_000);
    const api = await adminApi(request);
    const { texts: t, point, responsabile, praticaId, leadId, telefono } = await seed(api);
    const check = guard(page);

    type Screen = { url: string; visible: string[]; open?: (p: Page) => Promise<void> };
    const openPratica = async (p: Page) => {
      await p.locator('summary', { hasText: 'Documenti (1)' }).click();
      await p.locator('summary', { hasText: 'Storico stati (1)' }).click();
    };
    const adminScreens: Screen[] = [
      {
        url: '/',
        visible: [],
        // The point picker searches: the payload typed as the search finds an option whose name is
        // the literal text, and choosing it shows the point's panel.
        open: (p) => choosePoint(p, t.nomeAttivita, t.nomeAttivita),
      },
      { url: `/leads?search=${telefono}`, visible: [full(t.leadNome, t.leadCognome), t.nomeAttivita] },
      {
        url: `/leads/${leadId}`,
        visible: [
          full(t.leadNome, t.leadCognome),
          t.nomeAttivita,
          t.indirizzo,
          full(t.responsabileNome, t.responsabileCognome),
          t.responsabilePhone,
        ],
      },
      {
        url: `/pratiche?search=${telefono}`,
        visible: [full(t.leadNome, t.leadCognome), t.nomeAttivita, t.fornitoreNome],
      },
      {
        url: `/pratiche/${praticaId}`,
        visible: [full(t.leadNome, t.leadCognome), t.nomeAttivita, t.fornitoreNome, t.displayName],
        open: openPratica,
      },
      {
        url: `/commissioni?search=${telefono}`,
        visible: [full(t.leadNome, t.leadCognome), t.nomeAttivita, t.fornitoreNome, t.paymentNote],
      },
      {
        url: `/punti-fisici?search=${encodeURIComponent(t.nomeAttivita)}`,
        visible: [
          t.nomeAttivita,
          t.indirizzo,
          full(t.responsabileNome, t.responsabileCognome),
          full(t.agenteNome, t.agenteCognome),
          full(t.amNome, t.amCognome),
        ],
      },
      {
        url: '/utenti',
        visible: [
          full(t.responsabileNome, t.responsabileCognome),
          full(t.agenteNome, t.agenteCognome),
          full(t.amNome, t.amCognome),
        ],
      },
      { url: '/admin-commissioni', visible: [t.fornitoreNome] },
      {
        url: '/utenti/registro-email',
        visible: [
          `Nuovo lead: ${full(t.leadNome, t.leadCognome)} (${t.nomeAttivita})`,
          `Richiesta ricevuta - ${t.nomeAttivita}`,
        ],
      },
    ];

    await signIn(page);
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      for (const { url, visible, open } of adminScreens) {
        await page.goto(url);
        await expect(page.getByRole('heading').first()).toBeVisible();
        if (open) await open(page);
        await check(`admin ${viewport.width} ${url}`, visible);
      }
    }

    // The point's own people see their lead, practice and commission.
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const own = await context.newPage();
    const ownCheck = guard(own);
    await signIn(own, responsabile.email, responsabile.password);
    for (const { url, visible, open } of [
      { url: `/leads/${leadId}`, visible: [full(t.leadNome, t.leadCognome), t.nomeAttivita] },
      { url: '/commissioni', visible: [full(t.leadNome, t.leadCognome), t.paymentNote] },
    ] as Screen[]) {
      await own.goto(url);
      await expect(own.getByRole('heading').first()).toBeVisible();
      if (open) await open(own);
      await ownCheck(`punto_fisico ${url}`, visible);
    }
    await context.close();

    // The activity log names the responsabile who just signed in (and the staff acting on users).
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/utenti/registro-attivita');
      await check(`admin ${viewport.width} registro attività`, [
        full(t.responsabileNome, t.responsabileCognome),
      ]);
    }

    // The public landing page of the point, as a visitor's phone opens it.
    await page.goto(new URL(point.urlLanding).pathname);
    await check('landing', [t.nomeAttivita]);
  });
});
