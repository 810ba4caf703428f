import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '#shared/messages.ts';
import type {
  Estratto,
  Riconciliazione,
  RiconciliazioniPage,
  VociPage,
} from '#shared/schemas/riconciliazione.ts';
import { auditLog, commissioni, riconciliazioni, schedeContratto, users } from '#server/db/schema.ts';
import { TEST_ADMIN } from '#test/setup/database.ts';
import { fornitoreByCodice, insertCommissione, insertPratica } from '#test/setup/factories.ts';
import { csvFile, xlsxFile } from '#test/setup/import-files.ts';
import { readXlsxRows } from '#test/setup/spreadsheet.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

/** Supplier payment reconciliation: docs/product/fornitori-riconciliazione.md */
const m = msg.riconciliazione;
let ctx: TestContext;
let admin: string;
let amministrazione: string;
let agente: string;
let enelId: number;
let edisonId: number;
const servizio: Record<string, number> = {};

const MARZO = '2026-03-15T10:00:00Z';
const HEADER = ['POD/PDR', 'Cliente', 'Importo'];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  amministrazione = (await loginAs(ctx, 'amministrazione')).cookie;
  agente = (await loginAs(ctx, 'agente')).cookie;
  enelId = (await fornitoreByCodice(ctx.db, 'ENEL')).id;
  edisonId = (await fornitoreByCodice(ctx.db, 'EDISON')).id;

  /** A service of a supplier with its code in the scheda, and its commission rows. */
  const service = async (
    name: string,
    opts: {
      tipo?: 'luce' | 'gas' | 'noleggio';
      pod?: string;
      pdr?: string;
      fornitoreId?: number;
      rows?: Array<Partial<typeof commissioni.$inferInsert>>;
    },
  ) => {
    const fornitoreId = opts.fornitoreId ?? enelId;
    const tipoServizio = opts.tipo ?? 'luce';
    const pratica = await insertPratica(ctx.db, {
      servizi: [{ tipoServizio, fornitoreId, stato: 'completato' }],
    });
    const s = pratica.servizi[0];
    servizio[name] = s.id;
    if (opts.pod || opts.pdr)
      await ctx.db
        .insert(schedeContratto)
        .values({ servizioId: s.id, praticaId: pratica.id, dati: {}, pod: opts.pod, pdr: opts.pdr });
    const ids: number[] = [];
    for (const row of opts.rows ?? [])
      ids.push(
        (
          await insertCommissione(ctx.db, {
            praticaId: pratica.id,
            servizioId: s.id,
            fornitoreId,
            tipoServizio,
            ...row,
          })
        ).id,
      );
    return ids;
  };
  // The worked example: revenue 240.00 (40 + 20 + 7 + 173).
  const worked = {
    importoPuntoFisico: '40.00',
    importoAgente: '20.00',
    importoAreaManager: '7.00',
    importoAmministrazione: '173.00',
  };
  await service('pagatoMeno', {
    pod: 'IT001E00000001',
    rows: [{ ...worked, dataCompletamento: new Date(MARZO) }],
  });
  await service('inRegola', {
    tipo: 'gas',
    pdr: '12345678901234',
    rows: [
      {
        importoPuntoFisico: '30.00',
        importoAgente: '15.00',
        importoAreaManager: '5.00',
        importoAmministrazione: '70.00',
        dataCompletamento: new Date(MARZO),
      },
    ],
  });
  await service('mancante', {
    pod: 'IT001E00000003',
    rows: [
      {
        importoPuntoFisico: '30.00',
        importoAgente: '0.00',
        importoAreaManager: '0.00',
        importoAmministrazione: '70.00',
        dataCompletamento: new Date('2026-03-31T21:30:00Z'),
      },
    ],
  });
  // Completed in February (Rome): not expected in March, so what March pays for it is paid more.
  await service('pagatoPiu', {
    pod: 'IT001E00000004',
    rows: [{ ...worked, dataCompletamento: new Date('2026-02-28T22:30:00Z') }],
  });
  // Noleggio: the agent's 3.00 bonus is paid by the structure, not by the supplier: 188.27 expected.
  await service('noleggio', {
    tipo: 'noleggio',
    rows: [
      {
        importoPuntoFisico: '37.04',
        importoAgente: '21.52',
        importoAreaManager: '9.26',
        importoAmministrazione: '123.45',
        hasBonus: true,
        bonusApplicati: { puntoFisico: '0.00', agente: '3.00', areaManager: '0.00' },
        dataCompletamento: new Date(MARZO),
      },
    ],
  });
  // Paid in March, clawed back in April: the storno nets it to 0 in March, and adds nothing to April.
  const [paid] = await service('stornata', {
    pod: 'IT001E00000006',
    rows: [{ ...worked, statoPagamento: 'pagato', dataCompletamento: new Date(MARZO) }],
  });
  await insertCommissione(ctx.db, {
    praticaId: (await ctx.db.select().from(commissioni).where(eq(commissioni.id, paid)))[0].praticaId,
    servizioId: servizio.stornata,
    fornitoreId: enelId,
    importoPuntoFisico: '-40.00',
    importoAgente: '-20.00',
    importoAreaManager: '-7.00',
    importoAmministrazione: '-173.00',
    stornoOfId: paid,
    dataCompletamento: new Date('2026-04-02T08:00:00Z'),
  });
  // Another supplier's service with the same POD: never matched to Enel's statement.
  await service('altroFornitore', {
    pod: 'IT001E00000001',
    fornitoreId: edisonId,
    rows: [{ ...worked, dataCompletamento: new Date(MARZO) }],
  });
});
afterAll(async () => ctx?.close());

