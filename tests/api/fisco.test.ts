import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema.ts';
import { msg } from '#shared/messages.ts';
import type { EnasarcoRiepilogo, RitenuteRiepilogo } from '#shared/schemas/fisco.ts';
import type { ProfiloFiscaleInput, ProfiloFiscaleResponse } from '#shared/schemas/profilo-fiscale.ts';
import { romeWallTimeToDate } from '#shared/time.ts';
import { pdfText, readEstrattoXlsx } from '#test/setup/estratti.ts';
import { insertCommissione } from '#test/setup/factories.ts';
import { unzip } from '#test/setup/spreadsheet.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica } from '#test/setup/world.ts';

const F = msg.fisco.estratto;

let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildTwoShopWorld>>;

const at = (month: number, day: number, hour = 12, minute = 0) =>
  romeWallTimeToDate(2026, month, day, hour, minute);

const MONO: ProfiloFiscaleInput = {
  tipo: 'agente_monomandatario',
  partitaIva: '123 456 789 03',
  regime: 'ordinario',
  baseRitenuta: 50,
};

async function putProfilo(cookie: string, userId: number, body: unknown) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/users/${userId}/profilo-fiscale`,
    headers: { cookie },
    payload: body as object,
  });
}

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildTwoShopWorld(ctx);
  const { puntoA, puntoB, pfA, agA, amA, pfB, agB, amB } = world;
  const a = await insertLeadWithPratica(ctx, puntoA.id, {}, ['luce', 'gas']);
  const b = await insertLeadWithPratica(ctx, puntoB.id, {}, ['luce', 'gas']);
  const payeesA = {
    praticaId: a.pratica.id,
    puntoFisicoId: puntoA.id,
    payeePuntoFisicoId: pfA.user.id,
    payeeAgenteId: agA.user.id,
    payeeAreaManagerId: amA.user.id,
  };
  const payeesB = {
    praticaId: b.pratica.id,
    puntoFisicoId: puntoB.id,
    payeePuntoFisicoId: pfB.user.id,
    payeeAgenteId: agB.user.id,
    payeeAreaManagerId: amB.user.id,
  };
  // Agent A (mono): 100.00 paid in the first quarter, clawed back in the second; 1,234.56 in the second, paid in May.
  const q1 = await insertCommissione(ctx.db, {
    ...payeesA,
    servizioId: a.servizi[0].id,
    importoAgente: '100.00',
    dataCompletamento: at(2, 10),
    statoPagamento: 'pagato',
    dataPagamento: at(2, 28),
  });
  await insertCommissione(ctx.db, {
    ...payeesA,
    servizioId: a.servizi[0].id,
    importoPuntoFisico: '-30.00',
    importoAgente: '-100.00',
    importoAreaManager: '-5.00',
    importoAmministrazione: '-70.00',
    dataCompletamento: at(4, 20),
    stornoOfId: q1.id,
  });
  await insertCommissione(ctx.db, {
    ...payeesA,
    servizioId: a.servizi[1].id,
    tipoServizio: 'gas',
    importoPuntoFisico: '200.00',
    importoAgente: '1234.56',
    dataCompletamento: at(4, 15),
    statoPagamento: 'pagato',
    dataPagamento: at(5, 5),
  });
  // Agent B (pluri): 29,000 € before the quarter, 2,500 € in it: the 30,478 € cap is crossed mid-quarter.
  await insertCommissione(ctx.db, {
    ...payeesB,
    servizioId: b.servizi[0].id,
    importoAgente: '29000.00',
    dataCompletamento: at(3, 1),
  });
  // Paid at 00:30 on 1 June in Rome (still 31 May in UTC): a June payment.
  await insertCommissione(ctx.db, {
    ...payeesB,
    servizioId: b.servizi[1].id,
    importoAgente: '2500.00',
    dataCompletamento: at(5, 10),
    statoPagamento: 'pagato',
    dataPagamento: at(6, 1, 0, 30),
  });
  for (const [user, body] of [
    [agA.user.id, MONO],
    [agB.user.id, { ...MONO, tipo: 'agente_plurimandatario', partitaIva: '01234567897' }],
    [
      pfA.user.id,
      { ...MONO, tipo: 'punto_fisico_societa', partitaIva: '00743110157', regime: 'forfettario' },
    ],
  ] as const) {
    const res = await putProfilo(world.admin, user, body);
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => ctx?.close());

describe('fiscal profile', () => {
  it('the admin saves it, normalised; the audit log records the change without the partita IVA', async () => {
    const res = await get(world.admin, `/api/users/${world.agA.user.id}/profilo-fiscale`);
    expect(res.statusCode).toBe(200);
    expect(res.json<ProfiloFiscaleResponse>().profilo).toMatchObject({
      tipo: 'agente_monomandatario',
      partitaIva: '12345678903',
      regime: 'ordinario',
      baseRitenuta: 50,
    });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tipo, 'profilo_fiscale_modificato'), eq(auditLog.oggettoId, world.agA.user.id)));
    expect(entry.dettagli).toMatchObject({ tipo: 'agente_monomandatario', regime: 'ordinario' });
    expect(JSON.stringify(entry.dettagli)).not.toContain('12345678903');
  });

  it('bad input gets an Italian message and changes nothing', async () => {
    const id = world.amA.user.id;
    for (const [body, message] of [
      [{ ...MONO, partitaIva: '12345678904' }, msg.fisco.profilo.partitaIvaInvalid],
      [{ ...MONO, baseRitenuta: 30 }, msg.fisco.profilo.baseRequired],
      [{ ...MONO, regime: 'minimi' }, msg.fisco.profilo.regimeRequired],
    ] as const) {
      const res = await putProfilo(world.admin, id, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    const after = await get(world.admin, `/api/users/${id}/profilo-fiscale`);
    expect(after.json<ProfiloFiscaleResponse>().profilo).toBeNull();
  });

  it('403 for every other role, 404 for an unknown user or one not paid on commission', async () => {
    for (const cookie of [world.amministrazione.cookie, world.agA.cookie, world.pfA.cookie]) {
      expect((await putProfilo(cookie, world.agA.user.id, MONO)).statusCode).toBe(403);
      expect((await get(cookie, `/api/users/${world.agA.user.id}/profilo-fiscale`)).statusCode).toBe(403);
    }
    expect((await putProfilo(world.admin, 999_999, MONO)).statusCode).toBe(404);
    expect((await putProfilo(world.admin, world.amministrazione.user.id, MONO)).statusCode).toBe(404);
  });
});

describe('the statement an accountant can file', () => {
  it('agent, 2nd quarter with one clawback: gross, clawback, Enasarco, ritenuta and net add up, in the PDF and the XLSX', async () => {
    const id = world.agA.user.id;
    const xlsx = await readEstrattoXlsx(
      (await get(world.agA.cookie, `/api/estratti-conto/${id}?periodo=2026-T2&formato=xlsx`)).rawPayload,
    );
    const lines = {
      [F.lordo]: '1234.56',
      [F.storni]: '-100.00',
      [F.imponibile]: '1134.56',
      'Contributo Enasarco a carico dell’agente (8,5%)': '-96.44',
      'Ritenuta d’acconto 23% su 50% (€ 567,28)': '-130.47',
      [F.netto]: '907.65',
    };
    for (const [label, value] of Object.entries(lines)) expect(xlsx.totals[label], label).toBe(value);

    const pdf = await get(world.admin, `/api/estratti-conto/${id}?periodo=2026-T2&formato=pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    for (const line of [
      `${F.lordo} € 1.234,56`,
      `${F.storni} € -100,00`,
      `${F.imponibile} € 1.134,56`,
      'Contributo Enasarco a carico dell’agente (8,5%) € -96,44',
      'Ritenuta d’acconto 23% su 50% (€ 567,28) € -130,47',
      `${F.netto} € 907,65`,
      'Agente monomandatario · P.IVA 12345678903 · regime Ordinario',
    ])
      expect(text).toContain(line);
  });

  it('the cap crossed mid-quarter: only the part below it pays Enasarco', async () => {
    const xlsx = await readEstrattoXlsx(
      (await get(world.admin, `/api/estratti-conto/${world.agB.user.id}?periodo=2026-T2&formato=xlsx`))
        .rawPayload,
    );
    expect(xlsx.totals['Contributo Enasarco a carico dell’agente (8,5%)']).toBe('-125.63');
    expect(xlsx.totals[F.netto]).toBe('2086.87');
  });

  it('a shop as a company in the forfettario regime: no Enasarco, no ritenuta; without a profile the statement says so', async () => {
    const pf = await readEstrattoXlsx(
      (await get(world.admin, `/api/estratti-conto/${world.pfA.user.id}?periodo=2026-T2&formato=xlsx`))
        .rawPayload,
    );
    expect(pf.totals[F.ritenutaNessuna]).toBe('0.00');
    expect(pf.totals[F.netto]).toBe(pf.totals[F.imponibile]);
    const am = await get(world.admin, `/api/estratti-conto/${world.amA.user.id}?periodo=2026-T2&formato=pdf`);
    expect(pdfText(am.rawPayload).replace(/\s+/g, ' ')).toContain(F.senzaProfilo);
  });
});

