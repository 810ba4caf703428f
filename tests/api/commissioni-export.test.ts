import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissioni } from '#server/db/schema.ts';
import { msg } from '#shared/messages.ts';
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
type Person = { user: { id: number }; cookie: string };
const people = {} as Record<'pf' | 'ag' | 'am' | 'otherAg' | 'office', Person>;
/** base: luce with RID × 2 and an agent bonus; paid: a second luce, paid with a note, then KO (storno); foreign: another agent's point. */
let ids: { base: number; paid: number; storno: number; foreign: number };

const COMMON_HEAD = [
  'ID',
  'Data completamento',
  'Servizio',
  'Cliente',
  'Fornitore',
  'Punto Fisico',
  'Pratica',
  'Stato pagamento',
  'Data pagamento',
];
const COMMON_TAIL = ['Storno della commissione', 'Note pagamento'];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  people.pf = await loginAs(ctx, 'punto_fisico');
  people.ag = await loginAs(ctx, 'agente');
  people.am = await loginAs(ctx, 'area_manager');
  people.otherAg = await loginAs(ctx, 'agente');
  people.office = await loginAs(ctx, 'amministrazione');
  await insertCommissioneConfig(ctx.db, { codice: 'IREN', servizio: 'luce' });

  const point = await insertPuntoFisico(ctx.db, {
    nomeAttivita: '+Negozio Export',
    utenteResponsabileId: people.pf.user.id,
    agenteId: people.ag.user.id,
    areaManagerId: people.am.user.id,
  });
  const lead = await insertLead(ctx.db, {
    nome: '=HYPERLINK("http://x.it")',
    cognome: 'Rossi',
    puntoFisicoOriginaleId: point.id,
  });
  const pratica = await insertPratica(ctx.db, {
    puntoFisicoId: point.id,
    leadId: lead.id,
    servizi: ['luce', 'luce'],
  });
  const put = async (id: number, payload: Record<string, unknown>) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/servizi/${id}/status`,
      headers: { cookie: admin },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await put(pratica.servizi[0].id, {
    stato: 'completato',
    fornitore: 'IREN',
    ridPresente: true,
    numeroForniture: 2,
    bonusAgente: '3',
  });
  await put(pratica.servizi[1].id, { stato: 'completato', fornitore: 'IREN', numeroForniture: 1 });
  const [base, paid] = await ctx.db
    .select()
    .from(commissioni)
    .where(eq(commissioni.praticaId, pratica.id))
    .orderBy(commissioni.id);
  const pay = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/commissioni/${paid.id}/payment`,
    headers: { cookie: admin },
    payload: { status: 'pagato', note: '=1+1 bonifico; "marzo"' },
  });
  expect(pay.statusCode, pay.body).toBe(200);
  await put(pratica.servizi[1].id, { stato: 'ko', koMotivazione: 'altro' });
  const [storno] = await ctx.db.select().from(commissioni).where(eq(commissioni.stornoOfId, paid.id));

  const elsewhere = await insertPuntoFisico(ctx.db, { agenteId: people.otherAg.user.id });
  const other = await insertPratica(ctx.db, { puntoFisicoId: elsewhere.id, servizi: ['luce'] });
  await put(other.servizi[0].id, { stato: 'completato', fornitore: 'IREN', numeroForniture: 1 });
  const [foreign] = await ctx.db.select().from(commissioni).where(eq(commissioni.praticaId, other.id));
  ids = { base: base.id, paid: paid.id, storno: storno.id, foreign: foreign.id };
});
afterAll(async () => ctx?.close());

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const byId = (rows: string[][], id: number) => rows.find((r) => r[0] === String(id))!;