function upload(body: Buffer, opts: { fornitoreId?: number; periodo?: string; cookie?: string } = {}) {
  const q = new URLSearchParams({
    fornitoreId: String(opts.fornitoreId ?? enelId),
    periodo: opts.periodo ?? '2026-03',
    nomeFile: 'estratto-enel.csv',
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/riconciliazioni/estratti?${q}`,
    headers: { cookie: opts.cookie ?? admin, 'content-type': 'application/octet-stream' },
    payload: body,
  });
}

const preview = (id: number, mappatura: unknown, cookie = admin) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/riconciliazioni/estratti/${id}/anteprima`,
    headers: { cookie },
    payload: { mappatura },
  });
const confirm = (id: number, cookie = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/riconciliazioni/estratti/${id}/conferma`,
    headers: { cookie },
  });
const get = (url: string, cookie = admin, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

const MAPPATURA = {
  identificativi: [
    { colonna: 'POD/PDR', chiave: 'podPdr' },
    { colonna: 'Servizio', chiave: 'servizioId' },
  ],
  importo: 'Importo',
};

/** March's statement: one activation 10 € short, an unknown POD, a totals row, an amount with € and thousands. */
function statement() {
  return csvFile([
    ['Estratto provvigioni marzo 2026'],
    [],
    [...HEADER, 'Servizio'],
    ['IT001E00000001', 'Rossi', '€ 230,00', ''],
    ['12345678901234', 'Bianchi', '120.00', ''],
    ['IT001E00000004', 'Verdi', '50', ''],
    ['', 'Noleggio', '188,27', String(servizio.noleggio)],
    ['IT999E99999999', 'Sconosciuto', '35,00', ''],
    ['Totale', '', '€ 623,27', ''],
  ]);
}

async function previewed(body = statement()) {
  const up = await upload(body);
  expect(up.statusCode, up.body).toBe(201);
  const res = await preview(up.json<Estratto>().id, MAPPATURA);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Estratto>();
}

describe('statement → preview → reconciliation', () => {
  let rec: Riconciliazione;

  it('the preview shows the differences and stores no reconciliation', async () => {
    const est = await previewed();
    expect(est.rigaIntestazione).toBe(3);
    expect(est.totale).toBe(6);
    expect(Object.fromEntries(est.anteprima!.righe.map((r) => [r.esito, r.righe]))).toEqual({
      trovato: 4,
      non_trovato: 1,
      ignorata: 1,
    });
    expect(est.anteprima).toMatchObject({
      atteso: '648.27',
      pagato: '623.27',
      differenza: '-25.00',
      daRecuperare: '110.00',
    });
    expect((await ctx.db.select({ n: count() }).from(riconciliazioni))[0].n).toBe(0);
  });

  it('confirming keeps every line; each kind of difference is exact to the cent', async () => {
    const est = await previewed();
    const res = await confirm(est.id);
    expect(res.statusCode, res.body).toBe(201);
    rec = res.json<Riconciliazione>();
    expect(rec).toMatchObject({
      stato: 'aperta',
      atteso: '648.27',
      pagato: '623.27',
      differenza: '-25.00',
      daRecuperare: '110.00',
    });
    const voci = (await get(`/api/riconciliazioni/${rec.id}/voci?tipo=in_regola`)).json<VociPage>().items;
    const diff = (await get(`/api/riconciliazioni/${rec.id}/voci`)).json<VociPage>().items;
    const byService = new Map([...voci, ...diff].map((v) => [v.servizioId, v]));
    const table: Array<[string, number | null, string, string, string]> = [
      ['pagato_meno', servizio.pagatoMeno, '240.00', '230.00', '-10.00'],
      ['mancante', servizio.mancante, '100.00', '0.00', '-100.00'],
      ['pagato_piu', servizio.pagatoPiu, '0.00', '50.00', '50.00'],
      ['in_regola', servizio.inRegola, '120.00', '120.00', '0.00'],
      ['in_regola', servizio.noleggio, '188.27', '188.27', '0.00'],
    ];
    for (const [tipo, id, atteso, pagato, differenza] of table)
      expect(byService.get(id), tipo).toMatchObject({ tipo, atteso, pagato, differenza });
    expect(diff.find((v) => v.tipo === 'sconosciuto')).toMatchObject({
      servizioId: null,
      identificativo: 'IT999E99999999',
      riga: 8,
      pagato: '35.00',
      differenza: '35.00',
    });
    // The storno nets the clawed-back service to zero, the other supplier's service is not there.
    expect(byService.has(servizio.stornata)).toBe(false);
    expect(byService.has(servizio.altroFornitore)).toBe(false);
    expect(diff.map((v) => v.tipo)).toEqual(['pagato_meno', 'mancante', 'sconosciuto', 'pagato_piu']);
    expect(rec.perTipo).toEqual([
      { tipo: 'in_regola', voci: 2, differenza: '0.00' },
      { tipo: 'mancante', voci: 1, differenza: '-100.00' },
      { tipo: 'pagato_meno', voci: 1, differenza: '-10.00' },
      { tipo: 'pagato_piu', voci: 1, differenza: '50.00' },
      { tipo: 'sconosciuto', voci: 1, differenza: '35.00' },
    ]);
  });

  it('the mapping is proposed again for the supplier’s next statement', async () => {
    const res = await upload(statement());
    expect(res.json<Estratto>()).toMatchObject({ mappaturaSalvata: true, mappatura: MAPPATURA });
  });

  it('a confirmed statement is not confirmed twice; one not previewed is refused', async () => {
    const list = (await get('/api/riconciliazioni')).json<RiconciliazioniPage>();
    expect(list.items).toHaveLength(1);
    const fresh = (await upload(statement())).json<Estratto>();
    expect((await confirm(fresh.id)).json()).toMatchObject({ message: m.nonVerificato });
    const est = await previewed();
    expect((await confirm(est.id)).statusCode).toBe(201);
    expect((await confirm(est.id)).statusCode).toBe(409);
    // The new statement replaced the open reconciliation's lines: still one per supplier and month.
    expect((await get('/api/riconciliazioni')).json<RiconciliazioniPage>().total).toBe(1);
  });

  it('the export is an XLSX with every line, the totals and euro amounts', async () => {
    const res = await get(`/api/riconciliazioni/${rec.id}/export`, amministrazione);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = readXlsxRows(res.rawPayload);
    expect(rows[0]).toEqual([
      m.tipo,
      m.servizio,
      m.pratica,
      m.cliente,
      m.identificativo,
      m.riga,
      m.atteso,
      m.pagato,
      m.differenza,
    ]);
    expect(rows[1].slice(0, 2)).toEqual([m.voci.pagato_meno, String(servizio.pagatoMeno)]);
    expect(rows[1].slice(6)).toEqual(['240', '230', '-10']);
    expect(rows.at(-1)).toEqual([m.totale, '', '', '', '', '', '648.27', '623.27', '-25']);
    // The summary under its own header: a count is not read as a service number.
    const summary = rows.findIndex((r) => r[0] === m.tipo && r[1] === m.numeroVoci);
    expect(rows[summary]).toEqual([m.tipo, m.numeroVoci, '', '', '', '', '', '', m.differenza]);
    expect(rows[summary + 1].slice(0, 2)).toEqual([m.voci.in_regola, '2']);
  });

  it('the dashboard figure counts open reconciliations of months that have ended', async () => {
    const inMarch = await get('/api/riconciliazioni/da-recuperare', amministrazione, {
      'x-test-now': '2026-03-31T20:00:00Z',
    });
    expect(inMarch.json()).toEqual({ importo: '0.00', riconciliazioni: 0 });
    const inApril = await get('/api/riconciliazioni/da-recuperare', admin, {
      'x-test-now': '2026-03-31T22:30:00Z',
    });
    expect(inApril.json()).toEqual({ importo: '110.00', riconciliazioni: 1 });
  });

  it('closing records who, when and the note; a closed reconciliation is read-only', async () => {
    const close = (nota: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/riconciliazioni/${rec.id}/chiudi`,
        headers: { cookie: admin },
        payload: { nota },
      });
    expect((await close('   ')).json()).toMatchObject({ message: m.notaRequired });
    const res = await close('Enel riconosce 110 € sul prossimo estratto');
    expect(res.statusCode, res.body).toBe(200);
    const [me] = await ctx.db.select().from(users).where(eq(users.email, TEST_ADMIN.email));
    expect(res.json<Riconciliazione>()).toMatchObject({
      stato: 'chiusa',
      chiusaDa: `${me.firstName} ${me.lastName}`,
      chiusaAt: expect.stringMatching(/^\d{4}-/),
      notaChiusura: 'Enel riconosce 110 € sul prossimo estratto',
    });
    expect((await close('di nuovo')).statusCode).toBe(409);
    const est = await previewed();
    expect((await confirm(est.id)).json()).toMatchObject({ message: m.chiusa });
    const after = await get('/api/riconciliazioni/da-recuperare', admin, {
      'x-test-now': '2026-05-01T10:00:00Z',
    });
    expect(after.json()).toEqual({ importo: '0.00', riconciliazioni: 0 });
  });

  it('upload, confirmation, close and export are in the audit log, without personal data', async () => {
    const tipi = [
      'riconciliazione_caricata',
      'riconciliazione_confermata',
      'riconciliazione_chiusa',
      'esportazione',
    ] as const;
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.tipo, [...tipi]));
    for (const tipo of tipi)
      expect(
        rows.some((r) => r.tipo === tipo),
        tipo,
      ).toBe(true);
    expect(JSON.stringify(rows.map((r) => r.dettagli))).not.toMatch(/Rossi|IT001E/);
  });
});

