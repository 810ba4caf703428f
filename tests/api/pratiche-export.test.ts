import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '#shared/messages.ts';
import type { PraticheList } from '#shared/schemas/pratica.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import {
  insertCommissioneConfig,
  insertLead,
  insertPratica,
  insertPuntoFisico,
} from '#test/setup/factories.ts';
import { readCsvRows, readXlsxRows, unzip } from '#test/setup/spreadsheet.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
let admin: string;
const tag = randomBytes(3).toString('hex');
/**
 * On point `bar` (name starting with '+'): `a` (luce completato ENEL with RID × 2, gas KO
 * 'dati_errati', created 22:30 UTC on 31 March = 00:30 on 1 April in Rome) and `b` (internet, luce).
 * On point `other`: `c` (luce, gas, noleggio).
 */
let ids: { bar: number; other: number; a: number; b: number; c: number };

const HEADER = [
  'Pratica',
  'Data creazione',
  'Stato pratica',
  'Cliente',
  'Telefono',
  'Email',
  'Punto fisico',
  'Orario contatto',
  'Servizio',
  'Stato servizio',
  'Motivazione KO',
  'Fornitore',
  'RID',
  'Numero forniture',
  'Ultimo aggiornamento',
];
const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  await insertCommissioneConfig(ctx.db, { codice: 'ENEL', servizio: 'luce' });
  const bar = await insertPuntoFisico(ctx.db, {
    nomeAttivita: `+Bar Export ${tag}`,
    indirizzo: `Via Formula ${tag}, Milano`,
  });
  const other = await insertPuntoFisico(ctx.db, { nomeAttivita: `Edicola ${tag}` });
  const leadA = await insertLead(ctx.db, {
    nome: '=HYPERLINK("http://x.it")',
    cognome: `Verdi${tag}`,
    telefono: '+39 347 000 1111',
    email: `-anna.${tag}@esempio.it`,
    puntoFisicoOriginaleId: bar.id,
  });
  const leadB = await insertLead(ctx.db, {
    nome: '@Luca',
    cognome: `Bianchi${tag}; "Jr"`,
    puntoFisicoOriginaleId: bar.id,
  });
  const a = await insertPratica(ctx.db, {
    leadId: leadA.id,
    puntoFisicoId: bar.id,
    orarioContatto: '09:00-10:00',
    dataCreazione: new Date('2026-03-31T22:30:00Z'),
    servizi: ['luce', 'gas'],
  });
  const b = await insertPratica(ctx.db, {
    leadId: leadB.id,
    puntoFisicoId: bar.id,
    orarioContatto: null,
    servizi: ['internet', 'luce'],
  });
  const c = await insertPratica(ctx.db, { puntoFisicoId: other.id, servizi: ['luce', 'gas', 'noleggio'] });
  const put = async (id: number, payload: Record<string, unknown>) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/servizi/${id}/status`,
      headers: { cookie: admin },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await put(a.servizi[0].id, {
    stato: 'completato',
    fornitore: 'ENEL',
    ridPresente: true,
    numeroForniture: 2,
  });
  await put(a.servizi[1].id, { stato: 'ko', koMotivazione: 'dati_errati' });
  ids = { bar: bar.id, other: other.id, a: a.id, b: b.id, c: c.id };
});
afterAll(async () => ctx?.close());

const get = (url: string, cookie = admin) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const qs = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
const label = servizioLabel;

/** The rows the list implies for these filters: each practice's services, in the list's order. */
async function listedRows(query: Record<string, string | number>, cookie = admin): Promise<string[]> {
  const res = await get(`/api/pratiche?${qs({ ...query, pageSize: 200 })}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<PraticheList>();
  return body.items.flatMap((p) => p.servizi.map((s) => `${p.id}:${label(s.tipoServizio)}`));
}
const exportedRows = (rows: string[][]) => rows.slice(1).map((r) => `${r[0]}:${r[8]}`);

