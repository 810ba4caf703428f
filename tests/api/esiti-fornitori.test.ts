import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/commissioni/maturazione.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { formatDayKey } from '#shared/periodi.ts';
import type { EsitiCaricamento } from '#shared/schemas/esiti-fornitori.ts';
import { romeDateKey } from '#shared/time.ts';
import {
  auditLog,
  commissioni,
  emailOutbox,
  schedeContratto,
  servizi,
  serviziStorico,
} from '#server/db/schema.ts';
import {
  fornitoreByCodice,
  insertUser,
  insertCommissione,
  insertCommissioneConfig,
  insertPratica,
} from '#test/setup/factories.ts';
import { csvFile, xlsxFile } from '#test/setup/import-files.ts';
import { readXlsxRows } from '#test/setup/spreadsheet.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

/** 'Esiti fornitori' (docs/product/fornitori-esiti.md): a supplier's outcome file, from upload to apply. */
let ctx: TestContext;
let admin: string;
let office: string;
const m = msg.esitiFornitori;
let enel: number;
let edison: number;
let w: { sA: number; sB: number; sC: number; sD: number; pF: number; sF: number };
const POD = { A: 'IT001E00000011', B: 'IT001E00000012', C: 'IT001E00000013', D: 'IT001E00000014' };
const CF_E = 'RSSMRA85T10A562S';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  office = (await loginAs(ctx, 'amministrazione')).cookie;
  enel = (await fornitoreByCodice(ctx.db, 'ENEL')).id;
  edison = (await fornitoreByCodice(ctx.db, 'EDISON')).id;
  await insertCommissioneConfig(ctx.db);
  const scheda = (s: { id: number; praticaId: number }, codes: { pod?: string; cf?: string }) =>
    ctx.db.insert(schedeContratto).values({
      servizioId: s.id,
      praticaId: s.praticaId,
      dati: {},
      pod: codes.pod,
      codiceFiscale: codes.cf,
    });
  const one = async (over: Partial<typeof servizi.$inferInsert> = {}) =>
    (await insertPratica(ctx.db, { servizi: [{ tipoServizio: 'luce', stato: 'in_lavorazione', ...over }] }))
      .servizi[0];
  const sA = await one();
  const sB = await one();
  const sC = await one({ stato: 'completato', fornitoreId: enel });
  const sD = await one({ stato: 'inserito' });
  const pE = await insertPratica(ctx.db, { servizi: ['luce', 'gas'] });
  await scheda(sA, { pod: POD.A });
  await scheda(sB, { pod: POD.B });
  await scheda(sC, { pod: POD.C });
  await scheda(sD, { pod: POD.D });
  for (const s of pE.servizi) await scheda(s, { cf: CF_E });
  await insertCommissione(ctx.db, {
    praticaId: sC.praticaId,
    servizioId: sC.id,
    fornitoreId: enel,
    statoPagamento: 'pagato',
  });
  const pF = await insertPratica(ctx.db, { servizi: [{ tipoServizio: 'luce', stato: 'in_lavorazione' }] });
  w = { sA: sA.id, sB: sB.id, sC: sC.id, sD: sD.id, pF: pF.id, sF: pF.servizi[0].id };
});
afterAll(async () => ctx?.close());

function upload(body: Buffer, fornitoreId: number, nomeFile: string, cookie = admin, extra = '') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/esiti-fornitori?fornitoreId=${fornitoreId}&nomeFile=${encodeURIComponent(nomeFile)}${extra}`,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: body,
  });
}

function preview(id: number, mappatura: unknown, cookie = admin) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/esiti-fornitori/${id}/anteprima`,
    headers: { cookie },
    payload: { mappatura },
  });
}

