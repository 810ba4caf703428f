import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chiamate, emailOutbox, leads, numeriNonChiamare } from '#server/db/schema.ts';
import { TEST_NOW_HEADER } from '#server/lib/clock.ts';
import { createMailer } from '#server/modules/notifiche/mailer.ts';
import { processOutbox } from '#server/modules/notifiche/outbox.ts';
import { runRiepilogo } from '#server/modules/notifiche/riepilogo.ts';
import { msg } from '#shared/messages.ts';
import type { ChiamateList } from '#shared/schemas/chiamate.ts';
import { romeWallTimeToDate } from '#shared/time.ts';
import { buildSubmission } from '#test/setup/factories.ts';
import { startTestSmtp, type TestSmtp } from '#test/setup/smtp.ts';
import { insertPuntoFisico } from '#test/setup/factories.ts';
import { createTestContext, loginAs, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica } from '#test/setup/world.ts';

const c = msg.chiamate;
let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildTwoShopWorld>>;
let smtp: TestSmtp;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildTwoShopWorld(ctx);
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
  await ctx?.close();
});

/** Monday 7 December 2026 at hh:mm, Rome; Tuesday 8 is a holiday. */
const monday = (h: number, m = 0) => romeWallTimeToDate(2026, 12, 7, h, m);

function queue(cookie: string, at: Date, query = '') {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/chiamate${query}`,
    headers: { cookie, [TEST_NOW_HEADER]: at.toISOString() },
  });
}

function esito(cookie: string, leadId: number, at: Date, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/chiamate/${leadId}/esito`,
    headers: { cookie, [TEST_NOW_HEADER]: at.toISOString() },
    payload: body,
  });
}

async function submitAt(at: Date, overrides: Parameters<typeof buildSubmission>[1] = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/submit-form',
    headers: { [TEST_NOW_HEADER]: at.toISOString() },
    payload: buildSubmission(world.puntoA.id, overrides) as unknown as Record<string, unknown>,
    remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  expect(res.statusCode).toBe(201);
  const [lead] = await ctx.db
    .select()
    .from(leads)
    .where(eq(leads.telefonoNormalizzato, String(overrides.telefono ?? '')));
  return lead;
}

const ids = (res: { json: () => unknown }) => (res.json() as ChiamateList).items.map((i) => i.leadId);

