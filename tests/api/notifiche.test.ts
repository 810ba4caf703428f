import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, pratiche, puntiFisici, users } from '#server/db/schema.ts';
import { DEMO_LANDING_CODE } from '#shared/domain.ts';
import { createMailer, type Mailer } from '#server/modules/notifiche/mailer.ts';
import { enqueueEmails, processOutbox } from '#server/modules/notifiche/outbox.ts';
import { runRiepilogo } from '#server/modules/notifiche/riepilogo.ts';
import { msg } from '#shared/messages.ts';
import { romeWallTimeToDate } from '#shared/time.ts';
import {
  buildSubmission,
  insertCommissioneConfig,
  insertLead,
  insertPratica,
  insertPuntoFisico,
  insertUser,
} from '#test/setup/factories.ts';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '#test/setup/smtp.ts';
import type { Registro } from '#shared/schemas/notifiche.ts';
import { readAllPages } from '#test/setup/cursor-pages.ts';
import { createTestContext, login, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

const MAIL_FROM = 'WINSOLUTION <avvisi@test.winsolution.it>';
const BASE = 'http://localhost:5000';
const PASSWORD = 'password-di-prova';

let ctx: TestContext;
let smtp: TestSmtp;
let mailer: Mailer;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startTestSmtp();
  mailer = createMailer({ smtpUrl: smtp.url, mailFrom: MAIL_FROM })!;
  admin = await loginAsAdmin(ctx.app);
});
afterAll(async () => {
  mailer?.close();
  await smtp?.close();
  await ctx?.close();
});
beforeEach(async () => {
  // Each test reads only its own messages.
  await ctx.db.delete(emailOutbox);
  smtp.inbox.length = 0;
  smtp.refuseNext(0);
});

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const drain = (now = new Date(), m: Mailer | null = mailer) => processOutbox(ctx.db, m, { now });

function submit(puntoId: number, overrides: Parameters<typeof buildSubmission>[1] = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/submit-form',
    payload: buildSubmission(puntoId, overrides) as unknown as Record<string, unknown>,
    remoteAddress: randomIp(),
  });
}

/** A point with its own responsible person, agent and area manager, all with phones. */
async function rete(options: { agente?: boolean; areaManager?: boolean } = {}) {
  const responsabile = await insertUser(ctx.db, { role: 'punto_fisico', phone: '0211112222' });
  const agente =
    options.agente === false ? undefined : await insertUser(ctx.db, { role: 'agente', phone: '3470001111' });
  const areaManager =
    options.areaManager === false ? undefined : await insertUser(ctx.db, { role: 'area_manager' });
  const punto = await insertPuntoFisico(ctx.db, {
    utenteResponsabileId: responsabile.id,
    agenteId: agente?.id ?? null,
    areaManagerId: areaManager?.id ?? null,
  });
  return { punto, responsabile, agente, areaManager };
}

/** A person switches the new-lead notice on or off in their profile. */
async function switchNuovoLead(email: string, attiva: boolean) {
  const cookie = await login(ctx.app, email, PASSWORD);
  const put = await ctx.app.inject({
    method: 'PUT',
    url: '/api/notifiche/preferenze/lead_nuovo',
    headers: { cookie },
    payload: { attiva },
  });
  expect(put.statusCode).toBe(200);
  return put;
}

