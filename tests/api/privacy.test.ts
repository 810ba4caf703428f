import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  commissioni,
  consensi,
  documenti,
  emailOutbox,
  leads,
  pratiche,
  praticheEventi,
  servizi,
} from '#server/db/schema.ts';
import { consentFingerprint, consentKeyFrom } from '#server/modules/privacy/anonymise.ts';
import { normalizeEmail, normalizeTelefono } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import type { CommissioniList } from '#shared/schemas/commissione.ts';
import { romeParts } from '#shared/time.ts';
import { readEstrattoXlsx } from '#test/setup/estratti.ts';
import {
  buildSubmission,
  insertCommissione,
  insertDocumento,
  insertServizio,
} from '#test/setup/factories.ts';
import { unzip } from '#test/setup/spreadsheet.ts';
import { createTestContext, TEST_SESSION_SECRET, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica } from '#test/setup/world.ts';

let ctx: TestContext;
let w: Awaited<ReturnType<typeof buildTwoShopWorld>>;
const key = consentKeyFrom(TEST_SESSION_SECRET);
const p = romeParts(new Date());
const MONTH = `${p.year}-${String(p.month).padStart(2, '0')}`;

beforeAll(async () => {
  ctx = await createTestContext();
  w = await buildTwoShopWorld(ctx);
});
afterAll(async () => ctx?.close());

