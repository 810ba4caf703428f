import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, PERIODI_RIPENSAMENTO_DEFAULT } from '#shared/commissioni/maturazione.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { formatDayKey } from '#shared/periodi.ts';
import { romeDateKey } from '#shared/time.ts';
import { commissioni, emailOutbox, schedeContratto, servizi } from '#server/db/schema.ts';
import { TEST_NOW_HEADER } from '#server/lib/clock.ts';
import {
  insertCommissioneConfig,
  insertPratica,
  insertPuntoFisico,
  insertUser,
} from '#test/setup/factories.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

/**
 * Maturing commissions, withdrawals and clawback rules (docs/product/commissions.md#maturazione,
 * docs/product/lifecycle.md#esiti-dopo-lattivazione): the office's path through the API.
 */
let ctx: TestContext;
let admin: string;
let point: Awaited<ReturnType<typeof insertPuntoFisico>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  const agente = await insertUser(ctx.db, { role: 'agente' });
  const areaManager = await insertUser(ctx.db, { role: 'area_manager' });
  point = await insertPuntoFisico(ctx.db, { agenteId: agente.id, areaManagerId: areaManager.id });
  // The worked example (40.00 / 20.00 / 7.00 / 173.00) with a 12-month proportional rule on luce,
  // and a 6-month full one on gas.
  await insertCommissioneConfig(ctx.db, { servizio: 'luce', stornoMesi: 12, stornoModo: 'proporzionale' });
  await insertCommissioneConfig(ctx.db, { servizio: 'gas', stornoMesi: 6, stornoModo: 'intero' });
});
afterAll(async () => ctx?.close());

const today = () => romeDateKey(new Date());
/** Noon of a Rome day, as the test clock header. */
const noonOf = (key: string) => `${key}T12:00:00+01:00`;
const addMonths = (key: string, months: number) => {
  const [y, m, d] = key.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  return `${date.toISOString().slice(0, 8)}${String(Math.min(d, last)).padStart(2, '0')}`;
};

async function completedLuce(options: { scheda?: Record<string, string> } = {}) {
  const pratica = await insertPratica(ctx.db, { puntoFisicoId: point.id, servizi: ['luce', 'gas'] });
  const [luce, gas] = pratica.servizi;
  if (options.scheda)
    await ctx.db
      .insert(schedeContratto)
      .values({ servizioId: luce.id, praticaId: pratica.id, dati: options.scheda });
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/servizi/${luce.id}/status`,
    headers: { cookie: admin },
    payload: { stato: 'completato', fornitore: 'ENEL', ridPresente: true, numeroForniture: 2 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [commissione] = await rowsOf(luce.id);
  return { pratica, luce, gas, commissione };
}

const rowsOf = (servizioId: number) =>
  ctx.db.select().from(commissioni).where(eq(commissioni.servizioId, servizioId)).orderBy(commissioni.id);

const amounts = (c: typeof commissioni.$inferSelect) => [
  c.importoPuntoFisico,
  c.importoAgente,
  c.importoAreaManager,
  c.importoAmministrazione,
];

function esito(servizioId: number, payload: Record<string, unknown>, at?: string, cookie = admin) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/servizi/${servizioId}/esito`,
    headers: { cookie, ...(at ? { [TEST_NOW_HEADER]: noonOf(at) } : {}) },
    payload,
  });
}

