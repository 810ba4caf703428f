import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '#shared/messages.ts';
import { leads, praticheEventi, schedeContratto, servizi } from '#server/db/schema.ts';
import { insertCommissioneConfig, insertPratica } from '#test/setup/factories.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';
import { SCHEDA_LUCE_COMPLETA } from '#test/support/scheda.ts';
import { unzip } from '#test/setup/spreadsheet.ts';

let ctx: TestContext;
let admin: string;
const e = msg.scheda.errori;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
});
afterAll(async () => ctx?.close());

const get = (id: number, cookie = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/servizi/${id}/scheda`, headers: { cookie } });
const put = (
  id: number,
  payload: Record<string, unknown>,
  cookie = admin,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/servizi/${id}/scheda`,
    headers: { cookie, ...headers },
    payload,
  });

async function luce() {
  const pratica = await insertPratica(ctx.db, { servizi: ['luce'] });
  return { pratica, id: pratica.servizi[0].id };
}

describe('GET /api/servizi/{id}/scheda', () => {
  it('starts from the customer and the landing channel, incomplete, saving nothing', async () => {
    const { id } = await luce();
    const res = await get(id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.scheda).toMatchObject({ intestatarioTipo: 'persona', nome: 'Carla', canale: 'web_qr' });
    expect(body.completa).toBe(false);
    expect(body.mancanti).toEqual(expect.arrayContaining(['Tipo di operazione', 'Codice fiscale']));
    expect(body.aggiornataIl).toBeNull();
    expect(await ctx.db.select().from(schedeContratto).where(eq(schedeContratto.servizioId, id))).toEqual([]);
  });
});