describe('bad files are refused clearly and change nothing', () => {
  const cases: Array<[string, () => Promise<Buffer> | Buffer, string]> = [
    ['a PDF', () => Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj'), m.tipoFile],
    ['an image', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), m.tipoFile],
    [
      'no header row',
      () =>
        csvFile([
          ['IT001E00000001', 'Rossi', '230,00'],
          ['IT001E00000003', 'Neri', '100,00'],
        ]),
      m.nessunaIntestazione,
    ],
  ];
  it.each(cases)('%s', async (_name, file, message) => {
    const before = (await ctx.db.select({ n: count() }).from(auditLog))[0].n;
    const res = await upload(await file());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
    expect((await ctx.db.select({ n: count() }).from(auditLog))[0].n).toBe(before);
  });

  it('a missing mapped column and an unreadable amount name the column and the row', async () => {
    const up = (
      await upload(
        await xlsxFile([HEADER, ['IT001E00000001', 'Rossi', 230], ['IT001E00000003', 'Neri', 'trenta']]),
      )
    ).json<Estratto>();
    expect(up.mappatura).toEqual({
      identificativi: [{ colonna: 'POD/PDR', chiave: 'podPdr' }],
      importo: 'Importo',
    });
    const missing = await preview(up.id, {
      ...MAPPATURA,
      identificativi: [{ colonna: 'Codice POD', chiave: 'podPdr' }],
    });
    expect(missing.json()).toMatchObject({ message: m.colonnaMancante('Codice POD') });
    const bad = await preview(up.id, {
      identificativi: [{ colonna: 'POD/PDR', chiave: 'podPdr' }],
      importo: 'Importo',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: m.importoIllegibile(3, 'Importo', 'trenta') });
    expect((await get(`/api/riconciliazioni/estratti/${up.id}`)).json<Estratto>().anteprima).toBeNull();
  });

  it('a statement over 25 MB is refused with its own message, and nothing is kept', async () => {
    const before = (await ctx.db.select({ n: count() }).from(auditLog))[0].n;
    const res = await upload(Buffer.alloc(26 * 1024 * 1024, 'a;b;1\n'));
    expect([res.statusCode, res.json().message]).toEqual([413, m.fileTroppoGrande]);
    expect((await ctx.db.select({ n: count() }).from(auditLog))[0].n).toBe(before);
  });

  it('the preview shows its progress as it goes: a stop midway leaves no preview and cannot be confirmed', async () => {
    // 1,500 rows, read in batches of 1,000: the first batch is done when row 1,202 stops the reading.
    const rows = Array.from({ length: 1_500 }, (_v, i) => [
      `IT001E9${String(i).padStart(7, '0')}`,
      'Cliente',
      i === 1_200 ? 'trenta' : '10,00',
    ]);
    const up = (await upload(csvFile([HEADER, ...rows]))).json<Estratto>();
    expect(up).toMatchObject({ totale: 1_500, elaborate: 0 });
    const POD_SOLO = { identificativi: [{ colonna: 'POD/PDR', chiave: 'podPdr' }], importo: 'Importo' };
    const bad = await preview(up.id, POD_SOLO);
    expect(bad.json()).toMatchObject({ message: m.importoIllegibile(1_202, 'Importo', 'trenta') });
    expect((await get(`/api/riconciliazioni/estratti/${up.id}`)).json<Estratto>()).toMatchObject({
      elaborate: 1_000,
      anteprima: null,
    });
    expect((await confirm(up.id)).json()).toMatchObject({ message: m.nonVerificato });

    rows[1_200][2] = '30,00';
    const good = (await upload(csvFile([HEADER, ...rows]))).json<Estratto>();
    const done = (await preview(good.id, POD_SOLO)).json<Estratto>();
    expect(done.elaborate).toBe(1_500);
    expect(done.anteprima).not.toBeNull();
  });
});