describe('GET /api/commissioni/export: role scope and role amounts', () => {
  const ALL_AMOUNTS = [
    'Importo Punto Fisico',
    'Importo Agente',
    'Importo Area Manager',
    'Importo Struttura',
    'Bonus Punto Fisico',
    'Bonus Agente',
    'Bonus Area Manager',
  ];
  it.each<[keyof typeof people | 'admin', string[], () => number[]]>([
    ['admin', ALL_AMOUNTS, () => [ids.base, ids.paid, ids.storno, ids.foreign]],
    ['office', ALL_AMOUNTS, () => [ids.base, ids.paid, ids.storno, ids.foreign]],
    ['pf', ['Importo Punto Fisico', 'Bonus Punto Fisico'], () => [ids.base, ids.paid, ids.storno]],
    ['ag', ['Importo Agente', 'Bonus Agente'], () => [ids.base, ids.paid, ids.storno]],
    ['am', ['Importo Area Manager', 'Bonus Area Manager'], () => [ids.base, ids.paid, ids.storno]],
    ['otherAg', ['Importo Agente', 'Bonus Agente'], () => [ids.foreign]],
  ])(
    '%s: only its own amount columns, the same rows as its list',
    async (who, amountHeaders, expectedIds) => {
      const cookie = who === 'admin' ? admin : people[who].cookie;
      const res = await get(cookie, '/api/commissioni/export?format=xlsx');
      expect(res.statusCode).toBe(200);
      const rows = readXlsxRows(res.rawPayload);
      expect(rows[0]).toEqual([...COMMON_HEAD, ...amountHeaders, ...COMMON_TAIL]);
      const listed = (await get(cookie, '/api/commissioni?pageSize=200')).json();
      const exported = rows.slice(1).map((r) => Number(r[0]));
      expect(exported.sort()).toEqual(listed.items.map((c: { id: number }) => c.id).sort());
      expect(exported.sort()).toEqual(expectedIds().sort());
    },
  );

  it('XLSX for the admin: amounts as numbers (storno negative), Italian labels, Rome dates, text cells as text', async () => {
    const res = await get(admin, '/api/commissioni/export');
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="commissioni-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const rows = readXlsxRows(res.rawPayload);
    const base = byId(rows, ids.base);
    expect(base[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    // docs/product/commissions.md#esempio-svolto: revenue 2 × (100 + 20) = 240 = 40 + 23 (15 + 5 + bonus 3) + 7 + 170.
    expect(base.slice(2, 9)).toEqual([
      'Luce',
      `=HYPERLINK("http://x.it") Rossi`,
      'Iren',
      '+Negozio Export',
      base[6],
      'Non pagato',
      '',
    ]);
    // Empty cells are not written, so the row ends with the last amount.
    expect(base.slice(9)).toEqual(['40', '23', '7', '170', '0', '3', '0']);
    const paid = byId(rows, ids.paid);
    expect(paid[7]).toBe('Pagato');
    expect(paid[8]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(paid.slice(9, 13)).toEqual(['8', '4', '1.5', '86.5']);
    expect(paid[17]).toBe(`=1+1 bonifico; "marzo"`);
    const storno = byId(rows, ids.storno);
    expect(storno.slice(9, 13)).toEqual(['-8', '-4', '-1.5', '-86.5']);
    expect(storno[16]).toBe(String(ids.paid));
    // Amount cells are numbers with the two-decimal format ('#,##0.00', built-in format 4); text
    // that looks like a formula is a text cell: XLSX cells carry their type, no apostrophe needed.
    const files = unzip(res.rawPayload);
    const sheet = files.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    const style = /<c r="J2" s="(\d+)"><v>/.exec(sheet)?.[1];
    const xfs = [
      ...files
        .get('xl/styles.xml')!
        .toString('utf8')
        .matchAll(/<xf [^>]*numFmtId="(\d+)"/g),
    ];
    expect(
      xfs.filter((m) => m.index > files.get('xl/styles.xml')!.toString('utf8').indexOf('<cellXfs'))[
        Number(style)
      ]?.[1],
    ).toBe('4');
    expect(sheet).not.toContain('<f>');
    expect(sheet).toContain('t="str"');
  });

  it('CSV for the agent: BOM, semicolons, comma decimals, negative storno not neutralised', async () => {
    const res = await get(people.ag.cookie, '/api/commissioni/export?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = readCsvRows(res.rawPayload);
    expect(rows[0]).toEqual([...COMMON_HEAD, 'Importo Agente', 'Bonus Agente', ...COMMON_TAIL]);
    expect(byId(rows, ids.base).slice(9, 11)).toEqual(['23,00', '3,00']);
    expect(byId(rows, ids.paid).slice(9)).toEqual(['4,00', '0,00', '', `'=1+1 bonifico; "marzo"`]);
    expect(byId(rows, ids.storno).slice(9, 12)).toEqual(['-4,00', '0,00', String(ids.paid)]);
    expect(res.rawPayload.toString('utf8')).not.toContain('Importo Punto Fisico');
  });

  it('applies the status and Europe/Rome day filters of the list', async () => {
    const paidOnly = readCsvRows(
      (await get(admin, '/api/commissioni/export?format=csv&status=pagato')).rawPayload,
    );
    expect(paidOnly.slice(1).map((r) => Number(r[0]))).toEqual([ids.paid]);
    // 22:30 UTC on 31 March is 00:30 on 1 April in Rome.
    await ctx.db
      .update(commissioni)
      .set({ dataCompletamento: new Date('2026-03-31T22:30:00Z') })
      .where(eq(commissioni.id, ids.base));
    await ctx.db
      .update(commissioni)
      .set({ dataCompletamento: new Date('2026-03-31T21:30:00Z') })
      .where(eq(commissioni.id, ids.foreign));
    const april = readCsvRows(
      (await get(admin, '/api/commissioni/export?format=csv&dataInizio=2026-04-01&dataFine=2026-04-30'))
        .rawPayload,
    );
    expect(april.slice(1).map((r) => Number(r[0]))).toEqual([ids.base]);
    const march = readXlsxRows(
      (await get(admin, '/api/commissioni/export?dataInizio=2026-03-01&dataFine=2026-03-31')).rawPayload,
    );
    expect(march.slice(1).map((r) => Number(r[0]))).toEqual([ids.foreign]);
  });

  it.each([
    ['?format=pdf', 'Formato non valido: xlsx o csv'],
    ['?dataInizio=2026-02-30', msg.commissione.dateInvalid],
    ['?dataInizio=2026-04-02&dataFine=2026-04-01', msg.commissione.dateRangeInvalid],
    ['?status=forse', 'Stato di pagamento non valido'],
  ])('refuses %s with an Italian message', async (query, message) => {
    const res = await get(admin, `/api/commissioni/export${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/commissioni/export' })).statusCode).toBe(401);
  });
});

describe('GET /api/commissioni: stornoId links a clawed-back commission to its storno', () => {
  it.each(['admin', 'ag'] as const)('%s sees the link both ways', async (who) => {
    const cookie = who === 'admin' ? admin : people[who].cookie;
    const items = (await get(cookie, '/api/commissioni?pageSize=200')).json().items as Array<{
      id: number;
      stornoId: number | null;
      stornoOfId: number | null;
    }>;
    const find = (id: number) => items.find((c) => c.id === id)!;
    expect(find(ids.paid)).toMatchObject({ stornoId: ids.storno, stornoOfId: null });
    expect(find(ids.storno)).toMatchObject({ stornoId: null, stornoOfId: ids.paid });
    expect(find(ids.base)).toMatchObject({ stornoId: null, stornoOfId: null });
  });
});
