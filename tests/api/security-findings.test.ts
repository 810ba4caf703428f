import { randomInt } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { leads, users } from '#server/db/schema.ts';
import { safeError } from '#server/lib/log-safety.ts';
import { msg } from '#shared/messages.ts';
import { buildSubmission, insertLead, insertPratica } from '#test/setup/factories.ts';
import { multipart, samplePdf } from '#test/setup/sample-files.ts';
import {
  buildLoggedApp,
  createTestContext,
  TEST_SESSION_SECRET,
  type TestContext,
} from '#test/setup/test-app.ts';
import { buildTwoShopWorld } from '#test/setup/world.ts';

/**
 * The outside probe's findings, one by one, as it sent them. Each of these answered 500, leaked
 * or let the request through before the fix; docs/security.md lists them.
 */
let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildTwoShopWorld>>;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildTwoShopWorld(ctx);
});
afterAll(async () => ctx?.close());

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const ENGLISH = /\b(Invalid|expected|Required|received|must)\b/;

async function leadCount() {
  const [{ n }] = await ctx.db.select({ n: count() }).from(leads);
  return n;
}

describe('finding 1: bad input answers 400 (413 for size) in Italian, never 500, and changes nothing', () => {
  it('a NUL byte in any text field of the public submit-form', async () => {
    const before = await leadCount();
    for (const field of [
      'nome',
      'cognome',
      'telefono',
      'note',
      'servizioRichiesto',
      'indirizzoIP',
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/submit-form',
        remoteAddress: randomIp(),
        payload: buildSubmission(world.puntoA.id, { [field]: 'Mario\u0000Rossi' }),
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toBe(msg.common.controlChars);
    }
    expect(await leadCount()).toBe(before);
  });

  it('a NUL in a path (/api/landing/%00) and in the search box', async () => {
    const landing = await ctx.app.inject({ method: 'GET', url: '/api/landing/%00' });
    expect(landing.statusCode).toBe(400);
    expect(landing.json().message).toBe(msg.landing.notFoundText);
    for (const url of ['/api/leads?search=%00', '/api/pratiche?search=a%00b', '/api/users/search?q=ab%00']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: world.admin } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(msg.common.controlChars);
    }
  });

  it('an id of 2^31 or more in a path or a body (integer overflow)', async () => {
    for (const url of [
      '/api/punti-fisici/2147483648',
      '/api/leads/99999999999',
      '/api/leads?puntoFisicoId=2147483648',
      '/api/pratiche/2147483648/files',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: world.admin } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(msg.common.invalidId);
    }
    const body = await ctx.app.inject({
      method: 'POST',
      url: '/api/punti-fisici',
      headers: { cookie: world.admin },
      payload: { nomeAttivita: 'Bar', indirizzo: 'Via Roma 1', utenteResponsabileId: 2 ** 31 },
    });
    expect(body.statusCode).toBe(400);
    const submit = await ctx.app.inject({
      method: 'POST',
      url: '/api/submit-form',
      remoteAddress: randomIp(),
      payload: buildSubmission(2 ** 31),
    });
    expect(submit.statusCode).toBe(400);
  });

  it('GET /api/punti-fisici/abc answers an Italian message, not zod English', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/punti-fisici/abc',
      headers: { cookie: world.admin },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.common.invalidId);
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/leads?pageSize=abc',
      headers: { cookie: world.admin },
    });
    expect(page.statusCode).toBe(400);
    expect(page.json().message).not.toMatch(ENGLISH);
    const type = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/leads/1/status`,
      headers: { cookie: world.admin },
      payload: { status: 42 },
    });
    expect(type.statusCode).toBe(400);
    expect(type.json().message).not.toMatch(ENGLISH);
  });

  it('an amount that overflows its numeric(12,2) column', async () => {
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: world.puntoA.id, servizi: ['noleggio'] });
    for (const payload of [
      { stato: 'completato', fornitore: 'AYVENS', totaleVendita: '99999999999.99' },
      { stato: 'completato', fornitore: 'AYVENS', totaleVendita: 1e21 },
      { stato: 'completato', fornitore: 'AYVENS', totaleVendita: '100.00', bonusAgente: '9999999999' },
    ]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/servizi/${pratica.servizi[0].id}/status`,
        headers: { cookie: world.admin },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).not.toMatch(ENGLISH);
    }
    const config = await ctx.app.inject({
      method: 'POST',
      url: '/api/commissioni-fornitori',
      headers: { cookie: world.admin },
      payload: { fornitoreId: 1, servizio: 'luce', ricavoBase: '9999999999.99' },
    });
    expect(config.statusCode).toBe(400);
    expect(config.json().message).toBe(msg.common.amountTooBig);
  });

  it('a truncated multipart body: 400, nothing stored', async () => {
    const submit = await ctx.app.inject({
      method: 'POST',
      url: '/api/submit-form',
      remoteAddress: randomIp(),
      payload: buildSubmission(world.puntoA.id),
    });
    const { praticaId, uploadToken } = submit.json<{ praticaId: number; uploadToken: string }>();
    const form = multipart([{ field: 'luceFile', filename: 'bolletta.pdf', data: await samplePdf() }]);
    for (const cut of [0.5, 0.9]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/pratiche/${praticaId}/upload`,
        remoteAddress: randomIp(),
        headers: { ...form.headers, 'x-upload-token': uploadToken },
        payload: form.payload.subarray(0, Math.floor(form.payload.length * cut)),
      });
      expect(res.statusCode, `cut at ${cut}`).toBe(400);
      expect(res.json().message).toBe(msg.landing.uploadTruncated);
    }
    expect(readdirSync(ctx.uploadDir)).toEqual([]);
  });

  it('a malformed JSON body and a prototype-poisoning key', async () => {
    for (const payload of ['{"email":', '{"__proto__":{"role":"admin"},"email":"a@b.it","password":"x"}']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).not.toMatch(ENGLISH);
    }
  });
});

describe('finding 3: logs carry no personal data', () => {
  it('a failed query is logged with its SQLSTATE, never with its parameters or the database text', async () => {
    // At debug the request's own line (path, headers) is written too.
    const { app, lines } = await buildLoggedApp(ctx, 'debug');
    // A route that lets a value no schema checked reach the database (what a schema gap would do).
    app.post('/api/prova-errore', { config: { access: 'public' } }, async () => {
      await ctx.db.insert(leads).values({
        nome: 'Giulia\u0000',
        cognome: 'Segreta',
        email: 'giulia.segreta@esempio.it',
        telefono: '3471234567',
        emailNormalizzata: 'giulia.segreta@esempio.it',
        telefonoNormalizzato: '3471234567',
      });
      return {};
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/prova-errore?search=giulia.segreta',
      headers: { cookie: 'ws_session=segreto-di-sessione' },
      payload: {},
    });
    await app.close();
    expect(res.statusCode).toBe(400);
    const log = lines.join('\n');
    expect(log).toContain('database error');
    for (const secret of ['Segreta', 'giulia.segreta', '3471234567', 'segreto-di-sessione'])
      expect(log).not.toContain(secret);
  });

  it('the error serializer keeps the statement, not the values', async () => {
    let caught: unknown;
    try {
      await ctx.db.insert(leads).values({
        nome: 'x',
        cognome: 'y',
        email: 'mario.privato@esempio.it',
        telefono: '3339998887',
        emailNormalizzata: 'mario.privato@esempio.it',
        telefonoNormalizzato: '3339998887',
        puntoFisicoOriginaleId: 2_000_000_000,
      });
    } catch (error) {
      caught = error;
    }
    const logged = JSON.stringify(safeError(caught));
    expect(logged).toContain('23503');
    expect(logged).toContain('insert into');
    expect(logged).not.toContain('mario.privato');
    expect(logged).not.toContain('3339998887');
  });

  it('nothing was written for a lead that failed', async () => {
    const rows = await ctx.db.select().from(leads).where(eq(leads.email, 'giulia.segreta@esempio.it'));
    expect(rows).toEqual([]);
  });
});

describe('finding 2: the Origin check sees the real path and trusts PUBLIC_BASE_URL, not Host', () => {
  const FOREIGN = 'https://sito-malevolo.example';
  const paths = [
    '/api/logout',
    '/%61pi/logout',
    '//api/logout',
    '/API/logout',
    '/api//logout',
    '/%2561pi/logout',
  ];

  it.each(paths)('refuses a foreign Origin on POST %s', async (url) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers: { origin: FOREIGN } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(msg.auth.foreignOrigin);
  });

  it('a forged Host does not make a foreign Origin "our own"', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { host: 'sito-malevolo.example', origin: 'http://sito-malevolo.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a browser request from another site that carries no Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/%61pi/logout',
        headers: { 'sec-fetch-site': site },
      });
      expect(res.statusCode, site).toBe(403);
    }
  });

  it('accepts PUBLIC_BASE_URL as Origin, whatever the Host', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { host: 'altro-nome.example', origin: 'http://localhost:5000' },
    });
    expect(res.statusCode).toBe(204);
  });

  it('an encoded path still gets Cache-Control: no-store', async () => {
    for (const url of ['/api/user', '/%61pi/user', '/api/leads', '/%61pi/leads']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: world.admin } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('finding 6: security headers from @fastify/helmet, HSTS over https', () => {
  it('sends a strict CSP, Referrer-Policy, nosniff and no HSTS over http', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/landing/WE-NONESIST' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "script-src 'self'",
    ])
      expect(csp).toContain(directive);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when PUBLIC_BASE_URL is https', async () => {
    const app = await buildApp({
      db: ctx.db,
      config: { ...ctx.config, publicBaseUrl: 'https://winsolution.example', secureCookies: true },
      sessionSecret: TEST_SESSION_SECRET,
      storage: ctx.storage,
    });
    const res = await app.inject({ method: 'GET', url: '/api/landing/WE-NONESIST' });
    const post = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'https://winsolution.example' },
    });
    await app.close();
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(post.statusCode).toBe(204);
  });
});

describe('finding 5: passwords (lockout is the login guard’s own test)', () => {
  const cases: [string, string, string][] = [
    ['six spaces', '      ', msg.user.passwordOnlySpaces],
    ['a NUL byte', 'segreta\u0000123', msg.user.passwordControlChars],
    ['a tab', 'segreta\t123', msg.user.passwordControlChars],
    ['a common one', 'password1', msg.user.passwordCommon],
    ['129 characters', 'a'.repeat(129), msg.user.passwordTooLong],
    ['five characters', 'ab9x!', msg.user.passwordMin],
  ];
  it.each(cases)('refuses %s with an Italian message, creating no user', async (_name, password, message) => {
    const email = `nuovo.${randomInt(1e9)}@esempio.it`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: world.admin },
      payload: {
        firstName: 'Nuovo',
        lastName: 'Utente',
        email,
        phone: '3401112233',
        password,
        role: 'agente',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    expect(login.statusCode).not.toBe(200);
  });

  it('accepts a long passphrase with inner spaces and accents', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: world.admin },
      payload: {
        firstName: 'Nuovo',
        lastName: 'Utente',
        email: `frase.${randomInt(1e9)}@esempio.it`,
        phone: '3401112233',
        password: '  la mia città è bella  ',
        role: 'agente',
      },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('finding 7: the landing answers a known and an unknown customer alike', () => {
  it('a second submission with a customer’s phone or e-mail gets the same answer as a new one', async () => {
    const known = buildSubmission(world.puntoA.id);
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/submit-form',
      remoteAddress: randomIp(),
      payload: known,
    });
    expect(first.statusCode).toBe(201);
    const strip = (body: Record<string, unknown>) => {
      const { praticaId: _p, uploadToken: _t, ...rest } = body;
      return rest;
    };
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/submit-form',
      remoteAddress: randomIp(),
      payload: buildSubmission(world.puntoA.id),
    });
    for (const probe of [{ telefono: known.telefono }, { email: known.email }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/submit-form',
        remoteAddress: randomIp(),
        payload: { ...buildSubmission(world.puntoA.id), ...probe },
      });
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(strip(res.json())).toEqual(strip(unknown.json()));
      expect(res.json()).toMatchObject({ leadId: null, isExistingLead: false });
    }
  });
});

describe('finding 4: answers carry only what the role needs', () => {
  /** A customer who came in at shop A (luce, gas) and then bought internet at shop B. */
  async function sharedCustomer() {
    const lead = await insertLead(ctx.db, { puntoFisicoOriginaleId: world.puntoA.id });
    await insertPratica(ctx.db, {
      leadId: lead.id,
      puntoFisicoId: world.puntoA.id,
      servizi: ['luce', 'gas'],
    });
    await insertPratica(ctx.db, { leadId: lead.id, puntoFisicoId: world.puntoB.id, servizi: ['internet'] });
    // Shop A's responsible person, with a phone nobody else has.
    await ctx.db.update(users).set({ phone: '3479990001' }).where(eq(users.id, world.pfA.user.id));
    return lead;
  }
  const shopASecrets = () => [world.pfA.user.email, '3479990001', 'Bar Centrale Alfa', 'Via Garibaldi 10'];

  it('shop B’s people see the shared customer, never shop A (list, detail, export)', async () => {
    const lead = await sharedCustomer();
    for (const cookie of [world.pfB.cookie, world.agB.cookie, world.amB.cookie]) {
      const detail = await ctx.app.inject({
        method: 'GET',
        url: `/api/leads/${lead.id}`,
        headers: { cookie },
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({
        puntoFisicoOriginaleId: null,
        puntoFisicoOriginaleDetails: null,
      });
      expect(detail.json().pratiche).toHaveLength(1);
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/leads?search=${encodeURIComponent(lead.email)}`,
        headers: { cookie },
      });
      expect(list.json().items).toHaveLength(1);
      const file = await ctx.app.inject({
        method: 'GET',
        url: `/api/leads/export?format=csv&search=${encodeURIComponent(lead.email)}`,
        headers: { cookie },
      });
      expect(file.statusCode).toBe(200);
      expect(file.body).toContain(lead.email);
      for (const answer of [detail.body, list.body, file.body])
        for (const secret of shopASecrets()) expect(answer).not.toContain(secret);
    }
    // Shop A's own area manager and the admin still see the first point and who runs it.
    for (const cookie of [world.amA.cookie, world.admin]) {
      const detail = await ctx.app.inject({
        method: 'GET',
        url: `/api/leads/${lead.id}`,
        headers: { cookie },
      });
      expect(detail.json().puntoFisicoOriginaleDetails).toMatchObject({
        nomeAttivita: 'Bar Centrale Alfa',
        utenteResponsabile: { email: world.pfA.user.email },
      });
    }
  });

  it('filters do not tell shop B what shop A sold or who went there', async () => {
    const lead = await sharedCustomer();
    const search = encodeURIComponent(lead.email);
    for (const url of [
      `/api/leads?search=${search}&service=gas`,
      `/api/leads?search=${search}&puntoFisicoId=${world.puntoA.id}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: world.amB.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().total, url).toBe(0);
    }
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/leads?search=${search}&service=internet`,
      headers: { cookie: world.amB.cookie },
    });
    expect(own.json().total).toBe(1);
  });

  it('an area manager’s person search finds his own people only, never the admin office', async () => {
    const search = (q: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/users/search?q=${encodeURIComponent(q)}`,
        headers: { cookie: world.amA.cookie },
      });
    const emails = async (q: string) => (await search(q)).json().map((u: { email: string }) => u.email);
    expect(await emails(world.pfA.user.email)).toEqual([world.pfA.user.email]);
    expect(await emails(world.agA.user.email)).toEqual([world.agA.user.email]);
    const [adminRow] = await ctx.db.select().from(users).where(eq(users.role, 'admin')).limit(1);
    for (const other of [
      adminRow.email,
      world.amministrazione.user.email,
      world.pfB.user.email,
      world.amB.user.email,
    ])
      expect(await emails(other), other).toEqual([]);
    // The admin finds everyone.
    const all = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/search?q=${encodeURIComponent(world.pfB.user.email)}`,
      headers: { cookie: world.admin },
    });
    expect(all.json()).toHaveLength(1);
  });
});
