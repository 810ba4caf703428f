import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leads } from '#server/db/schema.ts';
import { consentKeyFrom } from '#server/modules/privacy/anonymise.ts';
import { retentionJob } from '#server/modules/privacy/privacy.jobs.ts';
import { msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import type { AuditPage } from '#shared/schemas/audit.ts';
import { romeWallTimeToDate } from '#shared/time.ts';
import { insertCommissione, insertDocumento, insertLead, insertPratica } from '#test/setup/factories.ts';
import {
  createTestContext,
  login,
  loginAs,
  TEST_SESSION_SECRET,
  type TestContext,
} from '#test/setup/test-app.ts';
import { TEST_ADMIN } from '#test/setup/database.ts';

let ctx: TestContext;
let admin: string;
const others: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  for (const role of ['amministrazione', 'area_manager', 'agente', 'punto_fisico'] as const)
    others[role] = (await loginAs(ctx, role)).cookie;
});
afterAll(async () => ctx?.close());

const audit = (query: string, cookie = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: { cookie } });

describe('GET /api/audit', () => {
  it.each<[Role]>([['amministrazione'], ['area_manager'], ['agente'], ['punto_fisico']])(
    '%s may not read the log nor change the retention (403)',
    async (role) => {
      expect((await audit('', others[role])).statusCode).toBe(403);
      const put = await ctx.app.inject({
        method: 'PUT',
        url: '/api/privacy/settings',
        payload: { conservazioneLeadMesi: 1 },
        headers: { cookie: others[role]! },
      });
      expect(put.statusCode).toBe(403);
    },
  );

  it('records sign-ins, failed sign-ins, sign-outs, role and password changes, exports — who, when, from where', async () => {
    const { user } = await loginAs(ctx, 'agente', { email: 'audit.agente@esempio.it' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'audit.agente@esempio.it', password: 'sbagliata-123' },
      remoteAddress: '192.0.2.44',
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      payload: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: 'area_manager',
        isActive: false,
        password: 'nuova-password-sicura-9',
      },
      headers: { cookie: admin },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/leads/export?format=csv',
          headers: { cookie: admin },
        })
      ).statusCode,
    ).toBe(200);
    const out = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: out } });

    const res = await audit('?pageSize=200');
    expect(res.statusCode).toBe(200);
    const items = res.json<AuditPage>().items;
    const kinds = items.map((i) => i.tipo);
    for (const k of [
      'accesso',
      'accesso_fallito',
      'uscita',
      'ruolo_modificato',
      'password_modificata',
      'utente_disattivato',
      'esportazione',
    ] as const)
      expect(kinds, k).toContain(k);
    const failed = items.find((i) => i.tipo === 'accesso_fallito')!;
    expect(failed).toMatchObject({ utente: 'audit.agente@esempio.it', ip: '192.0.2.44', utenteId: null });
    const role = items.find((i) => i.tipo === 'ruolo_modificato')!;
    expect(role).toMatchObject({
      oggettoTipo: 'utente',
      oggettoId: user.id,
      dettagli: { da: 'agente', a: 'area_manager' },
    });
    expect(role.utente).toContain(TEST_ADMIN.email);
    // Newest first.
    const times = items.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages by keyset without gaps or repeats, and filters by kind, user and day', async () => {
    for (let i = 0; i < 7; i++)
      await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `nessuno${i}@esempio.it`, password: 'x-sbagliata' },
      });
    const all = (await audit('?tipo=accesso_fallito&pageSize=200')).json<AuditPage>().items;
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditPage = (
        await audit(`?tipo=accesso_fallito&pageSize=3${cursor ? `&cursor=${cursor}` : ''}`)
      ).json<AuditPage>();
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((i) => i.id));
    expect((await audit('?tipo=accesso_fallito&pageSize=3')).json()).toMatchObject({
      total: all.length,
      totalIsLowerBound: false,
    });
    expect(all.every((i) => i.tipo === 'accesso_fallito')).toBe(true);

    const [adminRow] = (await audit('?tipo=accesso&pageSize=1')).json<AuditPage>().items;
    const byUser = (await audit(`?utenteId=${adminRow.utenteId}&pageSize=200`)).json<AuditPage>().items;
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((i) => i.utenteId === adminRow.utenteId)).toBe(true);
    expect((await audit('?dal=2000-01-01&al=2000-01-31')).json<AuditPage>().items).toEqual([]);
  });

  it('refuses a forged cursor, a bad day or kind with an Italian 400', async () => {
    const bad = await audit(`?cursor=${Buffer.from("x' or 1=1").toString('base64url')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(msg.common.invalidCursor);
    expect((await audit('?dal=2025-13-45')).statusCode).toBe(400);
    expect((await audit('?tipo=tutto')).statusCode).toBe(400);
  });

  it('the log is append-only in the database', async () => {
    await expect(ctx.db.execute(sql`update audit_log set ip = 'x'`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });
});

describe('retention of unconverted leads (periodic job, fixed clock)', () => {
  it('anonymises leads whose last practice is older than the period, keeps converted and recent ones, idempotent', async () => {
    const now = romeWallTimeToDate(2031, 6, 15, 3, 0);
    const old = romeWallTimeToDate(2029, 6, 1, 10, 0); // 24.5 months before
    const recent = romeWallTimeToDate(2029, 7, 1, 10, 0); // 23.5 months before
    const make = async (at: Date, extra?: { completed?: boolean; newPraticaAt?: Date; storno?: boolean }) => {
      const lead = await insertLead(ctx.db, { dataRegistrazione: at });
      const pratica = await insertPratica(ctx.db, {
        leadId: lead.id,
        dataCreazione: at,
        note: 'nota del cliente',
        servizi: [{ tipoServizio: 'luce', stato: extra?.completed ? 'completato' : 'ko' }],
      });
      if (extra?.storno)
        await insertCommissione(ctx.db, { praticaId: pratica.id, servizioId: pratica.servizi[0].id });
      if (extra?.newPraticaAt)
        await insertPratica(ctx.db, { leadId: lead.id, dataCreazione: extra.newPraticaAt, servizi: ['gas'] });
      const doc = await insertDocumento(ctx.db, { praticaId: pratica.id }, ctx.storage);
      return { lead, doc };
    };
    const stale = await make(old);
    const fresh = await make(recent);
    const converted = await make(old, { completed: true });
    const soldThenKo = await make(old, { storno: true });
    const returned = await make(old, { newPraticaAt: recent });

    const job = retentionJob({ storage: ctx.storage, consentKey: consentKeyFrom(TEST_SESSION_SECRET) });
    const log = { info: () => {}, error: () => {} };
    await job.run({ db: ctx.db, now, log });

    const state = async (id: number) => (await ctx.db.select().from(leads).where(eq(leads.id, id)))[0];
    expect((await state(stale.lead.id)).datiCancellatiAt).not.toBeNull();
    expect((await state(stale.lead.id)).nome).toBe(msg.privacy.erasedNome);
    expect(await ctx.storage.get(stale.doc.filename)).toBeNull();
    for (const kept of [fresh, converted, soldThenKo, returned]) {
      expect((await state(kept.lead.id)).datiCancellatiAt).toBeNull();
      expect(await ctx.storage.get(kept.doc.filename)).not.toBeNull();
    }
    const events = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tipo, 'conservazione_anonimizzazione'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      utenteId: null,
      ip: null,
      dettagli: { mesi: 24, lead: 1, leadIds: [stale.lead.id] },
    });

    // Again the same day: nothing more, no new event.
    await job.run({ db: ctx.db, now, log });
    expect(
      await ctx.db.select().from(auditLog).where(eq(auditLog.tipo, 'conservazione_anonimizzazione')),
    ).toHaveLength(1);

    // The admin shortens the period to 12 months: the 23.5-month-old lead goes at the next run.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/privacy/settings',
      payload: { conservazioneLeadMesi: 12 },
      headers: { cookie: admin },
    });
    expect(put.json()).toEqual({ conservazioneLeadMesi: 12 });
    expect(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/privacy/settings', headers: { cookie: admin } })
      ).json(),
    ).toEqual({ conservazioneLeadMesi: 12 });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/privacy/settings',
      payload: { conservazioneLeadMesi: 0 },
      headers: { cookie: admin },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(msg.privacy.retention.invalid);
    await job.run({ db: ctx.db, now, log });
    expect((await state(fresh.lead.id)).datiCancellatiAt).not.toBeNull();
    expect((await state(returned.lead.id)).datiCancellatiAt).not.toBeNull();
    expect((await state(converted.lead.id)).datiCancellatiAt).toBeNull();
  });
});
