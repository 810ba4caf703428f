import { randomBytes, randomInt } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consensi, idempotencyKeys, leads, pratiche, puntiFisici, servizi } from '#server/db/schema.ts';
import {
  CONSULENTE_TELEFONO_PLACEHOLDER,
  DEMO_LANDING_CODE,
  PRIVACY_NOTICE_VERSION,
} from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { landingFormSchema } from '#shared/schemas/landing.ts';
import { buildSubmission, insertPuntoFisico, insertUser } from '#test/setup/factories.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
let puntoId: number;
let demoId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  puntoId = (await insertPuntoFisico(ctx.db)).id;
  const [demo] = await ctx.db
    .select({ id: puntiFisici.id })
    .from(puntiFisici)
    .where(eq(puntiFisici.landingCode, DEMO_LANDING_CODE));
  demoId = demo.id;
});
afterAll(async () => ctx?.close());

/** Each call from its own address, so that the per-IP limit never interferes with other tests. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const newKey = () => randomBytes(16).toString('hex');

function submit(
  payload: unknown,
  options: { key?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/submit-form',
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? randomIp(),
    headers: {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) TestPhone',
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...options.headers,
    },
  });
}

/** The lead a practice was attached to (the public answer does not say). */
async function leadOf(praticaId: number) {
  const [row] = await ctx.db
    .select({ leadId: pratiche.leadId })
    .from(pratiche)
    .where(eq(pratiche.id, praticaId));
  return row.leadId;
}

async function counts() {
  const [[l], [p], [s], [c]] = await Promise.all([
    ctx.db.select({ n: count() }).from(leads),
    ctx.db.select({ n: count() }).from(pratiche),
    ctx.db.select({ n: count() }).from(servizi),
    ctx.db.select({ n: count() }).from(consensi),
  ]);
  return { leads: l.n, pratiche: p.n, servizi: s.n, consensi: c.n };
}

