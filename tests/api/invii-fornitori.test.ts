import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tracciatoPredefinito } from '#shared/invii-fornitori.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import { auditLog, inviiLottiServizi, schedeContratto, servizi, serviziStorico } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/sql-helpers.ts';
import { fornitoreByCodice, insertPratica } from '#test/setup/factories.ts';
import { readCsvRows } from '#test/setup/spreadsheet.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';
import { SCHEDA_LUCE_COMPLETA } from '#test/support/scheda.ts';

let ctx: TestContext;
let admin: string;
let enel: number;
let edison: number;
const e = msg.inviiFornitori.errori;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  enel = (await fornitoreByCodice(ctx.db, 'ENEL')).id;
  edison = (await fornitoreByCodice(ctx.db, 'EDISON')).id;
});
afterAll(async () => ctx?.close());

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A practice with one luce service; `completa` writes its scheda as the scheda screen would leave it. */
async function luce(options: { completa?: boolean; fornitoreId?: number; cognome?: string } = {}) {
  const pratica = await insertPratica(ctx.db, {
    servizi: [{ tipoServizio: 'luce', fornitoreId: options.fornitoreId ?? null }],
  });
  const servizio = pratica.servizi[0];
  const dati = { ...SCHEDA_LUCE_COMPLETA, cognome: options.cognome ?? 'Rossi' };
  await ctx.db
    .insert(schedeContratto)
    .values({ servizioId: servizio.id, praticaId: pratica.id, dati, completa: options.completa ?? true });
  return servizio.id;
}

async function readXlsx(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push(
      (row.values as Array<string | number | null>).slice(1).map((v) => (v == null ? '' : String(v))),
    );
  });
  return rows;
}

const LAYOUT = [
  { intestazione: 'ID SERVIZIO', sorgente: 'servizio.id' },
  { intestazione: 'COGNOME', sorgente: 'scheda.cognome', maiuscolo: true },
  { intestazione: 'POD', sorgente: 'scheda.pod' },
  { intestazione: 'NASCITA', sorgente: 'scheda.dataNascita', formatoData: 'yyyy-MM-dd' },
  { intestazione: 'POTENZA', sorgente: 'scheda.potenzaKw', decimali: 'punto' },
  { intestazione: 'AGENZIA', sorgente: 'fisso', valore: 'WINSOLUTION' },
];

describe('permissions and ids', () => {
  it.each<Role>(['area_manager', 'agente', 'punto_fisico'])('refuses %s with 403', async (role) => {
    const { cookie } = await loginAs(ctx, role);
    expect(
      (await call('GET', `/api/invii-fornitori/${enel}/tracciati/luce`, undefined, cookie)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/invii-fornitori/${enel}/lotti`, { tipoServizio: 'luce' }, cookie)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/invii-lotti/1/file`, undefined, cookie)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown supplier or batch, 400 for a service the supplier does not offer', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/invii-fornitori/99999/tracciati/luce'],
      ['GET', '/api/invii-fornitori/99999/da-inviare?tipoServizio=luce'],
      ['GET', '/api/invii-fornitori/99999/lotti'],
      ['POST', '/api/invii-fornitori/99999/lotti', { tipoServizio: 'luce' }],
      ['POST', '/api/invii-lotti/99999/reinvio', {}],
      ['GET', '/api/invii-lotti/99999/file'],
    ] as Array<[Method, string, object?]>) {
      const res = await call(method, url, body);
      expect(res.statusCode, url).toBe(404);
    }
    const tim = (await fornitoreByCodice(ctx.db, 'TIM')).id;
    const res = await call('GET', `/api/invii-fornitori/${tim}/tracciati/luce`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      fillMessage(e.servizioNonOfferto, { fornitore: 'TIM', servizio: 'Luce' }),
    );
  });
});

