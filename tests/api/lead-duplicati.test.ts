import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consensi, documenti, emailOutbox, leads, pratiche, schedeContratto } from '#server/db/schema.ts';
import { msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import {
  buildSubmission,
  insertCommissione,
  insertDocumento,
  insertLead,
  insertPratica,
} from '#test/setup/factories.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, SCOPED_ROLES, UNSCOPED_ROLES } from '#test/setup/world.ts';

let ctx: TestContext;
let w: Awaited<ReturnType<typeof buildTwoShopWorld>>;

beforeAll(async () => {
  ctx = await createTestContext();
  w = await buildTwoShopWorld(ctx);
});
afterAll(async () => ctx?.close());

const d = msg.lead.duplicati;
const tag = () => randomBytes(4).toString('hex');
const phone = () => `347${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as Record<string, unknown> });
const unisci = (id: number, altroLeadId: unknown, cookie = w.admin) =>
  post(`/api/leads/${id}/unisci`, cookie, { altroLeadId });
const separa = (id: number, altroLeadId: unknown, cookie = w.admin) =>
  post(`/api/leads/${id}/tieni-separati`, cookie, { altroLeadId });

/** Two leads of shop A with the same phone and different e-mails, each with a practice. */
async function pairAtA(share: 'telefono' | 'email' = 'telefono') {
  const t = tag();
  const tel = phone();
  const first = await insertLead(ctx.db, {
    nome: 'Maria',
    cognome: `Rossi ${t}`,
    telefono: tel,
    email: `maria.${t}@esempio.it`,
    puntoFisicoOriginaleId: w.puntoA.id,
  });
  const second = await insertLead(ctx.db, {
    nome: 'Maria',
    cognome: `Rossi ${t}`,
    telefono: share === 'telefono' ? `+39 ${tel}` : phone(),
    email: share === 'email' ? `MARIA.${t}@esempio.it` : `m.rossi.${t}@esempio.it`,
    puntoFisicoOriginaleId: w.puntoA.id,
  });
  const p1 = await insertPratica(ctx.db, { leadId: first.id, puntoFisicoId: w.puntoA.id, servizi: ['luce'] });
  const p2 = await insertPratica(ctx.db, { leadId: second.id, puntoFisicoId: w.puntoA.id, servizi: ['gas'] });
  return { first, second, p1, p2 };
}

async function listItem(id: number, cookie: string) {
  const res = await get(`/api/leads?search=${id}&pageSize=100`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const all = await get('/api/leads?pageSize=100', cookie);
  return (all.json().items as Array<{ id: number; possibileDuplicato: boolean }>).find((l) => l.id === id);
}

describe('the landing: same phone and e-mail is the same customer, one of the two is a possible duplicate', () => {
  const submit = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/submit-form', payload, remoteAddress: '198.51.100.9' });

  it('a second submission sharing only the phone makes a new lead with what was typed, flagged for staff', async () => {
    const first = buildSubmission(w.puntoA.id);
    const a = (await submit(first)).json();
    const second = { ...buildSubmission(w.puntoB.id), telefono: first.telefono, nome: 'Giulia' };
    const b = (await submit(second)).json();
    const [pa] = await ctx.db.select().from(pratiche).where(eq(pratiche.id, a.praticaId));
    const [pb] = await ctx.db.select().from(pratiche).where(eq(pratiche.id, b.praticaId));
    expect(pb.leadId).not.toBe(pa.leadId);
    const [leadB] = await ctx.db.select().from(leads).where(eq(leads.id, pb.leadId));
    expect(leadB).toMatchObject({ nome: 'Giulia', email: second.email, puntoFisicoOriginaleId: w.puntoB.id });
    // The first customer's record is untouched.
    const [leadA] = await ctx.db.select().from(leads).where(eq(leads.id, pa.leadId));
    expect(leadA).toMatchObject({ nome: first.nome, email: first.email });
    const detail = (await get(`/api/leads/${pb.leadId}`, w.admin)).json();
    expect(detail.possibileDuplicato).toBe(true);
    expect(detail.possibiliDuplicati).toEqual([
      expect.objectContaining({ id: pa.leadId, stessoTelefono: true, stessaEmail: false }),
    ]);
  });

  it('a second submission with the same phone and e-mail (written differently) reuses the lead', async () => {
    const first = buildSubmission(w.puntoA.id);
    const a = (await submit(first)).json();
    const b = (
      await submit({
        ...buildSubmission(w.puntoB.id),
        telefono: `+39 ${first.telefono}`,
        email: first.email.toUpperCase(),
      })
    ).json();
    const rows = await ctx.db
      .select({ leadId: pratiche.leadId })
      .from(pratiche)
      .where(inArray(pratiche.id, [a.praticaId, b.praticaId]));
    expect(new Set(rows.map((r) => r.leadId)).size).toBe(1);
  });
});

describe('the marker', () => {
  it.each(['telefono', 'email'] as const)(
    'two leads sharing the %s are marked in list and detail, for every role that sees both',
    async (share) => {
      const { first, second } = await pairAtA(share);
      for (const role of [...UNSCOPED_ROLES, ...SCOPED_ROLES] as Role[]) {
        expect((await listItem(second.id, w.cookies[role]))?.possibileDuplicato, role).toBe(true);
        const detail = (await get(`/api/leads/${second.id}`, w.cookies[role])).json();
        expect(detail.possibiliDuplicati.map((x: { id: number }) => x.id)).toEqual([first.id]);
        expect(detail.possibiliDuplicati[0]).toMatchObject({
          stessoTelefono: share === 'telefono',
          stessaEmail: share === 'email',
        });
      }
    },
  );

  it("a lead whose twin is another shop's is not marked for the shop (nothing about the other customer leaks)", async () => {
    const t = tag();
    const tel = phone();
    await insertLead(ctx.db, {
      telefono: tel,
      email: `b.${t}@esempio.it`,
      puntoFisicoOriginaleId: w.puntoB.id,
    });
    const mine = await insertLead(ctx.db, {
      telefono: tel,
      email: `a.${t}@esempio.it`,
      puntoFisicoOriginaleId: w.puntoA.id,
    });
    await insertPratica(ctx.db, { leadId: mine.id, puntoFisicoId: w.puntoA.id });
    for (const role of SCOPED_ROLES) {
      const detail = await get(`/api/leads/${mine.id}`, w.cookies[role]);
      expect(detail.json()).toMatchObject({ possibileDuplicato: false, possibiliDuplicati: [] });
      expect(detail.body).not.toContain(`b.${t}@`);
    }
    expect((await get(`/api/leads/${mine.id}`, w.admin)).json().possibileDuplicato).toBe(true);
  });

  it('leads sharing nothing are not marked', async () => {
    const lead = await insertLead(ctx.db, { puntoFisicoOriginaleId: w.puntoA.id });
    expect((await get(`/api/leads/${lead.id}`, w.admin)).json()).toMatchObject({
      possibileDuplicato: false,
      possibiliDuplicati: [],
    });
  });
});

/** Two leads sharing no contact, each with a practice at `punti[i]` whose service's scheda has `codes[i]`. */
async function codePair(
  codes: [Partial<typeof schedeContratto.$inferInsert>, Partial<typeof schedeContratto.$inferInsert>],
  punti = [w.puntoA.id, w.puntoA.id],
) {
  const made = [];
  for (const i of [0, 1]) {
    const lead = await insertLead(ctx.db, { puntoFisicoOriginaleId: punti[i] });
    const p = await insertPratica(ctx.db, { leadId: lead.id, puntoFisicoId: punti[i], servizi: ['luce'] });
    await ctx.db
      .insert(schedeContratto)
      .values({ servizioId: p.servizi[0].id, praticaId: p.id, dati: {}, ...codes[i] });
    made.push(lead);
  }
  return made;
}

describe('the codes of the schede (docs/product/lifecycle.md#doppioni)', () => {
  // Unique per call: the typed columns hold normalised codes, their check is the scheda's business.
  const cf = () => `RS${tag()}${tag()}`.slice(0, 16).toUpperCase();
  const pod = () => `IT001E${tag()}`.toUpperCase();
  const pdr = () => String(Math.floor(1e13 + Math.random() * 9e13));
  const fresh = { codiceFiscale: cf, pod, pdr };
  const none = { stessoTelefono: false, stessaEmail: false };

  it.each([
    ['codice fiscale', 'codiceFiscale', { stessoCodiceFiscale: true, stessoPodPdr: false }],
    ['POD', 'pod', { stessoCodiceFiscale: false, stessoPodPdr: true }],
    ['PDR', 'pdr', { stessoCodiceFiscale: false, stessoPodPdr: true }],
  ] as const)(
    'two leads with different contacts and the same %s are listed and mergeable',
    async (_, col, flags) => {
      const value = fresh[col]();
      // The first also has a codice fiscale of its own: one shared code is enough.
      const [first, second] = await codePair([{ codiceFiscale: cf(), [col]: value }, { [col]: value }]);
      expect((await listItem(second.id, w.admin))?.possibileDuplicato).toBe(true);
      const detail = (await get(`/api/leads/${second.id}`, w.amministrazione.cookie)).json();
      expect(detail.possibiliDuplicati).toEqual([
        expect.objectContaining({ id: first.id, ...none, ...flags }),
      ]);
      const res = await unisci(second.id, first.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().pratiche).toHaveLength(2);
    },
  );

  it('different codes in the schede are no duplicates, and may not be merged (409)', async () => {
    const [first, second] = await codePair([
      { codiceFiscale: cf(), pod: pod() },
      { codiceFiscale: cf(), pod: pod() },
    ]);
    expect((await get(`/api/leads/${second.id}`, w.admin)).json().possibileDuplicato).toBe(false);
    expect((await unisci(second.id, first.id)).statusCode).toBe(409);
  });

  it("a scoped role never sees another shop's lead with the same code", async () => {
    const value = cf();
    const [, mine] = await codePair(
      [{ codiceFiscale: value }, { codiceFiscale: value }],
      [w.puntoB.id, w.puntoA.id],
    );
    for (const role of SCOPED_ROLES) {
      expect((await listItem(mine.id, w.cookies[role]))?.possibileDuplicato, role).toBe(false);
      const detail = (await get(`/api/leads/${mine.id}`, w.cookies[role])).json();
      expect(detail, role).toMatchObject({ possibileDuplicato: false, possibiliDuplicati: [] });
    }
    expect((await get(`/api/leads/${mine.id}`, w.admin)).json().possibileDuplicato).toBe(true);
  });
});

describe('Tieni separati', () => {
  it('removes the marker on both leads, records the decision in both histories, and is idempotent', async () => {
    const { first, second } = await pairAtA();
    const res = await separa(second.id, first.id, w.amministrazione.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ possibileDuplicato: false, possibiliDuplicati: [] });
    expect(res.json().storico).toEqual([
      expect.objectContaining({
        tipo: 'duplicato_separato',
        descrizione: expect.stringContaining(`#${first.id}`),
      }),
    ]);
    const other = (await get(`/api/leads/${first.id}`, w.admin)).json();
    expect(other.possibileDuplicato).toBe(false);
    expect(other.storico).toHaveLength(1);
    expect((await listItem(first.id, w.admin))?.possibileDuplicato).toBe(false);
    // Again: nothing new.
    expect((await separa(first.id, second.id)).statusCode).toBe(200);
    expect((await get(`/api/leads/${first.id}`, w.admin)).json().storico).toHaveLength(1);
  });

  it('a third lead with the same phone is still a possible duplicate of both', async () => {
    const { first, second } = await pairAtA();
    await separa(second.id, first.id);
    const third = await insertLead(ctx.db, {
      telefono: first.telefono,
      email: `terzo.${tag()}@esempio.it`,
      puntoFisicoOriginaleId: w.puntoA.id,
    });
    const detail = (await get(`/api/leads/${third.id}`, w.admin)).json();
    expect(detail.possibiliDuplicati.map((x: { id: number }) => x.id)).toEqual([first.id, second.id]);
  });
});