describe('who may reconcile', () => {
  it('another role is refused (403), unknown ids are not found (404), the supplier in the query too', async () => {
    expect((await upload(statement(), { cookie: agente })).statusCode).toBe(403);
    expect((await get('/api/riconciliazioni', agente)).statusCode).toBe(403);
    expect((await get('/api/riconciliazioni/da-recuperare', agente)).statusCode).toBe(403);
    expect((await preview(1, MAPPATURA, agente)).statusCode).toBe(403);
    expect((await confirm(1, agente)).statusCode).toBe(403);
    expect((await upload(statement(), { fornitoreId: 999_999 })).json()).toMatchObject({
      message: m.fornitoreNotFound,
    });
    expect((await preview(999_999, MAPPATURA)).statusCode).toBe(404);
    expect((await confirm(999_999)).statusCode).toBe(404);
    expect((await get('/api/riconciliazioni/999999')).statusCode).toBe(404);
    expect((await get('/api/riconciliazioni/999999/voci')).statusCode).toBe(404);
    expect((await get('/api/riconciliazioni/999999/export')).statusCode).toBe(404);
    const close = await ctx.app.inject({
      method: 'POST',
      url: '/api/riconciliazioni/999999/chiudi',
      headers: { cookie: admin },
      payload: { nota: 'x' },
    });
    expect(close.statusCode).toBe(404);
    expect((await upload(statement(), { periodo: '2026-13' })).json()).toMatchObject({
      message: m.periodoInvalid,
    });
  });
});