const remoteImages = (mail: ReceivedMail) => /<img[^>]+src=["']?https?:/i.test(mail.html);

describe('new lead from the landing', () => {
  it("tells the point's agent with a tel: link and the lead's link, and confirms to the customer", async () => {
    const { punto, responsabile, agente, areaManager } = await rete();
    const res = await submit(punto.id, {
      nome: 'Lucia',
      cognome: 'Verdi',
      telefono: '333 123 4567',
      email: 'lucia.verdi@cliente.it',
      serviziRichiesti: ['luce', 'internet'],
      servizioRichiesto: 'luce',
      orarioContatto: '10:00-11:00',
    });
    expect(res.statusCode).toBe(201);
    // The public answer never names the lead (docs/decisions/011-security-hardening.md): read it.
    const { praticaId } = res.json<{ praticaId: number }>();
    const [{ leadId }] = await ctx.db
      .select({ leadId: pratiche.leadId })
      .from(pratiche)
      .where(eq(pratiche.id, praticaId));

    const result = await drain();
    expect(result.inviati).toBe(2);

    const [toAgent] = smtp.to(agente!.email);
    expect(toAgent.subject).toBe(`Nuovo lead: Lucia Verdi (${punto.nomeAttivita})`);
    expect(toAgent.from).toContain('avvisi@test.winsolution.it');
    expect(toAgent.html).toContain('href="tel:3331234567"');
    expect(toAgent.html).toContain(`href="${BASE}/leads/${leadId}"`);
    expect(toAgent.text).toContain(`${BASE}/leads/${leadId}`);
    expect(toAgent.text).toContain('10:00-11:00');
    expect(toAgent.text).toMatch(/Luce.*Internet/s);
    expect(remoteImages(toAgent)).toBe(false);

    const [toCustomer] = smtp.to('lucia.verdi@cliente.it');
    expect(toCustomer.subject).toBe(`Richiesta ricevuta - ${punto.nomeAttivita}`);
    expect(toCustomer.text).toContain(punto.nomeAttivita);
    expect(toCustomer.text).toContain(`${agente!.firstName} ${agente!.lastName}`);
    expect(toCustomer.text).toContain('3470001111');
    // Nothing of the customer's beyond their first name; no link into the back-office.
    expect(toCustomer.text).not.toContain('333 123 4567');
    expect(toCustomer.text).not.toContain('/leads/');
    expect(remoteImages(toCustomer)).toBe(false);

    // The responsible person did not ask; the area manager is not the consultant here.
    expect(smtp.to(responsabile.email)).toHaveLength(0);
    expect(smtp.to(areaManager!.email)).toHaveLength(0);
  });

  it('tells the agent when a known customer asks again, with the link to their one lead', async () => {
    const { punto, agente } = await rete();
    const cliente = {
      nome: 'Marta',
      cognome: 'Neri',
      telefono: '333 765 4321',
      email: 'marta.neri@cliente.it',
    };
    const leadOf = async (res: { json: <T>() => T }) => {
      const { praticaId } = res.json<{ praticaId: number }>();
      const [row] = await ctx.db
        .select({ leadId: pratiche.leadId })
        .from(pratiche)
        .where(eq(pratiche.id, praticaId));
      return row.leadId;
    };
    const first = await submit(punto.id, { ...cliente, serviziRichiesti: ['luce'] });
    // The same person, phone and e-mail written differently: their second practice, same lead.
    const again = await submit(punto.id, {
      ...cliente,
      telefono: '+39 3337654321',
      email: 'Marta.Neri@Cliente.it',
      serviziRichiesti: ['gas'],
    });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    const leadId = await leadOf(first);
    expect(await leadOf(again)).toBe(leadId);

    await drain();
    const toAgent = smtp.to(agente!.email);
    expect(toAgent).toHaveLength(2);
    const nuovo = toAgent.filter((mail) => mail.text.includes('un nuovo cliente ha lasciato i suoi dati'));
    const registrato = toAgent.filter((mail) =>
      mail.text.includes('un cliente già registrato ha fatto una nuova richiesta'),
    );
    expect([nuovo.length, registrato.length]).toEqual([1, 1]);
    for (const mail of toAgent) expect(mail.html).toContain(`href="${BASE}/leads/${leadId}"`);
  });

  it("queues each message with the practice's number, once per practice, also when the request is repeated", async () => {
    const { punto, agente } = await rete();
    const send = (key: string, payload: ReturnType<typeof buildSubmission>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/submit-form',
        payload: payload as unknown as Record<string, unknown>,
        headers: { 'idempotency-key': key },
        remoteAddress: randomIp(),
      });
    const keys = [`coda-${randomInt(1e9)}`, `coda-${randomInt(1e9)}`];
    const primo = buildSubmission(punto.id, { email: 'primo@cliente.it' });
    const first = await send(keys[0], primo);
    const again = await send(keys[0], primo);
    const second = await send(keys[1], buildSubmission(punto.id, { email: 'secondo@cliente.it' }));
    expect([first.statusCode, again.statusCode, second.statusCode]).toEqual([201, 201, 201]);
    const ids = [first, second].map((r) => r.json<{ praticaId: number }>().praticaId);
    expect(again.json<{ praticaId: number }>().praticaId).toBe(ids[0]);

    const queued = await ctx.db
      .select({
        praticaId: emailOutbox.praticaId,
        leadId: emailOutbox.leadId,
        userId: emailOutbox.userId,
        dedupeKey: emailOutbox.dedupeKey,
        destinatario: emailOutbox.destinatario,
        stato: emailOutbox.stato,
      })
      .from(emailOutbox)
      .orderBy(emailOutbox.id);
    const leads = await ctx.db
      .select({ id: pratiche.id, leadId: pratiche.leadId })
      .from(pratiche)
      .where(inArray(pratiche.id, ids));
    const leadOf = new Map(leads.map((l) => [l.id, l.leadId]));
    expect(queued).toEqual(
      ids.flatMap((id, i) => [
        {
          praticaId: id,
          leadId: leadOf.get(id),
          userId: agente!.id,
          dedupeKey: `lead_nuovo:${id}:u${agente!.id}`,
          destinatario: agente!.email,
          stato: 'in_coda',
        },
        {
          praticaId: id,
          leadId: leadOf.get(id),
          userId: null,
          dedupeKey: `lead_conferma:${id}`,
          destinatario: ['primo@cliente.it', 'secondo@cliente.it'][i],
          stato: 'in_coda',
        },
      ]),
    );
  });

  it('reaches the responsible person who switched it on in their profile', async () => {
    const { punto, responsabile } = await rete();
    const put = await switchNuovoLead(responsabile.email, true);
    expect(put.json<Array<{ tipo: string; attiva: boolean }>>()).toContainEqual(
      expect.objectContaining({ tipo: 'lead_nuovo', attiva: true, personalizzata: true }),
    );
    expect((await submit(punto.id)).statusCode).toBe(201);
    await drain();
    expect(smtp.to(responsabile.email)).toHaveLength(1);
  });

  it('goes to the area manager when the point has no agent, and not to an agent who switched it off', async () => {
    const withoutAgent = await rete({ agente: false });
    expect((await submit(withoutAgent.punto.id)).statusCode).toBe(201);

    const { punto, agente } = await rete();
    await switchNuovoLead(agente!.email, false);
    expect((await submit(punto.id)).statusCode).toBe(201);
    await drain();
    expect(smtp.to(withoutAgent.areaManager!.email)).toHaveLength(1);
    expect(smtp.to(agente!.email)).toHaveLength(0);
  });

  it('reaches admin and amministrazione who switched it on, not the others nor a deactivated one', async () => {
    const ufficio = await insertUser(ctx.db, { role: 'amministrazione' });
    const capo = await insertUser(ctx.db, { role: 'admin' });
    const silenzioso = await insertUser(ctx.db, { role: 'amministrazione' });
    const uscito = await insertUser(ctx.db, { role: 'amministrazione' });
    for (const person of [ufficio, capo, uscito]) await switchNuovoLead(person.email, true);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, uscito.id));

    const { punto, agente } = await rete();
    expect((await submit(punto.id)).statusCode).toBe(201);
    await drain();
    expect(smtp.to(ufficio.email)).toHaveLength(1);
    expect(smtp.to(capo.email)).toHaveLength(1);
    expect(smtp.to(silenzioso.email)).toHaveLength(0);
    expect(smtp.to(uscito.email)).toHaveLength(0);
    expect(smtp.to(agente!.email)).toHaveLength(1);
    // The other tests count their messages: these two stop hearing of new leads.
    await ctx.db
      .update(users)
      .set({ isActive: false })
      .where(inArray(users.id, [ufficio.id, capo.id]));
  });

  it('a simulated demo request (financial services alone) queues nothing', async () => {
    const [demo] = await ctx.db
      .select({ id: puntiFisici.id })
      .from(puntiFisici)
      .where(eq(puntiFisici.landingCode, DEMO_LANDING_CODE));
    expect((await submit(demo.id, { serviziRichiesti: ['finanziamenti', 'assicurazioni'] })).statusCode).toBe(
      200,
    );
    expect(await ctx.db.select().from(emailOutbox)).toHaveLength(0);
  });
});