async function applyAndWait(id: number): Promise<EsitiCaricamento> {
  const started = await ctx.app.inject({
    method: 'POST',
    url: `/api/esiti-fornitori/${id}/applica`,
    headers: { cookie: admin },
  });
  expect(started.statusCode, started.body).toBe(202);
  let last: EsitiCaricamento | undefined;
  await expect
    .poll(
      async () => {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/esiti-fornitori/${id}`,
          headers: { cookie: admin },
        });
        last = res.json<EsitiCaricamento>();
        return last.stato;
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe('completato');
  return last!;
}

/** Enel's file: a title row, then the header; one row of each kind. */
function enelFile() {
  return xlsxFile(
    [
      ['N. servizio', 'POD/PDR', 'Codice fiscale', 'Esito', 'Data esito'],
      [w.sA, '', '', 'ATTIVATO', '05/11/2026'],
      ['', POD.B, '', 'KO DATI ERRATI', '2026-11-06'],
      ['', 'IT001E99999999', '', 'ATTIVATO', ''],
      ['', '', CF_E, 'ATTIVATO', ''],
      ['', POD.C, '', 'KO DATI ERRATI', ''],
      ['', POD.D, '', 'IN LAVORAZIONE', ''],
      ['', POD.D, '', 'IN LAVORAZIONE', ''],
    ],
    [['Esiti Enel novembre 2026']],
  );
}

const stateOf = async (id: number) => (await ctx.db.select().from(servizi).where(eq(servizi.id, id)))[0];
const countWhere = async (table: typeof commissioni | typeof serviziStorico, servizioId: number) =>
  (await ctx.db.select({ n: count() }).from(table).where(eq(table.servizioId, servizioId)))[0].n;

describe('the outcome file of a supplier', () => {
  it('previews every row, then moves the matched services as the manual edit would', async () => {
    const up = await upload(await enelFile(), enel, 'esiti-enel.xlsx', office);
    expect(up.statusCode, up.body).toBe(201);
    const caricamento = up.json<EsitiCaricamento>();
    expect(caricamento).toMatchObject({
      fornitoreNome: 'Enel Energia',
      rigaIntestazione: 2,
      totale: 7,
      mappaturaSalvata: false,
    });
    // Proposed from the headers and the values the outcome column holds.
    expect(caricamento.mappatura).toEqual({
      identificativi: {
        servizio: 'N. servizio',
        pratica: null,
        podPdr: 'POD/PDR',
        codiceFiscale: 'Codice fiscale',
      },
      esito: 'Esito',
      data: 'Data esito',
      valori: {
        ATTIVATO: 'completato',
        'KO DATI ERRATI': 'ko_dati_errati',
        'IN LAVORAZIONE': 'in_lavorazione',
      },
    });

    const checked = await preview(caricamento.id, caricamento.mappatura, office);
    expect(checked.statusCode, checked.body).toBe(200);
    const view = checked.json<EsitiCaricamento>();
    expect(view.conteggi).toMatchObject({
      da_applicare: 2,
      non_trovato: 1,
      ambiguo: 1,
      conflitto: 3,
      errore: 0,
    });
    expect(view.righe.map((r) => [r.riga, r.esito, r.motivo])).toEqual([
      [5, 'non_trovato', m.motivi.nonTrovato],
      [6, 'ambiguo', expect.stringContaining('più servizi')],
      [7, 'conflitto', m.motivi.commissionePagata],
      [8, 'conflitto', m.motivi.doppio('8, 9')],
      [9, 'conflitto', m.motivi.doppio('8, 9')],
    ]);
    // Nothing changed yet.
    expect((await stateOf(w.sA)).stato).toBe('in_lavorazione');

    const done = await applyAndWait(caricamento.id);
    expect(done.conteggi).toMatchObject({ applicato: 2, da_applicare: 0 });
    expect(done.elaborate).toBe(7);
    const a = await stateOf(w.sA);
    expect(a).toMatchObject({ stato: 'completato', fornitoreId: enel });
    const [commissione] = await ctx.db.select().from(commissioni).where(eq(commissioni.servizioId, w.sA));
    expect(commissione).toMatchObject({
      fornitoreId: enel,
      statoPagamento: 'non_pagato',
      importoPuntoFisico: '30.00',
    });
    expect(await stateOf(w.sB)).toMatchObject({ stato: 'ko', koMotivazione: 'dati_errati' });
    const [history] = await ctx.db.select().from(serviziStorico).where(eq(serviziStorico.servizioId, w.sB));
    expect(history).toMatchObject({
      aStato: 'ko',
      motivazione: 'dati_errati',
      nota: m.notaStorico('esiti-enel.xlsx', 4, '06/11/2026'),
    });
    // The paid one and the doubled one are untouched.
    expect((await stateOf(w.sC)).stato).toBe('completato');
    expect((await stateOf(w.sD)).stato).toBe('inserito');

    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.oggettoId, caricamento.id));
    expect(audit.map((r) => r.tipo).sort()).toEqual(['esiti_applicati', 'esiti_caricati']);

    const report = await ctx.app.inject({
      method: 'GET',
      url: `/api/esiti-fornitori/${caricamento.id}/non-applicate`,
      headers: { cookie: office },
    });
    expect(report.statusCode).toBe(200);
    const rows = readXlsxRows(report.rawPayload);
    expect(rows[0]).toEqual([
      m.riga,
      m.risultato,
      m.motivo,
      'N. servizio',
      'POD/PDR',
      'Codice fiscale',
      'Esito',
      'Data esito',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[4]])).toEqual([
      ['5', m.conteggi.non_trovato, 'IT001E99999999'],
      ['6', m.conteggi.ambiguo, ''],
      ['7', m.conteggi.conflitto, POD.C],
      ['8', m.conteggi.conflitto, POD.D],
      ['9', m.conteggi.conflitto, POD.D],
    ]);
  });

  it('changes nothing when the same file comes again, with the mapping proposed from the last one', async () => {
    const [commissionsBefore, historyBefore] = [
      await countWhere(commissioni, w.sA),
      await countWhere(serviziStorico, w.sA),
    ];
    const up = (await upload(await enelFile(), enel, 'esiti-enel.xlsx')).json<EsitiCaricamento>();
    expect(up.mappaturaSalvata).toBe(true);
    const view = (await preview(up.id, up.mappatura)).json<EsitiCaricamento>();
    expect(view.conteggi).toMatchObject({ da_applicare: 0, gia_aggiornato: 2 });
    const done = await applyAndWait(up.id);
    expect(done.conteggi).toMatchObject({ applicato: 0, gia_aggiornato: 2 });
    expect(await countWhere(commissioni, w.sA)).toBe(commissionsBefore);
    expect(await countWhere(serviziStorico, w.sA)).toBe(historyBefore);
  });

  it('reads a Windows-1252 CSV with ; and refuses to apply while a date is unreadable', async () => {
    const file = csvFile([
      ['Numero pratica', 'Città', 'Esito', 'Data'],
      [String(w.pF), 'Forlì', 'KO DATI ERRATI', '31/02/2026'],
      [String(w.pF), 'Forlì', 'KO DATI ERRATI', '01/03/2026'],
    ]);
    const up = (await upload(file, edison, 'esiti edison.csv')).json<EsitiCaricamento>();
    expect(up.intestazioni).toEqual(['Numero pratica', 'Città', 'Esito', 'Data']);
    const view = (await preview(up.id, up.mappatura)).json<EsitiCaricamento>();
    expect(view.conteggi).toMatchObject({ errore: 1 });
    expect(view.righe[0]).toMatchObject({
      riga: 2,
      esito: 'errore',
      motivo: m.motivi.dataIlleggibile('Data', '31/02/2026'),
    });
    const apply = await ctx.app.inject({
      method: 'POST',
      url: `/api/esiti-fornitori/${up.id}/applica`,
      headers: { cookie: admin },
    });
    expect(apply.statusCode).toBe(409);
    expect(apply.json().message).toBe(m.conErrori(1));
    expect((await stateOf(w.sF)).stato).toBe('in_lavorazione');
  });

  it('refuses bad files with a message that names what is wrong', async () => {
    const missing = (
      await upload(
        await xlsxFile([
          ['POD/PDR', 'Esito'],
          [POD.A, 'ATTIVATO'],
        ]),
        enel,
        'x.xlsx',
      )
    ).json<EsitiCaricamento>();
    const res = await preview(missing.id, missing.mappatura);
    expect([res.statusCode, res.json().message]).toEqual([400, m.colonnaMancante('N. servizio')]);

    const noHeader = await upload(
      await xlsxFile([
        [POD.A, 'ATTIVATO', '05/11/2026'],
        [POD.B, 'ATTIVATO', '05/11/2026'],
      ]),
      edison,
      'y.xlsx',
    );
    expect([noHeader.statusCode, noHeader.json().message]).toEqual([400, m.senzaIntestazione(1)]);
    const pdf = await upload(Buffer.from('%PDF-1.4\n\u0000\u0000\u0001binary'), enel, 'esiti.pdf');
    expect([pdf.statusCode, pdf.json().message]).toEqual([400, msg.importazione.fileIlleggibile]);
    const tipo = await upload(await enelFile(), enel, 'x.xlsx', admin, '&tipoServizio=internet');
    expect([tipo.statusCode, tipo.json().message]).toEqual([
      400,
      m.tipoNonOfferto('Enel Energia', 'Internet'),
    ]);
  });
});

describe('who may', () => {
  it('refuses the other roles (403) and answers 404 to unknown suppliers and uploads', async () => {
    const { cookie } = await loginAs(ctx, 'area_manager');
    expect((await upload(await enelFile(), enel, 'x.xlsx', cookie)).statusCode).toBe(403);
    expect((await upload(await enelFile(), 999_999, 'x.xlsx')).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', '/api/esiti-fornitori/999999'],
      ['POST', '/api/esiti-fornitori/999999/applica'],
      ['GET', '/api/esiti-fornitori/999999/non-applicate'],
    ] as const)
      expect((await ctx.app.inject({ method, url, headers: { cookie: office } })).statusCode, url).toBe(404);
    const put = await preview(999_999, {
      identificativi: { podPdr: 'POD' },
      esito: 'Esito',
      data: null,
      valori: {},
    });
    expect(put.statusCode).toBe(404);
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.tipo, 'esiti_caricati')));
    expect(n).toBeGreaterThan(0);
  });
});

describe('outcomes after activation in the file (docs/product/fornitori-esiti.md#valori)', () => {
  const today = romeDateKey(new Date());
  const monthsAgo = (months: number) => {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - months);
    return d;
  };
  const mma = msg.maturazione;
  type Caso = {
    label: string;
    valore: string;
    servizio: Partial<typeof servizi.$inferInsert>;
    commissione: Partial<typeof commissioni.$inferInsert> | null;
    esito: string;
    motivo?: string;
    stato: string;
    esitoPostAttivazione: string | null;
    /** The commission rows left: amounts of each (punto fisico, agente, area manager, struttura). */
    righe: string[][];
  };
  const withdrawal = (contratto: number) => ({
    dataCompletamento: new Date(`${addDays(today, contratto)}T12:00:00Z`),
    dataContratto: addDays(today, contratto),
    fineRipensamento: addDays(today, contratto + 14),
  });
  const AMOUNTS = ['30.00', '15.00', '5.00', '70.00'];
  const casi: Caso[] = [
    {
      label: 'a withdrawal inside the window: KO for ripensamento, the unpaid commission gone',
      valore: 'RIPENSAMENTO',
      servizio: {},
      commissione: withdrawal(-3),
      esito: 'applicato',
      stato: 'ko',
      esitoPostAttivazione: 'ripensamento',
      righe: [],
    },
    {
      label: 'a withdrawal after the window: refused as late, nothing changes',
      valore: 'RIPENSAMENTO',
      servizio: {},
      commissione: withdrawal(-30),
      esito: 'conflitto',
      motivo: m.motivi.rifiutato(
        fillMessage(mma.ripensamentoTardivo, { data: formatDayKey(addDays(today, -16)) }),
      ),
      stato: 'completato',
      esitoPostAttivazione: null,
      righe: [AMOUNTS],
    },
    {
      label: 'ceased 3 months after activation under a 12-month proportional rule: 9/12 clawed back',
      valore: 'CESSATO',
      servizio: {},
      commissione: {
        dataCompletamento: monthsAgo(3),
        regolaStorno: { mesi: 12, modo: 'proporzionale' },
        statoPagamento: 'pagato',
      },
      esito: 'applicato',
      stato: 'completato',
      esitoPostAttivazione: 'cessato',
      righe: [AMOUNTS, ['-22.50', '-11.25', '-3.75', '-52.50']],
    },
    {
      label: 'moroso with no clawback rule: recorded, no storno',
      valore: 'MOROSO',
      servizio: {},
      commissione: { dataCompletamento: monthsAgo(2) },
      esito: 'applicato',
      stato: 'completato',
      esitoPostAttivazione: 'moroso',
      righe: [AMOUNTS],
    },
    {
      label: 'ceased while still in lavorazione: refused, not completed',
      valore: 'CESSATO',
      servizio: { stato: 'in_lavorazione' },
      commissione: null,
      esito: 'conflitto',
      motivo: m.motivi.rifiutato(mma.nonCompletato),
      stato: 'in_lavorazione',
      esitoPostAttivazione: null,
      righe: [],
    },
    {
      label: 'moroso on a service already recorded as ceased: refused, one outcome per activation',
      valore: 'MOROSO',
      servizio: { esitoPostAttivazione: 'cessato', dataEsito: addDays(today, -1) },
      commissione: { dataCompletamento: monthsAgo(4) },
      esito: 'conflitto',
      motivo: m.motivi.rifiutato(
        fillMessage(mma.giaRegistrato, {
          esito: mma.esitoLabels.cessato,
          data: formatDayKey(addDays(today, -1)),
        }),
      ),
      stato: 'completato',
      esitoPostAttivazione: 'cessato',
      righe: [AMOUNTS],
    },
  ];
  const MAPPATURA = {
    identificativi: { podPdr: 'POD' },
    esito: 'Esito',
    data: 'Data esito',
    valori: { RIPENSAMENTO: 'ripensamento', CESSATO: 'cessato', MOROSO: 'moroso' },
  };
  let a2a: number;
  let agente: Awaited<ReturnType<typeof insertUser>>;
  const ids: number[] = [];
  const pods = casi.map((_c, i) => `IT001E0000009${i}`);
  const file = () =>
    xlsxFile([
      ['POD', 'Esito', 'Data esito'],
      ...casi.map((c, i) => [pods[i], c.valore, formatDayKey(today)]),
    ]);
  const amountsOf = async (servizioId: number) =>
    (
      await ctx.db
        .select()
        .from(commissioni)
        .where(eq(commissioni.servizioId, servizioId))
        .orderBy(asc(commissioni.id))
    ).map((c) => [c.importoPuntoFisico, c.importoAgente, c.importoAreaManager, c.importoAmministrazione]);
  const storniMails = async () =>
    (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.tipo, 'commissione_stornata'))).length;

  beforeAll(async () => {
    a2a = (await fornitoreByCodice(ctx.db, 'A2A')).id;
    agente = await insertUser(ctx.db, { role: 'agente' });
    for (const [i, c] of casi.entries()) {
      const p = await insertPratica(ctx.db, {
        servizi: [{ tipoServizio: 'luce', stato: 'completato', fornitoreId: a2a, ...c.servizio }],
      });
      const s = p.servizi[0];
      ids.push(s.id);
      await ctx.db
        .insert(schedeContratto)
        .values({ servizioId: s.id, praticaId: p.id, dati: {}, pod: pods[i] });
      if (c.commissione)
        await insertCommissione(ctx.db, {
          praticaId: p.id,
          servizioId: s.id,
          fornitoreId: a2a,
          payeeAgenteId: agente.id,
          ...c.commissione,
        });
    }
  });

  it('preview judges each row as the manual outcome would; applying records them through the same function', async () => {
    const up = (await upload(await file(), a2a, 'esiti-a2a.xlsx')).json<EsitiCaricamento>();
    // The usual words are proposed for a first file of the supplier.
    expect(up.mappatura?.valori).toEqual(MAPPATURA.valori);
    const view = (await preview(up.id, MAPPATURA)).json<EsitiCaricamento>();
    expect(view.conteggi).toMatchObject({ da_applicare: 3, conflitto: 3, errore: 0 });
    const righe = new Map(view.righe.map((r) => [r.riga, r]));
    for (const [i, c] of casi.entries())
      if (c.esito === 'conflitto') expect(righe.get(i + 2), c.label).toMatchObject({ motivo: c.motivo });
    expect((await stateOf(ids[0])).stato).toBe('completato');

    const done = await applyAndWait(up.id);
    expect(done.conteggi).toMatchObject({ applicato: 3, conflitto: 3 });
    for (const [i, c] of casi.entries()) {
      expect(await stateOf(ids[i]), c.label).toMatchObject({
        stato: c.stato,
        esitoPostAttivazione: c.esitoPostAttivazione,
      });
      expect(await amountsOf(ids[i]), c.label).toEqual(c.righe);
    }
    const history = await ctx.db
      .select()
      .from(serviziStorico)
      .where(eq(serviziStorico.servizioId, ids[2]))
      .orderBy(asc(serviziStorico.id));
    expect(history.at(-1)).toMatchObject({
      daStato: 'completato',
      aStato: 'completato',
      motivazione: 'cessato',
      nota: m.notaStorico('esiti-a2a.xlsx', 4, formatDayKey(today)),
    });
    // The payee of the clawed-back commission hears of it, with their share.
    const [mail] = await ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.tipo, 'commissione_stornata'), eq(emailOutbox.userId, agente.id)));
    expect(mail.testo).toMatch(/11,25/);

    const report = readXlsxRows(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/esiti-fornitori/${up.id}/non-applicate`,
          headers: { cookie: admin },
        })
      ).rawPayload,
    );
    expect(report.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual(
      casi.flatMap((c, i) =>
        c.esito === 'conflitto' ? [[String(i + 2), m.conteggi.conflitto, c.motivo]] : [],
      ),
    );
  });

  it('the same file again changes nothing', async () => {
    const before = await Promise.all(ids.map(amountsOf));
    const mails = await storniMails();
    const historyBefore = (await ctx.db.select({ n: count() }).from(serviziStorico))[0].n;
    const up = (await upload(await file(), a2a, 'esiti-a2a.xlsx')).json<EsitiCaricamento>();
    const view = (await preview(up.id, MAPPATURA)).json<EsitiCaricamento>();
    expect(view.conteggi).toMatchObject({ da_applicare: 0, gia_aggiornato: 3, conflitto: 3 });
    const done = await applyAndWait(up.id);
    expect(done.conteggi).toMatchObject({ applicato: 0, gia_aggiornato: 3 });
    expect(await Promise.all(ids.map(amountsOf))).toEqual(before);
    expect(await storniMails()).toBe(mails);
    expect((await ctx.db.select({ n: count() }).from(serviziStorico))[0].n).toBe(historyBefore);
  });

  it('proposes a meaning for a value the saved mapping has not met, and keeps the saved ones', async () => {
    const up = (
      await upload(
        await xlsxFile([
          ['POD', 'Esito', 'Data esito'],
          [pods[0], 'MOROSITÀ', ''],
          [pods[0], 'SOSPESO', ''],
        ]),
        a2a,
        'esiti-a2a-3.xlsx',
      )
    ).json<EsitiCaricamento>();
    expect(up.mappaturaSalvata).toBe(true);
    expect(up.mappatura?.valori).toEqual({ ...MAPPATURA.valori, MOROSITÀ: 'moroso' });
  });

  it.each([
    ['no date in the row', 'Data esito', '', m.motivi.dataRichiesta('CESSATO', 'Data esito')],
    ['no date column mapped', null, formatDayKey(today), m.motivi.dataRichiesta('CESSATO', null)],
    ['a future day', 'Data esito', formatDayKey(addDays(today, 2)), m.motivi.rifiutato(mma.dataFutura)],
  ])('%s: the row is not applied, with its reason', async (_label, data, cell, motivo) => {
    const before = await amountsOf(ids[1]);
    const up = (
      await upload(
        await xlsxFile([
          ['POD', 'Esito', 'Data esito'],
          [pods[1], 'CESSATO', cell],
        ]),
        a2a,
        'esiti-a2a-2.xlsx',
      )
    ).json<EsitiCaricamento>();
    const view = (await preview(up.id, { ...MAPPATURA, data })).json<EsitiCaricamento>();
    expect(view.righe).toEqual([expect.objectContaining({ riga: 2, motivo })]);
    expect(await amountsOf(ids[1])).toEqual(before);
  });
});
