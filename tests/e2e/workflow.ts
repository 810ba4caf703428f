import type { APIRequestContext } from '@playwright/test';
import { apiAs, E2E_ADMIN, expect, landingSubmission, serverURL } from '#test/e2e/fixtures.ts';

let phoneSeq = 0;
/**
 * The real workflow: a practice from the point's landing (POST /api/submit-form), then luce
 * completed with RID on 2 supplies and gas completed with an agent bonus (PUT /api/servizi/{id}/status).
 * Luce: PF 40.00, AG 20.00, AM 7.00, structure 173.00. Gas (an additional unit, no RID, agent
 * bonus 2.00): PF 8.00, AG 6.00, AM 1.50, structure 84.50.
 */
export async function commissionsFromWorkflow(
  api: APIRequestContext,
  landingCode: string,
  fornitore = 'SORGENIA',
) {
  const landing = await (await api.get(`/api/landing/${landingCode}`)).json();
  const n = `${Date.now().toString().slice(-6)}${String(phoneSeq++ % 100).padStart(2, '0')}`;
  const telefono = `348${n}`;
  const cognome = `Conti${n}`;
  const res = await api.post('/api/submit-form', {
    headers: { 'Idempotency-Key': `e2e-commissioni-${n}` },
    data: landingSubmission({
      nome: 'Paolo',
      cognome,
      telefono,
      email: `paolo.${n}@esempio.it`,
      serviziRichiesti: ['luce', 'gas'],
      puntoFisicoId: landing.puntoFisicoId,
    }),
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const { praticaId } = await res.json();
  const pratiche = await (await api.get(`/api/pratiche?search=${telefono}`)).json();
  const pratica = pratiche.items.find((p: { id: number }) => p.id === praticaId);
  const servizio = (tipo: string) =>
    pratica.servizi.find((s: { tipoServizio: string }) => s.tipoServizio === tipo).id as number;
  const luceId = servizio('luce');
  const gasId = servizio('gas');
  for (const [id, data] of [
    [luceId, { stato: 'completato', fornitore, ridPresente: true, numeroForniture: 2 }],
    [gasId, { stato: 'completato', fornitore, ridPresente: false, numeroForniture: 1, bonusAgente: 2 }],
  ] as const) {
    const done = await api.put(`/api/servizi/${id}/status`, { data });
    expect(done.status(), await done.text()).toBe(200);
  }
  const list = await (await api.get('/api/commissioni?pageSize=200')).json();
  const mine = list.items.filter((c: { praticaId: number }) => c.praticaId === praticaId);
  const luce = mine.find((c: { tipoServizio: string }) => c.tipoServizio === 'luce');
  const gas = mine.find((c: { tipoServizio: string }) => c.tipoServizio === 'gas');
  return {
    praticaId: praticaId as number,
    luceId,
    gasId,
    luce: luce.id as number,
    gas: gas.id as number,
    customer: `Paolo ${cognome}`,
  };
}

let seq = 0;
/** A lead and its practice as a point's landing creates them. */
export async function leadFromLanding(request: APIRequestContext, landingCode: string, cognome: string) {
  const landing = await (await request.get(`/api/landing/${landingCode}`)).json();
  const n = `${Date.now().toString().slice(-6)}${String(seq++ % 100).padStart(2, '0')}`;
  const res = await request.post('/api/submit-form', {
    headers: { 'Idempotency-Key': `e2e-addresses-${n}` },
    data: landingSubmission(
      {
        nome: 'Sara',
        cognome,
        telefono: `348${n}`,
        email: `sara.${n}@esempio.it`,
        serviziRichiesti: ['internet'],
        puntoFisicoId: landing.puntoFisicoId,
      },
      { uploadMethod: 'separate' },
    ),
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const { praticaId } = (await res.json()) as { praticaId: number };
  // The public answer never names the lead: the office finds it by its phone, with its own cookies.
  const office = await apiAs(serverURL(), E2E_ADMIN);
  const found = (await (await office.get(`/api/leads?search=348${n}`)).json()) as {
    items: Array<{ id: number }>;
  };
  await office.dispose();
  expect(found.items).toHaveLength(1);
  return { leadId: found.items[0].id, praticaId, telefono: `348${n}` };
}