describe('service completed or KO', () => {
  beforeAll(async () => {
    await insertCommissioneConfig(ctx.db, { codice: 'ENEL', servizio: 'luce' });
  });

  const setStatus = (id: number, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `/api/servizi/${id}/status`, headers: { cookie: admin }, payload });

  it('tells the point and its agent, each with their own commission; the area manager only if they ask', async () => {
    const { punto, responsabile, agente, areaManager } = await rete();
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: punto.id, servizi: ['luce'] });
    const res = await setStatus(pratica.servizi[0].id, {
      stato: 'completato',
      fornitore: 'ENEL',
      ridPresente: true,
      numeroForniture: 2,
    });
    expect(res.statusCode).toBe(200);
    await drain();

    const [toPoint] = smtp.to(responsabile.email);
    const [toAgent] = smtp.to(agente!.email);
    expect(toPoint.subject).toMatch(/^Servizio completato: Luce di /);
    // The worked example: 40.00 to the point, 20.00 to the agent; nobody sees the other's.
    expect(toPoint.text).toContain('40,00');
    expect(toPoint.text).not.toContain('20,00');
    expect(toAgent.text).toContain('20,00');
    expect(toAgent.text).not.toContain('40,00');
    expect(smtp.to(areaManager!.email)).toHaveLength(0);

    // Saving the same status again tells nobody twice.
    await setStatus(pratica.servizi[0].id, {
      stato: 'completato',
      fornitore: 'ENEL',
      ridPresente: true,
      numeroForniture: 2,
    });
    await drain();
    expect(smtp.inbox).toHaveLength(2);
  });

  it('a KO carries the reason', async () => {
    const { punto, responsabile, agente } = await rete();
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: punto.id, servizi: ['gas'] });
    const res = await setStatus(pratica.servizi[0].id, {
      stato: 'ko',
      koMotivazione: 'cliente_non_interessato',
    });
    expect(res.statusCode, res.body).toBe(200);
    await drain();
    for (const address of [responsabile.email, agente!.email]) {
      const [mail] = smtp.to(address);
      expect(mail.subject).toMatch(/^Servizio in KO: Gas di /);
      expect(mail.text).toContain(msg.servizio.koLabels.cliente_non_interessato);
    }
  });
});

