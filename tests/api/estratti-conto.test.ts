import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissioni, estrattiConto } from '#server/db/schema.ts';
import { msg } from '#shared/messages.ts';
import { fromCents, toCents } from '#shared/money.ts';
import { parsePeriodoEstratto } from '#shared/periodi.ts';
import type { Role } from '#shared/permissions.ts';
import type { BeneficiariList } from '#shared/schemas/estratto-conto.ts';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import type { CommissioniList } from '#shared/schemas/commissione.ts';
import { romeParts, romeWallTimeToDate } from '#shared/time.ts';
import { pdfPages, pdfText, readEstrattoXlsx } from '#test/setup/estratti.ts';
import {
  fornitoreByCodice,
  insertCommissione,
  insertPuntoFisico,
  insertUser,
} from '#test/setup/factories.ts';
import { unzip } from '#test/setup/spreadsheet.ts';
import { createTestContext, loginAs, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica } from '#test/setup/world.ts';

const T = msg.estrattoConto.totali;

let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildTwoShopWorld>>;
type Payee = 'pfA' | 'agA' | 'amA';
const PAYEES: Array<{ key: Payee; role: Role }> = [
  { key: 'pfA', role: 'punto_fisico' },
  { key: 'agA', role: 'agente' },
  { key: 'amA', role: 'area_manager' },
];

// Every date is placed around the start of the current quarter (Rome), so that one storno
// crosses both a month and a quarter boundary whatever day the tests run.
const now = new Date();
const { year, month } = romeParts(now);
const qMonth = Math.floor((month - 1) / 3) * 3 + 1;
const quarterStart = romeWallTimeToDate(year, qMonth, 1);
const key = (d: Date) => {
  const p = romeParts(d);
  return {
    month: `${p.year}-${String(p.month).padStart(2, '0')}`,
    quarter: `${p.year}-T${Math.ceil(p.month / 3)}`,
  };
};
const lastDayBefore = (hour: number, minute: number) => romeWallTimeToDate(year, qMonth, 0, hour, minute);
const PREV_MONTH = key(lastDayBefore(12, 0)).month;
const PREV_QUARTER = key(lastDayBefore(12, 0)).quarter;
const QUARTER_FIRST_MONTH = key(quarterStart).month;
const CUR_MONTH = key(now).month;
const CUR_QUARTER = key(now).quarter;