describe('the ZIP of a period: its summary sheet has the net figures of each statement', () => {
  it('gross, clawbacks, taxable, Enasarco, ritenuta and net per payee, as in each statement, and their sums', async () => {
    const res = await get(world.admin, '/api/estratti-conto/zip?periodo=2026-T2');
    expect(res.statusCode, res.body).toBe(200);
    const files = unzip(res.rawPayload);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(files.get('riepilogo-2026-T2.xlsx')! as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const Z = msg.estrattoConto.riepilogoZip;
    const columns = [F.lordo, F.storni, F.imponibile, Z.enasarco, Z.ritenuta, F.netto];
    for (const c of columns) expect(header, c).toContain(c);
    const rows: Array<Record<string, unknown>> = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push(Object.fromEntries(header.map((h, i) => [h, (row.values as unknown[])[i + 1]])));
    });
    const cents = (v: unknown) => (v === '' || v == null ? null : Math.round(Number(v) * 100));
    const totalRow = rows.pop()!;
    expect(totalRow['Numero']).toBe(Z.totale);

    // Each row is its statement's 'Riepilogo fiscale', to the cent.
    const expected: Record<string, Array<number | null>> = {
      [world.agA.user.email]: [123456, -10000, 113456, -9644, -13047, 90765],
      // 2,500 € past the cap at 30,478 €: Enasarco on 1,478 € only; ritenuta 23% of 1,250 €.
      [world.agB.user.email]: [250000, 0, 250000, -12563, -28750, 208687],
    };
    expect(rows.map((r) => r['Email'])).toEqual(expect.arrayContaining(Object.keys(expected)));
    for (const row of rows) {
      const statement = [...files.keys()].find(
        (k) => k.startsWith(`EC-${String(row['Numero']).replace('/', '-')}_`) && k.endsWith('.xlsx'),
      )!;
      expect(statement, String(row['Numero'])).toBeTruthy();
      const xlsx = await readEstrattoXlsx(files.get(statement)!);
      const lines = Object.entries(xlsx.totals);
      const line = (prefix: string) => lines.find(([label]) => label.startsWith(prefix))?.[1];
      const figures = columns.map((c) => cents(row[c]));
      if (row[Z.profilo] === Z.senzaProfilo) {
        expect(figures).toEqual([null, null, null, null, null, null]);
        expect(line(F.netto)).toBeUndefined();
      } else {
        expect(figures[0]).toBe(cents(line(F.lordo)));
        expect(figures[1]).toBe(cents(line(F.storni)));
        expect(figures[2]).toBe(cents(line(F.imponibile)));
        expect(figures[3]).toBe(cents(line('Contributo Enasarco')));
        expect(figures[4]).toBe(cents(line('Ritenuta d’acconto')));
        expect(figures[5]).toBe(cents(line(F.netto)));
        // The lines add up: taxable = gross + clawbacks; net = taxable − Enasarco − ritenuta.
        expect(figures[2]).toBe(figures[0]! + figures[1]!);
        expect(figures[5]).toBe(figures[2]! + figures[3]! + figures[4]!);
      }
      const own = expected[String(row['Email'])];
      if (own) expect(figures).toEqual(own);
    }
    // The last row sums every column, to the cent.
    for (const c of columns) {
      const sum = rows.reduce((n, r) => n + (cents(r[c]) ?? 0), 0);
      expect(cents(totalRow[c]), c).toBe(sum);
    }
  });
});