describe('the morning digest of overdue leads', () => {
  // Tuesday 10 March 2026: 08:05 in Rome is 07:05 UTC.
  const tuesdayMorning = new Date('2026-03-10T07:05:00Z');
  const hours = (n: number) => n * 60 * 60_000;

  it('lists exactly the overdue leads of each scope, once per day, and only from 08:00 on working days', async () => {
    const a = await rete();
    const b = await rete({ areaManager: false });
    const idle = await rete();
    // a: one overdue, one contacted, one too recent. b: one overdue.
    const overdueA = await insertLead(ctx.db, {
      puntoFisicoOriginaleId: a.punto.id,
      cognome: 'RitardoA',
      dataRegistrazione: new Date(tuesdayMorning.getTime() - hours(30)),
    });
    await insertLead(ctx.db, {
      puntoFisicoOriginaleId: a.punto.id,
      cognome: 'Contattato',
      statoContatto: 'contattato',
      dataRegistrazione: new Date(tuesdayMorning.getTime() - hours(40)),
    });
    await insertLead(ctx.db, {
      puntoFisicoOriginaleId: a.punto.id,
      cognome: 'Recente',
      dataRegistrazione: new Date(tuesdayMorning.getTime() - hours(20)),
    });
    const overdueB = await insertLead(ctx.db, {
      puntoFisicoOriginaleId: b.punto.id,
      cognome: 'RitardoB',
      dataRegistrazione: new Date(tuesdayMorning.getTime() - hours(50)),
    });

    const links = { publicBaseUrl: BASE };
    expect(await runRiepilogo(ctx.db, { now: new Date('2026-03-10T06:55:00Z'), ...links })).toEqual({
      esito: 'troppo-presto',
    });
    expect(await runRiepilogo(ctx.db, { now: new Date('2026-03-08T09:00:00Z'), ...links })).toEqual({
      esito: 'giorno-non-lavorativo',
    });
    expect(await runRiepilogo(ctx.db, { now: tuesdayMorning, ...links })).toMatchObject({ esito: 'fatto' });
    expect(
      await runRiepilogo(ctx.db, { now: new Date(tuesdayMorning.getTime() + hours(1)), ...links }),
    ).toEqual({ esito: 'gia-fatto' });
    await drain(tuesdayMorning);

    const [toAgentA] = smtp.to(a.agente!.email);
    expect(toAgentA.subject).toBe('1 lead attende una chiamata da oltre 24 ore');
    expect(toAgentA.text).toContain(overdueA.cognome);
    expect(toAgentA.html).toContain(`${BASE}/leads/${overdueA.id}`);
    expect(toAgentA.text).not.toMatch(/Contattato|Recente|RitardoB/);
    const [toManagerA] = smtp.to(a.areaManager!.email);
    expect(toManagerA.text).toContain(overdueA.cognome);
    expect(toManagerA.text).not.toContain('RitardoB');
    const [toAgentB] = smtp.to(b.agente!.email);
    expect(toAgentB.text).toContain(overdueB.cognome);
    expect(toAgentB.text).not.toContain('RitardoA');
    // Nothing overdue, nothing sent; the point's responsible person did not ask for it.
    expect(smtp.to(idle.agente!.email)).toHaveLength(0);
    expect(smtp.to(idle.areaManager!.email)).toHaveLength(0);
    expect(smtp.to(a.responsabile.email)).toHaveLength(0);
    expect(smtp.to(a.agente!.email)).toHaveLength(1);
  });

  // At 7:00 a working day is only too early; a Sunday or a national holiday is no digest day at
  // all. The holidays are date-holidays' (as the queue's): 4 October is national from 2026.
  it.each([
    ['Easter Monday', 2027, 3, 29, 'giorno-non-lavorativo'],
    ['2 June', 2027, 6, 2, 'giorno-non-lavorativo'],
    ['8 December', 2026, 12, 8, 'giorno-non-lavorativo'],
    ['26 December', 2025, 12, 26, 'giorno-non-lavorativo'],
    ['4 October', 2027, 10, 4, 'giorno-non-lavorativo'],
    ['a Sunday', 2026, 12, 6, 'giorno-non-lavorativo'],
    ['the Tuesday after Easter', 2027, 3, 30, 'troppo-presto'],
    ['a Monday', 2026, 12, 7, 'troppo-presto'],
  ] as const)('%s (%i-%i-%i) at 7:00: %s', async (_day, y, m, d, esito) => {
    const now = romeWallTimeToDate(y, m, d, 7);
    expect(await runRiepilogo(ctx.db, { now, publicBaseUrl: BASE })).toEqual({ esito });
  });
});