let ids: Record<string, number>;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildTwoShopWorld(ctx);
  const { puntoA, puntoB, pfA, agA, amA, pfB, agB, amB } = world;
  const enel = await fornitoreByCodice(ctx.db, 'ENEL');
  const ayvens = await fornitoreByCodice(ctx.db, 'AYVENS');
  const { pratica, servizi } = await insertLeadWithPratica(
    ctx,
    puntoA.id,
    { nome: 'Ștefan', cognome: 'Dumitrașcu' },
    ['luce', 'gas', 'internet', 'noleggio'],
  );
  const { pratica: praticaB, servizi: serviziB } = await insertLeadWithPratica(ctx, puntoB.id);
  const payeesA = {
    praticaId: pratica.id,
    puntoFisicoId: puntoA.id,
    payeePuntoFisicoId: pfA.user.id,
    payeeAgenteId: agA.user.id,
    payeeAreaManagerId: amA.user.id,
    fornitoreId: enel.id,
  };
  // Paid, on the last day of the previous quarter: it belongs there.
  const a1 = await insertCommissione(ctx.db, {
    ...payeesA,
    servizioId: servizi[0].id,
    customerName: 'Ștefan Dumitrașcu',
    dataCompletamento: lastDayBefore(12, 0),
    statoPagamento: 'pagato',
    dataPagamento: lastDayBefore(18, 0),
  });
  // The last minutes of that day are still that month and quarter.
  const a2 = await insertCommissione(ctx.db, {
    ...payeesA,
    servizioId: servizi[1].id,
    tipoServizio: 'gas',
    customerName: 'Niccolò Città',
    importoPuntoFisico: '8.00',
    importoAgente: '6.00',
    importoAreaManager: '1.50',
    importoAmministrazione: '84.50',
    dataCompletamento: lastDayBefore(23, 30),
    statoPagamento: 'pagato',
    dataPagamento: quarterStart,
  });
  // The storno of a1, ten minutes into the new quarter: a new month and a new quarter.
  const s1 = await insertCommissione(ctx.db, {
    ...payeesA,
    servizioId: servizi[0].id,
    customerName: 'Ștefan Dumitrașcu',
    importoPuntoFisico: '-30.00',
    importoAgente: '-15.00',
    importoAreaManager: '-5.00',
    importoAmministrazione: '-70.00',
    dataCompletamento: new Date(quarterStart.getTime() + 10 * 60_000),
    stornoOfId: a1.id,
    notePagamento: `Storno della commissione #${a1.id}`,
  });
  // This month: one without an agent share (not in the agent's statement) and a large rental.
  const a3 = await insertCommissione(ctx.db, {
    ...payeesA,
    servizioId: servizi[2].id,
    tipoServizio: 'internet',
    importoPuntoFisico: '12.34',
    importoAgente: '0',
    importoAreaManager: '3.33',
    importoAmministrazione: '50.00',
    dataCompletamento: new Date(romeWallTimeToDate(year, month, 1, 0, 5).getTime()),
  });
  const a4 = await insertCommissione(ctx.db, {
    ...payeesA,
    servizioId: servizi[3].id,
    tipoServizio: 'noleggio',
    fornitoreId: ayvens.id,
    customerName: 'Niccolò Città',
    importoPuntoFisico: '1234.56',
    importoAgente: '100.00',
    importoAreaManager: '50.00',
    importoAmministrazione: '200.00',
    dataCompletamento: new Date(Math.min(now.getTime(), romeWallTimeToDate(year, month, 1, 9, 0).getTime())),
  });
  // Another shop's payees: never in shop A's statements.
  const b1 = await insertCommissione(ctx.db, {
    praticaId: praticaB.id,
    servizioId: serviziB[0].id,
    puntoFisicoId: puntoB.id,
    payeePuntoFisicoId: pfB.user.id,
    payeeAgenteId: agB.user.id,
    payeeAreaManagerId: amB.user.id,
    fornitoreId: enel.id,
    dataCompletamento: new Date(quarterStart.getTime() + 12 * 3600_000),
  });
  ids = { a1: a1.id, a2: a2.id, s1: s1.id, a3: a3.id, a4: a4.id, b1: b1.id };
});
afterAll(async () => ctx?.close());

const userOf = (key: Payee) => world[key].user;
const cookieOf = (who: Payee | 'admin' | 'amministrazione') =>
  who === 'admin'
    ? world.admin
    : who === 'amministrazione'
      ? world.amministrazione.cookie
      : world[who].cookie;

async function estratto(
  cookie: string,
  beneficiarioId: number,
  periodo: string,
  formato: 'pdf' | 'xlsx' = 'xlsx',
) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/estratti-conto/${beneficiarioId}?periodo=${periodo}&formato=${formato}`,
    headers: { cookie },
  });
}

async function screenSummary(cookie: string, periodo: string) {
  const p = parsePeriodoEstratto(periodo)!;
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/commissioni?dataInizio=${p.dataInizio}&dataFine=${p.dataFine}&pageSize=200`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CommissioniList>();
}

async function dashboard(cookie: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json<DashboardStats>();
}

const sum = (values: string[]) => fromCents(values.reduce((n, v) => n + toCents(v), 0));

