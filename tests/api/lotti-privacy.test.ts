import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_CUSTOMER_NAME } from '#server/modules/privacy/anonymise.ts';
import {
  auditLog,
  esitiRighe,
  estrattiFornitoriRighe,
  inviiLotti,
  pratiche,
  riconciliazioniVoci,
  schedeContratto,
} from '#server/db/schema.ts';
import { fornitoreByCodice, insertPratica } from '#test/setup/factories.ts';
import { csvFile } from '#test/setup/import-files.ts';
import { readCsvRows, readXlsxRows, unzip } from '#test/setup/spreadsheet.ts';
import { createTestContext, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';
import { SCHEDA_LUCE_COMPLETA } from '#test/support/scheda.ts';

/**
 * The batch files sent to suppliers hold customers' data (docs/privacy.md#lotti-inviati-ai-fornitori):
 * an erasure or a deletion takes the person's rows out of every stored file, the other rows stay as
 * they were sent; the person's export lists the batches their services went out in.
 */
let ctx: TestContext;
let admin: string;
let enel: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  enel = (await fornitoreByCodice(ctx.db, 'ENEL')).id;
});
afterAll(async () => ctx?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

/** A customer with one luce service whose scheda is complete. */
async function cliente(cognome: string) {
  const pratica = await insertPratica(ctx.db, { servizi: [{ tipoServizio: 'luce' }] });
  const servizio = pratica.servizi[0];
  await ctx.db.insert(schedeContratto).values({
    servizioId: servizio.id,
    praticaId: pratica.id,
    dati: { ...SCHEDA_LUCE_COMPLETA, cognome },
    completa: true,
  });
  return { servizioId: servizio.id, leadId: pratica.leadId, praticaId: pratica.id };
}

async function lotto(formato: 'xlsx' | 'csv', servizioIds: number[]) {
  const res = await call('POST', `/api/invii-fornitori/${enel}/lotti`, {
    tipoServizio: 'luce',
    formato,
    servizioIds,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; numero: number }>();
}

async function rowsOf(id: number, formato: 'xlsx' | 'csv') {
  const res = await call('GET', `/api/invii-lotti/${id}/file`);
  expect(res.statusCode, res.body).toBe(200);
  return formato === 'xlsx' ? readXlsxRows(res.rawPayload) : readCsvRows(res.rawPayload);
}

const fileKey = async (id: number) =>
  (await ctx.db.select({ k: inviiLotti.fileKey }).from(inviiLotti).where(eq(inviiLotti.id, id)))[0].k;

describe('erasing a customer', () => {
  it.each(['xlsx', 'csv'] as const)(
    'takes their rows out of the stored %s batch file, the others as they were sent',
    async (formato) => {
      const [a, b, c] = [await cliente('Alfieri'), await cliente('Bruni'), await cliente('Corsi')];
      const sent = await lotto(formato, [a.servizioId, b.servizioId, c.servizioId]);
      const before = await rowsOf(sent.id, formato);
      expect(before.map((r) => r[0])).toEqual([
        before[0][0],
        String(a.servizioId),
        String(b.servizioId),
        String(c.servizioId),
      ]);
      const oldKey = await fileKey(sent.id);

      expect((await call('POST', `/api/leads/${b.leadId}/erase`)).statusCode).toBe(200);
      const after = await rowsOf(sent.id, formato);
      expect(after).toEqual([before[0], before[1], before[3]]);
      expect(JSON.stringify(after)).not.toContain('Bruni');
      // The copy with the person in it is gone from the store; the batch keeps its number and count.
      expect(await ctx.storage.get(oldKey)).toBeNull();
      const list = (await call('GET', `/api/invii-fornitori/${enel}/lotti?pageSize=50`)).json<{
        items: { id: number; numero: number; righe: number }[];
      }>();
      expect(list.items.find((l) => l.id === sent.id)).toMatchObject({ numero: sent.numero, righe: 3 });
      const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.oggettoId, b.leadId));
      expect(audit).toMatchObject({ tipo: 'cancellazione_dati_lead', dettagli: { lotti: 1 } });

      // A second erasure finds the right row although the file has one row less.
      expect((await call('POST', `/api/leads/${c.leadId}/erase`)).statusCode).toBe(200);
      expect(await rowsOf(sent.id, formato)).toEqual([before[0], before[1]]);
    },
  );

  it('takes the rows of a deleted customer out too, and a later erasure still finds its own', async () => {
    const [a, b, c] = [await cliente('Alfieri'), await cliente('Bruni'), await cliente('Corsi')];
    const sent = await lotto('xlsx', [a.servizioId, b.servizioId, c.servizioId]);
    const before = await rowsOf(sent.id, 'xlsx');
    expect((await call('DELETE', `/api/leads/${a.leadId}`)).statusCode).toBe(204);
    expect(await rowsOf(sent.id, 'xlsx')).toEqual([before[0], before[2], before[3]]);
    expect((await call('POST', `/api/leads/${c.leadId}/erase`)).statusCode).toBe(200);
    expect(await rowsOf(sent.id, 'xlsx')).toEqual([before[0], before[2]]);
  });

  it("leaves the batches of other customers alone, and 'Invia di nuovo' does not send an erased customer again", async () => {
    const [a, b] = [await cliente('Alfieri'), await cliente('Bruni')];
    const theirs = await lotto('xlsx', [a.servizioId]);
    const other = await lotto('xlsx', [b.servizioId]);
    const otherKey = await fileKey(other.id);
    expect((await call('POST', `/api/leads/${a.leadId}/erase`)).statusCode).toBe(200);
    expect(await fileKey(other.id)).toBe(otherKey);
    expect(await rowsOf(theirs.id, 'xlsx')).toHaveLength(1);
    const again = await call('POST', `/api/invii-lotti/${theirs.id}/reinvio`, { formato: 'xlsx' });
    expect(again.statusCode).toBe(409);
  });
});