describe('GET /api/landing/{code}', () => {
  it('answers the point and its agent as consultant', async () => {
    const agente = await insertUser(ctx.db, {
      role: 'agente',
      firstName: 'Anna',
      lastName: 'Galli',
      phone: '+39 347 1112233',
    });
    const am = await insertUser(ctx.db, {
      role: 'area_manager',
      firstName: 'Bruno',
      lastName: 'Conti',
      phone: '3399990000',
    });
    const punto = await insertPuntoFisico(ctx.db, {
      nomeAttivita: 'Bar Centrale',
      agenteId: agente.id,
      areaManagerId: am.id,
    });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/landing/${punto.landingCode}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      nomeAttivita: 'Bar Centrale',
      puntoFisicoId: punto.id,
      consultant: { nome: 'Anna Galli', telefono: '+39 347 1112233' },
    });
  });

  it('falls back to the area manager, then to the responsible person', async () => {
    const am = await insertUser(ctx.db, {
      role: 'area_manager',
      firstName: 'Bruno',
      lastName: 'Conti',
      phone: '3399990000',
    });
    const withAm = await insertPuntoFisico(ctx.db, { areaManagerId: am.id });
    let res = await ctx.app.inject({ method: 'GET', url: `/api/landing/${withAm.landingCode}` });
    expect(res.json().consultant).toEqual({ nome: 'Bruno Conti', telefono: '3399990000' });

    const resp = await insertUser(ctx.db, {
      role: 'punto_fisico',
      firstName: 'Carlo',
      lastName: 'Neri',
      phone: '3381234567',
    });
    const onlyResp = await insertPuntoFisico(ctx.db, { utenteResponsabileId: resp.id });
    res = await ctx.app.inject({ method: 'GET', url: `/api/landing/${onlyResp.landingCode}` });
    expect(res.json().consultant).toEqual({ nome: 'Carlo Neri', telefono: '3381234567' });
  });

  it('shows the placeholder phone only when nobody has one, and nothing else about staff', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/landing/${DEMO_LANDING_CODE}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['consultant', 'nomeAttivita', 'puntoFisicoId']);
    expect(Object.keys(body.consultant).sort()).toEqual(['nome', 'telefono']);
    expect(body.consultant).toEqual({ nome: 'Consulente Demo', telefono: CONSULENTE_TELEFONO_PLACEHOLDER });
  });

  it.each(['WE-ZZZZZZZZ', 'qualcosa', 'WE-'])('answers 404 to the unknown code %s', async (code) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/landing/${code}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(msg.landing.notFoundText);
  });

  it('answers 404 for a deactivated point', async () => {
    const punto = await insertPuntoFisico(ctx.db, { isActive: false });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/landing/${punto.landingCode}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/submit-form: validation', () => {
  const m = msg.landing;
  it.each([
    ['nome missing', { nome: undefined }, 'nome', m.nomeRequired],
    ['nome blank', { nome: '   ' }, 'nome', m.nomeRequired],
    ['cognome blank', { cognome: '' }, 'cognome', m.cognomeRequired],
    ['telefono blank', { telefono: '' }, 'telefono', m.telefonoRequired],
    ['email blank', { email: '' }, 'email', m.emailRequired],
    ['email invalid', { email: 'mario@' }, 'email', m.emailInvalid],
    ['no service', { serviziRichiesti: [] }, 'serviziRichiesti', m.serviziRequired],
    ['services missing', { serviziRichiesti: undefined }, 'serviziRichiesti', m.serviziRequired],
    ['unknown service', { serviziRichiesti: ['acqua'] }, 'serviziRichiesti.0', m.servizioInvalid],
    ['privacy not accepted', { privacyAccepted: false }, 'privacyAccepted', m.privacyRequired],
    ['privacy missing', { privacyAccepted: undefined }, 'privacyAccepted', m.privacyRequired],
    ['slot outside the ten', { orarioContatto: '20:00-21:00' }, 'orarioContatto', m.orarioInvalid],
    ['nome too long', { nome: 'x'.repeat(101) }, 'nome', m.tooLong('Nome', 100)],
  ])('%s → 400 "%s"', async (_label, override, path, message) => {
    const before = await counts();
    const res = await submit({ ...buildSubmission(puntoId), ...override });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(message);
    expect(body.issues).toContainEqual({ path, message });
    expect(await counts()).toEqual(before);
  });

  it('the wizard uses the very same schema and messages', () => {
    const result = landingFormSchema.safeParse({
      nome: '',
      cognome: '',
      telefono: '',
      email: 'x',
      serviziRichiesti: [],
      privacyAccepted: false,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      nome: m.nomeRequired,
      cognome: m.cognomeRequired,
      telefono: m.telefonoRequired,
      email: m.emailInvalid,
      serviziRichiesti: m.serviziRequired,
      privacyAccepted: m.privacyRequired,
    });
  });

  it('refuses an unknown point of sale with 404 and saves nothing', async () => {
    const before = await counts();
    const res = await submit(buildSubmission(999999));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(m.pointNotFound);
    expect(await counts()).toEqual(before);
  });

  it.each([['finanziamenti'], ['sim'], ['servizi_marketing']])(
    'refuses %s outside the demo point',
    async (servizio) => {
      const before = await counts();
      const res = await submit(buildSubmission(puntoId, { serviziRichiesti: ['luce', servizio as 'sim'] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(m.servizioNonDisponibile(servizio));
      expect(await counts()).toEqual(before);
    },
  );

  it('refuses a malformed idempotency key', async () => {
    const res = await submit(buildSubmission(puntoId), { key: 'corta' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.idempotencyKeyInvalid);
  });
});

describe('POST /api/submit-form: what it creates', () => {
  it('creates lead, practice with one inserito service per request, consent, real IP and user agent', async () => {
    const payload = buildSubmission(puntoId, {
      serviziRichiesti: ['luce', 'internet', 'luce'],
      orarioContatto: '10:00-11:00',
      indirizzoIP: '6.6.6.6',
    });
    const res = await submit(payload, { ip: '203.0.113.7' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, isExistingLead: false, simulated: false });
    expect(body.praticaId).toEqual(expect.any(Number));
    expect(body.leadId).toBeNull();
    expect(body.uploadToken).toMatch(new RegExp(`^${body.praticaId}\\.`));

    const leadId = await leadOf(body.praticaId);
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({
      nome: 'Lucia',
      email: payload.email,
      telefono: payload.telefono,
      puntoFisicoOriginaleId: puntoId,
      statoContatto: 'nuovo',
    });
    const [pratica] = await ctx.db.select().from(pratiche).where(eq(pratiche.id, body.praticaId));
    expect(pratica).toMatchObject({
      leadId,
      puntoFisicoId: puntoId,
      statoPratica: 'inserita',
      orarioContatto: '10:00-11:00',
      indirizzoIp: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (Linux; Android 14) TestPhone',
    });
    const rows = await ctx.db.select().from(servizi).where(eq(servizi.praticaId, body.praticaId));
    expect(rows.map((r) => [r.tipoServizio, r.stato]).sort()).toEqual([
      ['internet', 'inserito'],
      ['luce', 'inserito'],
    ]);
    const [consenso] = await ctx.db.select().from(consensi).where(eq(consensi.praticaId, body.praticaId));
    expect(consenso).toMatchObject({
      leadId,
      versioneInformativa: PRIVACY_NOTICE_VERSION,
      testo: msg.landing.privacyLabel,
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (Linux; Android 14) TestPhone',
    });
    expect(Date.now() - consenso.accettatoAt.getTime()).toBeLessThan(60_000);
  });

  it('stores an empty slot as none', async () => {
    const res = await submit(buildSubmission(puntoId, { orarioContatto: '' }));
    const [pratica] = await ctx.db.select().from(pratiche).where(eq(pratiche.id, res.json().praticaId));
    expect(pratica.orarioContatto).toBeNull();
  });

  it('reuses the lead for the same phone and e-mail written differently, keeping its first point of sale', async () => {
    const first = buildSubmission(puntoId);
    const a = (await submit(first)).json();
    const otherPoint = await insertPuntoFisico(ctx.db);
    const second = {
      ...buildSubmission(otherPoint.id),
      telefono: `+39 ${first.telefono.slice(0, 3)} ${first.telefono.slice(3)}`,
      email: `  ${first.email.toUpperCase()} `,
    };
    const res = await submit(second);
    expect(res.statusCode).toBe(201);
    const b = res.json();
    // The visitor is not told: the answer looks like a first submission's.
    expect(b.isExistingLead).toBe(false);
    expect(b.leadId).toBeNull();
    expect(b.praticaId).not.toBe(a.praticaId);
    expect(await leadOf(b.praticaId)).toBe(await leadOf(a.praticaId));
    const [lead] = await ctx.db
      .select()
      .from(leads)
      .where(eq(leads.id, await leadOf(a.praticaId)));
    expect(lead.puntoFisicoOriginaleId).toBe(puntoId);
    const [pratica] = await ctx.db.select().from(pratiche).where(eq(pratiche.id, b.praticaId));
    expect(pratica.puntoFisicoId).toBe(otherPoint.id);
  });

  it('two concurrent first submissions of one person (different keys) make one lead and two practices', async () => {
    const first = buildSubmission(puntoId);
    const [a, b] = await Promise.all([
      submit(first, { key: newKey() }),
      submit({ ...first, serviziRichiesti: ['gas'] }, { key: newKey() }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await leadOf(a.json().praticaId)).toBe(await leadOf(b.json().praticaId));
    expect(a.json().praticaId).not.toBe(b.json().praticaId);
    expect([a.json().isExistingLead, b.json().isExistingLead]).toEqual([false, false]);
    const rows = await ctx.db.select().from(leads).where(eq(leads.email, first.email));
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/submit-form: idempotency', () => {
  it('a repeat with the same key returns the same practice and creates nothing', async () => {
    const payload = buildSubmission(puntoId);
    const key = newKey();
    const first = await submit(payload, { key });
    expect(first.statusCode).toBe(201);
    const before = await counts();
    const again = await submit(payload, { key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({
      praticaId: first.json().praticaId,
      leadId: first.json().leadId,
      isExistingLead: false,
    });
    expect(again.json().uploadToken).toEqual(expect.any(String));
    expect(await counts()).toEqual(before);
  });

  it('accepts the key in the body too', async () => {
    const key = newKey();
    const payload = { ...buildSubmission(puntoId), idempotencyKey: key };
    const first = (await submit(payload)).json();
    const again = (await submit(payload)).json();
    expect(again.praticaId).toBe(first.praticaId);
  });

  it('two concurrent identical submissions create one practice', async () => {
    const payload = buildSubmission(puntoId, { serviziRichiesti: ['luce', 'gas', 'noleggio'] });
    const key = newKey();
    const before = await counts();
    const replies = await Promise.all([
      submit(payload, { key }),
      submit(payload, { key }),
      submit(payload, { key }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(replies.map((r) => r.json().praticaId));
    expect(ids.size).toBe(1);
    expect(await counts()).toEqual({
      leads: before.leads + 1,
      pratiche: before.pratiche + 1,
      servizi: before.servizi + 3,
      consensi: before.consensi + 1,
    });
    const [row] = await ctx.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, `submit-form:${key}`));
    expect(row.praticaId).toBe([...ids][0]);
  });

  it('two concurrent requests under one key with different data: one practice, the other 409 leaving nothing', async () => {
    const key = newKey();
    const before = await counts();
    const replies = await Promise.all([
      submit(buildSubmission(puntoId), { key }),
      submit(buildSubmission(puntoId), { key }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = replies.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(msg.landing.idempotencyKeyReused);
    // The refused one's lead, practice, services and consent were written, then undone.
    expect(await counts()).toEqual({
      leads: before.leads + 1,
      pratiche: before.pratiche + 1,
      servizi: before.servizi + 2,
      consensi: before.consensi + 1,
    });
  });

  it('refuses the same key with a different request (409) and creates nothing', async () => {
    const key = newKey();
    await submit(buildSubmission(puntoId), { key });
    const before = await counts();
    const res = await submit(buildSubmission(puntoId), { key });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.landing.idempotencyKeyReused);
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/submit-form: demo point (WE-FN2KFIPU)', () => {
  it('saves financial services next to the main ones', async () => {
    const res = await submit(
      buildSubmission(demoId, { serviziRichiesti: ['luce', 'finanziamenti', 'assicurazioni'] }),
    );
    expect(res.statusCode).toBe(201);
    const rows = await ctx.db.select().from(servizi).where(eq(servizi.praticaId, res.json().praticaId));
    expect(rows.map((r) => r.tipoServizio).sort()).toEqual(['assicurazioni', 'finanziamenti', 'luce']);
  });

  it('only simulates a request of financial services alone: nothing saved', async () => {
    const payload = buildSubmission(demoId, { serviziRichiesti: ['finanziamenti', 'assicurazioni'] });
    const before = await counts();
    const res = await submit(payload, { key: newKey() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      praticaId: null,
      leadId: null,
      isExistingLead: false,
      uploadToken: null,
      simulated: true,
      message: msg.landing.demoSimulated,
    });
    expect(await counts()).toEqual(before);
    const found = await ctx.db
      .select()
      .from(leads)
      .where(inArray(leads.email, [payload.email]));
    expect(found).toHaveLength(0);
  });
});

describe('POST /api/submit-form: rate limit', () => {
  it('answers 429 with Retry-After and an Italian message past the per-IP budget', async () => {
    const ip = '198.51.100.23';
    let last;
    for (let i = 0; i < 31; i++) last = await submit({ nome: '' }, { ip });
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().message).toBe(msg.landing.tooManySubmissions);
    // Another address is not affected.
    expect((await submit(buildSubmission(puntoId))).statusCode).toBe(201);
  });
});