describe('the queue', () => {
  it('puts a landing lead with slot 10:00-11:00 first at 10:05, before late and new leads', async () => {
    const late = await insertLeadWithPratica(ctx, world.puntoA.id, {
      dataRegistrazione: new Date(monday(10).getTime() - 30 * 3600_000),
      chiamataDa: new Date(monday(10).getTime() - 30 * 3600_000),
    });
    const slotLead = await submitAt(monday(8), { telefono: '3391110001', orarioContatto: '10:00-11:00' });
    const res = await queue(world.agA.cookie, monday(10, 5));
    expect(res.statusCode).toBe(200);
    const body = res.json() as ChiamateList;
    expect(body.items[0]).toMatchObject({ leadId: slotLead.id, gruppo: 'ora', fascia: '10:00-11:00' });
    expect(body.items[0].telHref).toBe('tel:3391110001');
    expect(body.items.find((i) => i.leadId === late.lead.id)).toMatchObject({
      gruppo: 'in_ritardo',
      isOverdue: true,
    });
    expect(body.items[0].fuoriOrario).toBeNull();
    // The customer's 'Richiesta ricevuta' and the consultant's notice carry the slot as an invitation.
    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, slotLead.id));
    const conferma = mails.find((m) => m.tipo === 'lead_conferma');
    expect(conferma?.allegatoIcs).toMatch(/DTSTART:20261207T090000Z/);
    const staff = mails.find((m) => m.tipo === 'lead_nuovo' && m.userId === world.agA.user.id);
    expect(staff?.allegatoIcs).toMatch(/tel:3391110001/);
    // At 9:00, before the slot, the same lead waits among the scheduled ones, after the late one.
    const early = (await queue(world.agA.cookie, monday(9))).json() as ChiamateList;
    const order = early.items.map((i) => i.leadId);
    expect(order.indexOf(late.lead.id)).toBeLessThan(order.indexOf(slotLead.id));
    expect(early.items.find((i) => i.leadId === slotLead.id)?.gruppo).toBe('programmata');
  });

  it('keeps each role to its scope and the consultant filter to that consultant', async () => {
    const b = await insertLeadWithPratica(ctx, world.puntoB.id);
    const a = await insertLeadWithPratica(ctx, world.puntoA.id);
    for (const cookie of [world.agA.cookie, world.pfA.cookie, world.amA.cookie]) {
      const seen = ids(await queue(cookie, monday(11)));
      expect(seen).toContain(a.lead.id);
      expect(seen).not.toContain(b.lead.id);
    }
    const all = ids(await queue(world.admin, monday(11)));
    expect(all).toEqual(expect.arrayContaining([a.lead.id, b.lead.id]));
    for (const cookie of [world.admin, world.amministrazione.cookie]) {
      const ofB = ids(await queue(cookie, monday(11), `?consulenteId=${world.agB.user.id}`));
      expect(ofB).toContain(b.lead.id);
      expect(ofB).not.toContain(a.lead.id);
    }
  });

  it('refuses the consultant filter to the scoped roles (403) and an id that is no consultant (404)', async () => {
    for (const cookie of [world.agA.cookie, world.pfA.cookie, world.amA.cookie]) {
      for (const id of [world.agB.user.id, world.agA.user.id]) {
        const res = await queue(cookie, monday(11), `?consulenteId=${id}`);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(c.consulenteNonConsentito);
      }
      const chooser = await ctx.app.inject({
        method: 'GET',
        url: '/api/chiamate/consulenti',
        headers: { cookie },
      });
      expect(chooser.statusCode).toBe(403);
    }
    for (const id of [world.amministrazione.user.id, 999_999]) {
      const res = await queue(world.admin, monday(11), `?consulenteId=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(c.consulenteNonTrovato);
    }
  });

  it('offers admin and amministrazione the people with points of their own, by name', async () => {
    const chooser = (cookie: string, q = '') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/chiamate/consulenti?q=${encodeURIComponent(q)}`,
        headers: { cookie },
      });
    const all = (await chooser(world.amministrazione.cookie)).json() as Array<{ id: number; role: string }>;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((p) => ['agente', 'area_manager', 'punto_fisico'].includes(p.role))).toBe(true);
    const { firstName, lastName } = world.agB.user;
    const found = (await chooser(world.admin, lastName)).json() as Array<{ id: number }>;
    expect(found.map((p) => p.id)).toContain(world.agB.user.id);
    expect((await chooser(world.admin, `${firstName}zzz`)).json()).toEqual([]);
  });

  it('names one consultant by id, for the chip of a link that carries it, and no one else', async () => {
    const byId = async (id: number | string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/chiamate/consulenti?id=${id}`,
        headers: { cookie: world.admin },
      });
      return res;
    };
    const { id, firstName, lastName } = world.agB.user;
    expect((await byId(id)).json()).toEqual([{ id, firstName, lastName, role: 'agente' }]);
    // Not a consultant (amministrazione), or nobody: an empty answer, as for a search.
    expect((await byId(world.amministrazione.user.id)).json()).toEqual([]);
    expect((await byId(999_999)).json()).toEqual([]);
    const bad = await byId('abc');
    expect(bad.statusCode).toBe(400);
  });

  it('pages with an opaque cursor, without repeating or skipping a lead, and refuses a forged one', async () => {
    const full = ids(await queue(world.admin, monday(11), '?pageSize=100'));
    const paged: number[] = [];
    let cursor: string | null = null;
    do {
      const page: ChiamateList = (
        await queue(world.admin, monday(11), `?pageSize=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page).toMatchObject({ total: full.length, totalIsLowerBound: false });
      paged.push(...page.items.map((i) => i.leadId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(full);
    // Not a cursor; a cursor of another list (a name and an id); a segment that does not exist.
    for (const forged of ['bm9uLXVuLWN1cnNvcmU', ['Bar', 3], [7, '2026-12-07 10:00:00+01', 1]]) {
      const text =
        typeof forged === 'string' ? forged : Buffer.from(JSON.stringify(forged)).toString('base64url');
      const bad = await queue(world.admin, monday(11), `?cursor=${text}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(msg.common.invalidCursor);
    }
  });

  it("reads a scope's queue in the queue's order, whether it is small or past 999 leads", async () => {
    const walkAll = async (cookie: string, size: number, limit = Infinity) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: ChiamateList = (
          await queue(cookie, monday(11), `?pageSize=${size}${cursor ? `&cursor=${cursor}` : ''}`)
        ).json();
        seen.push(...page.items.map((i) => i.leadId));
        cursor = page.nextCursor;
      } while (cursor && seen.length < limit);
      return seen;
    };
    const ofPoint = async (id: number) =>
      new Set(
        (await ctx.db.select({ id: leads.id }).from(leads).where(eq(leads.puntoFisicoOriginaleId, id))).map(
          (r) => r.id,
        ),
      );
    // Small: shop A's few leads, read whole and sorted, in the company's order.
    const inA = await ofPoint(world.puntoA.id);
    const company = (await walkAll(world.admin, 100)).filter((id) => inA.has(id));
    expect(company.length).toBeGreaterThan(0);
    expect(await walkAll(world.pfA.cookie, 2)).toEqual(company);
    // Past the bound: the queue's index walked, keeping the shop's rows.
    const owner = await loginAs(ctx, 'punto_fisico');
    const big = await insertPuntoFisico(ctx.db, { utenteResponsabileId: owner.user.id });
    await ctx.db.execute(sql`insert into leads (nome, cognome, email, telefono, email_normalizzata,
        telefono_normalizzato, punto_fisico_originale_id, data_registrazione, chiamata_da)
      select 'Coda', 'N' || i, 'coda' || i || '@esempio.it', '38' || lpad(i::text, 8, '0'), 'coda' || i || '@esempio.it',
        '38' || lpad(i::text, 8, '0'), ${big.id}, ${monday(8).toISOString()}::timestamptz - i * interval '1 minute',
        ${monday(8).toISOString()}::timestamptz - i * interval '1 minute'
      from generate_series(1, 1000) as i`);
    try {
      const first: ChiamateList = (await queue(owner.cookie, monday(11), '?pageSize=30')).json();
      expect(first).toMatchObject({ total: 999, totalIsLowerBound: true });
      const inBig = await ofPoint(big.id);
      const companyNow = (await walkAll(world.admin, 100, 1100)).filter((id) => inBig.has(id));
      expect(first.items.map((i) => i.leadId)).toEqual(companyNow.slice(0, 30));
    } finally {
      await ctx.db.delete(leads).where(eq(leads.puntoFisicoOriginaleId, big.id));
    }
  });

  it('outside the hours still lists what waits, with the next allowed time', async () => {
    const sunday = romeWallTimeToDate(2026, 12, 6, 11, 0);
    const body = (await queue(world.agA.cookie, sunday)).json() as ChiamateList;
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items[0].fuoriOrario?.testo).toBe(c.daChiamareDa('domani alle 9:00'));
    const refused = await esito(world.agA.cookie, body.items[0].leadId, sunday, { esito: 'non_risponde' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(c.fuoriOrario('domani alle 9:00'));
  });
});

describe('outcomes', () => {
  it("three 'Non risponde' two hours apart make the lead non raggiungibile; closer ones do not count", async () => {
    const { lead } = await insertLeadWithPratica(ctx, world.puntoA.id);
    for (const [at, stato] of [
      [monday(9), 'nuovo'],
      [monday(10), 'nuovo'], // one hour later: not counted
      [monday(11), 'nuovo'],
    ] as const) {
      const res = await esito(world.agA.cookie, lead.id, at, { esito: 'non_risponde' });
      expect(res.statusCode).toBe(200);
      expect(res.json().statoContatto).toBe(stato);
    }
    // The next try is proposed two hours later, among the scheduled calls until then.
    expect(
      (await queue(world.agA.cookie, monday(12)))
        .json()
        .items.find((i: { leadId: number }) => i.leadId === lead.id)?.gruppo,
    ).toBe('programmata');
    const third = await esito(world.agA.cookie, lead.id, monday(13), { esito: 'non_risponde' });
    expect(third.json()).toMatchObject({
      statoContatto: 'non_raggiungibile',
      chiamataDa: null,
      message: c.nonRaggiungibile,
    });
    expect(ids(await queue(world.agA.cookie, monday(13, 30)))).not.toContain(lead.id);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/leads/${lead.id}`,
      headers: { cookie: world.agA.cookie },
    });
    expect(detail.json().storico.map((e: { descrizione: string }) => e.descrizione)).toContain(
      c.storico(c.esiti.non_risponde),
    );
    expect(detail.json().storico[0].utenteNome).toBeTruthy();
  });

  it("'Richiamare' for Sunday moves to Monday 9:00, says so, and mails the consultant an ICS invitation", async () => {
    const { lead } = await insertLeadWithPratica(ctx, world.puntoA.id, {
      nome: 'Mario',
      cognome: 'Rossi',
      telefono: '333 1234567',
    });
    const saturday = romeWallTimeToDate(2026, 12, 5, 11, 0);
    const res = await esito(world.agA.cookie, lead.id, saturday, {
      esito: 'richiamare',
      richiamareAt: romeWallTimeToDate(2026, 12, 6, 15, 0).toISOString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statoContatto: 'contattato',
      chiamataDa: monday(9).toISOString(),
      message: c.spostata('lunedì alle 9:00'),
    });
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'WINSOLUTION <avvisi@test.winsolution.it>' })!;
    await processOutbox(ctx.db, mailer, { now: saturday });
    mailer.close();
    const [mail] = smtp.to(world.agA.user.email).filter((m) => m.subject.includes('Mario Rossi'));
    expect(mail).toBeDefined();
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(ics?.content).toMatch(/SUMMARY:Chiamare Mario Rossi/);
    expect(ics?.content).toMatch(/tel:3331234567/);
    expect(ics?.content).toMatch(/DTSTART:20261207T080000Z/);
  });

  it("refuses 'Richiamare' without a time or in the past, changing nothing", async () => {
    const { lead } = await insertLeadWithPratica(ctx, world.puntoA.id);
    const none = await esito(world.agA.cookie, lead.id, monday(10), { esito: 'richiamare' });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain(c.richiamareObbligatorio);
    const past = await esito(world.agA.cookie, lead.id, monday(10), {
      esito: 'richiamare',
      richiamareAt: monday(9).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(c.richiamareNelPassato);
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row.statoContatto).toBe('nuovo');
  });

  it.each([
    ['appuntamento_fissato', 'contattato'],
    ['non_interessato', 'contattato'],
    ['numero_errato', 'non_raggiungibile'],
  ] as const)("'%s' makes the lead %s and takes it out of the queue", async (value, stato) => {
    const { lead } = await insertLeadWithPratica(ctx, world.puntoA.id);
    const res = await esito(world.pfA.cookie, lead.id, monday(10), { esito: value });
    expect(res.json()).toMatchObject({ statoContatto: stato, chiamataDa: null });
    expect(ids(await queue(world.pfA.cookie, monday(10)))).not.toContain(lead.id);
  });

  it("'Non chiamare più' bars the number: out of the queue (every lead with it), marked on the lead, out of the export", async () => {
    const { lead } = await insertLeadWithPratica(ctx, world.puntoA.id, {
      telefono: '3398887777',
      email: 'nc1@esempio.it',
    });
    const twin = await insertLeadWithPratica(ctx, world.puntoA.id, {
      telefono: '3398887777',
      email: 'nc2@esempio.it',
    });
    const res = await esito(world.agA.cookie, lead.id, monday(10), { esito: 'non_chiamare_piu' });
    expect(res.statusCode).toBe(200);
    const seen = ids(await queue(world.admin, monday(10), '?pageSize=100'));
    expect(seen).not.toContain(lead.id);
    expect(seen).not.toContain(twin.lead.id);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/leads/${lead.id}`,
      headers: { cookie: world.agA.cookie },
    });
    expect(detail.json().nonChiamare).toBe(true);
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/leads/export?format=csv',
      headers: { cookie: world.admin },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain('3398887777');
  });

  it('refuses a lead out of scope (404) and a bad outcome (400)', async () => {
    const b = await insertLeadWithPratica(ctx, world.puntoB.id);
    for (const cookie of [world.agA.cookie, world.pfA.cookie, world.amA.cookie]) {
      const res = await esito(cookie, b.lead.id, monday(10), { esito: 'non_risponde' });
      expect(res.statusCode).toBe(404);
    }
    const bad = await esito(world.admin, b.lead.id, monday(10), { esito: 'forse' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(c.esitoNonValido);
    const outbox = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, b.lead.id));
    expect(outbox).toHaveLength(0);
  });

  it('refuses the queue and the outcomes without a session (401)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/chiamate' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the cards', () => {
  it("count today's calls and the late ones in the actor's scope; per point for admin and area manager", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/chiamate/cruscotto',
      headers: { cookie: world.amA.cookie, [TEST_NOW_HEADER]: monday(10, 5).toISOString() },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.oggi).toBeGreaterThan(0);
    expect(body.inRitardo).toBeGreaterThanOrEqual(1);
    expect(body.perPunto.map((p: { puntoFisicoId: number }) => p.puntoFisicoId)).toEqual([world.puntoA.id]);
    const agent = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/chiamate/cruscotto',
        headers: { cookie: world.agA.cookie },
      })
    ).json();
    expect(agent.perPunto).toBeNull();
  });
});

describe('the promise, seen', () => {
  const HOUR = 3600_000;

  it("shares per point the last 30 days' leads with an outcome within 24 hours, for admin and its area manager", async () => {
    const am = await loginAs(ctx, 'area_manager');
    const punto = await insertPuntoFisico(ctx.db, {
      nomeAttivita: 'AAA Quota 24 ore',
      areaManagerId: am.user.id,
    });
    const now = monday(10, 5);
    const lead = async (daysAgo: number, calledAfterHours: number | null) => {
      const at = new Date(now.getTime() - daysAgo * 24 * HOUR);
      const { lead: row } = await insertLeadWithPratica(ctx, punto.id, {
        dataRegistrazione: at,
        chiamataDa: null,
      });
      if (calledAfterHours != null)
        await ctx.db.insert(chiamate).values({
          leadId: row.id,
          esito: 'non_risponde',
          createdAt: new Date(at.getTime() + calledAfterHours * HOUR),
        });
    };
    await lead(2, 2); // called in time
    await lead(5, 23.5); // just in time
    await lead(3, 30); // called, but late
    await lead(1, null); // not called
    await lead(40, 1); // older than 30 days: not counted
    for (const cookie of [world.admin, am.cookie]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/chiamate/cruscotto',
        headers: { cookie, [TEST_NOW_HEADER]: now.toISOString() },
      });
      expect(res.json().perPunto).toContainEqual({
        puntoFisicoId: punto.id,
        nomeAttivita: 'AAA Quota 24 ore',
        lead: 4,
        chiamatiEntro24: 2,
      });
    }
  });

  it("the morning digest lists the same late leads as the queue's 'In ritardo'", async () => {
    const agent = await loginAs(ctx, 'agente');
    const punto = await insertPuntoFisico(ctx.db, { agenteId: agent.user.id });
    const wednesday = romeWallTimeToDate(2026, 12, 9, 9, 0);
    const lateAt = new Date(wednesday.getTime() - 50 * HOUR);
    const add = (cognome: string, at: Date, extra: Record<string, unknown> = {}) =>
      insertLeadWithPratica(ctx, punto.id, { cognome, dataRegistrazione: at, chiamataDa: at, ...extra });
    const late = await add('Tardivo', lateAt);
    const barred = await add('Sbarrato', lateAt);
    await ctx.db.insert(numeriNonChiamare).values({ telefonoNormalizzato: barred.lead.telefonoNormalizzato });
    // After a 'Non risponde' the lead waits for its next try: due now, not 'In ritardo'.
    await add('Ritentare', lateAt, {
      chiamataDa: new Date(wednesday.getTime() - HOUR),
      chiamataFissata: true,
    });
    await add('Recente', new Date(wednesday.getTime() - 2 * HOUR));

    const body = (await queue(agent.cookie, wednesday)).json() as ChiamateList;
    const inRitardo = body.items.filter((i) => i.gruppo === 'in_ritardo').map((i) => i.leadId);
    expect(inRitardo).toEqual([late.lead.id]);
    await runRiepilogo(ctx.db, { now: wednesday, publicBaseUrl: 'https://winsolution.test' });
    const [digest] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.userId, agent.user.id));
    expect(digest?.tipo).toBe('lead_in_ritardo');
    expect(digest.testo).toContain('Tardivo');
    expect(digest.testo).not.toMatch(/Sbarrato|Ritentare|Recente/);
  });
});