describe('tracciato', () => {
  it('starts from the default layout, then keeps each save as a new version, audited', async () => {
    const first = await call('GET', `/api/invii-fornitori/${edison}/tracciati/gas`);
    expect(first.json()).toMatchObject({ versione: 0, salvatoIl: null });
    expect(first.json().colonne).toEqual(tracciatoPredefinito('gas'));
    expect(first.json().colonne.map((c: { sorgente: string }) => c.sorgente)).toContain('scheda.pdr');

    const v1 = await call('PUT', `/api/invii-fornitori/${edison}/tracciati/gas`, {
      colonne: LAYOUT.slice(0, 2),
    });
    expect(v1.statusCode).toBe(200);
    expect(v1.json()).toMatchObject({ versione: 1, salvatoDa: expect.any(String) });
    const v2 = await call('PUT', `/api/invii-fornitori/${edison}/tracciati/gas`, {
      colonne: LAYOUT.slice(0, 3),
    });
    expect(v2.json().versione).toBe(2);
    const now = await call('GET', `/api/invii-fornitori/${edison}/tracciati/gas`);
    expect(now.json().colonne.map((c: { intestazione: string }) => c.intestazione)).toEqual([
      'ID SERVIZIO',
      'COGNOME',
      'POD',
    ]);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.oggettoTipo, 'tracciato_fornitore'));
    expect(audit.map((a) => a.dettagli)).toEqual([
      { tipoServizio: 'gas', versione: 1, colonne: 2 },
      { tipoServizio: 'gas', versione: 2, colonne: 3 },
    ]);
  });

  it.each([
    [[], e.colonneRequired],
    [[{ intestazione: ' ', sorgente: 'servizio.id' }], e.intestazioneRequired],
    [[{ intestazione: 'A', sorgente: 'fisso' }], e.valoreRequired],
    [[{ intestazione: 'A', sorgente: 'lead.password' }], e.sorgenteInvalid],
    [
      [
        { intestazione: 'POD', sorgente: 'scheda.pod' },
        { intestazione: 'pod', sorgente: 'scheda.pdr' },
      ],
      fillMessage(e.intestazioneDoppia, { intestazione: 'pod' }),
    ],
  ])('refuses a bad layout %j with its Italian message, saving nothing', async (colonne, message) => {
    const res = await call('PUT', `/api/invii-fornitori/${edison}/tracciati/luce`, { colonne });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await call('GET', `/api/invii-fornitori/${edison}/tracciati/luce`)).json().versione).toBe(0);
  });
});