describe('GET /api/pratiche/export', () => {
  it('XLSX: one row per service of the filtered practices, newest practice first, Italian labels, Rome dates, formula-like text kept as text', async () => {
    const res = await get(`/api/pratiche/export?puntoFisicoId=${ids.bar}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="pratiche-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const rows = readXlsxRows(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(exportedRows(rows)).toEqual([
      `${ids.b}:Internet`,
      `${ids.b}:Luce`,
      `${ids.a}:Luce`,
      `${ids.a}:Gas`,
    ]);
    expect(exportedRows(rows)).toEqual(await listedRows({ puntoFisicoId: ids.bar }));

    const [, bInternet, bLuce, aLuce, aGas] = rows;
    const aCommon = [
      String(ids.a),
      '01/04/2026 00:30:00',
      'Completata',
      `=HYPERLINK("http://x.it") Verdi${tag}`,
      '+39 347 000 1111',
      `-anna.${tag}@esempio.it`,
      `+Bar Export ${tag}`,
      '09:00-10:00',
    ];
    expect(aLuce.slice(0, 14)).toEqual([...aCommon, 'Luce', 'Completato', '', 'Enel Energia', 'Sì', '2']);
    expect(aGas.slice(0, 14)).toEqual([...aCommon, 'Gas', 'KO', 'Dati errati', '', 'No', '1']);
    for (const row of [aLuce, aGas, bInternet, bLuce]) expect(row[14]).toMatch(DATE_TIME);
    expect(bInternet[1]).toMatch(DATE_TIME);
    expect(bInternet.slice(2, 12)).toEqual([
      'Inserita',
      `@Luca Bianchi${tag}; "Jr"`,
      bInternet[4],
      bInternet[5],
      `+Bar Export ${tag}`,
      '',
      'Internet',
      'Inserito',
      '',
      '',
    ]);
    expect(bLuce[8]).toBe('Luce');
    expect(unzip(res.rawPayload).get('xl/worksheets/sheet1.xml')!.toString('utf8')).not.toContain('<f>');
  });

  it('CSV: UTF-8 BOM, ";" between cells, quoting, the same rows and cells as the XLSX', async () => {
    const res = await get(`/api/pratiche/export?format=csv&puntoFisicoId=${ids.bar}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="pratiche-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(HEADER.join(';'));
    expect(text).toContain(`"'@Luca Bianchi${tag}; ""Jr"""`);
    const csv = readCsvRows(res.rawPayload);
    const xlsx = readXlsxRows(
      (await get(`/api/pratiche/export?format=xlsx&puntoFisicoId=${ids.bar}`)).rawPayload,
    );
    // The XLSX leaves empty cells out, so a row may end early there; only the CSV neutralises
    // formula-like text with an apostrophe.
    expect(csv.map((r) => r.slice(0, 14).map((c) => c.replace(/^'(?=[=+\-@])/, '')))).toEqual(
      xlsx.map((r) => Array.from({ length: 14 }, (_, i) => r[i] ?? '')),
    );
    expect(csv.length).toBe(5);
  });

  it.each<[string, () => Record<string, string | number>, () => number[]]>([
    ['service (every service of the matching practices)', () => ({ servizio: 'internet' }), () => [ids.b]],
    ['status', () => ({ stato: 'ko' }), () => [ids.a]],
    ['several statuses', () => ({ stato: 'ko,inserito' }), () => [ids.c, ids.b, ids.a]],
    ['status and KO reason', () => ({ stato: 'ko', koMotivazione: 'dati_errati' }), () => [ids.a]],
    ['another KO reason', () => ({ stato: 'ko', koMotivazione: 'altro' }), () => []],
    ['service and status together', () => ({ servizio: 'gas', stato: 'completato' }), () => []],
    ['search on the customer', () => ({ search: `verdi${tag}` }), () => [ids.a]],
    ['search on the practice number', () => ({ search: `#${ids.c}` }), () => [ids.c]],
    ['point of sale', () => ({ puntoFisicoId: ids.other }), () => [ids.c]],
    ['point of sale by free text', () => ({ puntoFisico: `formula ${tag}` }), () => [ids.b, ids.a]],
  ])('honours the list filter: %s', async (_name, query, expected) => {
    const q = query();
    const res = await get(`/api/pratiche/export?${qs({ ...q, format: 'csv' })}`);
    expect(res.statusCode, res.body).toBe(200);
    // Only this file's practices: other tests' practices stay out of the comparison.
    const rows = exportedRows(readCsvRows(res.rawPayload)).filter((r) =>
      [ids.a, ids.b, ids.c].includes(Number(r.split(':')[0])),
    );
    const listed = (await listedRows(q)).filter((r) =>
      [ids.a, ids.b, ids.c].includes(Number(r.split(':')[0])),
    );
    expect(rows).toEqual(listed);
    expect([...new Set(rows.map((r) => Number(r.split(':')[0])))]).toEqual(expected());
    const perPractice = { [ids.a]: 2, [ids.b]: 2, [ids.c]: 3 };
    expect(rows.length).toBe(expected().reduce((n, id) => n + perPractice[id], 0));
  });

  it.each([
    ['admin', 200],
    ['amministrazione', 200],
    ['area_manager', 403],
    ['agente', 403],
    ['punto_fisico', 403],
  ] as const)('%s → %i', async (role, status) => {
    const cookie = role === 'admin' ? admin : (await loginAs(ctx, role)).cookie;
    const res = await get(`/api/pratiche/export?format=csv&puntoFisicoId=${ids.other}`, cookie);
    expect(res.statusCode).toBe(status);
    if (status === 200)
      expect(exportedRows(readCsvRows(res.rawPayload))).toEqual([
        `${ids.c}:Luce`,
        `${ids.c}:Gas`,
        `${ids.c}:Noleggio`,
      ]);
    else expect(res.json().message).toBe(msg.auth.forbidden);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/pratiche/export' })).statusCode).toBe(401);
  });

  it.each([
    ['?format=pdf', 'Formato non valido: xlsx o csv'],
    ['?servizio=acqua', 'Servizio non valido'],
    ['?stato=forse', 'Stato non valido'],
    ['?koMotivazione=boh', 'Motivazione KO non valida'],
  ])('refuses %s with an Italian message', async (query, message) => {
    const res = await get(`/api/pratiche/export${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});
