import type { APIRequestContext, Page } from '@playwright/test';
import { fillMessage, msg } from '#shared/messages.ts';
import { formatEuro, toCents } from '#shared/money.ts';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import { choosePoint, searchPoint } from '#test/e2e/combobox.ts';
import {
  adminApi,
  createUser,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  test,
  saveWorkedExampleConfig,
  landingSubmission,
  screenshotBothSizes,
} from '#test/e2e/fixtures.ts';

async function stats(api: APIRequestContext): Promise<DashboardStats> {
  const res = await api.get('/api/dashboard/stats');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as DashboardStats;
}

let seq = 0;
/** A visitor's request through the public landing API: luce and gas. */
async function submitLead(api: APIRequestContext, puntoFisicoId: number) {
  const phone = `348${String(Date.now()).slice(-5)}${String(seq++).padStart(2, '0')}`;
  const res = await api.post('/api/submit-form', {
    data: landingSubmission({
      nome: 'Paola',
      cognome: `Conti${phone}`,
      telefono: phone,
      email: `paola.${phone}@esempio.it`,
      serviziRichiesti: ['luce', 'gas'],
      puntoFisicoId,
    }),
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { praticaId: number; leadId: number };
}

const value = (page: Page, id: string) => page.getByTestId(`stat-${id}-value`);

test.describe('Dashboard', () => {
  test('admin sees the numbers of data made through the API; a point of sale sees only its own and no management row', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const pf = await createUser(api, 'punto_fisico');
    const nomeAttivita = `Ferramenta Dashboard ${Date.now().toString(36)}`;
    const created = await api.post('/api/punti-fisici', {
      data: { nomeAttivita, indirizzo: 'Via Po 3, Torino', utenteResponsabileId: pf.id },
    });
    expect(created.status(), await created.text()).toBe(201);
    const punto = (await created.json()) as { id: number };
    const before = await stats(api);

    const first = await submitLead(page.request, punto.id);
    const second = await submitLead(page.request, punto.id);
    await saveWorkedExampleConfig(api);
    const list = await (await api.get(`/api/pratiche?puntoFisicoId=${punto.id}`)).json();
    const pratica = list.items.find((p: { id: number }) => p.id === first.praticaId);
    const luce = pratica.servizi.find((s: { tipoServizio: string }) => s.tipoServizio === 'luce');
    const done = await api.put(`/api/servizi/${luce.id}/status`, {
      data: { stato: 'completato', fornitore: 'ENEL', ridPresente: false, numeroForniture: 1 },
    });
    expect(done.status(), await done.text()).toBe(200);

    const after = await stats(api);
    expect(after.totalLeads - before.totalLeads).toBe(2);
    expect(after.totalServizi! - before.totalServizi!).toBe(4);
    expect(after.serviziCompletati! - before.serviziCompletati!).toBe(1);
    expect(after.serviziInseriti! - before.serviziInseriti!).toBe(3);
    // Admin's totals use the structure's amount: 100.00 revenue − 30.00 to the point.
    expect(formatEuro(after.totalCommissions)).toBe(formatEuro(toCents(before.totalCommissions) + 7000));
    // Completed today from the landing (web/QR, 14 days): in maturazione (docs/product/commissions.md#maturazione).
    expect(toCents(after.commissionsInMaturazione) - toCents(before.commissionsInMaturazione)).toBe(7000);

    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard Amministratore', level: 1 })).toBeVisible();
    await expect(page.getByText('Panoramica completa delle tue attività e performance')).toBeVisible();
    await expect(value(page, 'lead-totali')).toHaveText(String(after.totalLeads));
    await expect(page.getByTestId('stat-lead-totali')).toContainText('Clienti acquisiti');
    await expect(value(page, 'commissioni-totali')).toHaveText(formatEuro(after.totalCommissions));
    await expect(page.getByTestId('stat-commissioni-totali')).toContainText(
      `${formatEuro(after.commissionsThisMonth)} questo mese`,
    );
    await expect(page.getByTestId('dashboard-in-maturazione')).toHaveText(
      fillMessage(msg.maturazione.dashboardInMaturazione, {
        importo: formatEuro(after.commissionsInMaturazione),
      }),
    );
    await expect(value(page, 'servizi-attivi')).toHaveText(String(after.totalServizi));
    await expect(page.getByTestId('stat-servizi-attivi')).toContainText(
      after.serviziCompletati === 1 ? '1 completato' : `${after.serviziCompletati} completati`,
    );
    await expect(page.getByTestId('stat-punti')).toContainText('Punti Fisici');
    await expect(value(page, 'punti')).toHaveText(String(after.activePoints));
    await expect(value(page, 'da-gestire')).toHaveText(String(after.serviziInseriti));
    await expect(value(page, 'in-lavorazione')).toHaveText(String(after.serviziInLavorazione));
    await expect(value(page, 'completati')).toHaveText(String(after.serviziCompletati));
    await expect(page.getByTestId('stat-tasso-conversione')).toContainText('Lead → Servizi');
    await expect(value(page, 'tasso-conversione')).toHaveText(
      `${after.conversionRate!.toFixed(1).replace('.', ',')}%`,
    );
    await expect(value(page, 'oggi')).toHaveText(formatEuro(after.commissionsToday));
    await expect(value(page, 'questo-mese')).toHaveText(formatEuro(after.commissionsThisMonth));

    // Admin-only charts: text values present, the luce bar as long as its share of the largest.
    const servizi = page.getByRole('list', { name: 'Servizi Completati' });
    await expect(servizi.getByTestId('bar-luce')).toContainText('Luce');
    const luceCount = after.serviceStats!.find((s) => s.service === 'luce')!.count;
    await expect(servizi.getByTestId('bar-luce')).toContainText(String(luceCount));
    const trend = page.getByRole('list', { name: 'Trend Ultimi 6 Mesi' });
    await expect(trend.getByRole('listitem')).toHaveCount(6);
    await expect(trend.getByRole('listitem').last()).toContainText(
      formatEuro(after.monthlyStats[5].commissioni),
    );

    // Recent lists: the two new practices on top, the new commission with the admin's amount.
    const recentPratiche = page.getByRole('heading', { name: 'Pratiche Recenti' }).locator('xpath=../..');
    await expect(recentPratiche.getByTestId(`recent-pratica-${second.praticaId}`)).toContainText(
      `Pratica #${second.praticaId}`,
    );
    await expect(recentPratiche.getByTestId(`recent-pratica-${second.praticaId}`)).toContainText('2 servizi');
    await expect(
      recentPratiche
        .getByTestId(`recent-pratica-${first.praticaId}`)
        .getByRole('img', { name: 'In Lavorazione' }),
    ).toBeVisible();
    const recentCommissioni = page
      .getByRole('heading', { name: 'Commissioni Recenti' })
      .locator('xpath=../..');
    await expect(recentCommissioni.getByRole('listitem').first()).toContainText('Luce');
    await expect(recentCommissioni.getByRole('listitem').first()).toContainText('€ 70,00');

    // Point performance: chosen by name, its own numbers; 'Azzera' clears.
    // The chooser searches (any number of points), like the lead filter.
    const panel = page.getByTestId('punto-performance');
    await expect(panel.getByRole('combobox', { name: 'Punto fisico' })).toHaveText(
      'Seleziona un punto fisico',
    );
    await choosePoint(page, nomeAttivita, new RegExp(nomeAttivita));
    await expect(value(page, 'punto-lead')).toHaveText('2');
    await expect(value(page, 'punto-commissioni')).toHaveText('€ 70,00');
    await expect(value(page, 'punto-oggi')).toHaveText('€ 70,00');
    await expect(value(page, 'punto-mese')).toHaveText('€ 70,00');
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'dashboard-admin');
    await panel.getByRole('button', { name: 'Azzera' }).click();
    await expect(value(page, 'punto-lead')).toHaveCount(0);
    await expect(panel.getByRole('combobox', { name: 'Punto fisico' })).toHaveText(
      'Seleziona un punto fisico',
    );

    await page.getByRole('button', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    // The point of sale's own person: its leads, its own 30.00, its one point; nothing of management.
    await signIn(page, pf.email, pf.password);
    await expect(page.getByRole('heading', { name: 'Dashboard Punto Fisico', level: 1 })).toBeVisible();
    await expect(value(page, 'lead-totali')).toHaveText('2');
    await expect(value(page, 'commissioni-totali')).toHaveText('€ 30,00');
    await expect(value(page, 'oggi')).toHaveText('€ 30,00');
    await expect(value(page, 'questo-mese')).toHaveText('€ 30,00');
    // Its only commission is today's: all of it still in maturazione.
    await expect(page.getByTestId('dashboard-in-maturazione')).toHaveText(
      fillMessage(msg.maturazione.dashboardInMaturazione, { importo: '€ 30,00' }),
    );
    await expect(page.getByTestId('stat-punti')).toContainText('I Miei Punti');
    await expect(page.getByTestId('stat-punti')).toContainText('Punti gestiti');
    await expect(value(page, 'punti')).toHaveText('1');
    await expect(page.getByTestId('management-row')).toHaveCount(0);
    await expect(page.getByTestId('stat-servizi-attivi')).toHaveCount(0);
    await expect(page.getByText('Tasso Conversione')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Pratiche Recenti' })).toHaveCount(0);
    await expect(page.getByTestId('chart-servizi')).toHaveCount(0);
    await expect(page.getByTestId('chart-trend')).toHaveCount(0);
    const mine = page.getByRole('heading', { name: 'Commissioni Recenti' }).locator('xpath=../..');
    await expect(mine.getByRole('listitem')).toHaveCount(1);
    await expect(mine.getByRole('listitem')).toContainText('€ 30,00');
    // Only its own point is offered, whatever it types.
    const offered = await searchPoint(page, 'Ferramenta');
    await expect(offered.getByRole('option')).toHaveCount(1);
    await offered.getByRole('option', { name: new RegExp(nomeAttivita) }).click();
    await expect(value(page, 'punto-commissioni')).toHaveText('€ 30,00');
    await expectNoSeriousA11yViolations(page);
    await screenshotBothSizes(page, 'dashboard-punto-fisico');
  });
});
