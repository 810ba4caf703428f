import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissioni, pratiche, servizi, serviziStorico } from '#server/db/schema.ts';
import { msg } from '#shared/messages.ts';
import {
  insertCommissioneConfig,
  insertPratica,
  insertPuntoFisico,
  insertUser,
} from '#test/setup/factories.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
let admin: string;
let point: Awaited<ReturnType<typeof insertPuntoFisico>>;
let agente: { id: number };
let areaManager: { id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  agente = await insertUser(ctx.db, { role: 'agente' });
  areaManager = await insertUser(ctx.db, { role: 'area_manager' });
  point = await insertPuntoFisico(ctx.db, { agenteId: agente.id, areaManagerId: areaManager.id });
  // The worked example of docs/product/commissions.md#esempio-svolto for Enel luce and gas; percentages for Ayvens rentals.
  await insertCommissioneConfig(ctx.db, { codice: 'ENEL', servizio: 'luce' });
  await insertCommissioneConfig(ctx.db, { codice: 'ENEL', servizio: 'gas' });
  await insertCommissioneConfig(ctx.db, { codice: 'TIM', servizio: 'internet' });
  await insertCommissioneConfig(ctx.db, {
    codice: 'AYVENS',
    servizio: 'noleggio',
    percentualePuntoFisico: '10',
    percentualeAgente: '5',
    percentualeAreaManager: '2.5',
    percentualeStruttura: '60',
  });
});
afterAll(async () => ctx?.close());

function setStatus(id: number, payload: Record<string, unknown>, cookie = admin) {
  return ctx.app.inject({ method: 'PUT', url: `/api/servizi/${id}/status`, headers: { cookie }, payload });
}

async function commissionsOf(servizioId: number) {
  return ctx.db
    .select()
    .from(commissioni)
    .where(eq(commissioni.servizioId, servizioId))
    .orderBy(commissioni.id);
}

async function historyCount(servizioId: number) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(serviziStorico)
    .where(eq(serviziStorico.servizioId, servizioId));
  return row.n;
}

async function servizioRow(id: number) {
  const [row] = await ctx.db.select().from(servizi).where(eq(servizi.id, id));
  return row;
}

async function praticaStato(id: number) {
  const [row] = await ctx.db
    .select({ stato: pratiche.statoPratica })
    .from(pratiche)
    .where(eq(pratiche.id, id));
  return row.stato;
}

const amounts = (c: typeof commissioni.$inferSelect) => [
  c.importoPuntoFisico,
  c.importoAgente,
  c.importoAreaManager,
  c.importoAmministrazione,
];
const LUCE_RID_2 = { stato: 'completato', fornitore: 'ENEL', ridPresente: true, numeroForniture: 2 };

describe('PUT /api/servizi/{id}/status: the worked example', () => {
  it('completing Enel luce with RID and 2 supplies yields 40.00 / 20.00 / 7.00 / 173.00, with history and practice status', async () => {
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: point.id });
    const [luce] = pratica.servizi;
    expect((await setStatus(luce.id, { stato: 'in_lavorazione' })).statusCode).toBe(200);
    expect(await praticaStato(pratica.id)).toBe('in_lavorazione');

    const res = await setStatus(luce.id, LUCE_RID_2);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.statoPratica).toBe('in_lavorazione'); // gas is still inserito
    expect(body.servizio).toMatchObject({
      stato: 'completato',
      fornitore: 'ENEL',
      ridPresente: true,
      numeroForniture: 2,
    });
    expect(
      body.servizio.storico.map((h: { daStato: string; aStato: string }) => `${h.daStato}→${h.aStato}`),
    ).toEqual(['inserito→in_lavorazione', 'in_lavorazione→completato']);

    const [c] = await commissionsOf(luce.id);
    expect(amounts(c)).toEqual(['40.00', '20.00', '7.00', '173.00']);
    expect(c).toMatchObject({
      unitaBase: 1,
      unitaAggiuntive: 1,
      statoPagamento: 'non_pagato',
      hasBonus: false,
      payeePuntoFisicoId: point.utenteResponsabileId,
      payeeAgenteId: agente.id,
      payeeAreaManagerId: areaManager.id,
      puntoFisicoId: point.id,
      tipoServizio: 'luce',
    });
    expect(c.customerName).toMatch(/^Carla Neri /);
  });
});