const pay = (id: number) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/commissioni/${id}/payment`,
    headers: { cookie: admin },
    payload: { status: 'pagato' },
  });

describe('maturing', () => {
  it('a service completed today is in maturazione until the last day of its channel window, and paying it is an advance', async () => {
    const { commissione } = await completedLuce();
    // A landing practice with no scheda: web/QR, contract on the completion day, 14 days.
    expect(commissione).toMatchObject({
      canale: 'web_qr',
      dataContratto: today(),
      fineRipensamento: addDays(today(), 14),
      anticipo: false,
      regolaStorno: { mesi: 12, modo: 'proporzionale' },
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/commissioni?maturazione=in_maturazione',
      headers: { cookie: admin },
    });
    const body = list.json();
    const item = body.items.find((i: { id: number }) => i.id === commissione.id);
    expect(item).toMatchObject({ maturazione: 'in_maturazione', anticipo: false });
    expect(body.summary.maturazione.inMaturazione).toBe(body.summary.totale);
    const matured = await ctx.app.inject({
      method: 'GET',
      url: '/api/commissioni?maturazione=maturata',
      headers: { cookie: admin },
    });
    expect(matured.json().items.some((i: { id: number }) => i.id === commissione.id)).toBe(false);

    const paid = await pay(commissione.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      statoPagamento: 'pagato',
      anticipo: true,
      maturazione: 'in_maturazione',
    });
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/commissioni',
      headers: { cookie: admin },
    });
    expect(after.json().summary.maturazione.anticipi).not.toBe('0.00');
  });

  it('the scheda decides the contract day and the channel: door to door waits 30 days', async () => {
    const firma = addDays(today(), -3);
    const { commissione } = await completedLuce({ scheda: { canale: 'porta_a_porta', dataFirma: firma } });
    expect(commissione).toMatchObject({
      canale: 'porta_a_porta',
      dataContratto: firma,
      fineRipensamento: addDays(firma, 30),
    });
  });

  it('a contract signed 20 days ago in a shop is already matured when completed, and paying it is no advance', async () => {
    const firma = addDays(today(), -20);
    const { commissione } = await completedLuce({ scheda: { canale: 'negozio', dataFirma: firma } });
    const paid = await pay(commissione.id);
    expect(paid.json()).toMatchObject({ maturazione: 'maturata', anticipo: false });
  });

  it('the admin changes the periods; a new completion takes the new one, bad input changes nothing', async () => {
    const put = (payload: Record<string, unknown>, cookie = admin) =>
      ctx.app.inject({ method: 'PUT', url: '/api/impostazioni/ripensamento', headers: { cookie }, payload });
    const refused = await put({ ...PERIODI_RIPENSAMENTO_DEFAULT, telefono: -1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(msg.maturazione.giorniInvalid);
    const saved = await put({ ...PERIODI_RIPENSAMENTO_DEFAULT, web_qr: 21 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().periodi).toEqual({ ...PERIODI_RIPENSAMENTO_DEFAULT, web_qr: 21 });
    const { commissione } = await completedLuce();
    expect(commissione.fineRipensamento).toBe(addDays(today(), 21));
    expect((await put({ ...PERIODI_RIPENSAMENTO_DEFAULT })).statusCode).toBe(200);

    const { cookie } = await loginAs(ctx, 'amministrazione');
    expect((await put({ ...PERIODI_RIPENSAMENTO_DEFAULT }, cookie)).statusCode).toBe(403);
  });
});

describe('Impostazioni → Periodi di ripensamento: admin only, bad input changes nothing', () => {
  const URL = '/api/impostazioni/ripensamento';
  const read = async () =>
    (await ctx.app.inject({ method: 'GET', url: URL, headers: { cookie: admin } })).json().periodi;

  it.each(['amministrazione', 'area_manager', 'agente', 'punto_fisico'] as const)(
    '%s can neither read nor change the periods (403), and they stay as they were',
    async (role) => {
      const before = await read();
      const { cookie } = await loginAs(ctx, role);
      const get = await ctx.app.inject({ method: 'GET', url: URL, headers: { cookie } });
      expect(get.statusCode).toBe(403);
      const put = await ctx.app.inject({
        method: 'PUT',
        url: URL,
        headers: { cookie },
        payload: { ...PERIODI_RIPENSAMENTO_DEFAULT, porta_a_porta: 45 },
      });
      expect(put.statusCode).toBe(403);
      expect(await read()).toEqual(before);
    },
  );

  it.each([
    ['negative', -1],
    ['over a year', 366],
    ['with decimals', 14.5],
    ['not a number', 'quattordici'],
    ['empty', ''],
  ])('refuses a period %s in Italian and changes nothing', async (_case, value) => {
    const before = await read();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: URL,
      headers: { cookie: admin },
      payload: { ...PERIODI_RIPENSAMENTO_DEFAULT, porta_a_porta: 45, negozio: value },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.maturazione.giorniInvalid);
    expect(await read()).toEqual(before);
  });

  it('the edges 0 and 365 are accepted, and a reading shows what was saved', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: URL,
      headers: { cookie: admin },
      payload: { ...PERIODI_RIPENSAMENTO_DEFAULT, telefono: 0, negozio: 365 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read()).toEqual({ ...PERIODI_RIPENSAMENTO_DEFAULT, telefono: 0, negozio: 365 });
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: URL,
      headers: { cookie: admin },
      payload: PERIODI_RIPENSAMENTO_DEFAULT,
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('withdrawal (ripensamento)', () => {
  it('on day 13 an unpaid commission is gone and the service is KO for ripensamento', async () => {
    const { luce } = await completedLuce();
    const day13 = addDays(today(), 13);
    const res = await esito(luce.id, { tipo: 'ripensamento', data: day13 }, day13);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      effetto: 'annullata',
      stornoId: null,
      servizio: { stato: 'ko', koMotivazione: 'ripensamento', esito: { tipo: 'ripensamento', data: day13 } },
    });
    expect(await rowsOf(luce.id)).toEqual([]);
  });

  it('on day 13 a paid commission (an advance) is netted to zero by its storno', async () => {
    const { luce, commissione } = await completedLuce();
    await pay(commissione.id);
    const day13 = addDays(today(), 13);
    const res = await esito(luce.id, { tipo: 'ripensamento', data: day13 }, addDays(today(), 20));
    expect(res.statusCode, res.body).toBe(200);
    const [original, storno] = await rowsOf(luce.id);
    expect(res.json().stornoId).toBe(storno.id);
    expect(amounts(storno)).toEqual(['-40.00', '-20.00', '-7.00', '-173.00']);
    expect(storno).toMatchObject({
      stornoOfId: original.id,
      statoPagamento: 'non_pagato',
      stornoDettaglio: { motivo: 'ripensamento', data: day13 },
    });
    expect(amounts(original).map((a, i) => Number(a) + Number(amounts(storno)[i]))).toEqual([0, 0, 0, 0]);
  });

  it('on day 15 it is refused as late and nothing changes', async () => {
    const { luce } = await completedLuce();
    const day15 = addDays(today(), 15);
    const res = await esito(luce.id, { tipo: 'ripensamento', data: day15 }, day15);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      fillMessage(msg.maturazione.ripensamentoTardivo, { data: formatDayKey(addDays(today(), 14)) }),
    );
    const [row] = await ctx.db.select().from(servizi).where(eq(servizi.id, luce.id));
    expect(row).toMatchObject({ stato: 'completato', esitoPostAttivazione: null });
    expect(await rowsOf(luce.id)).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>, string | undefined, number, string]>([
    [
      'a future day',
      { tipo: 'ripensamento', data: '2999-01-01' },
      undefined,
      400,
      msg.maturazione.dataFutura,
    ],
    [
      'a day that does not exist',
      { tipo: 'cessato', data: '2026-02-30' },
      undefined,
      400,
      msg.maturazione.dataInvalid,
    ],
    [
      'an unknown outcome',
      { tipo: 'sparito', data: '2026-01-01' },
      undefined,
      400,
      msg.maturazione.tipoInvalid,
    ],
  ])('%s is refused with its message', async (_label, payload, at, status, message) => {
    const { luce } = await completedLuce();
    const res = await esito(luce.id, payload, at);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await rowsOf(luce.id)).toHaveLength(1);
  });

  it('the status dialog cannot pick ripensamento: only the outcome checks the window', async () => {
    const { luce } = await completedLuce();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/servizi/${luce.id}/status`,
      headers: { cookie: admin },
      payload: { stato: 'ko', koMotivazione: 'ripensamento' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.maturazione.ripensamentoSoloDaEsito);
  });

  it('a service not completed has no outcome after activation', async () => {
    const { gas } = await completedLuce();
    const res = await esito(gas.id, { tipo: 'cessato', data: today() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.maturazione.nonCompletato);
  });
});