/** A customer as the landing creates them: lead, practice, services, consent with IP and user agent. */
async function submitLead(ip = '198.51.100.23') {
  const body = buildSubmission(w.puntoA.id, { note: 'Chiamare dopo le 18, chiedere di Marta' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/submit-form',
    payload: body as unknown as Record<string, unknown>,
    remoteAddress: ip,
    headers: {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) TestPhone',
      'idempotency-key': randomBytes(16).toString('hex'),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [pratica] = await ctx.db
    .select()
    .from(pratiche)
    .where(eq(pratiche.id, res.json<{ praticaId: number }>().praticaId));
  return { body, pratica, leadId: pratica.leadId };
}

const erase = (id: number | string, cookie: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/leads/${id}/erase`, headers: { cookie } });
const exportPersona = (id: number | string, cookie: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/leads/${id}/personal-data`, headers: { cookie } });

async function summaryOf(cookie: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/commissioni?pageSize=200',
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json<CommissioniList>();
  return { summary: list.summary, amounts: list.items.map((c) => [c.id, c.importoPuntoFisico]) };
}

async function estrattoTotals(beneficiarioId: number) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/estratti-conto/${beneficiarioId}?periodo=${MONTH}&formato=xlsx`,
    headers: { cookie: w.admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (await readEstrattoXlsx(res.rawPayload)).totals;
}

describe('permissions of erasure and export', () => {
  it.each<[Role]>([['amministrazione'], ['area_manager'], ['agente'], ['punto_fisico']])(
    '%s may neither erase nor export (403), and nothing changes',
    async (role) => {
      const { lead } = await insertLeadWithPratica(ctx, w.puntoA.id);
      expect((await erase(lead.id, w.cookies[role])).statusCode).toBe(403);
      expect((await exportPersona(lead.id, w.cookies[role])).statusCode).toBe(403);
      const [row] = await ctx.db.select().from(leads).where(eq(leads.id, lead.id));
      expect(row.nome).toBe(lead.nome);
      expect(row.datiCancellatiAt).toBeNull();
    },
  );

  it.each([
    ['erase', erase],
    ['export', exportPersona],
  ] as const)('%s: 404 for an unknown lead, 400 for a malformed id, 401 signed out', async (_name, call) => {
    expect((await call(987654, w.admin)).statusCode).toBe(404);
    expect((await call('abc', w.admin)).statusCode).toBe(400);
    expect((await call(1, '')).statusCode).toBe(401);
  });
});

describe('POST /api/leads/:id/erase', () => {
  it('erases personal data and documents, keeps pseudonymised consent and commissions to the cent', async () => {
    const { body, pratica, leadId } = await submitLead('198.51.100.23');
    // A second practice of the same customer, with a staff document and its event.
    const second = await submitLead('198.51.100.24');
    expect(second.leadId).not.toBe(leadId);
    const [servizio] = await ctx.db.select().from(servizi).where(eq(servizi.praticaId, pratica.id));
    await ctx.db.update(servizi).set({ stato: 'completato' }).where(eq(servizi.id, servizio.id));
    await insertCommissione(ctx.db, {
      praticaId: pratica.id,
      servizioId: servizio.id,
      customerName: `${body.nome} ${body.cognome}`,
      puntoFisicoId: w.puntoA.id,
      payeePuntoFisicoId: w.pfA.user.id,
      payeeAgenteId: w.agA.user.id,
      payeeAreaManagerId: w.amA.user.id,
      importoPuntoFisico: '31.17',
      importoAgente: '12.05',
      importoAreaManager: '4.99',
      importoAmministrazione: '70.01',
      statoPagamento: 'pagato',
    });
    const doc1 = await insertDocumento(
      ctx.db,
      { praticaId: pratica.id, displayName: 'carta identita Verdi.pdf' },
      ctx.storage,
    );
    const doc2 = await insertDocumento(ctx.db, { praticaId: pratica.id, parte: 'gasFile' }, ctx.storage);
    await ctx.db.insert(praticheEventi).values({
      praticaId: pratica.id,
      tipo: 'documento_aggiunto',
      descrizione: "Aggiunto il documento 'carta identita Verdi.pdf'",
    });
    const [consentBefore] = await ctx.db.select().from(consensi).where(eq(consensi.leadId, leadId));
    expect(consentBefore.ip).toBe('198.51.100.23');
    expect(consentBefore.userAgent).toContain('TestPhone');
    const [{ n: outboxBefore }] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.leadId, leadId));
    expect(outboxBefore).toBeGreaterThan(0);

    const before = {
      admin: await summaryOf(w.admin),
      pf: await summaryOf(w.cookies.punto_fisico),
      estrattoPf: await estrattoTotals(w.pfA.user.id),
      estrattoAg: await estrattoTotals(w.agA.user.id),
    };

    const res = await erase(leadId, w.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ documentiRimossi: 2 });

    // The lead: no name, contact, and no longer found by its phone or e-mail.
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({
      nome: msg.privacy.erasedNome,
      cognome: msg.privacy.erasedCognome,
      email: '',
      telefono: '',
    });
    expect(lead.datiCancellatiAt).not.toBeNull();
    const text = JSON.stringify(lead);
    expect(text).not.toContain(body.cognome);
    expect(text).not.toContain(normalizeTelefono(body.telefono));
    for (const q of [body.telefono, body.email, body.cognome]) {
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/leads?search=${encodeURIComponent(q)}`,
        headers: { cookie: w.admin },
      });
      expect(list.json<{ items: Array<{ id: number }> }>().items.map((i) => i.id)).not.toContain(leadId);
    }
    // The practice: no note, IP, user agent; documents gone from the database and the store.
    const [pr] = await ctx.db.select().from(pratiche).where(eq(pratiche.id, pratica.id));
    expect(pr).toMatchObject({ note: null, indirizzoIp: null, userAgent: null, documentiCaricati: null });
    expect(pr.statoPratica).toBe(pratica.statoPratica);
    expect(await ctx.db.select().from(documenti).where(eq(documenti.praticaId, pratica.id))).toEqual([]);
    expect(await ctx.storage.get(doc1.filename)).toBeNull();
    expect(await ctx.storage.get(doc2.filename)).toBeNull();
    const events = await ctx.db.select().from(praticheEventi).where(eq(praticheEventi.praticaId, pratica.id));
    expect(events.map((e) => e.descrizione)).toEqual([msg.privacy.erase.eventoDocumento]);
    // E-mails about the customer (they carry name, phone, e-mail) are gone.
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, leadId))).toEqual([]);
    // The consent proof stays, pseudonymised: findable by whoever brings the same phone or e-mail.
    const [consent] = await ctx.db.select().from(consensi).where(eq(consensi.leadId, leadId));
    expect(consent).toMatchObject({
      id: consentBefore.id,
      praticaId: pratica.id,
      versioneInformativa: consentBefore.versioneInformativa,
      testo: consentBefore.testo,
      accettatoAt: consentBefore.accettatoAt,
      ip: '198.51.100.0',
      userAgent: null,
      improntaTelefono: consentFingerprint(key, normalizeTelefono(body.telefono)),
      improntaEmail: consentFingerprint(key, normalizeEmail(body.email)),
    });
    // Money: the commission row, every total and every statement are the same to the cent.
    const [c] = await ctx.db.select().from(commissioni).where(eq(commissioni.praticaId, pratica.id));
    expect(c).toMatchObject({
      customerName: 'Cliente cancellato',
      importoPuntoFisico: '31.17',
      importoAgente: '12.05',
      importoAreaManager: '4.99',
      importoAmministrazione: '70.01',
      statoPagamento: 'pagato',
    });
    expect(await summaryOf(w.admin)).toEqual(before.admin);
    expect(await summaryOf(w.cookies.punto_fisico)).toEqual(before.pf);
    expect(await estrattoTotals(w.pfA.user.id)).toEqual(before.estrattoPf);
    expect(await estrattoTotals(w.agA.user.id)).toEqual(before.estrattoAg);
    // The other customer is untouched.
    const [other] = await ctx.db.select().from(leads).where(eq(leads.id, second.leadId));
    expect(other.nome).toBe('Lucia');
    expect(other.datiCancellatiAt).toBeNull();
    // Recorded in the audit log, with who and from where, and no personal data.
    const [event] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tipo, 'cancellazione_dati_lead'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(event).toMatchObject({ oggettoTipo: 'lead', oggettoId: leadId, dettagli: { documenti: 2 } });
    expect(event.utente).toContain('admin');
    expect(event.ip).toBeTruthy();
    expect(JSON.stringify(event)).not.toContain(body.cognome);

    // Twice: 409 with its message, nothing changes.
    const again = await erase(leadId, w.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(msg.privacy.erase.already);
  });

  it('the lead detail says the data were erased', async () => {
    const { leadId } = await submitLead();
    expect((await erase(leadId, w.admin)).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/leads/${leadId}`,
      headers: { cookie: w.admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().datiCancellatiAt).toEqual(expect.any(String));
  });
});

describe('the consent record is append-only', () => {
  it('the database refuses to delete, truncate or rewrite a consent', async () => {
    const { leadId } = await submitLead();
    const [row] = await ctx.db.select().from(consensi).where(eq(consensi.leadId, leadId));
    await expect(ctx.db.delete(consensi).where(eq(consensi.id, row.id))).rejects.toThrow();
    await expect(ctx.db.execute(sql`truncate consensi`)).rejects.toThrow();
    await expect(
      ctx.db.update(consensi).set({ versioneInformativa: 'altra' }).where(eq(consensi.id, row.id)),
    ).rejects.toThrow();
    // Even the pseudonymisation may not change what was accepted, nor happen twice.
    await expect(
      ctx.db
        .update(consensi)
        .set({
          improntaTelefono: 'x',
          improntaEmail: 'y',
          userAgent: null,
          ip: null,
          pseudonimizzatoAt: new Date(),
          accettatoAt: new Date(0),
        })
        .where(eq(consensi.id, row.id)),
    ).rejects.toThrow();
    const [after] = await ctx.db.select().from(consensi).where(eq(consensi.id, row.id));
    expect(after).toEqual(row);
  });

  it('deleting a lead (admin office) keeps its consent, pseudonymised', async () => {
    const { leadId, body } = await submitLead('198.51.100.77');
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/leads/${leadId}`,
      headers: { cookie: w.admin },
    });
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.select().from(leads).where(eq(leads.id, leadId))).toEqual([]);
    const [consent] = await ctx.db.select().from(consensi).where(eq(consensi.leadId, leadId));
    expect(consent).toMatchObject({
      ip: '198.51.100.0',
      userAgent: null,
      improntaEmail: consentFingerprint(key, normalizeEmail(body.email)),
    });
  });
});