describe('delivery', () => {
  const sample = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({
      tipo: 'lead_nuovo' as const,
      destinatario: `dest.${prefix}.${i}@esempio.it`,
      oggetto: `Prova ${i}`,
      testo: 'Testo',
      html: '<p>Testo</p>',
      dedupeKey: `${prefix}:${i}`,
    }));

  it('retries a message the server refused, with back-off, until it goes', async () => {
    const now = new Date();
    await enqueueEmails(ctx.db, sample(1, 'retry'), now);
    smtp.refuseNext(2);
    expect(await drain(now)).toMatchObject({ inviati: 0, riprogrammati: 1 });
    const [first] = await ctx.db.select().from(emailOutbox);
    expect(first).toMatchObject({ stato: 'in_coda', tentativi: 1 });
    expect(first.ultimoErrore).toContain('550');
    expect(first.prossimoTentativoAt.getTime()).toBe(now.getTime() + 30_000);
    // Not due yet: nothing is tried.
    expect(await drain(new Date(now.getTime() + 10_000))).toMatchObject({ inviati: 0, riprogrammati: 0 });
    expect(await drain(new Date(now.getTime() + 30_000))).toMatchObject({ riprogrammati: 1 });
    const [second] = await ctx.db.select().from(emailOutbox);
    expect(second.prossimoTentativoAt.getTime()).toBe(now.getTime() + 30_000 + 60_000);
    expect(await drain(new Date(now.getTime() + 90_000))).toMatchObject({ inviati: 1 });
    expect(smtp.refused()).toBeGreaterThanOrEqual(2);
    expect(smtp.inbox).toHaveLength(1);
    const [sent] = await ctx.db.select().from(emailOutbox);
    expect(sent).toMatchObject({ stato: 'inviato', tentativi: 3, ultimoErrore: null });
  });

  it('two workers at once send every message exactly once', async () => {
    await enqueueEmails(ctx.db, sample(40, 'pair'));
    const other = createMailer({ smtpUrl: smtp.url, mailFrom: MAIL_FROM })!;
    const now = new Date();
    const [r1, r2] = await Promise.all([
      processOutbox(ctx.db, mailer, { now, batchSize: 5 }),
      processOutbox(ctx.db, other, { now, batchSize: 5 }),
    ]);
    other.close();
    expect(r1.inviati + r2.inviati).toBe(40);
    expect(smtp.inbox).toHaveLength(40);
    expect(new Set(smtp.inbox.map((m) => m.messageId)).size).toBe(40);
    expect(new Set(smtp.inbox.map((m) => m.to[0])).size).toBe(40);
    const rows = await ctx.db.select().from(emailOutbox);
    expect(rows.every((r) => r.stato === 'inviato' && r.tentativi === 1)).toBe(true);
  });

  it('a submission succeeds with the mail server down, and its messages go once it is back', async () => {
    const { punto, agente } = await rete();
    const port = smtp.port;
    await smtp.close();
    try {
      const res = await submit(punto.id);
      expect(res.statusCode).toBe(201);
      const now = new Date();
      const down = await drain(now);
      expect(down).toMatchObject({ inviati: 0, falliti: 0, riprogrammati: 2 });
      const rows = await ctx.db.select().from(emailOutbox);
      // The attempt does not count against the messages: the server was down, not they.
      expect(rows.map((r) => [r.stato, r.tentativi])).toEqual([
        ['in_coda', 0],
        ['in_coda', 0],
      ]);
      expect(rows.every((r) => r.ultimoErrore != null)).toBe(true);
    } finally {
      smtp = await startTestSmtp({ port });
    }
    expect(await drain(new Date(Date.now() + 60_000))).toMatchObject({ inviati: 2 });
    expect(smtp.to(agente!.email)).toHaveLength(1);
  });
});