describe('da inviare, batches, re-send', () => {
  it('lists, previews and exports the complete services once, moving them to in_lavorazione', async () => {
    const a = await luce({ cognome: 'Alfieri' });
    const b = await luce({ cognome: 'Bruni', fornitoreId: enel });
    const incompleta = await luce({ completa: false });
    const altroFornitore = await luce({ fornitoreId: edison });
    await call('PUT', `/api/invii-fornitori/${enel}/tracciati/luce`, { colonne: LAYOUT });

    const page1 = await call('GET', `/api/invii-fornitori/${enel}/da-inviare?tipoServizio=luce&pageSize=1`);
    expect(page1.json()).toMatchObject({ total: 2, totalIsLowerBound: false, items: [{ servizioId: a }] });
    const page2 = await call(
      'GET',
      `/api/invii-fornitori/${enel}/da-inviare?tipoServizio=luce&pageSize=1&cursor=${page1.json().nextCursor}`,
    );
    expect(page2.json()).toMatchObject({ items: [{ servizioId: b }], nextCursor: null });

    const preview = await call('POST', `/api/invii-fornitori/${enel}/anteprima`, {
      tipoServizio: 'luce',
      colonne: LAYOUT,
    });
    expect(preview.json().righe[0]).toEqual([
      String(a),
      'ALFIERI',
      'IT001E12345678',
      '1945-04-25',
      '3',
      'WINSOLUTION',
    ]);
    // The preview is a list on screen: IBAN and document number masked; the file has them whole.
    const masked = await call('POST', `/api/invii-fornitori/${enel}/anteprima`, {
      tipoServizio: 'luce',
      colonne: [
        { intestazione: 'IBAN', sorgente: 'scheda.iban' },
        { intestazione: 'DOCUMENTO', sorgente: 'scheda.documentoNumero' },
      ],
    });
    expect(masked.json().righe[0]).toEqual(['IT60 **** 3456', '******5XY']);

    // An id that is not 'Da inviare' to this supplier is refused, and nothing is sent.
    for (const id of [incompleta, altroFornitore, 99999]) {
      const res = await call('POST', `/api/invii-fornitori/${enel}/lotti`, {
        tipoServizio: 'luce',
        servizioIds: [a, id],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(fillMessage(e.servizioNonDaInviare, { id }));
    }
    expect(await ctx.db.select().from(inviiLottiServizi)).toEqual([]);

    const res = await call('POST', `/api/invii-fornitori/${enel}/lotti`, { tipoServizio: 'luce' });
    expect(res.statusCode).toBe(201);
    const lotto = res.json();
    expect(lotto).toMatchObject({
      numero: 1,
      righe: 2,
      tracciatoVersione: 1,
      formato: 'xlsx',
      reinvioDiNumero: null,
    });

    const file = await call('GET', `/api/invii-lotti/${lotto.id}/file`);
    expect(file.headers['content-disposition']).toContain('lotto-enel-1.xlsx');
    const rows = await readXlsx(file.rawPayload);
    expect(rows).toEqual([
      LAYOUT.map((c) => c.intestazione),
      [String(a), 'ALFIERI', 'IT001E12345678', '1945-04-25', '3', 'WINSOLUTION'],
      [String(b), 'BRUNI', 'IT001E12345678', '1945-04-25', '3', 'WINSOLUTION'],
    ]);

    for (const id of [a, b]) {
      const [row] = await ctx.db.select().from(servizi).where(eq(servizi.id, id));
      expect(row).toMatchObject({ stato: 'in_lavorazione', fornitoreId: enel });
      const storico = await ctx.db.select().from(serviziStorico).where(eq(serviziStorico.servizioId, id));
      expect(storico.map((s) => [s.daStato, s.aStato, s.nota])).toEqual([
        ['inserito', 'in_lavorazione', 'inviata al fornitore, lotto 1'],
      ]);
    }
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.oggettoTipo, 'lotto_fornitore'), eq(auditLog.oggettoId, lotto.id)));
    expect(audit.map((x) => x.dettagli)).toEqual([
      expect.objectContaining({ numero: 1, righe: 2, formato: 'xlsx', tracciatoVersione: 1 }),
      expect.objectContaining({ numero: 1, scaricato: true }),
    ]);

    // Never twice: the list is empty, a second export refuses, a named id is "already in a batch".
    expect(
      (await call('GET', `/api/invii-fornitori/${enel}/da-inviare?tipoServizio=luce`)).json().total,
    ).toBe(0);
    const again = await call('POST', `/api/invii-fornitori/${enel}/lotti`, { tipoServizio: 'luce' });
    expect([again.statusCode, again.json().message]).toEqual([409, e.nessunServizio]);
    const named = await call('POST', `/api/invii-fornitori/${enel}/lotti`, {
      tipoServizio: 'luce',
      servizioIds: [a],
    });
    expect([named.statusCode, named.json().message]).toEqual([409, fillMessage(e.giaInviato, { id: a })]);
    // The unique index itself refuses a second first sending.
    const duplicate = await ctx.db
      .insert(inviiLottiServizi)
      .values({ lottoId: lotto.id + 0, servizioId: a, invio: 1 })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);

    // 'Invia di nuovo': the services still in_lavorazione, on purpose, in batch 2 (CSV this time).
    await ctx.db.update(servizi).set({ stato: 'ko', koMotivazione: 'dati_errati' }).where(eq(servizi.id, b));
    const resent = await call('POST', `/api/invii-lotti/${lotto.id}/reinvio`, { formato: 'csv' });
    expect(resent.statusCode).toBe(201);
    expect(resent.json()).toMatchObject({ numero: 2, righe: 1, reinvioDiNumero: 1, formato: 'csv' });
    const csv = readCsvRows((await call('GET', `/api/invii-lotti/${resent.json().id}/file`)).rawPayload);
    expect(csv).toEqual([
      LAYOUT.map((c) => c.intestazione),
      [String(a), 'ALFIERI', 'IT001E12345678', '1945-04-25', '3', 'WINSOLUTION'],
    ]);
    const sendings = await ctx.db.select().from(inviiLottiServizi).where(eq(inviiLottiServizi.servizioId, a));
    expect(sendings.map((s) => s.invio).sort()).toEqual([1, 2]);

    const list = await call('GET', `/api/invii-fornitori/${enel}/lotti`);
    expect(list.json()).toMatchObject({ total: 2, items: [{ numero: 2 }, { numero: 1 }] });
  });
});