describe('the admin’s summaries', () => {
  it('Enasarco of the quarter: both shares, the top-up to the minimum, the due date; the same in XLSX', async () => {
    const res = await get(world.admin, '/api/fisco/enasarco?periodo=2026-T2');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<EnasarcoRiepilogo>();
    expect(r.scadenza).toBe('2026-08-20');
    expect(
      r.righe.map((x) => [
        x.beneficiarioId,
        x.imponibileEnasarco,
        x.quotaAgente,
        x.quotaPreponente,
        x.integrazioneMinimale,
        x.totale,
        x.massimaleRaggiunto,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [world.agA.user.id, '1134.56', '96.44', '96.44', '63.62', '256.50', false],
        [world.agB.user.id, '1478.00', '125.63', '125.63', '0.00', '251.26', true],
      ]),
    );
    expect(r.righe).toHaveLength(2);
    expect(r.totali).toEqual({
      quotaAgente: '222.07',
      quotaPreponente: '222.07',
      integrazioneMinimale: '63.62',
      totale: '507.76',
    });
    // amA, pfB and amB have commissions in the quarter and no profile.
    expect(r.senzaProfilo).toBe(3);

    const xlsx = await get(world.admin, '/api/fisco/enasarco/xlsx?periodo=2026-T2');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const last = book.worksheets[0].lastRow!;
    expect([last.getCell(1).value, last.getCell(8).value]).toEqual([msg.fisco.riepiloghi.totali, 507.76]);
  });

  it('ritenute of the month: on what was paid in it (Rome days), to pay by the 16th of the next', async () => {
    const may = (await get(world.admin, '/api/fisco/ritenute?periodo=2026-05')).json<RitenuteRiepilogo>();
    expect(may.scadenza).toBe('2026-06-16');
    expect(may.codiceTributo).toBe('1038');
    // agA: 1,234.56 paid on 5 May → 617.28 × 23%; agB's payment is June's; pfA is forfettario; amA has no profile.
    expect(may.righe.map((x) => [x.beneficiarioId, x.pagato, x.imponibile, x.ritenuta])).toEqual([
      [world.agA.user.id, '1234.56', '617.28', '141.97'],
    ]);
    expect(may.totali.ritenuta).toBe('141.97');
    expect(may.senzaProfilo).toBe(1);
    const june = (await get(world.admin, '/api/fisco/ritenute?periodo=2026-06')).json<RitenuteRiepilogo>();
    expect(june.righe.map((x) => [x.beneficiarioId, x.ritenuta])).toEqual([[world.agB.user.id, '287.50']]);
    expect((await get(world.admin, '/api/fisco/ritenute/xlsx?periodo=2026-05')).statusCode).toBe(200);
  });

  it('admin only; a quarter for Enasarco and a month for the ritenute', async () => {
    for (const cookie of [world.amministrazione.cookie, world.agA.cookie])
      for (const url of ['/api/fisco/enasarco?periodo=2026-T2', '/api/fisco/ritenute/xlsx?periodo=2026-05'])
        expect((await get(cookie, url)).statusCode).toBe(403);
    const wrong = await get(world.admin, '/api/fisco/enasarco?periodo=2026-05');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(msg.fisco.riepiloghi.periodoInvalid);
  });
});