describe('Unisci', () => {
  it("two shops' leads of one customer merged: the second shop still finds the customer in its list, the first keeps it", async () => {
    const t = tag();
    const tel = phone();
    const atA = await insertLead(ctx.db, {
      cognome: `Unito ${t}`,
      telefono: tel,
      puntoFisicoOriginaleId: w.puntoA.id,
    });
    const atB = await insertLead(ctx.db, {
      cognome: `Unito ${t}`,
      telefono: tel,
      puntoFisicoOriginaleId: w.puntoB.id,
    });
    await insertPratica(ctx.db, { leadId: atB.id, puntoFisicoId: w.puntoB.id, servizi: ['luce'] });
    expect((await unisci(atA.id, atB.id)).statusCode).toBe(200);
    const ids = async (cookie: string) =>
      (await get(`/api/leads?search=Unito%20${t}`, cookie)).json().items.map((i: { id: number }) => i.id);
    expect(await ids(w.pfB.cookie)).toEqual([atA.id]);
    expect(await ids(w.pfA.cookie)).toEqual([atA.id]);
    const totalB = (await get(`/api/leads?search=Unito%20${t}`, w.pfB.cookie)).json();
    expect(totalB).toMatchObject({ total: 1, totalIsLowerBound: false });
    // The service filter's page and its total both follow the practice to the kept lead.
    const luceB = (await get(`/api/leads?search=Unito%20${t}&service=luce`, w.pfB.cookie)).json();
    expect(luceB).toMatchObject({ items: [{ id: atA.id }], total: 1, totalIsLowerBound: false });
    const luceAll = (await get(`/api/leads?service=luce&search=Unito%20${t}`, w.admin)).json();
    expect(luceAll).toMatchObject({ items: [{ id: atA.id }], total: 1, totalIsLowerBound: false });
  });

  it('moves practices, documents, consents, e-mails and history to the kept lead, deletes the other, records it', async () => {
    const { first, second, p1, p2 } = await pairAtA();
    const doc = await insertDocumento(ctx.db, { praticaId: p2.id }, ctx.storage);
    await ctx.db.insert(consensi).values({
      leadId: second.id,
      praticaId: p2.id,
      versioneInformativa: 'v1',
      testo: 'consenso',
      ip: '203.0.113.9',
    });
    const third = await insertLead(ctx.db, {
      email: second.email,
      telefono: phone(),
      puntoFisicoOriginaleId: w.puntoA.id,
    });
    await separa(second.id, third.id);

    const res = await unisci(first.id, second.id, w.amministrazione.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const kept = res.json();
    expect(kept.pratiche.map((p: { id: number }) => p.id)).toEqual([p1.id, p2.id]);
    expect(kept.storico[0]).toMatchObject({
      tipo: 'duplicato_unito',
      utenteNome: expect.any(String),
      descrizione: expect.stringContaining(`#${second.id}`),
    });
    // The "kept apart" decision with the third lead carried over to the kept one.
    expect(kept.storico.map((e: { tipo: string }) => e.tipo)).toEqual([
      'duplicato_unito',
      'duplicato_separato',
    ]);
    expect(await ctx.db.select().from(leads).where(eq(leads.id, second.id))).toEqual([]);
    const [movedDoc] = await ctx.db.select().from(documenti).where(eq(documenti.id, doc.id));
    expect(movedDoc.praticaId).toBe(p2.id);
    const stored = await ctx.storage.get(doc.filename);
    expect(stored).not.toBeNull();
    stored?.stream.destroy();
    const consents = await ctx.db.select().from(consensi).where(eq(consensi.praticaId, p2.id));
    expect(consents.map((c) => c.leadId)).toEqual([first.id]);
    expect((await get(`/api/leads/${second.id}`, w.admin)).statusCode).toBe(404);
    // The kept lead's own contacts stay; the merged lead's are written in the history.
    expect(kept.email).toBe(first.email);
    expect(kept.storico[0].descrizione).toContain(second.email);
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, second.id))).toEqual([]);
  });

  it('leaves every commission figure as it was', async () => {
    const { first, second, p2 } = await pairAtA();
    await insertCommissione(ctx.db, {
      praticaId: p2.id,
      servizioId: p2.servizi[0].id,
      tipoServizio: 'gas',
      customerName: `${second.nome} ${second.cognome}`,
      importoPuntoFisico: '31.17',
      importoAgente: '12.05',
      importoAreaManager: '4.99',
      importoAmministrazione: '70.01',
    });
    const figures = async () => {
      const out: Record<string, unknown> = {};
      for (const role of [...UNSCOPED_ROLES, ...SCOPED_ROLES] as Role[]) {
        const res = await get('/api/commissioni?pageSize=200', w.cookies[role]);
        expect(res.statusCode, res.body).toBe(200);
        out[role] = res.json();
      }
      return out;
    };
    const before = await figures();
    expect(JSON.stringify(before.admin)).toContain('31.17');
    expect((await unisci(first.id, second.id)).statusCode).toBe(200);
    expect(await figures()).toEqual(before);
  });

  it('refuses leads that share nothing (409), itself (400), bad ids (400), unknown ids (404), nothing changed', async () => {
    const { first } = await pairAtA();
    const stranger = await insertLead(ctx.db, { puntoFisicoOriginaleId: w.puntoA.id });
    const res = await unisci(first.id, stranger.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(d.nonDuplicati);
    expect((await unisci(first.id, first.id)).json().message).toBe(d.stessoLead);
    for (const bad of ['x', -1, 2 ** 31, null, 1.5])
      expect((await unisci(first.id, bad)).statusCode, String(bad)).toBe(400);
    expect((await unisci(first.id, 2_000_000_000)).statusCode).toBe(404);
    expect((await separa(2_000_000_000, first.id)).statusCode).toBe(404);
    expect(await ctx.db.select().from(leads).where(eq(leads.id, stranger.id))).toHaveLength(1);
  });

  it.each(SCOPED_ROLES)('%s may not merge or keep apart (403), and nothing changes', async (role) => {
    const { first, second } = await pairAtA();
    for (const call of [unisci, separa]) {
      const res = await call(first.id, second.id, w.cookies[role]);
      expect(res.statusCode).toBe(403);
    }
    expect((await get(`/api/leads/${first.id}`, w.admin)).json()).toMatchObject({
      possibileDuplicato: true,
      storico: [],
    });
  });
});