describe('cessato / moroso under the supplier rule', () => {
  it('a switch-out 3 months after activation under a 12-month proportional rule claws back 9/12 of each amount, and tells the payees', async () => {
    const { luce, commissione } = await completedLuce();
    const quando = addMonths(today(), 3);
    const res = await esito(luce.id, { tipo: 'cessato', data: quando }, quando);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      effetto: 'stornata',
      servizio: { stato: 'completato', esito: { tipo: 'cessato', data: quando } },
    });
    const [, storno] = await rowsOf(luce.id);
    // 40.00 × 9/12 = 30.00; 20.00 → 15.00; 7.00 → 5.25; 173.00 → 129.75.
    expect(amounts(storno)).toEqual(['-30.00', '-15.00', '-5.25', '-129.75']);
    expect(storno).toMatchObject({
      stornoOfId: commissione.id,
      statoPagamento: 'non_pagato',
      stornoDettaglio: {
        motivo: 'cessato',
        data: quando,
        regola: { mesi: 12, modo: 'proporzionale' },
        mesiTrascorsi: 3,
        quota: { num: 9, den: 12 },
      },
    });
    const mails = await ctx.db
      .select({ userId: emailOutbox.userId, testo: emailOutbox.testo })
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.tipo, 'commissione_stornata'), eq(emailOutbox.praticaId, commissione.praticaId)),
      );
    expect(mails.map((e) => e.userId).sort()).toEqual(
      [point.utenteResponsabileId, point.agenteId, point.areaManagerId].sort(),
    );
    // Each payee reads their own amount only: the agent's 15,00 €.
    expect(mails.find((e) => e.userId === point.agenteId)!.testo).toMatch(/15,00/);
    // A second outcome on the same activation is refused.
    const again = await esito(luce.id, { tipo: 'moroso', data: quando }, quando);
    expect(again.statusCode).toBe(409);
  });

  it('moroso 12 months after activation is outside the rule: recorded, no storno', async () => {
    const { luce } = await completedLuce();
    const quando = addMonths(today(), 12);
    const res = await esito(luce.id, { tipo: 'moroso', data: quando }, quando);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ effetto: 'nessuno_storno', stornoId: null });
    expect(await rowsOf(luce.id)).toHaveLength(1);
  });

  it('a full rule claws back every amount within its months', async () => {
    const { gas } = await completedLuce();
    const done = await ctx.app.inject({
      method: 'PUT',
      url: `/api/servizi/${gas.id}/status`,
      headers: { cookie: admin },
      payload: { stato: 'completato', fornitore: 'ENEL', ridPresente: true, numeroForniture: 1 },
    });
    expect(done.statusCode, done.body).toBe(200);
    const quando = addMonths(today(), 5);
    const res = await esito(gas.id, { tipo: 'cessato', data: quando }, quando);
    expect(res.statusCode, res.body).toBe(200);
    const [original, storno] = await rowsOf(gas.id);
    expect(amounts(storno)).toEqual(amounts(original).map((a) => (Number(a) === 0 ? '0.00' : `-${a}`)));
  });
});