describe("the suppliers' files that came back", () => {
  it('lose the cells of the rows matched to an erased customer; outcome, amounts and counts stay', async () => {
    const a = await cliente('Alfieri');
    await lotto('csv', [a.servizioId]);
    const post = (url: string, body: Buffer) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie: admin, 'content-type': 'application/octet-stream' },
        payload: body,
      });
    const esiti = (
      await post(
        `/api/esiti-fornitori?fornitoreId=${enel}&nomeFile=esiti.csv`,
        csvFile([
          ['N. servizio', 'Cliente', 'Esito'],
          [String(a.servizioId), 'ALFIERI MARIO', 'IN LAVORAZIONE'],
        ]),
      )
    ).json<{ id: number; mappatura: unknown }>();
    const checked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/esiti-fornitori/${esiti.id}/anteprima`,
      headers: { cookie: admin },
      payload: { mappatura: esiti.mappatura },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const estratto = await post(
      `/api/riconciliazioni/estratti?fornitoreId=${enel}&periodo=2025-01&nomeFile=estratto.csv`,
      csvFile([
        ['Servizio', 'Cliente', 'Importo'],
        [String(a.servizioId), 'ALFIERI MARIO', '10,00'],
      ]),
    );
    expect(estratto.statusCode, estratto.body).toBe(201);
    const estrattoId = estratto.json<{ id: number }>().id;
    const anteprima = await ctx.app.inject({
      method: 'PUT',
      url: `/api/riconciliazioni/estratti/${estrattoId}/anteprima`,
      headers: { cookie: admin },
      payload: {
        mappatura: { identificativi: [{ colonna: 'Servizio', chiave: 'servizioId' }], importo: 'Importo' },
      },
    });
    expect(anteprima.statusCode, anteprima.body).toBe(200);
    const confirmed = await call('POST', `/api/riconciliazioni/estratti/${estrattoId}/conferma`);
    expect(confirmed.statusCode, confirmed.body).toBe(201);

    expect((await call('POST', `/api/leads/${a.leadId}/erase`)).statusCode).toBe(200);
    const [riga] = await ctx.db.select().from(esitiRighe).where(eq(esitiRighe.servizioId, a.servizioId));
    expect(riga).toMatchObject({ valori: [], esito: 'gia_aggiornato' });
    const [pagata] = await ctx.db
      .select()
      .from(estrattiFornitoriRighe)
      .where(eq(estrattiFornitoriRighe.servizioId, a.servizioId));
    expect(pagata.valori).toEqual([]);
    const [voce] = await ctx.db
      .select()
      .from(riconciliazioniVoci)
      .where(eq(riconciliazioniVoci.servizioId, a.servizioId));
    expect(voce).toMatchObject({ cliente: ERASED_CUSTOMER_NAME, identificativo: null, pagato: '10.00' });
  });
});

describe("the person's export", () => {
  it('lists the batches their services went out in: number, date, supplier', async () => {
    const a = await cliente('Alfieri');
    const first = await lotto('xlsx', [a.servizioId]);
    const resent = (await call('POST', `/api/invii-lotti/${first.id}/reinvio`, { formato: 'csv' })).json<{
      numero: number;
    }>();
    const res = await call('GET', `/api/leads/${a.leadId}/personal-data`);
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(unzip(res.rawPayload).get('dati.json')!.toString());
    const [pratica] = await ctx.db.select().from(pratiche).where(eq(pratiche.id, a.praticaId));
    expect(data.pratiche[0].id).toBe(pratica.id);
    expect(data.pratiche[0].servizi[0].inviiAlFornitore).toEqual([
      { lotto: first.numero, data: expect.any(String), fornitore: 'Enel Energia', invio: 1 },
      { lotto: resent.numero, data: expect.any(String), fornitore: 'Enel Energia', invio: 2 },
    ]);
  });
});