describe('PUT /api/servizi/{id}/scheda', () => {
  it('saves a complete scheda: Scheda completa, RID from SEPA, the fields named in the history', async () => {
    const { pratica, id } = await luce();
    const res = await put(id, {
      ...SCHEDA_LUCE_COMPLETA,
      codiceFiscale: 'rssmra45d25f205n',
      pod: 'it001e 12345678',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ completa: true, mancanti: [] });
    expect(res.json().scheda).toMatchObject({ codiceFiscale: 'RSSMRA45D25F205N', pod: 'IT001E12345678' });
    expect((await get(id)).json().completa).toBe(true);
    const [row] = await ctx.db.select().from(servizi).where(eq(servizi.id, id));
    expect(row.ridPresente).toBe(true);

    const eventi = await ctx.db.select().from(praticheEventi).where(eq(praticheEventi.praticaId, pratica.id));
    expect(eventi).toHaveLength(1);
    expect(eventi[0].tipo).toBe('scheda_modificata');
    expect(eventi[0].descrizione).toContain('IBAN');
    expect(eventi[0].descrizione).toContain('Numero del documento');
    // Which fields, never their values.
    expect(eventi[0].descrizione).not.toContain(SCHEDA_LUCE_COMPLETA.iban);
    expect(eventi[0].descrizione).not.toContain(SCHEDA_LUCE_COMPLETA.documentoNumero);

    // Saving the same scheda again records nothing new; choosing bollettino removes the RID.
    await put(id, SCHEDA_LUCE_COMPLETA);
    expect(
      await ctx.db.select().from(praticheEventi).where(eq(praticheEventi.praticaId, pratica.id)),
    ).toHaveLength(1);
    const bollettino = {
      ...SCHEDA_LUCE_COMPLETA,
      pagamento: 'bollettino',
      iban: '',
      ibanIntestatario: '',
      ibanCodiceFiscale: '',
    };
    expect((await put(id, bollettino)).json().completa).toBe(true);
    const [after] = await ctx.db.select().from(servizi).where(eq(servizi.id, id));
    expect(after.ridPresente).toBe(false);
    const [ultimo] = await ctx.db
      .select()
      .from(praticheEventi)
      .where(eq(praticheEventi.praticaId, pratica.id))
      .orderBy(praticheEventi.id)
      .offset(1);
    expect(ultimo.descrizione).toBe(
      "Scheda contratto Luce modificata: Pagamento, IBAN, Intestatario del conto, Codice fiscale dell'intestatario del conto",
    );
  });

  it.each([
    ['a wrong check character in the codice fiscale', { codiceFiscale: 'RSSMRA45D25F205X' }, e.codiceFiscale],
    ['an IBAN with a wrong check', { iban: 'IT61X0542811101000000123456' }, e.ibanControllo],
    ['an Italian IBAN of 26 characters', { iban: 'IT60X054281110100000012345' }, e.ibanLunghezza],
    ['a POD without its E', { pod: 'IT001X12345678' }, e.pod],
    ['a partita IVA with a wrong check digit', { partitaIva: '12345678901' }, e.partitaIva],
    ['an expired document', { documentoScadenza: '2020-01-31' }, e.documentoScaduto],
    ['an implausible power', { potenzaKw: '0.1' }, e.potenza],
    ['an implausible consumption', { consumoAnnuo: '5000000' }, e.consumoKwh],
    ['an unknown province', { residenzaProvincia: 'ZZ' }, e.provincia],
    ['an operation of another service', { tipoOperazione: 'migrazione' }, e.operazione],
    ['a gas field on a luce service', { pdr: '00880000123456' }, e.nonPrevisto],
  ])('refuses %s with its Italian message (400), changing nothing', async (_, change, message) => {
    const { id } = await luce();
    await put(id, SCHEDA_LUCE_COMPLETA);
    const res = await put(id, { ...SCHEDA_LUCE_COMPLETA, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [row] = await ctx.db.select().from(schedeContratto).where(eq(schedeContratto.servizioId, id));
    expect(row.dati).toEqual(SCHEDA_LUCE_COMPLETA);
  });

  it('refuses a 13-digit PDR on a gas service', async () => {
    const pratica = await insertPratica(ctx.db, { servizi: ['gas'] });
    const res = await put(pratica.servizi[0].id, { pdr: '0088000012345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(e.pdr);
  });

  // 22:30 UTC on 30 June is already 1 July in Rome.
  it('checks the document on the day of the request (Europe/Rome)', async () => {
    const { id } = await luce();
    const scheda = { ...SCHEDA_LUCE_COMPLETA, documentoScadenza: '2026-06-30' };
    expect((await put(id, scheda, admin, { 'x-test-now': '2026-06-30T22:30:00Z' })).statusCode).toBe(400);
    expect((await put(id, scheda, admin, { 'x-test-now': '2026-06-30T21:30:00+02:00' })).statusCode).toBe(
      200,
    );
  });
});

describe('who may read and write a scheda', () => {
  it.each(['agente', 'area_manager', 'punto_fisico'] as const)('refuses %s (403)', async (role) => {
    const { id } = await luce();
    const { cookie } = await loginAs(ctx, role);
    expect((await get(id, cookie)).statusCode).toBe(403);
    expect((await put(id, { nome: 'X' }, cookie)).statusCode).toBe(403);
  });

  it('lets amministrazione work it, and answers 404 for a service that does not exist', async () => {
    const { id } = await luce();
    const { cookie } = await loginAs(ctx, 'amministrazione');
    expect((await put(id, { nome: 'Anna' }, cookie)).statusCode).toBe(200);
    expect((await get(999_999)).statusCode).toBe(404);
    expect((await put(999_999, { nome: 'Anna' })).json().message).toBe(msg.scheda.notFound);
  });
});

describe('completing a service', () => {
  it('takes the RID from the scheda payment, not from the dialog', async () => {
    await insertCommissioneConfig(ctx.db, { codice: 'ENEL', servizio: 'luce' });
    const { id } = await luce();
    await put(id, { ...SCHEDA_LUCE_COMPLETA, pagamento: 'bollettino', iban: '' });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/servizi/${id}/status`,
      headers: { cookie: admin },
      payload: { stato: 'completato', fornitore: 'ENEL', ridPresente: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().servizio.ridPresente).toBe(false);
  });
});

describe("the practice list's 'Scheda incompleta' filter", () => {
  it('keeps the practices with a service whose scheda is missing or incomplete', async () => {
    const completa = await luce();
    await put(completa.id, SCHEDA_LUCE_COMPLETA);
    const senza = await luce();
    const meta = await luce();
    await put(meta.id, { nome: 'Anna' });
    const list = async (query: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/pratiche?pageSize=200&${query}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(200);
      return res.json().items.map((p: { id: number }) => p.id);
    };
    const ids = await list('schedaIncompleta=true');
    expect(ids).toEqual(expect.arrayContaining([senza.pratica.id, meta.pratica.id]));
    expect(ids).not.toContain(completa.pratica.id);
    expect(await list('')).toContain(completa.pratica.id);
    // With a search too: the practices found are filtered the same way.
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, senza.pratica.leadId));
    expect(await list(`schedaIncompleta=true&search=${encodeURIComponent(lead.cognome)}`)).toEqual([
      senza.pratica.id,
    ]);
  });
});

describe('the scheda as personal data', () => {
  it("is in the person's export and gone after the erasure", async () => {
    const { pratica, id } = await luce();
    await put(id, SCHEDA_LUCE_COMPLETA);
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/leads/${pratica.leadId}/personal-data`,
      headers: { cookie: admin },
    });
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(unzip(exported.rawPayload).get('dati.json')!.toString());
    expect(data.pratiche[0].servizi[0].schedaContratto).toEqual(SCHEDA_LUCE_COMPLETA);

    const erased = await ctx.app.inject({
      method: 'POST',
      url: `/api/leads/${pratica.leadId}/erase`,
      headers: { cookie: admin },
    });
    expect(erased.statusCode).toBe(200);
    expect(await ctx.db.select().from(schedeContratto).where(eq(schedeContratto.servizioId, id))).toEqual([]);
  });
});

describe('found by its codes', () => {
  it('finds the practice and the lead by POD, codice fiscale, partita IVA and PDR typed whole, spaces and case aside', async () => {
    const { pratica, id } = await luce();
    await put(id, { ...SCHEDA_LUCE_COMPLETA, pod: 'IT002E87654321', codiceFiscale: 'BNCGLI80A41H501C' });
    const gas = await insertPratica(ctx.db, { servizi: ['gas'] });
    await put(gas.servizi[0].id, {
      intestatarioTipo: 'impresa',
      partitaIva: '01114601006',
      pdr: '00880000999999',
    });
    const search = async (list: 'pratiche' | 'leads', term: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/${list}?search=${encodeURIComponent(term)}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((p: { id: number }) => p.id);
    };
    expect(await search('pratiche', 'it002e 87654321')).toEqual([pratica.id]);
    expect(await search('pratiche', 'bncgli80a41h501c')).toEqual([pratica.id]);
    expect(await search('pratiche', '00880000999999')).toEqual([gas.id]);
    expect(await search('leads', '01114601006')).toEqual([gas.leadId]);
    expect(await search('leads', 'IT002E87654321')).toEqual([pratica.leadId]);
  });
});