describe('estratto conto: totals equal the Commissioni screen and the dashboard, to the cent', () => {
  // Expected, by hand, from the rows above (own amount of each payee).
  const EXPECTED: Record<Payee, Record<string, Record<string, string>>> = {
    pfA: {
      [PREV_MONTH]: { maturate: '38.00', storni: '0.00', totale: '38.00', pagato: '38.00', daPagare: '0.00' },
      [QUARTER_FIRST_MONTH]: { storni: '-30.00' },
    },
    agA: {
      [PREV_MONTH]: { maturate: '21.00', storni: '0.00', totale: '21.00', pagato: '21.00', daPagare: '0.00' },
      [QUARTER_FIRST_MONTH]: { storni: '-15.00' },
    },
    amA: {
      [PREV_MONTH]: { maturate: '6.50', storni: '0.00', totale: '6.50', pagato: '6.50', daPagare: '0.00' },
      [QUARTER_FIRST_MONTH]: { storni: '-5.00' },
    },
  };

  for (const { key: payee, role } of PAYEES) {
    for (const periodo of [PREV_MONTH, PREV_QUARTER, QUARTER_FIRST_MONTH, CUR_MONTH, CUR_QUARTER]) {
      it(`${role}, ${periodo}: own statement = own Commissioni screen = own dashboard`, async () => {
        const res = await estratto(cookieOf(payee), userOf(payee).id, periodo);
        expect(res.statusCode, res.body).toBe(200);
        const xlsx = await readEstrattoXlsx(res.rawPayload);
        const screen = await screenSummary(cookieOf(payee), periodo);
        expect(xlsx.totals[T.totale]).toBe(screen.summary.totale);
        expect(xlsx.totals[T.pagato]).toBe(screen.summary.incassate);
        expect(xlsx.totals[T.daPagare]).toBe(screen.summary.daIncassare);
        expect(xlsx.totals[T.storni]).toBe(screen.summary.storni.totale);
        expect(xlsx.totals[T.maturate]).toBe(
          fromCents(toCents(screen.summary.totale) - toCents(screen.summary.storni.totale)),
        );
        // The same rows the screen lists, with the same own amount.
        expect(xlsx.rows.map((r) => r['Importo']).map((v) => fromCents(Math.round(Number(v) * 100)))).toEqual(
          [...screen.items].reverse().map((c) => c[OWN[role]]),
        );
        // The dashboard's months add up to the same.
        const p = parsePeriodoEstratto(periodo)!;
        const stats = await dashboard(cookieOf(payee));
        const months = stats.monthlyStats.filter(
          (m) => m.month >= p.dataInizio.slice(0, 7) && m.month <= p.dataFine.slice(0, 7),
        );
        expect(sum(months.map((m) => m.commissioni))).toBe(xlsx.totals[T.totale]);
        if (periodo === CUR_MONTH) expect(stats.commissionsThisMonth).toBe(xlsx.totals[T.totale]);
        for (const [field, value] of Object.entries(EXPECTED[payee][periodo] ?? {}))
          expect(xlsx.totals[T[field as keyof typeof T]], field).toBe(value);
      });
    }
  }

  it('admin and amministrazione download any payee’s statement, identical to the payee’s own (same number)', async () => {
    for (const { key: payee } of PAYEES) {
      const own = await estratto(cookieOf(payee), userOf(payee).id, CUR_QUARTER);
      const ownXlsx = await readEstrattoXlsx(own.rawPayload);
      for (const office of ['admin', 'amministrazione'] as const) {
        const res = await estratto(cookieOf(office), userOf(payee).id, CUR_QUARTER);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['x-estratto-numero']).toBe(own.headers['x-estratto-numero']);
        expect((await readEstrattoXlsx(res.rawPayload)).totals).toEqual(ownXlsx.totals);
      }
    }
  });

  it('a storno crossing the boundary: the paid commission stays in its period, the storno lands in the next', async () => {
    const pf = userOf('pfA').id;
    const before = await readEstrattoXlsx((await estratto(cookieOf('pfA'), pf, PREV_QUARTER)).rawPayload);
    const after = await readEstrattoXlsx((await estratto(cookieOf('pfA'), pf, CUR_QUARTER)).rawPayload);
    expect(before.rows.map((r) => [r['Tipo'], r['Storno della commissione'], r['Stato']])).toEqual([
      ['Commissione', '', 'Pagata'],
      ['Commissione', '', 'Pagata'],
    ]);
    expect(before.totals[T.storni]).toBe('0.00');
    const storno = after.rows.find((r) => r['Tipo'] === 'Storno')!;
    expect(storno).toMatchObject({
      'Storno della commissione': ids.a1,
      Stato: 'Da recuperare',
      Importo: -30,
    });
    expect(after.totals).toMatchObject({
      [T.maturate]: '1246.90',
      [T.storni]: '-30.00',
      [T.totale]: '1216.90',
      [T.pagato]: '0.00',
      [T.daPagare]: '1216.90',
    });
  });

  it('the agent’s statement leaves out a commission with no agent share; another shop’s rows never appear', async () => {
    const res = await estratto(cookieOf('agA'), userOf('agA').id, CUR_MONTH);
    const { rows } = await readEstrattoXlsx(res.rawPayload);
    expect(rows.map((r) => r['Servizio'])).toEqual(['Noleggio']);
    const pfRows = (
      await readEstrattoXlsx((await estratto(cookieOf('pfA'), userOf('pfA').id, CUR_QUARTER)).rawPayload)
    ).rows;
    expect(pfRows.map((r) => r['Pratica'])).not.toContain(ids.b1);
  });
});