describe('permissions', () => {
  it.each(['agente', 'area_manager', 'punto_fisico'] as const)(
    '%s may not record an outcome (403) and nothing changes',
    async (role) => {
      const { luce } = await completedLuce();
      const { cookie } = await loginAs(ctx, role);
      const res = await esito(luce.id, { tipo: 'cessato', data: today() }, undefined, cookie);
      expect(res.statusCode).toBe(403);
      expect(
        (await ctx.db.select().from(servizi).where(eq(servizi.id, luce.id)))[0].esitoPostAttivazione,
      ).toBe(null);
    },
  );

  it('an unknown service is not found (404)', async () => {
    const res = await esito(99_999_999, { tipo: 'cessato', data: today() });
    expect(res.statusCode).toBe(404);
  });

  it('the clawback rule needs its mode; a rule is saved and read back beside the amounts', async () => {
    const { cookie } = await loginAs(ctx, 'amministrazione');
    const [enel] = await ctx.db.select({ id: commissioni.fornitoreId }).from(commissioni).limit(1);
    const save = (payload: Record<string, unknown>, c = admin) =>
      ctx.app.inject({ method: 'POST', url: '/api/commissioni-fornitori', headers: { cookie: c }, payload });
    const base = { fornitoreId: enel.id, servizio: 'luce', commissionePuntoFisico: '30' };
    const refused = await save({ ...base, stornoMesi: 12 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(msg.maturazione.modoRequired);
    expect((await save({ ...base, stornoMesi: 12, stornoModo: 'proporzionale' }, cookie)).statusCode).toBe(
      403,
    );
    const saved = await save({ ...base, stornoMesi: 24, stornoModo: 'intero' });
    expect(saved.json()).toMatchObject({ stornoMesi: 24, stornoModo: 'intero' });
  });
});