describe('PUT /api/servizi/{id}/status: validation, nothing changed on refusal', () => {
  it.each<[string, string, Record<string, unknown>, string]>([
    ['KO without a reason', 'luce', { stato: 'ko' }, msg.servizio.koReasonRequired],
    ['KO with a blank reason', 'luce', { stato: 'ko', koMotivazione: '   ' }, msg.servizio.koReasonRequired],
    [
      'KO with an unknown reason',
      'luce',
      { stato: 'ko', koMotivazione: 'boh' },
      msg.servizio.koReasonInvalid,
    ],
    [
      'completato without a supplier',
      'luce',
      { stato: 'completato', ridPresente: true },
      msg.servizio.supplierRequired,
    ],
    [
      'completato internet without a supplier',
      'internet',
      { stato: 'completato' },
      msg.servizio.supplierRequired,
    ],
    [
      'noleggio without totaleVendita',
      'noleggio',
      { stato: 'completato', fornitore: 'AYVENS' },
      msg.servizio.totaleVenditaRequired,
    ],
    [
      'noleggio with totaleVendita 0',
      'noleggio',
      { stato: 'completato', fornitore: 'AYVENS', totaleVendita: '0' },
      msg.servizio.totaleVenditaRequired,
    ],
    ['11 supplies', 'luce', { ...LUCE_RID_2, numeroForniture: 11 }, msg.servizio.numeroFornitureRange],
    ['0 supplies', 'luce', { ...LUCE_RID_2, numeroForniture: 0 }, msg.servizio.numeroFornitureRange],
    ['1.5 supplies', 'gas', { ...LUCE_RID_2, numeroForniture: 1.5 }, msg.servizio.numeroFornitureRange],
    [
      'supplies on internet',
      'internet',
      { stato: 'completato', fornitore: 'TIM', numeroForniture: 2 },
      msg.servizio.numeroFornitureOnlyEnergy,
    ],
    ['a negative bonus', 'luce', { ...LUCE_RID_2, bonusAgente: '-5' }, msg.servizio.bonusInvalid],
    [
      'a bonus with 3 decimals',
      'luce',
      { ...LUCE_RID_2, bonusPuntoFisico: '1.234' },
      msg.servizio.bonusInvalid,
    ],
    [
      'a bonus that is not a number',
      'luce',
      { ...LUCE_RID_2, bonusAreaManager: 'dieci' },
      msg.servizio.bonusInvalid,
    ],
    [
      'a negative sale total',
      'noleggio',
      { stato: 'completato', fornitore: 'AYVENS', totaleVendita: -100 },
      msg.servizio.amountInvalid,
    ],
    ['an unknown status', 'luce', { stato: 'attivato' }, msg.servizio.statusInvalid],
    ['an unknown supplier', 'luce', { ...LUCE_RID_2, fornitore: 'NESSUNO' }, msg.servizio.supplierNotFound],
    [
      'a supplier that does not offer the service',
      'luce',
      { ...LUCE_RID_2, fornitore: 'TIM' },
      'Il fornitore TIM non offre il servizio luce',
    ],
  ])('refuses %s', async (_name, tipo, payload, message) => {
    const pratica = await insertPratica(ctx.db, {
      puntoFisicoId: point.id,
      servizi: [{ tipoServizio: tipo as 'luce' }],
    });
    const [s] = pratica.servizi;
    const res = await setStatus(s.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await servizioRow(s.id)).stato).toBe('inserito');
    expect(await historyCount(s.id)).toBe(0);
    expect(await commissionsOf(s.id)).toEqual([]);
  });

  it('accepts every KO reason and records it in the history', async () => {
    for (const reason of [
      'dati_errati',
      'cliente_non_raggiungibile',
      'documentazione_incompleta',
      'cliente_non_interessato',
      'altro',
    ]) {
      const pratica = await insertPratica(ctx.db, { servizi: [{ tipoServizio: 'gas' }] });
      const res = await setStatus(pratica.servizi[0].id, { stato: 'ko', koMotivazione: reason });
      expect(res.statusCode).toBe(200);
      expect(res.json().servizio.koMotivazione).toBe(reason);
      expect(res.json().servizio.storico[0]).toMatchObject({
        daStato: 'inserito',
        aStato: 'ko',
        motivazione: reason,
        utente: 'Amministratore WINSOLUTION',
      });
      expect(res.json().statoPratica).toBe('ko');
    }
  });

  it('a missing configuration refuses the completion naming supplier and service, and changes nothing', async () => {
    const pratica = await insertPratica(ctx.db, {
      puntoFisicoId: point.id,
      servizi: [{ tipoServizio: 'luce', stato: 'in_lavorazione' }],
    });
    const [s] = pratica.servizi;
    const res = await setStatus(s.id, { ...LUCE_RID_2, fornitore: 'EDISON' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Configurazione commissioni mancante per il fornitore Edison (EDISON) e il servizio Luce: configurala in Config Commissioni prima di completare il servizio.',
    );
    const row = await servizioRow(s.id);
    expect(row.stato).toBe('in_lavorazione');
    expect(row.fornitoreId).toBeNull();
    expect(await historyCount(s.id)).toBe(0);
    expect(await commissionsOf(s.id)).toEqual([]);
    expect(await praticaStato(pratica.id)).toBe('inserita');
  });
});