const OWN: Record<
  Role,
  'importoPuntoFisico' | 'importoAgente' | 'importoAreaManager' | 'importoAmministrazione'
> = {
  punto_fisico: 'importoPuntoFisico',
  agente: 'importoAgente',
  area_manager: 'importoAreaManager',
  admin: 'importoAmministrazione',
  amministrazione: 'importoAmministrazione',
};

describe('estratto conto: who may read whose (403 wrong role, 404 out of scope)', () => {
  it('a payee asking for another payee’s statement gets 404, as if it did not exist', async () => {
    for (const { key: payee } of PAYEES) {
      for (const other of [
        world.pfB.user.id,
        world.agB.user.id,
        userOf(payee === 'pfA' ? 'agA' : 'pfA').id,
      ]) {
        const res = await estratto(cookieOf(payee), other, CUR_MONTH);
        expect(res.statusCode, `${payee} → ${other}`).toBe(404);
        expect(res.json().message).toBe(msg.estrattoConto.beneficiarioNotFound);
      }
    }
  });

  it('a user who is not paid on commission has no statement (404), for the office too', async () => {
    const adminId = (
      await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: world.admin } })
    ).json().id as number;
    for (const id of [adminId, world.amministrazione.user.id, 999999]) {
      const res = await estratto(world.admin, id, CUR_MONTH);
      expect(res.statusCode).toBe(404);
    }
  });

  it('only admin and amministrazione list the payees of a period and download the ZIP (403 otherwise)', async () => {
    for (const { key: payee } of PAYEES) {
      for (const url of [
        `/api/estratti-conto/beneficiari?periodo=${CUR_MONTH}`,
        `/api/estratti-conto/zip?periodo=${CUR_MONTH}`,
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: cookieOf(payee) } });
        expect(res.statusCode, `${payee} ${url}`).toBe(403);
      }
    }
  });

  it('refuses a malformed or future period in Italian, and a wrong format', async () => {
    const pf = userOf('pfA').id;
    for (const periodo of ['2026-13', 'marzo', '2026-T5', '']) {
      const res = await estratto(cookieOf('pfA'), pf, periodo);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(msg.estrattoConto.periodoInvalid);
    }
    const future = await estratto(cookieOf('pfA'), pf, `${year + 1}-01`);
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(msg.estrattoConto.periodoFuturo);
    const format = await ctx.app.inject({
      method: 'GET',
      url: `/api/estratti-conto/${pf}?periodo=${CUR_MONTH}&formato=docx`,
      headers: { cookie: cookieOf('pfA') },
    });
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toBe(msg.estrattoConto.formatoInvalid);
  });
});