describe('GET /api/leads/:id/personal-data', () => {
  it('a ZIP with dati.json (lead, practices, services, consent) and every document, recorded in the audit log', async () => {
    const { body, pratica, leadId } = await submitLead('198.51.100.50');
    await insertServizio(ctx.db, { praticaId: pratica.id, tipoServizio: 'internet' });
    const doc = await insertDocumento(
      ctx.db,
      { praticaId: pratica.id, displayName: 'bolletta luce.pdf' },
      ctx.storage,
    );
    const res = await exportPersona(leadId, w.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`dati-personali-lead-${leadId}`);
    const files = unzip(res.rawPayload);
    const names = [...files.keys()];
    expect(names).toContain('dati.json');
    expect(names).toContain(`documenti/${doc.id}-bolletta_luce.pdf`);
    expect(files.get(`documenti/${doc.id}-bolletta_luce.pdf`)?.toString()).toBe('%PDF-1.4 prova');
    const json = files.get('dati.json')!.toString();
    const data = JSON.parse(json);
    expect(data.cliente).toMatchObject({
      id: leadId,
      nome: body.nome,
      cognome: body.cognome,
      email: body.email,
    });
    expect(data.pratiche[0]).toMatchObject({ id: pratica.id, note: body.note, indirizzoIp: '198.51.100.50' });
    expect(data.pratiche[0].servizi.map((s: { tipoServizio: string }) => s.tipoServizio)).toContain(
      'internet',
    );
    expect(data.consensiPrivacy[0]).toMatchObject({
      ip: '198.51.100.50',
      versioneInformativa: expect.any(String),
    });
    // Nothing about other people: no staff e-mail, no storage keys.
    expect(json).not.toContain(doc.filename);
    expect(json).not.toContain(w.pfA.user.email);
    const events = await ctx.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.tipo, ['esportazione_dati_persona']));
    expect(events.some((e) => e.oggettoId === leadId)).toBe(true);
  });
});