describe('admin log and preferences', () => {
  it("lists queued messages as 'non inviato: e-mail non configurata' when SMTP is not set", async () => {
    const { punto } = await rete();
    expect((await submit(punto.id)).statusCode).toBe(201);
    // No mailer: nothing is claimed, nothing is lost.
    expect(await drain(new Date(), null)).toMatchObject({ inviati: 0 });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifiche/registro',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      mailConfigured: boolean;
      items: Array<{ stato: string; tipo: string }>;
      total: number;
    }>();
    expect(body.mailConfigured).toBe(false);
    expect(body.total).toBe(2);
    expect(body.items.map((i) => i.stato)).toEqual(['in_coda', 'in_coda']);
  });

  it('pages the log by cursor, newest first, with its counts per status', async () => {
    await ctx.db.insert(emailOutbox).values(
      [1, 2, 3].map((i) => ({
        ...{
          tipo: 'lead_nuovo' as const,
          destinatario: 'p@esempio.it',
          oggetto: `P${i}`,
          testo: 'T',
          html: 'H',
        },
        dedupeKey: `paged:${i}`,
        stato: 'scaduto' as const,
        scadeAt: new Date(Date.now() - 60_000),
      })),
    );
    const url = '/api/notifiche/registro?stato=scaduto&pageSize=2';
    const pages = await readAllPages<{ oggetto: string }>(ctx.app, url, admin);
    expect(pages.map((p) => p.items.map((i) => i.oggetto))).toEqual([['P3', 'P2'], ['P1']]);
    expect(pages[0]).toMatchObject({ total: 3, totalIsLowerBound: false, nextCursor: expect.any(String) });
    expect((pages[0] as unknown as Registro).conteggi.scaduto).toEqual({
      total: 3,
      totalIsLowerBound: false,
    });
  });

  it('puts a failed message back in the queue; refuses the log to other roles', async () => {
    const [row] = await ctx.db
      .insert(emailOutbox)
      .values({
        ...{ tipo: 'lead_nuovo' as const, destinatario: 'x@esempio.it', oggetto: 'O', testo: 'T', html: 'H' },
        dedupeKey: 'failed:1',
        stato: 'fallito',
        tentativi: 8,
        scadeAt: new Date(Date.now() + 60_000),
      })
      .returning();
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifiche/registro/${row.id}/riprova`,
      headers: { cookie: admin },
    });
    expect(retry.statusCode).toBe(200);
    await drain();
    expect(smtp.to('x@esempio.it')).toHaveLength(1);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifiche/registro/${row.id}/riprova`,
      headers: { cookie: admin },
    });
    expect(again.statusCode).toBe(409);
    const [after] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(after.stato).toBe('inviato');

    const { cookie } = await loginAs(ctx, 'agente');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/notifiche/registro', headers: { cookie } }))
        .statusCode,
    ).toBe(403);
  });

  it.each([
    ['admin', ['lead_nuovo', 'lead_in_ritardo']],
    ['amministrazione', ['lead_nuovo', 'lead_in_ritardo']],
    ['area_manager', ['lead_nuovo', 'lead_in_ritardo', 'servizio_completato', 'servizio_ko']],
    ['agente', ['lead_nuovo', 'lead_in_ritardo', 'servizio_completato', 'servizio_ko']],
    ['punto_fisico', ['lead_nuovo', 'lead_in_ritardo', 'servizio_completato', 'servizio_ko']],
  ] as const)('offers %s the kinds %j', async (role, tipi) => {
    const { cookie } = await loginAs(ctx, role);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifiche/preferenze',
      headers: { cookie },
    });
    expect(res.json<Array<{ tipo: string }>>().map((p) => p.tipo)).toEqual(tipi);
  });

  it('refuses a kind not offered to the role, and an unknown kind, changing nothing', async () => {
    const { cookie } = await loginAs(ctx, 'admin');
    const notOffered = await ctx.app.inject({
      method: 'PUT',
      url: '/api/notifiche/preferenze/servizio_ko',
      headers: { cookie },
      payload: { attiva: true },
    });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json<{ message: string }>().message).toBe(msg.notifiche.notOffered);
    const unknown = await ctx.app.inject({
      method: 'PUT',
      url: '/api/notifiche/preferenze/spam',
      headers: { cookie },
      payload: { attiva: true },
    });
    expect(unknown.statusCode).toBe(400);
  });
});