describe('estratto conto: the PDF', () => {
  it('is an A4 PDF whose text shows the payee, the period, the number, the totals and every movement', async () => {
    const pf = userOf('pfA');
    const res = await estratto(cookieOf('pfA'), pf.id, CUR_QUARTER, 'pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="EC-\d{4}-\d{6}_Rossi-/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A4 is 595.28 × 841.89 points.
    expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = pdfText(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Estratto conto commissioni');
    expect(flat).toContain(`N. ${String(res.headers['x-estratto-numero'])}`);
    expect(flat).toContain(`${pf.firstName} ${pf.lastName}`);
    expect(flat).toContain('Punto Fisico');
    expect(flat).toContain(parsePeriodoEstratto(CUR_QUARTER)!.label.replace(/^./, (c) => c.toUpperCase()));
    // Money in it-IT with the sign before: thousands with a dot, decimals with a comma.
    expect(flat).toMatch(/Commissioni del periodo € 1\.246,90/);
    expect(flat).toMatch(/Storni € -30,00/);
    expect(flat).toMatch(/Totale del periodo € 1\.216,90/);
    expect(flat).toMatch(/Pagato € 0,00/);
    expect(flat).toMatch(/Da pagare € 1\.216,90/);
    expect(flat).toContain('€ 1.234,56');
    // Accents and letters beyond Latin-1 come through.
    expect(flat).toContain('Ștefan Dumitrașcu');
    expect(flat).toContain('Niccolò Città');
    expect(flat).toContain('Storno');
    expect(flat).toContain(`della commissione #${ids.a1}`);
    expect(flat).toMatch(/Pagina 1 di 1/);
  });

  it('runs over several pages with the header and page numbers on each', async () => {
    // A shop of its own, so the other statements of this file keep their rows.
    const am = await loginAs(ctx, 'area_manager');
    const responsabile = await insertUser(ctx.db, { role: 'punto_fisico' });
    const punto = await insertPuntoFisico(ctx.db, {
      nomeAttivita: 'Bar Pagine',
      utenteResponsabileId: responsabile.id,
      areaManagerId: am.user.id,
    });
    const { pratica, servizi } = await insertLeadWithPratica(ctx, punto.id, {}, ['luce']);
    const [{ dataCompletamento: at }] = await ctx.db
      .select({ dataCompletamento: commissioni.dataCompletamento })
      .from(commissioni)
      .where(eq(commissioni.id, ids.a3));
    for (let i = 0; i < 70; i++) {
      await insertCommissione(ctx.db, {
        praticaId: pratica.id,
        servizioId: servizi[0].id,
        puntoFisicoId: punto.id,
        payeePuntoFisicoId: responsabile.id,
        payeeAreaManagerId: am.user.id,
        customerName: `Cliente ${i}`,
        importoAreaManager: '1.00',
        dataCompletamento: new Date(at.getTime() + (i + 1) * 1000),
      });
    }
    const res = await estratto(am.cookie, am.user.id, CUR_MONTH, 'pdf');
    const text = pdfText(res.rawPayload);
    const pages = pdfPages(text);
    expect(pages).toBeGreaterThan(1);
    for (const [i, page] of text
      .split('\f')
      .filter((p) => p.trim())
      .entries()) {
      expect(page).toContain(`Pagina ${i + 1} di ${pages}`);
      expect(page).toMatch(/Data\s+Pratica\s+Cliente\s+Servizio/);
    }
  });
});

describe('estratto conto: the progressive number', () => {
  const numberOf = (res: { headers: Record<string, unknown> }) => String(res.headers['x-estratto-numero']);

  it('is unique and gap-free in the year; the same content keeps its number; a change gets the next', async () => {
    const pf = userOf('pfA').id;
    const first = numberOf(await estratto(cookieOf('pfA'), pf, CUR_MONTH));
    expect(first).toMatch(new RegExp(`^${romeParts(now).year}/\\d{6}$`));
    // Asked again, as PDF or by the admin: the same document, the same number.
    expect(numberOf(await estratto(cookieOf('pfA'), pf, CUR_MONTH, 'pdf'))).toBe(first);
    expect(numberOf(await estratto(world.admin, pf, CUR_MONTH))).toBe(first);

    // A payment changes what it says: a new number, which names the one it replaces.
    const pay = await ctx.app.inject({
      method: 'PUT',
      url: `/api/commissioni/${ids.a4}/payment`,
      headers: { cookie: world.admin },
      payload: { status: 'pagato' },
    });
    expect(pay.statusCode).toBe(200);
    const second = await estratto(cookieOf('pfA'), pf, CUR_MONTH, 'pdf');
    expect(numberOf(second)).not.toBe(first);
    const flat = pdfText(second.rawPayload).replace(/\s+/g, ' ');
    expect(flat).toContain(`Sostituisce l’estratto n. ${first}`);

    const register = await ctx.db
      .select()
      .from(estrattiConto)
      .where(eq(estrattiConto.anno, romeParts(now).year));
    const numbers = register.map((r) => r.numero).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(
      register.find((r) => `${r.anno}/${String(r.numero).padStart(6, '0')}` === numberOf(second)),
    ).toMatchObject({
      beneficiarioId: pf,
      periodo: CUR_MONTH,
      intestatario: { ruolo: 'punto_fisico' },
    });
  });

  it('hands out distinct numbers to statements produced at the same time', async () => {
    const before = (await ctx.db.select().from(estrattiConto)).length;
    const requests = [PREV_MONTH, PREV_QUARTER, QUARTER_FIRST_MONTH].flatMap((periodo) =>
      PAYEES.map(({ key: payee }) => estratto(world.admin, userOf(payee).id, `${periodo}`, 'pdf')),
    );
    const numbers = (await Promise.all(requests)).map(numberOf);
    // Nine different payees and periods: nine different statements.
    expect(new Set(numbers).size).toBe(9);
    const register = await ctx.db.select().from(estrattiConto);
    expect(new Set(register.map((r) => `${r.anno}/${r.numero}`)).size).toBe(register.length);
    expect(register.length).toBeGreaterThanOrEqual(before);
    const all = register.map((r) => r.numero).sort((a, b) => a - b);
    expect(all).toEqual(all.map((_, i) => i + 1));
  });
});

describe('estratti conto of a period: the payees and the ZIP', () => {
  it('lists the payees with movements in the period, each with the total its statement shows', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/estratti-conto/beneficiari?periodo=${CUR_QUARTER}`,
      headers: { cookie: world.amministrazione.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<BeneficiariList>();
    expect(list.periodo.key).toBe(CUR_QUARTER);
    const found = new Map(list.beneficiari.map((b) => [`${b.id}:${b.ruolo}`, b]));
    for (const { key: payee, role } of PAYEES) {
      const b = found.get(`${userOf(payee).id}:${role}`)!;
      expect(b, payee).toBeTruthy();
      const xlsx = await readEstrattoXlsx((await estratto(world.admin, b.id, CUR_QUARTER)).rawPayload);
      expect(b.totale).toBe(xlsx.totals[T.totale]);
      expect(b.righe).toBe(xlsx.rows.length);
    }
    expect(found.has(`${world.pfB.user.id}:punto_fisico`)).toBe(true);
    // Nobody without a movement in the period.
    const prev = await ctx.app.inject({
      method: 'GET',
      url: `/api/estratti-conto/beneficiari?periodo=${PREV_QUARTER}`,
      headers: { cookie: world.admin },
    });
    expect(prev.json<BeneficiariList>().beneficiari.map((b) => b.id)).not.toContain(world.pfB.user.id);
  });

  it('the ZIP holds every payee’s PDF and XLSX and a summary, whose totals match the statements', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/estratti-conto/zip?periodo=${CUR_QUARTER}`,
      headers: { cookie: world.admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`estratti-conto-${CUR_QUARTER}.zip`);
    const files = unzip(res.rawPayload);
    const list = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/estratti-conto/beneficiari?periodo=${CUR_QUARTER}`,
        headers: { cookie: world.admin },
      })
    ).json<BeneficiariList>();
    const names = [...files.keys()];
    expect(names.filter((n) => n.endsWith('.pdf'))).toHaveLength(list.beneficiari.length);
    expect(names.filter((n) => n.endsWith('.xlsx') && !n.startsWith('riepilogo'))).toHaveLength(
      list.beneficiari.length,
    );
    expect(names).toContain(`riepilogo-${CUR_QUARTER}.xlsx`);
    for (const b of list.beneficiari) {
      const pdfName = names.find((n) => n.endsWith('.pdf') && n.includes(b.lastName.replace(/\s+/g, '-')))!;
      expect(pdfName, `${b.lastName}`).toBeTruthy();
      const flat = pdfText(files.get(pdfName)!).replace(/\s+/g, ' ');
      expect(flat).toContain(`${b.firstName} ${b.lastName}`);
      const xlsx = await readEstrattoXlsx(files.get(pdfName.replace(/\.pdf$/, '.xlsx'))!);
      expect(xlsx.totals[T.totale]).toBe(b.totale);
    }
    const riepilogo = await readEstrattoXlsx(files.get(`riepilogo-${CUR_QUARTER}.xlsx`)!).catch(() => null);
    expect(riepilogo).not.toBeNull();
  });

  it('an empty period gives a ZIP with the summary only', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/estratti-conto/zip?periodo=2001-01`,
      headers: { cookie: world.admin },
    });
    expect(res.statusCode).toBe(200);
    expect([...unzip(res.rawPayload).keys()]).toEqual(['riepilogo-2001-01.xlsx']);
  });
});