describe('commission rows follow the service', () => {
  it('un-completing a service removes its unpaid commission', async () => {
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: point.id });
    const [luce] = pratica.servizi;
    await setStatus(luce.id, LUCE_RID_2);
    expect(await commissionsOf(luce.id)).toHaveLength(1);
    const res = await setStatus(luce.id, { stato: 'in_lavorazione' });
    expect(res.statusCode).toBe(200);
    expect(await commissionsOf(luce.id)).toEqual([]);
  });

  it('KO after pagato creates a storno that nets to zero; completing again computes a fresh commission', async () => {
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: point.id });
    const [luce] = pratica.servizi;
    await setStatus(luce.id, LUCE_RID_2);
    const [original] = await commissionsOf(luce.id);
    const paid = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/commissioni/${original.id}/payment`,
      headers: { cookie: admin },
      payload: { status: 'pagato', note: 'bonifico marzo' },
    });
    expect(paid.statusCode).toBe(200);

    const ko = await setStatus(luce.id, { stato: 'ko', koMotivazione: 'cliente_non_interessato' });
    expect(ko.statusCode).toBe(200);
    const rows = await commissionsOf(luce.id);
    expect(rows).toHaveLength(2);
    const [kept, storno] = rows;
    expect(kept).toMatchObject({
      id: original.id,
      statoPagamento: 'pagato',
      notePagamento: 'bonifico marzo',
    });
    expect(storno).toMatchObject({
      stornoOfId: original.id,
      statoPagamento: 'non_pagato',
      payeeAgenteId: agente.id,
    });
    expect(amounts(storno)).toEqual(['-40.00', '-20.00', '-7.00', '-173.00']);
    for (let i = 0; i < 4; i++) expect(Number(amounts(kept)[i]) + Number(amounts(storno)[i])).toBe(0);

    // Another change away from completato claws back nothing more.
    await setStatus(luce.id, { stato: 'in_lavorazione' });
    expect(await commissionsOf(luce.id)).toHaveLength(2);

    await setStatus(luce.id, { ...LUCE_RID_2, numeroForniture: 1 });
    const after = await commissionsOf(luce.id);
    expect(after).toHaveLength(3);
    expect(amounts(after[2])).toEqual(['30.00', '15.00', '5.00', '70.00']);
    expect(after[2].stornoOfId).toBeNull();
  });

  it('completing an already completed service again replaces its unpaid commission', async () => {
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: point.id });
    const [luce] = pratica.servizi;
    await setStatus(luce.id, LUCE_RID_2);
    await setStatus(luce.id, { ...LUCE_RID_2, ridPresente: false, numeroForniture: 1 });
    const rows = await commissionsOf(luce.id);
    expect(rows).toHaveLength(1);
    expect(amounts(rows[0])).toEqual(['30.00', '15.00', '5.00', '50.00']);
  });

  it('a second service completed later in the same practice is all additional units', async () => {
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: point.id });
    const [luce, gas] = pratica.servizi;
    await setStatus(luce.id, { ...LUCE_RID_2, numeroForniture: 1 });
    const res = await setStatus(gas.id, {
      stato: 'completato',
      fornitore: 'ENEL',
      ridPresente: true,
      numeroForniture: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().statoPratica).toBe('completata');
    const [c] = await commissionsOf(gas.id);
    expect(c).toMatchObject({ unitaBase: 0, unitaAggiuntive: 1 });
    expect(amounts(c)).toEqual(['10.00', '5.00', '2.00', '103.00']);
  });

  it('a point without agent and area manager: their shares stay with the structure', async () => {
    const bare = await insertPuntoFisico(ctx.db);
    const pratica = await insertPratica(ctx.db, {
      puntoFisicoId: bare.id,
      servizi: [{ tipoServizio: 'luce' }],
    });
    await setStatus(pratica.servizi[0].id, { ...LUCE_RID_2, bonusAgente: '10' });
    const [c] = await commissionsOf(pratica.servizi[0].id);
    expect(amounts(c)).toEqual(['40.00', '0.00', '0.00', '200.00']);
    expect(c).toMatchObject({ payeeAgenteId: null, payeeAreaManagerId: null, hasBonus: false });
  });

  it('bonuses typed in the dialog are added and recorded', async () => {
    const pratica = await insertPratica(ctx.db, {
      puntoFisicoId: point.id,
      servizi: [{ tipoServizio: 'luce' }],
    });
    const res = await setStatus(pratica.servizi[0].id, {
      ...LUCE_RID_2,
      bonusPuntoFisico: '5',
      bonusAgente: 2.5,
    });
    expect(res.json().servizio).toMatchObject({
      bonusPuntoFisico: '5.00',
      bonusAgente: '2.50',
      bonusAreaManager: '0.00',
    });
    const [c] = await commissionsOf(pratica.servizi[0].id);
    expect(amounts(c)).toEqual(['45.00', '22.50', '7.00', '165.50']);
    expect(c.hasBonus).toBe(true);
    expect(c.bonusApplicati).toEqual({ puntoFisico: '5.00', agente: '2.50', areaManager: '0.00' });
  });

  it('noleggio: percentages of totaleVendita', async () => {
    const pratica = await insertPratica(ctx.db, {
      puntoFisicoId: point.id,
      servizi: [{ tipoServizio: 'noleggio' }],
    });
    const res = await setStatus(pratica.servizi[0].id, {
      stato: 'completato',
      fornitore: 'AYVENS',
      totaleVendita: '1234.56',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().servizio.totaleVendita).toBe('1234.56');
    const [c] = await commissionsOf(pratica.servizi[0].id);
    // 123.456 → 123.46; 61.728 → 61.73; 30.864 → 30.86; 740.736 → 740.74
    expect(amounts(c)).toEqual(['123.46', '61.73', '30.86', '740.74']);
  });

  it('internet: one unit whatever the supplies', async () => {
    const pratica = await insertPratica(ctx.db, {
      puntoFisicoId: point.id,
      servizi: [{ tipoServizio: 'internet' }],
    });
    const res = await setStatus(pratica.servizi[0].id, {
      stato: 'completato',
      fornitore: 'TIM',
      ridPresente: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [c] = await commissionsOf(pratica.servizi[0].id);
    expect(amounts(c)).toEqual(['30.00', '15.00', '5.00', '50.00']);
  });
});

describe('practice status follows its services', () => {
  it.each<[string[], string]>([
    [['ko', 'ko'], 'ko'],
    [['completato', 'ko'], 'completata'],
    [['completato', 'in_lavorazione'], 'in_lavorazione'],
    [['inserito', 'inserito'], 'inserita'],
  ])('%j → %s', async (stati, expected) => {
    const pratica = await insertPratica(ctx.db, {
      puntoFisicoId: point.id,
      servizi: [
        { tipoServizio: 'luce', stato: 'in_lavorazione' },
        { tipoServizio: 'gas', stato: 'in_lavorazione' },
      ],
    });
    const payloads: Record<string, Record<string, unknown>> = {
      ko: { stato: 'ko', koMotivazione: 'altro' },
      completato: { stato: 'completato', fornitore: 'ENEL', numeroForniture: 1 },
      in_lavorazione: { stato: 'in_lavorazione' },
      inserito: { stato: 'inserito' },
    };
    for (const [i, stato] of stati.entries())
      expect((await setStatus(pratica.servizi[i].id, payloads[stato])).statusCode).toBe(200);
    expect(await praticaStato(pratica.id)).toBe(expected);
  });
});

describe('concurrent changes on one service leave one consistent result', () => {
  it('ten simultaneous completions: one live commission, every change in the history', async () => {
    const pratica = await insertPratica(ctx.db, {
      puntoFisicoId: point.id,
      servizi: [{ tipoServizio: 'luce' }],
    });
    const [s] = pratica.servizi;
    const results = await Promise.all(Array.from({ length: 10 }, () => setStatus(s.id, LUCE_RID_2)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const rows = await commissionsOf(s.id);
    expect(rows).toHaveLength(1);
    expect(amounts(rows[0])).toEqual(['40.00', '20.00', '7.00', '173.00']);
    expect(await historyCount(s.id)).toBe(10);
  });

  it('completions and KOs racing: the final status decides whether one commission exists', async () => {
    const pratica = await insertPratica(ctx.db, {
      puntoFisicoId: point.id,
      servizi: [{ tipoServizio: 'luce' }],
    });
    const [s] = pratica.servizi;
    const payloads = Array.from({ length: 8 }, (_, i) =>
      i % 2 === 0 ? LUCE_RID_2 : { stato: 'ko', koMotivazione: 'altro' },
    );
    const results = await Promise.all(payloads.map((p) => setStatus(s.id, p)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const final = await servizioRow(s.id);
    const rows = await commissionsOf(s.id);
    expect(rows).toHaveLength(final.stato === 'completato' ? 1 : 0);
    // The history is a chain: each change starts from the status the previous one left.
    const history = await ctx.db
      .select()
      .from(serviziStorico)
      .where(eq(serviziStorico.servizioId, s.id))
      .orderBy(serviziStorico.id);
    expect(history).toHaveLength(8);
    for (let i = 1; i < history.length; i++) expect(history[i].daStato).toBe(history[i - 1].aStato);
    expect(history.at(-1)!.aStato).toBe(final.stato);
  });

  it('two services of one practice completed at once: exactly one base unit', async () => {
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: point.id });
    const [luce, gas] = pratica.servizi;
    const payload = { stato: 'completato', fornitore: 'ENEL', ridPresente: true, numeroForniture: 1 };
    await Promise.all([setStatus(luce.id, payload), setStatus(gas.id, payload)]);
    const rows = await ctx.db
      .select()
      .from(commissioni)
      .where(and(eq(commissioni.praticaId, pratica.id)));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.unitaBase).sort()).toEqual([0, 1]);
  });
});

describe('PUT /api/servizi/{id}/status: permissions', () => {
  it.each(['agente', 'area_manager', 'punto_fisico'] as const)('refuses %s with 403', async (role) => {
    const { cookie } = await loginAs(ctx, role);
    const pratica = await insertPratica(ctx.db, { servizi: [{ tipoServizio: 'luce' }] });
    const res = await setStatus(pratica.servizi[0].id, { stato: 'in_lavorazione' }, cookie);
    expect(res.statusCode).toBe(403);
    expect((await servizioRow(pratica.servizi[0].id)).stato).toBe('inserito');
  });

  it('lets amministrazione change a status', async () => {
    const { cookie } = await loginAs(ctx, 'amministrazione');
    const pratica = await insertPratica(ctx.db, { servizi: [{ tipoServizio: 'luce' }] });
    expect((await setStatus(pratica.servizi[0].id, { stato: 'in_lavorazione' }, cookie)).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for a service that does not exist', async () => {
    const res = await setStatus(987654, { stato: 'in_lavorazione' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(msg.servizio.notFound);
  });
});
