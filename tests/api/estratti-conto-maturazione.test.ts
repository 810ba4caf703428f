import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/commissioni/maturazione.ts';
import { msg } from '#shared/messages.ts';
import { formatDayKey, parsePeriodoEstratto } from '#shared/periodi.ts';
import type { CommissioniList } from '#shared/schemas/commissione.ts';
import { romeDateKey, romeParts, romeWallTimeToDate } from '#shared/time.ts';
import { pdfText, readEstrattoXlsx } from '#test/setup/estratti.ts';
import { fornitoreByCodice, insertCommissione, insertPuntoFisico } from '#test/setup/factories.ts';
import { createTestContext, loginAs, type TestContext } from '#test/setup/test-app.ts';
import { insertLeadWithPratica } from '#test/setup/world.ts';

// docs/product/commissions.md#estratto-conto: the statement splits the period's commissions into
// matured and in maturazione, and shows an advance as such.
const T = msg.estrattoConto.totali;
const now = new Date();
const today = romeDateKey(now);
const { year, month } = romeParts(now);
const quarter = `${year}-T${Math.ceil(month / 3)}`;
const quarterStart = romeWallTimeToDate(year, Math.floor((month - 1) / 3) * 3 + 1, 1);
// A minute ago, but inside the quarter whatever the time of the run.
const at = (seconds: number) =>
  new Date(Math.max(quarterStart.getTime() + seconds * 1000, now.getTime() - 60_000 + seconds * 1000));

let ctx: TestContext;
let payee: Awaited<ReturnType<typeof loginAs>>;
const fineInMaturazione = addDays(today, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  payee = await loginAs(ctx, 'punto_fisico');
  const punto = await insertPuntoFisico(ctx.db, { utenteResponsabileId: payee.user.id });
  const { pratica, servizi } = await insertLeadWithPratica(ctx, punto.id, {}, ['luce', 'gas', 'internet']);
  const enel = await fornitoreByCodice(ctx.db, 'ENEL');
  const base = {
    praticaId: pratica.id,
    puntoFisicoId: punto.id,
    payeePuntoFisicoId: payee.user.id,
    fornitoreId: enel.id,
  };
  // Matured: its window ended yesterday.
  await insertCommissione(ctx.db, {
    ...base,
    servizioId: servizi[0].id,
    customerName: 'Maria Matura',
    importoPuntoFisico: '10.00',
    dataCompletamento: at(0),
    fineRipensamento: addDays(today, -1),
  });
  // In maturazione, not paid.
  await insertCommissione(ctx.db, {
    ...base,
    servizioId: servizi[1].id,
    tipoServizio: 'gas',
    customerName: 'Gino Attesa',
    importoPuntoFisico: '20.00',
    dataCompletamento: at(1),
    fineRipensamento: fineInMaturazione,
  });
  // In maturazione and already paid: an advance.
  await insertCommissione(ctx.db, {
    ...base,
    servizioId: servizi[2].id,
    tipoServizio: 'internet',
    customerName: 'Anna Anticipo',
    importoPuntoFisico: '30.00',
    dataCompletamento: at(2),
    fineRipensamento: fineInMaturazione,
    statoPagamento: 'pagato',
    dataPagamento: at(3),
    anticipo: true,
  });
});
afterAll(async () => ctx?.close());

const estratto = (formato: 'pdf' | 'xlsx') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/estratti-conto/${payee.user.id}?periodo=${quarter}&formato=${formato}`,
    headers: { cookie: payee.cookie },
  });

describe('estratto conto: matured, in maturazione and advances apart, with subtotals', () => {
  it('the XLSX splits the totals and marks each row, as the Commissioni screen sums them', async () => {
    const res = await estratto('xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const xlsx = await readEstrattoXlsx(res.rawPayload);
    expect(xlsx.totals).toMatchObject({
      [T.maturate]: '60.00',
      [T.diCuiMaturate]: '10.00',
      [T.inMaturazione]: '50.00',
      [T.anticipi]: '30.00',
      [T.storni]: '0.00',
      [T.totale]: '60.00',
      [T.pagato]: '30.00',
      [T.daPagare]: '30.00',
    });
    const m = msg.estrattoConto;
    expect(xlsx.rows.map((r) => [r['Cliente'], r[m.colonnaMaturazione], r['Stato'], r['Importo']])).toEqual([
      ['Maria Matura', m.maturata, 'Da pagare', 10],
      ['Gino Attesa', m.inMaturazione, 'Da pagare', 20],
      ['Anna Anticipo', m.inMaturazione, m.statoAnticipo, 30],
    ]);
    const fine = xlsx.rows[1][m.colonnaFineRipensamento] as Date;
    expect(fine.toISOString().slice(0, 10)).toBe(fineInMaturazione);

    // The same figures as the payee's screen for the same period.
    const p = parsePeriodoEstratto(quarter)!;
    const screen = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/commissioni?dataInizio=${p.dataInizio}&dataFine=${p.dataFine}`,
        headers: { cookie: payee.cookie },
      })
    ).json<CommissioniList>();
    expect(screen.summary.maturazione).toEqual({ inMaturazione: '50.00', anticipi: '30.00' });
  });

  it('the PDF (read with pdftotext) has a section per kind with its subtotal, and the advance as Anticipo', async () => {
    const res = await estratto('pdf');
    expect(res.statusCode, res.body).toBe(200);
    const flat = pdfText(res.rawPayload).replace(/\s+/g, ' ');
    expect(flat).toContain('Commissioni del periodo € 60,00');
    expect(flat).toContain('di cui maturate € 10,00');
    expect(flat).toContain('di cui in maturazione € 50,00');
    expect(flat).toContain('di cui pagate in anticipo € 30,00');
    expect(flat).toContain('Commissioni maturate (1)');
    expect(flat).toContain('Subtotale commissioni maturate: € 10,00');
    expect(flat).toContain('Commissioni in maturazione (2)');
    expect(flat).toContain('Subtotale commissioni in maturazione: € 50,00');
    expect(flat).not.toContain('Storni (');
    // The matured section comes first, then the maturing one with its rows.
    const matured = flat.indexOf('Commissioni maturate (1)');
    const maturing = flat.indexOf('Commissioni in maturazione (2)');
    expect(matured).toBeLessThan(flat.indexOf('Maria Matura'));
    expect(flat.indexOf('Maria Matura')).toBeLessThan(maturing);
    expect(maturing).toBeLessThan(flat.indexOf('Anna Anticipo'));
    expect(flat.slice(maturing)).toMatch(/Anna Anticipo Internet Enel Energia Anticipo € 30,00 .*pagata il/);
    expect(flat.slice(maturing)).toContain(formatDayKey(fineInMaturazione));
    expect(flat.slice(0, maturing)).not.toContain(formatDayKey(fineInMaturazione));
    expect(flat).toContain('Totale del periodo: € 60,00');
  });
});
